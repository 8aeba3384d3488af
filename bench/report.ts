/**
 * docs/performance.md's performance table from one `npm run bench -- --json` run (bench/docs.ts
 * writes the page): machine and date first, then measure | now | target | met.
 */
type Json = { [k: string]: any };

const n = (x: unknown, places = 0): string =>
  typeof x === 'number' ? x.toLocaleString('en', { minimumFractionDigits: places, maximumFractionDigits: places }) : '?';
const has = (...xs: unknown[]) => xs.every((x) => typeof x === 'number');
const met = (ok: boolean | undefined) => (ok === undefined ? '—' : ok ? 'yes' : 'no');

interface Row {
  measure: string;
  now: string;
  target: string;
  ok: boolean | undefined;
}

/** A row whose figures may be missing (bench not run or failed): then "not measured" and why. */
function row(measure: string, target: string, group: Json | undefined, now: (g: Json) => string, ok: (g: Json) => boolean): Row {
  if (!group) return { measure, now: 'not measured', target, ok: undefined };
  if (group.error) return { measure, now: `failed: ${String(group.error).slice(0, 120)}`, target, ok: false };
  return { measure, now: now(group), target, ok: ok(group) };
}

/** The table of one run's figures, as Markdown. */
export function performanceMarkdown(r: Json): string {
  return (
    [
      header(r),
      '| measure | now | target | met |',
      '|---|---|---|---|',
      ...rowsOf(r).map((x) => `| ${x.measure} | ${x.now} | ${x.target} | ${met(x.ok)} |`),
    ].join('\n') + '\n'
  );
}

function header(r: Json): string {
  const m = r.machine ?? {};
  const s = r.settings ?? {};
  return (
    `Measured ${String(r.date).slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} × ${m.cpuModel}, ${Math.round((m.memoryMb ?? 0) / 1024)} GB, ` +
    `${m.platform}, Node ${m.node}; \`BENCH_SECONDS=${s.benchSeconds}\`, PostgreSQL ${s.postgres === 'yes' ? 'local server' : 'not used'}; ` +
    `whole run ${r.totalSeconds} s` +
    (typeof m.loadAverageAtStart === 'number'
      ? `; load average ${m.loadAverageAtStart} at the start and ${m.loadAverageAtEnd} at the end (other work on the machine lowers the absolute figures more than the ratios)`
      : '') +
    '.\n'
  );
}

