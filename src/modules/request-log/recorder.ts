import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../lib/db/index.ts';
import { processTimers, type Timers } from '../../lib/timers.ts';
import type { RequestLogTable } from '../../lib/db/schema.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { loggablePath } from '../../lib/http/log-redaction.ts';
import { sentBodies } from '../../lib/http/json-body.ts';
import { bodyExcerpt } from './bodies.ts';

/** One row of the request log, as written. */
export type RequestLogRow = Insertable<RequestLogTable>;

export interface RequestLogOptions {
  /** How often buffered rows are written. */
  intervalMs: number;
  /** Rows that trigger a write before the interval ends. */
  batchRows: number;
  /** Rows kept while the database cannot take them; the oldest are dropped beyond it. */
  maxBuffered: number;
  /** Successful reads logged per tenant and second (by this process); writes and errors always are. */
  readsPerSecond: number;
}

const DEFAULTS: RequestLogOptions = { intervalMs: 1000, batchRows: 2000, maxBuffered: 20_000, readsPerSecond: 20 };
/** Rows per INSERT when a backlog is written. */
const ROWS_PER_INSERT = 2000;
const MAX_PATH = 512;

/**
 * The request log's write buffer: requests only append to memory, and one multi-row INSERT every
 * interval (or every `batchRows` rows) writes them, so logging costs a request no query. A failed
 * write keeps its rows for the next one, up to `maxBuffered` (oldest dropped); nothing here ever
 * throws into a request. The timer runs only while rows wait, so an idle gateway is not woken.
 */
export class RequestLogBuffer {
  private rows: RequestLogRow[] = [];
  private writing: Promise<void> | null = null;
  private timer: unknown = null;
  private closed = false;
  /** Rows dropped because the buffer was full (the database was away). */
  dropped = 0;

  constructor(
    /** Writes one batch (`insertRows` on the service's database). */
    private readonly insert: (rows: RequestLogRow[]) => Promise<void>,
    private readonly opts: RequestLogOptions = DEFAULTS,
    /** Told of every write: its error, or null once a write succeeded. */
    private readonly onWrite: (err: unknown) => void = () => {},
    private readonly timers: Timers = processTimers,
  ) {}

  /** Rows waiting to be written. */
  get pending(): number {
    return this.rows.length;
  }

  /** Whether the write timer runs: only while rows wait for it. */
  get timerRunning(): boolean {
    return this.timer !== null;
  }

  add(row: RequestLogRow): void {
    this.rows.push(row);
    this.trim();
    if (this.rows.length >= this.opts.batchRows) void this.flush();
    else this.arm();
  }

  /** Writes what is buffered (one write at a time; a call during a write waits for that one). */
  flush(): Promise<void> {
    if (this.writing) return this.writing;
    if (this.rows.length === 0) return Promise.resolve();
    this.disarm();
    this.writing = this.write().finally(() => {
      this.writing = null;
      // Rows that came meanwhile, or that a failed write kept, go with the next tick.
      if (this.rows.length > 0) this.arm();
    });
    return this.writing;
  }

  /** Stops the timer and writes what is left (one attempt). */
  async close(): Promise<void> {
    this.closed = true;
    this.disarm();
    await this.writing;
    await this.flush();
  }

  /** Starts the timer for the rows waiting, unless it runs already (or the buffer is closed). */
  private arm(): void {
    if (this.timer || this.closed) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.opts.intervalMs);
    if (this.timers === processTimers) processTimers.unref(this.timer);
  }

  private disarm(): void {
    if (this.timer) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private async write(): Promise<void> {
    while (this.rows.length > 0) {
      const batch = this.rows.splice(0, ROWS_PER_INSERT);
      try {
        await this.insert(batch);
      } catch (err) {
        // Back in front of what arrived meanwhile, oldest first; tried again on the next tick.
        this.rows = batch.concat(this.rows);
        this.trim();
        this.onWrite(err);
        return;
      }
    }
    this.onWrite(null);
  }

  private trim(): void {
    const over = this.rows.length - this.opts.maxBuffered;
    if (over > 0) {
      this.rows.splice(0, over);
      this.dropped += over;
    }
  }
}

/**
 * One INSERT of many rows with ten array parameters (`unnest`), not ten parameters a row: the
 * statement is parsed and planned once whatever the batch, which keeps logging cheap even on the
 * embedded database, whose work shares the event loop with the requests being logged.
 */
export async function insertRows(db: Db, rows: RequestLogRow[]): Promise<void> {
  const col = <K extends keyof RequestLogRow>(key: K) => rows.map((r) => r[key] ?? null);
  const at = rows.map((r) => (r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at)));
  await sql`insert into request_log (tenant_id, account_id, actor, method, path, status, latency_ms, request_id, error_code, created_at, api_key_id, request_body, response_body)
    select * from unnest(${col('tenant_id')}::uuid[], ${col('account_id')}::uuid[], ${col('actor')}::text[], ${col('method')}::text[],
      ${col('path')}::text[], ${col('status')}::int[], ${col('latency_ms')}::numeric[], ${col('request_id')}::text[],
      ${col('error_code')}::text[], ${at}::timestamptz[], ${col('api_key_id')}::uuid[], ${col('request_body')}::text[], ${col('response_body')}::text[])`.execute(
    db,
  );
}

