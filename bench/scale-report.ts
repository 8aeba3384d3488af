/**
 * docs/performance.md's scale tables from one `npm run bench -- scale --json` run (bench/docs.ts
 * writes the page): machine and date, then per engine each read's p50 / p99 at every size,
 * its growth and whether it meets the target (at the largest size within 2× of the smallest; a
 * later page of a list also within 2× of its page 1 at every size, the ratio shown in brackets; on
 * PostgreSQL also under 20 ms p50). A page past the last of its list at a size reads —.
 */
type Json = { [k: string]: any };

/** Pages 2, 10, 50 and 500 of a list, after its page 1. */
const later = (list: string, label: string): Array<[string, string]> =>
  [2, 10, 50, 500].map((p) => [`${list}Page${p}`, `${label} page ${p}`]);

const READS: Array<[string, string]> = [
  ['invoiceListPage1', '`GET /v1/invoice/list` page 1'],
  ...later('invoiceList', '`GET /v1/invoice/list`'),
  ['invoiceListNoMatch', '`GET /v1/invoice/list?status=cancelled` (no match)'],
  ['invoiceListSince', '`GET /v1/invoice/list?from=2000-01-01` (every row)'],
  ['invoiceListDeep', '`GET /v1/invoice/list?page=5000` (the last page below 100,000)'],
  ['invoiceByOrderId', '`GET /v1/invoice?orderId=…`'],
  ['depositListPage1', '`GET /v1/deposit/list` page 1'],
  ...later('depositList', '`GET /v1/deposit/list`'),
  ['depositByOrderId', '`GET /v1/deposit?orderId=…`'],
  ['withdrawalListPage1', '`GET /v1/withdrawal/list` page 1'],
  ...later('withdrawalList', '`GET /v1/withdrawal/list`'),
  ['withdrawalByOrderId', '`GET /v1/withdrawal?orderId=…`'],
  ['deliveryListPage1', '`GET /v1/webhook-deliveries` page 1'],
  ...later('deliveryList', '`GET /v1/webhook-deliveries`'),
  ['invoiceCreate', '`POST /v1/invoice`'],
  ['webhookClaim', "the deliverer's claim (8 of 20 due)"],
];

/** The tables of one scale run, as Markdown. */
export function scaleMarkdown(r: Json): string {
  const scale: Json = r.scale ?? {};
  const sizes = String(scale.sizes ?? '')
    .split(',')
    .map(Number)
    .filter((x) => x > 0);
  const out: string[] = [];
  const m = r.machine ?? {};
  out.push(
    `Measured ${String(r.date).slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} × ${m.cpuModel}, Node ${m.node}; ${scale.samples} sequential calls a read and size; ` +
      `sizes in invoices (deposits, withdrawals and deliveries: a tenth).\n`,
  );
  for (const engine of ['postgres', 'pglite']) {
    const g: Json | undefined = scale[engine];
    if (!g) continue;
    out.push(`${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}, p50 / p99 ms:\n`);
    if (g.error) {
      out.push(`failed: ${g.error}\n`);
      continue;
    }
    out.push(`| read | ${sizes.map((s) => s.toLocaleString('en')).join(' | ')} | growth of p50 | met |`);
    out.push(`|---|${sizes.map(() => '---').join('|')}|---|---|`);
    for (const [key, label] of READS) out.push(readRow(g, engine, sizes, key, label));
    out.push('');
  }
  return out.join('\n');
}

/** One read's row: its p50 / p99 at each size, its growth, and whether it meets the target. */
function readRow(g: Json, engine: string, sizes: number[], key: string, label: string): string {
  const largest = sizes[sizes.length - 1];
  // A later page: its p50 against page 1's at the same size in brackets; — past the last page.
  const ofPage1 = (s: number) => (g[`${key}.${s}.ofPage1`] === undefined ? '' : ` (×${g[`${key}.${s}.ofPage1`]} page 1)`);
  const cells = sizes.map((s) =>
    g[`${key}.${s}.p50Ms`] === undefined && /Page\d+$/.test(key)
      ? '—'
      : `${g[`${key}.${s}.p50Ms`] ?? '?'} / ${g[`${key}.${s}.p99Ms`] ?? '?'}${ofPage1(s)}`,
  );
  const growth = g[`${key}.growth`];
  const p50 = g[`${key}.${largest}.p50Ms`];
  const nearPage1 = sizes.every((s) => g[`${key}.${s}.ofPage1`] === undefined || g[`${key}.${s}.ofPage1`] <= 2);
  // A later page timed at one size only has no growth; one timed at none, nothing to meet.
  const page = /Page(?!1$)\d+$/.test(key);
  const timed = sizes.some((s) => g[`${key}.${s}.p50Ms`] !== undefined);
  const grows = typeof growth === 'number' ? growth <= 2 : page;
  const ok = grows && nearPage1 && (engine !== 'postgres' || typeof p50 !== 'number' || p50 < 20) && (typeof p50 === 'number' || page);
  return `| ${label} | ${cells.join(' | ')} | ${typeof growth === 'number' ? `×${growth}` : page ? '—' : '?'} | ${!timed && page ? '—' : ok ? 'yes' : 'no'} |`;
}
