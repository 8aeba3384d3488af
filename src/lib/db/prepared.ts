import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';

/** The mark a statement's text starts with when it is to run as a prepared statement on PostgreSQL. */
const MARK = '/* prepared */ ';

/**
 * Marks a hot statement (one run on every create or commit) to run, on PostgreSQL, as a named
 * prepared statement of each connection: parsed, analysed and planned once per connection instead
 * of on every call. Measured on an invoice insert with its 21 parameters: 1.5x the statements per
 * second of the same text sent unnamed. Opt-in, not for every statement: a prepared statement may
 * go to a generic plan after five runs, which is right for a fixed-shape insert or a lookup by key
 * and could be wrong for a search whose best plan depends on its values. The mark means nothing on
 * PGlite, where every statement with parameters is prepared (pglite-statements.ts): there the
 * unnamed path cost six passes through PostgreSQL's main loop a statement, not one round trip, and
 * the scale benchmark's searches (to a million invoices) stayed as fast under the plan cache.
 */
export function prepared<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(MARK)}${statement}`;
}

/** Statement names by text: one per distinct marked text, a few dozen in all. */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `cg_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
}

/** The mark of a statement that may be sent before the answers to the ones before it (`pipelined`). */
const PIPELINED = '/* pipelined */ ';

/** The databases whose connections take pipelined statements: PostgreSQL's, made by openDatabase. */
const pipelining = new WeakSet<object>();

/** Says that `db`'s connections are PreparingClients, which take pipelined statements. */
export function allowPipelining(db: object): void {
  pipelining.add(db);
}

/** Whether `db`'s connections take pipelined statements (PostgreSQL; PGlite runs in this process). */
export function canPipeline(db: object): boolean {
  return pipelining.has(db);
}

/**
 * The same statement, to be sent on its connection without waiting for the answers to the
 * statements before it (PostgreSQL's pipeline mode): statements a caller issues on one connection
 * without awaiting each then go out together and come back together, one round trip for all of
 * them. They still run one after the other, in the order sent, and each gets its own answer or its
 * own error; in a transaction, a statement after a failed one fails too ("current transaction is
 * aborted"). Only through `DatabaseConnection.executeQuery`: Kysely itself awaits each statement of
 * a connection before sending the next.
 */
export function pipelined(query: CompiledQuery): CompiledQuery {
  return { ...query, sql: PIPELINED + query.sql };
}

/**
 * The pool's client (pg.Pool's `Client` option): a statement whose text carries the prepared mark
 * is sent with its name, so that node-postgres parses it on the connection's first run only and
 * binds it afterwards (it keeps the names each connection has parsed); any other statement goes as
 * before. While statements marked `pipelined` are in flight, the connection is in node-postgres's
 * pipeline mode (each sent at once, each with its own Sync); it leaves it when they are all
 * answered, so every other use of the connection is as it always was.
 */
export class PreparingClient extends pg.Client {
  #inPipeline = 0;

  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    if (typeof text === 'string' && text.startsWith(PIPELINED)) return this.#pipelined(text.slice(PIPELINED.length), values) as never;
    if (typeof text === 'string' && text.startsWith(MARK)) {
      return (super.query as (...a: unknown[]) => never)({ name: nameOf(text), text, values }, callback);
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  async #pipelined(text: string, values: unknown): Promise<unknown> {
    const mode = this as unknown as { pipeline: boolean; connection: { stream: { cork(): void; uncork(): void } } }; // not all of it in @types/pg
    mode.pipeline = true;
    if (this.#inPipeline++ === 0) {
      // The statements of one burst, sent in the same turn of the event loop, leave in one write
      // (each is several protocol messages, and a write is a system call, which the database's
      // side answers at once on loopback): the socket is corked until the turn ends.
      const stream = mode.connection.stream;
      stream.cork();
      process.nextTick(() => stream.uncork());
    }
    try {
      const config = text.startsWith(MARK) ? { name: nameOf(text), text, values } : { text, values };
      return await (super.query as (config: unknown) => Promise<unknown>)(config);
    } finally {
      // The last answer came with the connection idle (each statement ends with its Sync, and none
      // is queued behind): back to one statement at a time.
      if (--this.#inPipeline === 0) mode.pipeline = false;
    }
  }
}
