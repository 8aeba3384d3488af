/** The PromQL of deploy/: the alert rules' expressions and the Grafana dashboard's queries, and the metric names they read. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEPLOY = fileURLToPath(new URL('../../deploy/', import.meta.url));
export const ALERTS = `${DEPLOY}prometheus/alerts.yml`;
export const ALERT_TESTS = `${DEPLOY}prometheus/alerts.test.yml`;
export const PROMETHEUS_CONFIG = `${DEPLOY}prometheus/prometheus.yml`;
export const DASHBOARD = `${DEPLOY}grafana/cryptogate.json`;

/** Each alert of alerts.yml with its expression (written on one line) and the rest of its block. */
export function alertRules(): Array<{ alert: string; expr: string; block: string }> {
  const text = readFileSync(ALERTS, 'utf8');
  return text
    .split(/^\s*- alert:\s*/m)
    .slice(1)
    .map((block) => ({ alert: block.split('\n')[0]!.trim(), expr: /^\s*expr:\s*(.+)$/m.exec(block)?.[1]?.trim() ?? '', block }));
}

interface Panel {
  type: string;
  title: string;
  datasource?: { uid?: string };
  targets?: Array<{ expr: string }>;
  panels?: Panel[];
}

/** The dashboard, its panels (rows' included) and its template variables. */
export function dashboard(): { json: any; panels: Panel[]; exprs: string[]; variableQueries: string[] } {
  const json = JSON.parse(readFileSync(DASHBOARD, 'utf8'));
  const panels: Panel[] = (json.panels as Panel[]).flatMap((p) => [p, ...(p.panels ?? [])]);
  const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
  const variableQueries = (json.templating.list as Array<{ type: string; definition?: string }>)
    .filter((v) => v.type === 'query')
    .map((v) => v.definition!);
  return { json, panels, exprs, variableQueries };
}

/** A dashboard query as Prometheus would receive it: Grafana's variables filled in. */
export function withVariables(expr: string): string {
  return expr
    .replaceAll('$__rate_interval', '1m')
    .replaceAll('$job', 'cryptogate')
    .replaceAll('$network', '.*')
    .replaceAll('$currency', '.*');
}

const NOT_METRICS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names an expression selects: identifiers that are not functions, keywords, labels, strings, durations or numbers. */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/(?<![\w:])\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi, ' ');
  const names = new Set<string>();
  for (const m of bare.matchAll(/([A-Za-z_:][\w:]*)(\s*\()?/g)) {
    if (!m[2] && !NOT_METRICS.has(m[1]!.toLowerCase())) names.add(m[1]!);
  }
  return [...names];
}

/** The metric of a `label_values(metric{…}, label)` variable query. */
export function variableMetric(query: string): string {
  return /label_values\(\s*([A-Za-z_:][\w:]*)/.exec(query)![1]!;
}
