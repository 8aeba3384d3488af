import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** A statement prepared on the instance: its name and the types of its parameters. */
interface Prepared {
  name: string;
  paramTypes: number[];
}

/** Statements kept prepared per connection; the least recently used one is closed past this. */
const MAX_PREPARED = 500;

/** Names are unique in the process, so a statement of an earlier connection to the instance never answers for one of ours. */
let nextName = 1;

/** A prepared statement of ours the server no longer knows (SQLSTATE 26000), or whose result type changed (0A000). */
const isStale = (err: unknown): boolean => {
  const e = err as { code?: string; message?: string } | null;
  return !!e && (e.code === '26000' || (e.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '')));
};

/**
 * Runs parameterised statements on an embedded PGlite as named prepared statements, one protocol
 * exchange each.
 *
 * PGlite's own `query` parses, analyses and plans the statement again at every call, and talks to
 * the database six times to do it (Parse, Describe, Bind, Describe, Execute, Sync, each a separate
 * pass through PostgreSQL's main loop): most of a short query's cost. Here a statement's text is
 * parsed once per connection (Parse and Describe, to learn its parameter types), and each call is
 * then a single exchange of Bind, Describe (of the portal, for the row's columns), Execute and
 * Sync. PostgreSQL keeps the parse tree, and after five runs a generic plan where it is no worse
 * than a custom one, as it does for prepared statements on a server. Values are serialised and rows parsed by the instance's own serialisers and
 * parsers, as `query` does, so the results are the same; the exchange runs under the instance's
 * query lock, as `query`'s does.
 *
 * The statements live as long as the instance's session: a `DISCARD ALL` or `DEALLOCATE` from
 * elsewhere (a test database's reset) or a change of a table a statement returns is met by
 * preparing it again, once, outside a transaction (inside one, the failure has already aborted it,
 * and the error goes to the caller as PostgreSQL gave it).
 */
export class PgliteStatements {
  /** By SQL text, least recently used first (a Map keeps insertion order). */
  private readonly prepared = new Map<string, Prepared>();
  /** Statements evicted from the cache, closed with the next exchange. */
  private closing: string[] = [];

  constructor(
    private readonly pg: PGlite,
    private readonly max = MAX_PREPARED,
  ) {}

  /** Runs `sql` with `params`; `inTransaction`: a failure cannot be retried here. */
  async run(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<Results> {
    try {
      return await this.runOnce(sql, params);
    } catch (err) {
      if (!isStale(err)) throw err;
      this.forget(sql);
      if (inTransaction) throw err;
      return this.runOnce(sql, params);
    }
  }

  /** Forgets every statement (after DDL or a DEALLOCATE of our own): they are prepared again on use. */
  reset(): void {
    for (const { name } of this.prepared.values()) this.closing.push(name);
    this.prepared.clear();
  }

  private forget(sql: string): void {
    const p = this.prepared.get(sql);
    if (!p) return;
    this.prepared.delete(sql);
    this.closing.push(p.name);
  }

  private runOnce(sql: string, params: readonly unknown[]): Promise<Results> {
    return this.pg._runExclusiveQuery(async () => {
      const statement = this.prepared.get(sql) ?? (await this.prepare(sql));
      // Most recently used last.
      this.prepared.delete(sql);
      this.prepared.set(sql, statement);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.pg.serializers[statement.paramTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await this.pg.execProtocolStream(
        Buffer.concat([serialize.bind({ statement: statement.name, values: values as string[] }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      return parse.parseResults(messages, this.pg.parsers)[0]!;
    });
  }

  /** Parse and Describe of a new statement (with the Close of evicted ones), in one exchange. */
  private async prepare(sql: string): Promise<Prepared> {
    if (this.prepared.size >= this.max) {
      const [oldest] = this.prepared.keys();
      this.forget(oldest!);
    }
    const name = `cg_${nextName++}`;
    const closes = this.closing.map((n) => serialize.close({ type: 'S', name: n }));
    this.closing = [];
    const messages = await this.pg.execProtocolStream(Buffer.concat([...closes, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    this.prepared.set(sql, statement);
    return statement;
  }
}