/** A GET or HEAD answered without an error: what a busy integration repeats many times a second. */
function isPlainRead(request: FastifyRequest, reply: FastifyReply): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 400;
}

/**
 * How many successful reads of each tenant are logged in the current second. A client polling a
 * list thousands of times a second would otherwise make the log the busiest table of the database
 * (and, embedded, take the event loop from the requests themselves); every write and every error
 * is still logged.
 */
export class ReadBudget {
  private second = 0;
  private used = new Map<string, number>();

  constructor(
    private readonly perSecond: number,
    private readonly clock: () => number = Date.now,
  ) {}

  take(tenantId: string): boolean {
    const now = Math.floor(this.clock() / 1000);
    if (now !== this.second) {
      this.second = now;
      this.used = new Map();
    }
    const n = this.used.get(tenantId) ?? 0;
    if (n >= this.perSecond) return false;
    this.used.set(tenantId, n + 1);
    return true;
  }
}

/** The account a principal acts on, without tripping the unnamed-account guard of a tenant-wide one. */
function accountOf(p: ApiPrincipal): string | null {
  if (p.keyAccountId !== null) return p.keyAccountId;
  const own = Object.getOwnPropertyDescriptor(p, 'accountId');
  return own && 'value' in own && typeof own.value === 'string' ? own.value : null;
}

/** The error code of an error body the API sent (`{"code":"exceptions.…",…}`), if it is one. */
export function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/**
 * The log row of a finished request: no query string, no header (so never the key), a path segment
 * shaped like a credential (a key pasted into the URL) redacted, and of an API key's call the start
 * of both bodies with their secrets redacted (`response`: the excerpt taken as it was sent).
 */
export function rowOf(
  request: FastifyRequest,
  reply: FastifyReply,
  p: ApiPrincipal,
  errorCode: string | null,
  response: string | null = null,
): RequestLogRow {
  const q = request.url.indexOf('?');
  const path = loggablePath(q === -1 ? request.url : request.url.slice(0, q));
  return {
    tenant_id: p.tenantId,
    account_id: accountOf(p),
    actor: p.actor,
    method: request.method,
    path: path.slice(0, MAX_PATH),
    status: reply.statusCode,
    latency_ms: reply.elapsedTime.toFixed(3),
    request_id: request.id,
    error_code: errorCode,
    created_at: new Date(),
    api_key_id: p.keyId,
    request_body: p.kind === 'apiKey' ? bodyExcerpt(sentBodies.get(request)) : null,
    response_body: response,
  };
}

/**
 * Whether a request is left out of the log: the dashboard's own reads (a session's GET), which it
 * repeats every few seconds while a page is open and nobody called; what people change is kept.
 */
function isDashboardRead(request: FastifyRequest, p: ApiPrincipal): boolean {
  return p.kind === 'session' && (request.method === 'GET' || request.method === 'HEAD');
}

/**
 * Records every /v1 request that had a principal (API key or session) once it is answered, but the
 * dashboard's own reads; the error code is read from the error body as it is sent. Written in batches; the rest is written
 * when the app closes.
 */
export function registerRequestLog(app: FastifyInstance, db: Db, opts: RequestLogOptions = DEFAULTS): RequestLogBuffer {
  let failing = false;
  // An outage is logged once, not once a second.
  const buffer = new RequestLogBuffer(
    (rows) => insertRows(db, rows),
    opts,
    (err) => {
      if (err && !failing) app.log.warn({ err }, 'request log: write failed; keeping rows in memory');
      failing = err !== null;
    },
  );
  const codes = new WeakMap<FastifyRequest, string>();
  const answers = new WeakMap<FastifyRequest, string>();
  // Callback hooks, not async ones: no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && request.principal) {
      const code = errorCodeOf(payload);
      if (code) codes.set(request, code);
    }
    // An API key's answer as sent (JSON text; a stream, such as a CSV export, is not kept).
    if (request.principal?.kind === 'apiKey' && typeof payload === 'string') {
      const excerpt = bodyExcerpt(payload);
      if (excerpt) answers.set(request, excerpt);
    }
    done(null, payload);
  });
  const reads = new ReadBudget(opts.readsPerSecond);
  app.addHook('onResponse', (request, reply, done) => {
    const p = request.principal;
    if (p && request.url.startsWith('/v1/') && !isDashboardRead(request, p) && (!isPlainRead(request, reply) || reads.take(p.tenantId))) {
      try {
        buffer.add(rowOf(request, reply, p, codes.get(request) ?? null, answers.get(request) ?? null));
      } catch (err) {
        request.log.warn({ err }, 'request log: not recorded');
      }
    }
    done();
  });
  app.addHook('onClose', async () => buffer.close());
  return buffer;
}
