// Every metric the alert rules and the Grafana dashboard read is one the service exports: the app is
// built with the test harness, /metrics is scraped, and the names of its `# TYPE` lines (histograms
// with their _bucket, _sum and _count series) must cover every name the PromQL of deploy/ selects.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useTestApp } from '../helpers/harness.ts';
import { alertRules, dashboard, metricNames, variableMetric } from './promql.ts';

/** Series Prometheus itself adds to every target. */
const FROM_PROMETHEUS = new Set(['up']);

describe('metric names of deploy/ against /metrics', () => {
  const app = useTestApp('pglite');

  async function exported(): Promise<Set<string>> {
    const body = (await app().app.inject({ method: 'GET', url: '/metrics' })).body;
    const names = new Set<string>();
    for (const m of body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      names.add(m[1]!);
      if (m[2] === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(m[1]! + suffix);
      if (m[2] === 'summary') for (const suffix of ['_sum', '_count']) names.add(m[1]! + suffix);
    }
    return names;
  }

  it('reads metric names out of PromQL', () => {
    assert.deepEqual(metricNames('max by (network) (chain_tip_height{network!="BTC"} - chain_scanned_height{x="a{b}"} + 1) > 2'), [
      'chain_tip_height',
      'chain_scanned_height',
    ]);
    assert.deepEqual(
      metricNames('histogram_quantile(0.95, sum by (le) (rate(http_request_duration_seconds_bucket{job=~"$job"}[$__rate_interval])))'),
      ['http_request_duration_seconds_bucket'],
    );
    assert.deepEqual(
      metricNames('max by (network) (x402_fee_payer_balance_wei) / 1e18 < 2 * max by (network) (x402_fee_payer_reserve_wei)'),
      ['x402_fee_payer_balance_wei', 'x402_fee_payer_reserve_wei'],
    );
    assert.equal(variableMetric('label_values(solvency_custody{job=~"$job"}, currency)'), 'solvency_custody');
  });

  it('every metric an alert rule reads is exported', async () => {
    const names = await exported();
    const used = alertRules().flatMap((r) => metricNames(r.expr).map((name) => [r.alert, name] as const));
    assert.ok(used.length >= 17);
    const missing = used.filter(([, name]) => !names.has(name) && !FROM_PROMETHEUS.has(name)).map(([alert, name]) => `${alert}: ${name}`);
    assert.deepEqual(missing, []);
  });

  it('every metric the Grafana dashboard reads is exported', async () => {
    const names = await exported();
    const { exprs, variableQueries } = dashboard();
    const used = [...exprs.flatMap(metricNames), ...variableQueries.map(variableMetric)];
    assert.ok(used.length >= 30);
    assert.deepEqual([...new Set(used.filter((name) => !names.has(name) && !FROM_PROMETHEUS.has(name)))], []);
  });
});
