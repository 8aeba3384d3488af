import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect over an embedded PGlite database. PGlite is one connection, so the driver hands it
 * out to one caller at a time: a transaction holds it from BEGIN to COMMIT and nothing interleaves.
 */
export class PGliteDialect implements Dialect {
  private readonly drivers: PGliteDriver[] = [];
  constructor(
    private readonly pg: PGlite,
    private readonly writes?: WriteSignal,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    const driver = new PGliteDriver(this.pg, this.writes);
    this.drivers.push(driver);
    return driver;
  }
  /**
   * Refuses every query from now on, as a closed instance would, and waits for those already
   * queued: after it, nothing of this database reaches the instance (which its owner may then close).
   */
  async close(): Promise<void> {
    await Promise.all(this.drivers.map((d) => d.close()));
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/**
 * Tells, after the fact, that the embedded database changed: a statement that changed rows (or may
 * have: any raw statement that writes and returned rows) committed. The embedded database has one
 * process, so every change of it passes here: background jobs whose work only a change can bring
 * wait for one instead of polling (lib/jobs.ts). Reads, and writes that changed nothing, are silent.
 */
export class WriteSignal {
  private readonly handlers = new Set<(changed: ChangedTables) => void>();
  private pending: Set<string> | '*' | undefined;

  on(handler: (changed: ChangedTables) => void): () => void {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  /** Tells the handlers, once, after the current query has returned to its caller. */
  notify(tables: ReadonlySet<string> | '*'): void {
    if (this.handlers.size === 0) return;
    const first = this.pending === undefined;
    if (tables === '*' || this.pending === '*') this.pending = '*';
    else this.pending = new Set([...(this.pending ?? []), ...tables]);
    if (!first) return;
    setImmediate(() => {
      const changed = this.pending;
      this.pending = undefined;
      if (changed === undefined) return;
      const test: ChangedTables = (table) => changed === '*' || changed.has(table);
      for (const h of this.handlers) h(test);
    });
  }
}

/** Whether a table may have changed (any may, after a raw statement). */
export type ChangedTables = (table: string) => boolean;

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const MAY_WRITE = /\b(insert|update|delete|merge|copy|truncate|create|alter|drop|nextval|setval)\b/i;
/** The table of a plain INSERT, UPDATE or DELETE as Kysely writes it. */
const PLAIN_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?[\s(]/i;

/** Whether a statement that returned `rows` and `affected` changed anything (erring on yes). */
function changedRows(compiled: CompiledQuery, affected: number, rows: number): boolean {
  if (affected > 0) return true;
  const kind = compiled.query.kind;
  if (kind === 'SelectQueryNode' || WRITE_NODES.has(kind)) return false;
  return rows > 0 && MAY_WRITE.test(compiled.sql);
}

/** The tables a changing statement wrote: its own for a plain write, else any. */
function tablesOf(compiled: CompiledQuery): string | '*' {
  return PLAIN_WRITE.exec(compiled.sql)?.[1]?.toLowerCase() ?? '*';
}

class PGliteConnection implements DatabaseConnection {
  /** Inside BEGIN … COMMIT: changes are told at commit (and forgotten on rollback). */
  inTransaction = false;
  changed: Set<string> | '*' | undefined;

  constructor(
    private readonly pg: PGlite,
    private readonly writes?: WriteSignal,
  ) {}

  private noteChange(compiled: CompiledQuery, affected: number, rows: number): void {
    if (!this.writes || !changedRows(compiled, affected, rows)) return;
    const table = tablesOf(compiled);
    if (!this.inTransaction) return this.writes.notify(table === '*' ? '*' : new Set([table]));
    if (table === '*' || this.changed === '*') this.changed = '*';
    else this.changed = new Set([...(this.changed ?? []), table]);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (compiled.parameters.length === 0 && compiled.query.kind === 'RawNode') {
      // Raw SQL without parameters may hold several statements (migrations): simple protocol.
      const results = await this.pg.exec(compiled.sql);
      const last = results[results.length - 1];
      if (!/^\s*(begin|commit|rollback)\b/i.test(compiled.sql)) this.noteChange(compiled, last?.affectedRows ?? 0, last?.rows.length ?? 0);
      return { rows: (last?.rows ?? []) as R[] };
    }
    const result = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const affected = result.affectedRows;
    this.noteChange(compiled, affected ?? 0, result.rows.length);
    return {
      rows: result.rows,
      ...(affected !== undefined && compiled.query.kind !== 'SelectQueryNode' ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: the stream is refused before its first row.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on the embedded database');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  private readonly writes?: WriteSignal;

  constructor(pg: PGlite, writes?: WriteSignal) {
    this.writes = writes;
    this.connection = new PGliteConnection(pg, writes);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.closed) throw new Error('PGlite is closed');
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => next);
    await previous;
    this.releases.push(release);
    return this.connection;
  }

  private readonly releases: Array<() => void> = [];

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
    this.connection.inTransaction = true;
    this.connection.changed = undefined;
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    try {
      await conn.executeQuery(CompiledQuery.raw('commit'));
      if (this.connection.changed) this.writes?.notify(this.connection.changed);
    } finally {
      this.connection.inTransaction = false;
    }
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    this.connection.inTransaction = false;
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.releases.shift()?.();
  }

  private closed = false;

  /** Refuses new queries and waits for those already queued. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
  }

  async destroy(): Promise<void> {
    await this.close();
  }
}
