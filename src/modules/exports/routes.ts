import { Readable } from 'node:stream';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Executor } from '../../lib/db/index.ts';
import { DateRangeQuery, boundedRange } from '../../lib/http/list-filters.ts';
import { responses, type TypedApp } from '../../lib/http/schemas.ts';
import { csvHeader, csvRow } from './csv.ts';
import { EXPORTS, type ExportKind, type ExportRange, type ExportSource } from './sources.ts';

/** Longest range one export covers. */
export const MAX_EXPORT_DAYS = 366;
/** Rows read per query: memory stays bounded whatever the range holds. */
const PAGE_ROWS = 500;

const CsvResponse = {
  description: 'CSV (RFC 4180, UTF-8, CRLF) with a header row, oldest first; amounts are exact decimal strings',
  content: { 'text/csv': { schema: Type.String() } },
} as unknown as TSchema;

/** GET /export/<kind>.csv for invoices, deposits, withdrawals, conversions and x402 settlements: one route each, with its list's scope. */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of Object.keys(EXPORTS) as ExportKind[]) exportRoute(app, kind);
};

type Page = Awaited<ReturnType<ExportSource['page']>>;

/** `YYYY-MM-DD` of the first and the last day a range covers. */
function rangeDays(r: ExportRange): [string, string] {
  const last = r.inclusive ? r.before : new Date(r.before.getTime() - 1);
  return [r.from.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

/** The CSV text, a page at a time as the client reads it (the stream's backpressure paces the queries). */
async function* csvLines(db: Executor, source: ExportSource, ownerId: string, range: ExportRange, first: Page) {
  yield csvHeader(source.columns);
  let page = first;
  for (;;) {
    if (page.length > 0) yield page.map((r) => csvRow(r.cells)).join('');
    const last = page[page.length - 1];
    if (page.length < PAGE_ROWS || !last) return;
    page = await source.page(db, ownerId, range, last.cursor, PAGE_ROWS);
  }
}

function exportRoute(app: TypedApp, kind: ExportKind): void {
  const source = EXPORTS[kind];
  app.get(
    `/export/${kind}.csv`,
    {
      config: { scope: source.scope, ...(source.tenantLevel ? { tenantLevel: true } : {}) },
      schema: {
        operationId: `export${kind.charAt(0).toUpperCase()}${kind.slice(1)}Csv`,
        tags: ['exports'],
        summary: `The ${source.tenantLevel ? "tenant's" : "account's"} ${kind === 'x402' ? 'x402 settlements' : kind} created in a range (at most ${MAX_EXPORT_DAYS} days; default the last 30) as CSV`,
        querystring: Type.Object(DateRangeQuery),
        response: responses({ 200: CsvResponse }),
      },
    },
    async (request, reply) => {
      const range = boundedRange(request.query, MAX_EXPORT_DAYS);
      const owner = source.tenantLevel ? request.principal.tenantId : request.principal.accountId;
      const [first, last] = rangeDays(range);
      // The first page is read before answering: a database that is away is a 503, not a cut-off file.
      const page = await source.page(app.ctx.db, owner, range, null, PAGE_ROWS);
      const lines = Readable.from(csvLines(app.ctx.db, source, owner, range, page));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${kind}-${first}-${last}.csv"`)
        .header('cache-control', 'no-store')
        .send(lines);
    },
  );
}
