import { Type, type TSchema } from '@sinclair/typebox';
import { DataEnvelope, MoneyInput, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../../lib/http/schemas.ts';
import { checkWebhookUrl } from '../../../lib/http/urls.ts';
import { quoteAccount } from '../../../lib/http/account-scope.ts';
import { exactNumber } from '../../../lib/http/json-body.ts';
import { withdrawalRecord } from '../record.ts';
import { commitBatch } from './commit.ts';
import { MAX_BATCH_ITEMS, quoteBatch } from './quote.ts';
import { batchResultsCsv, findBatch, listBatches } from './read.ts';
import { BatchCommittedSchema, BatchQuoteSchema, BatchRecordSchema } from './schemas.ts';
import { withdrawalBatchMachine } from './status.ts';
import { batchView } from './summary.ts';

// Each item's fields are checked by the quote, item by item (their refusals carry the item's index),
// so the schema holds only their types and sizes.
const BatchItem = Type.Object({
  cryptoCurrencyCode: Type.String({ minLength: 1, maxLength: 32 }),
  address: Type.String({ minLength: 1, maxLength: 128 }),
  amount: MoneyInput({ maximum: 1e15, description: 'What reaches the destination, in cryptoCurrencyCode' }),
  orderId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 256,
      description: "The item's idempotency key, unique with the account's withdrawals; absent: one of its own",
    }),
  ),
});

/** POST /withdrawal/batch/quote, POST /withdrawal/batch/commit, GET /withdrawal/batch, its list and its results as CSV. */
export function batchRoutes(app: TypedApp): void {
  quoteBatchRoute(app);
  commitBatchRoute(app);
  getBatchRoute(app);
  listBatchesRoute(app);
  batchResultsRoute(app);
}

function quoteBatchRoute(app: TypedApp): void {
  app.post(
    '/withdrawal/batch/quote',
    {
      config: { scope: 'withdrawals.create' },
      schema: {
        operationId: 'quoteWithdrawalBatch',
        tags: ['withdrawals'],
        summary: 'Quotes up to 1,000 withdrawals at once; a refused item is named by its index and nothing is quoted (400 batchInvalid)',
        body: Type.Object({ items: Type.Array(BatchItem, { minItems: 1, maxItems: MAX_BATCH_ITEMS }) }),
        response: responses({ 200: DataEnvelope(BatchQuoteSchema) }, [503]),
      },
    },
    async (request) => {
      const items = request.body.items.map((item, i) => ({ ...item, amount: exactNumber(request, `items.${i}.amount`, item.amount) }));
      return { data: await quoteBatch(app.ctx, request.principal, items) };
    },
  );
}

function commitBatchRoute(app: TypedApp): void {
  app.post(
    '/withdrawal/batch/commit',
    {
      // Clients send only batchQuoteId: a tenant-wide caller acts on the batch quote's account.
      config: {
        scope: 'withdrawals.create',
        stepUp: true,
        accountOf: quoteAccount('withdrawal_batch_quotes', 'exceptions.withdrawal.batchQuoteNotFound', 'batchQuoteId'),
      },
      schema: {
        operationId: 'commitWithdrawalBatch',
        tags: ['withdrawals'],
        summary: 'Commits a batch quote: debits the whole total or nothing, and creates one withdrawal per item',
        body: Type.Object({
          batchQuoteId: Uuid,
          webhookUrl: Type.Optional(Type.String({ maxLength: 512, description: "Where the batch's and its withdrawals' events go" })),
        }),
        response: responses({ 201: DataEnvelope(BatchCommittedSchema) }, [404, 409, 503]),
      },
    },
    async (request, reply) => {
      checkWebhookUrl('webhookUrl', request.body.webhookUrl, app.ctx.config);
      const { batch, withdrawals } = await commitBatch(app.ctx, request.principal, request.body);
      const sent = batch.status === 'awaitingApproval' ? [] : undefined;
      return reply
        .status(201)
        .send({ data: { ...(await batchView(app.ctx.db, batch)), withdrawals: withdrawals.map((w) => withdrawalRecord(w, sent)) } });
    },
  );
}

function getBatchRoute(app: TypedApp): void {
  app.get(
    '/withdrawal/batch',
    {
      config: { scope: 'withdrawals.list' },
      schema: {
        operationId: 'getWithdrawalBatch',
        tags: ['withdrawals'],
        summary: 'A withdrawal batch: its status, its items counted per status, its totals and fees per currency',
        querystring: Type.Object({ id: Uuid }),
        response: responses({ 200: DataEnvelope(BatchRecordSchema) }, [404]),
      },
    },
    async (request) => ({ data: await batchView(app.ctx.db, await findBatch(app.ctx.db, request.principal.accountId, request.query.id)) }),
  );
}

function listBatchesRoute(app: TypedApp): void {
  app.get(
    '/withdrawal/batch/list',
    {
      config: { scope: 'withdrawals.list' },
      schema: {
        operationId: 'listWithdrawalBatches',
        tags: ['withdrawals'],
        summary: "The account's withdrawal batches, newest first",
        querystring: Type.Object({ ...PageQuery, accountId: Type.Optional(Uuid), status: Type.Optional(withdrawalBatchMachine.schema) }),
        response: responses({ 200: PagedList(BatchRecordSchema) }),
      },
    },
    async (request) => listBatches(app.ctx.db, request.principal.accountId, request.query),
  );
}

const CsvResponse = {
  description:
    "CSV (RFC 4180, UTF-8, CRLF) with a header row: each item in the request's order, its withdrawal and how it stands; amounts are exact decimal strings",
  content: { 'text/csv': { schema: Type.String() } },
} as unknown as TSchema;

function batchResultsRoute(app: TypedApp): void {
  app.get(
    '/withdrawal/batch/results.csv',
    {
      config: { scope: 'withdrawals.list' },
      schema: {
        operationId: 'withdrawalBatchResultsCsv',
        tags: ['withdrawals'],
        summary: "A batch's items and their withdrawals' results as CSV",
        querystring: Type.Object({ id: Uuid }),
        response: responses({ 200: CsvResponse }, [404]),
      },
    },
    async (request, reply) => {
      const batch = await findBatch(app.ctx.db, request.principal.accountId, request.query.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="withdrawal-batch-${batch.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(await batchResultsCsv(app.ctx.db, batch));
    },
  );
}