const vs = (g: Json) => `${n(g.gatewayRps)} vs ${n(g.bareRps)} req/s (${n(g.ratio, 2)})`;
// The invoice bench also names the floor of any create endpoint: one INSERT into a minimal table.
const vsMinimal = (g: Json) => `${vs(g)}, against a minimal table ${n(g.minimalRps)} req/s (${n(g.ratioToMinimal, 2)})`;
function rowsOf(r: Json): Row[] {
  const pg = r.invoices?.postgres;
  const lite = r.invoices?.pglite;
  const web = r.webhooks;
  return [
    row('authenticated `GET /v1/currencies` / bare Fastify route serving the same bytes', '≥ 0.6', r.currencies, vs, (g) => g.ratio >= 0.6),
    row(
      '`POST /v1/invoice` / bare `INSERT` of the same row, PostgreSQL and PGlite',
      '≥ 0.5 on both',
      r.invoices,
      () => [pg && `PostgreSQL ${vsMinimal(pg)}`, lite && `PGlite ${vsMinimal(lite)}`].filter(Boolean).join('; '),
      () => Boolean(pg && lite) && pg.ratio >= 0.5 && lite.ratio >= 0.5,
    ),
    row(
      '`POST /v1/deposit` / bare `INSERT` (QR included)',
      '≥ 0.3',
      r.deposits,
      (g) => `${vs(g)}; bare INSERT + QR ${n(g.bareQrRps)} req/s`,
      (g) => g.ratio >= 0.3,
    ),
    row('`GET /v1/invoice/list` (20 records) / bare `SELECT` of the same page', '≥ 0.5', r.invoiceList, vs, (g) => g.ratio >= 0.5),
    row(
      'x402 verify, successful calls/s / plain `@x402/evm` on the same chain',
      '≥ 5×',
      r.x402 && (r.x402.error ? r.x402 : r.x402.verify),
      (g) => `${n(g.gateway.okPerSec)} vs ${n(g.plain.okPerSec)}/s (${n(g.ratio, 2)}×)`,
      (g) => g.ratio >= 5,
    ),
    row(
      'x402 settle, successful calls/s / plain `@x402/evm`',
      '≥ 3×',
      r.x402 && (r.x402.error ? r.x402 : r.x402.settle),
      (g) => `${n(g.gateway.okPerSec)} vs ${n(g.plain.okPerSec)}/s (${n(g.ratio, 2)}×; plain: ${g.plain.failures} failed)`,
      (g) => g.ratio >= 3,
    ),
    row(
      'x402 Permit2 verify on a second network (USDT, BSC-like), successful calls/s / plain `@x402/evm`',
      '≥ 1×',
      r.x402Permit2 && (r.x402Permit2.error ? r.x402Permit2 : r.x402Permit2.verify),
      (g) => `${n(g.gateway.okPerSec)} vs ${n(g.plain.okPerSec)}/s (${n(g.ratio, 2)}×)`,
      (g) => g.ratio >= 1,
    ),
    row(
      'x402 Permit2 settle on a second network, successful calls/s / plain `@x402/evm`',
      '≥ 3×',
      r.x402Permit2 && (r.x402Permit2.error ? r.x402Permit2 : r.x402Permit2.settle),
      (g) => `${n(g.gateway.okPerSec)} vs ${n(g.plain.okPerSec)}/s (${n(g.ratio, 2)}×; plain: ${g.plain.failures} failed)`,
      (g) => g.ratio >= 3,
    ),
    row(
      'x402 upto verify (Permit2 cap, USDC), successful calls/s / plain `@x402/evm`',
      '≥ 1×',
      r.x402Upto && (r.x402Upto.error ? r.x402Upto : r.x402Upto.verify),
      (g) => `${n(g.gateway.okPerSec)} vs ${n(g.plain.okPerSec)}/s (${n(g.ratio, 2)}×)`,
      (g) => g.ratio >= 1,
    ),
    row(
      'x402 upto settle (12,345 of a 50,000 cap), successful calls/s / plain `@x402/evm`',
      '≥ 1×',
      r.x402Upto && (r.x402Upto.error ? r.x402Upto : r.x402Upto.settle),
      (g) => `${n(g.gateway.okPerSec)} vs ${n(g.plain.okPerSec)}/s (${n(g.ratio, 2)}×; plain: ${g.plain.failures} failed)`,
      (g) => g.ratio >= 1,
    ),
    row(
      'x402 exact verify on Solana (USDC, LiteSVM), successful calls/s / plain `@x402/svm`',
      '≥ 0.5×',
      r.x402Svm && (r.x402Svm.error ? r.x402Svm : r.x402Svm.verify),
      (g) => `${n(g.gateway.okPerSec)} vs ${n(g.plain.okPerSec)}/s (${n(g.ratio, 2)}×)`,
      (g) => g.ratio >= 0.5,
    ),
    row(
      'x402 exact settle on Solana (records it before sending, settles once), successful calls/s / plain `@x402/svm`',
      '≥ 0.5×',
      r.x402Svm && (r.x402Svm.error ? r.x402Svm : r.x402Svm.settle),
      (g) => `${n(g.gateway.okPerSec)} vs ${n(g.plain.okPerSec)}/s (${n(g.ratio, 2)}×; plain: ${g.plain.failures} failed)`,
      (g) => g.ratio >= 0.5,
    ),
    row(
      'webhook deliveries/s to a local receiver, PostgreSQL / PGlite',
      '≥ 1,000 / ≥ 500, oldest pending < 2 s',
      web,
      (g) =>
        `${n(g.postgres?.deliveredPerSec)} / ${n(g.pglite?.deliveredPerSec)}, oldest pending ${n(g.postgres?.oldestPendingS, 1)} s / ${n(g.pglite?.oldestPendingS, 1)} s`,
      (g) =>
        has(g.postgres?.deliveredPerSec, g.pglite?.deliveredPerSec) &&
        g.postgres.deliveredPerSec >= 1000 &&
        g.pglite.deliveredPerSec >= 500 &&
        g.postgres.oldestPendingS < 2 &&
        g.pglite.oldestPendingS < 2,
    ),
    row(
      'first `npm start` to `/healthz`; restart on the same data',
      '< 8 s; < 3 s',
      r.startup,
      (g) => `${n(g.firstStartS, 1)} s; ${n(g.restartS, 1)} s`,
      (g) => g.firstStartS < 8 && g.restartS < 3,
    ),
    row(
      'idle `npm start`: CPU, resident memory',
      '< 1 %, < 250 MB',
      r.startup,
      (g) =>
        `${n(g.idleCpuPct, 1)} % of a core, ${n(g.idleRssMb)} MB (with its ${g.treeProcesses - 1} child processes: ${n(g.treeIdleCpuPct, 1)} %, ${n(g.treeIdleRssMb)} MB)`,
      (g) => g.idleCpuPct < 1 && g.idleRssMb < 250,
    ),
  ];
}
