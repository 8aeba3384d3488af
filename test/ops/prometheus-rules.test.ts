// deploy/prometheus and deploy/grafana load in Prometheus: the rules pass `promtool check rules`
// and their unit tests (`promtool test rules`), the example configuration `promtool check config`,
// and every query of the Grafana dashboard parses as PromQL (checked as recording rules). Needs
// promtool (Debian: `apt-get install prometheus`); skipped, saying so, where it is absent.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
import { ALERTS, ALERT_TESTS, PROMETHEUS_CONFIG, alertRules, dashboard, withVariables } from './promql.ts';

const promtoolMissing = spawnSync('promtool', ['--version']).error
  ? 'promtool is not installed (Debian/Ubuntu: apt-get install prometheus)'
  : false;

function promtool(...args: string[]) {
  const res = spawnSync('promtool', args, { encoding: 'utf8', timeout: 60_000 });
  return { status: res.status, output: `${res.stdout}\n${res.stderr}` };
}

describe('Prometheus rules and configuration (promtool)', { skip: promtoolMissing }, () => {
  it('alerts.yml passes promtool check rules', () => {
    const res = promtool('check', 'rules', ALERTS);
    assert.equal(res.status, 0, res.output);
    assert.match(res.output, new RegExp(`SUCCESS: ${alertRules().length} rules found`));
  });

  it('alerts.yml passes its unit tests (alerts.test.yml)', () => {
    const res = promtool('test', 'rules', ALERT_TESTS);
    assert.equal(res.status, 0, res.output);
    assert.match(res.output, /SUCCESS/);
  });

  it('the example prometheus.yml passes promtool check config, rule files and the metrics token file included', () => {
    // The token file is the operator's (METRICS_TOKEN): it is made here, beside a copy of the config.
    const dir = mkdtempSync(join(tmpdir(), 'cg-prometheus-'));
    try {
      for (const file of [PROMETHEUS_CONFIG, ALERTS]) copyFileSync(file, join(dir, basename(file)));
      mkdirSync(join(dir, 'secrets'));
      writeFileSync(join(dir, 'secrets', 'metrics-token'), 'x'.repeat(43));
      const res = promtool('check', 'config', join(dir, basename(PROMETHEUS_CONFIG)));
      assert.equal(res.status, 0, res.output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every query of the Grafana dashboard is valid PromQL once Grafana's variables are filled in", () => {
    const dir = mkdtempSync(join(tmpdir(), 'cg-grafana-'));
    try {
      const { exprs } = dashboard();
      const rules = exprs
        .map((expr, i) => `      - record: grafana:panel_query_${i}\n        expr: ${JSON.stringify(withVariables(expr))}`)
        .join('\n');
      writeFileSync(join(dir, 'dashboard-queries.yml'), `groups:\n  - name: grafana\n    rules:\n${rules}\n`);
      const res = promtool('check', 'rules', join(dir, 'dashboard-queries.yml'));
      assert.equal(res.status, 0, res.output);
      assert.match(res.output, new RegExp(`SUCCESS: ${exprs.length} rules found`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('alert rules and dashboard, read as files', () => {
  it('the example configuration scrapes with the bearer token a live installation asks for (METRICS_TOKEN)', () => {
    const config = readFileSync(PROMETHEUS_CONFIG, 'utf8');
    assert.match(config, /^ {4}authorization:\n {6}type: Bearer\n {6}credentials_file: \S+$/m);
    assert.doesNotMatch(config, /^\s*credentials:/m, 'no token written into the file');
  });

  it('every alert has a severity, a summary, a description and a for: duration; the issue names each area', () => {
    const rules = alertRules();
    for (const r of rules) {
      assert.ok(r.expr, `${r.alert}: expr`);
      assert.match(r.block, /^\s*for:\s*\d+[smh]$/m, `${r.alert}: for`);
      assert.match(r.block, /^\s*severity:\s*(warning|critical)$/m, `${r.alert}: severity`);
      assert.match(r.block, /^\s*summary:\s*\S/m, `${r.alert}: summary`);
      assert.match(r.block, /^\s*description:\s*\S/m, `${r.alert}: description`);
    }
    const exprs = rules.map((r) => r.expr).join('\n');
    for (const metric of [
      'chain_tip_height',
      'chain_scan_age_seconds',
      'solvency_warning',
      'webhook_oldest_pending_age_seconds',
      'withdrawals_waiting_oldest_age_seconds',
      'x402_fee_payer_balance_wei',
      'exchange_rate_source_age_seconds',
      'database_up',
    ]) {
      assert.ok(exprs.includes(metric), `an alert on ${metric}`);
    }
    assert.equal(new Set(rules.map((r) => r.alert)).size, rules.length, 'alert names are unique');
  });

  it('the dashboard is one Grafana dashboard over a chosen Prometheus data source', () => {
    const { json, panels, exprs } = dashboard();
    assert.equal(json.uid, 'cryptogate');
    assert.ok(json.templating.list.some((v: any) => v.type === 'datasource' && v.query === 'prometheus'));
    for (const p of panels.filter((p) => p.type !== 'row')) assert.equal(p.datasource?.uid, '${datasource}', `${p.title}: data source`);
    const ids = panels.map((p: any) => p.id);
    assert.equal(new Set(ids).size, ids.length, 'panel ids are unique');
    for (const area of [
      'http_request_duration_seconds_bucket',
      'outbox_pending_events',
      'chain_tip_height',
      'payments_unconfirmed',
      'withdrawals_open',
      'webhook_deliveries',
      'solvency_difference',
      'exchange_rate_source_age_seconds',
    ]) {
      assert.ok(
        exprs.some((e) => e.includes(area)),
        `a panel over ${area}`,
      );
    }
  });
});
