// The dashboard's one way to the API: typed by the OpenAPI document (api-types.ts), with the
// session's CSRF token on writes and the selected account on the calls that act on one.
import { byName, parseExactJson } from '../../shared/exact-json.ts';
import { accountOperations, decimalFields, numberFields, type paths } from './api-types.ts';

/** Every path the dashboard may call. */
export type Paths = paths;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The operation behind a method and path (never when the path has no such method). */
type Op<P, M extends Method> = P extends keyof Paths
  ? Paths[P] extends { [K in M]: infer O }
    ? [O] extends [undefined]
      ? never
      : O
    : never
  : never;
/** The paths that answer a method. */
export type PathOf<M extends Method> = { [P in keyof Paths]: [Op<P, M>] extends [never] ? never : P }[keyof Paths];
/** An answer's body: JSON parsed, a CSV answer (results.csv) as its text. */
type JsonOf<R> = R extends { content: { 'application/json': infer J } }
  ? J
  : R extends { content: { 'text/csv': infer C } }
    ? C
    : undefined;
/** The body of the success answer. */
export type Ok<P, M extends Method> =
  Op<P, M> extends { responses: infer R }
    ? 200 extends keyof R
      ? JsonOf<R[200]>
      : 201 extends keyof R
        ? JsonOf<R[201]>
        : 202 extends keyof R
          ? JsonOf<R[202]>
          : undefined
    : never;
/** Operator calls (/admin) name their tenant and account themselves; the client adds the selected account to the others. */
type Own<T, P> = P extends `/admin/${string}` ? T : Omit<T, 'accountId'>;
type Query<O, P> = O extends { parameters: { query?: infer Q } }
  ? [Q] extends [never | undefined]
    ? never
    : Own<NonNullable<Q>, P>
  : never;
type Body<O, P> = O extends { requestBody?: infer R }
  ? R extends { content: { 'application/json': infer B } }
    ? Own<B, P>
    : never
  : never;
/**
 * A decimal the client writes into the JSON body as a number, digit for digit: the API reads money
 * as exact JSON numbers, and a double would round an 18-decimal amount (or a typed 0.1).
 */
export class ExactNumber {
  constructor(readonly decimal: string) {
    if (!/^\d+(\.\d+)?$/.test(decimal)) throw new RangeError(`not a decimal: ${decimal}`);
  }
}
/** A body in which any number may be given as an ExactNumber. */
type Exactly<T> = T extends number
  ? number | ExactNumber
  : T extends readonly (infer U)[]
    ? Exactly<U>[]
    : T extends object
      ? { [K in keyof T]: Exactly<T[K]> }
      : T;
/** What a call sends besides its path. */
export interface CallOptions<O, P = string> {
  query?: Partial<Query<O, P>>;
  body?: Exactly<Body<O, P>>;
  /** Values of the path's `{name}` segments. */
  params?: Record<string, string>;
  headers?: Record<string, string>;
}
/** A call's JSON body (without `accountId`, which the client adds, except on /admin calls): `RequestBody<'post', '/v1/withdrawal/quote'>`. */
export type RequestBody<M extends Method, P> = Body<Op<P, M>, P>;
/** One answer's data type, by method and path: `Data<'get', '/v1/invoice'>`. */
export type Data<M extends Method, P> = Ok<P, M> extends { data: infer D } ? D : never;

/** An answer in the API's error body, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extension?: Record<string, unknown>,
  ) {
    super(message);
  }
  /** Worth trying again later: the service or the network is away, or the budget is spent. */
  get transient(): boolean {
    return this.status === 0 || this.status === 503 || this.status === 502 || this.status === 504 || this.status === 429;
  }
}

/**
 * Asks the signed-in user for a code of their authenticator app (step-up): the code, or null when
 * they cancel. `refused` is why the last code was not accepted.
 */
export type AskCode = (refused?: ApiError) => Promise<string | null>;

const session: { csrfToken: string; accountId: string; onSignedOut(): void; askCode: AskCode | undefined } = {
  csrfToken: '',
  accountId: '',
  onSignedOut: () => {},
  askCode: undefined,
};

/** Set by the session once it knows them: the CSRF token, the selected account, what to do on 401, who asks for a code. */
export function configureApi(values: Partial<typeof session>): void {
  Object.assign(session, values);
}

function withParams(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** A query string from the defined, non-empty values. */
export function queryString(values: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** JSON text of a body, its ExactNumbers written as the numbers they are. */
export function jsonText(body: unknown): string {
  // A mark no typed text can hold (fresh each call) stands for each exact number, then becomes it.
  const mark = `exact-${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}:`;
  const text = JSON.stringify(body, (_key, value: unknown) => (value instanceof ExactNumber ? mark + value.decimal : value));
  return text
    .split(`"${mark}`)
    .map((piece, i) => (i === 0 ? piece : piece.replace(/^([\d.]+)"/, '$1')))
    .join('');
}

/** Whether a call acts on one account (then it names the selected one). */
export function actsOnAccount(method: Method, path: string): boolean {
  return accountOperations.has(`${method.toUpperCase()} ${path}`);
}

/** The answers' exact decimals, by the names the OpenAPI document gives them (api-types.ts). */
const keepDecimal = byName(decimalFields, numberFields);

async function errorOf(res: Response): Promise<ApiError> {
  let body: { code?: string; message?: string; extension?: Record<string, unknown> } = {};
  try {
    body = (parseExactJson(await res.text(), keepDecimal) ?? {}) as typeof body;
  } catch {
    // Not the API's body (a proxy's page, say): the status says enough.
  }
  return new ApiError(res.status, body.code ?? `http.${res.status}`, body.message ?? `The server answered ${res.status}`, body.extension);
}

/** What `call` takes once the types have done their work. */
interface Loose {
  query?: Record<string, unknown>;
  body?: unknown;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * One call; when the API wants it confirmed (403 stepUpRequired: a session with 2FA moving money
 * or granting rights), the user is asked for a code and it is sent again with `x-totp-code`, until
 * a code passes or they cancel (the refusal then stands).
 */
async function call(method: Method, path: string, opts: Loose = {}): Promise<unknown> {
  try {
    return await send(method, path, opts);
  } catch (err) {
    const ask = session.askCode;
    if (!(err instanceof ApiError) || err.code !== 'exceptions.auth.stepUpRequired' || !ask || opts.headers?.['x-totp-code']) throw err;
    let refused: ApiError | undefined;
    for (;;) {
      const code = await ask(refused);
      if (code === null) throw err;
      try {
        return await send(method, path, { ...opts, headers: { ...opts.headers, 'x-totp-code': code } });
      } catch (again) {
        if (!(again instanceof ApiError) || again.code !== 'exceptions.auth.invalidSecondFactor') throw again;
        refused = again;
      }
    }
  }
}

async function send(method: Method, path: string, opts: Loose): Promise<unknown> {
  const account = actsOnAccount(method, path) && session.accountId ? { accountId: session.accountId } : {};
  const read = method === 'get';
  const url = withParams(path, opts.params) + queryString({ ...opts.query, ...(read ? account : {}) });
  const headers: Record<string, string> = {
    accept: path.endsWith('.csv') ? 'text/csv, application/json' : 'application/json',
    ...opts.headers,
  };
  let body: string | undefined;
  if (!read) {
    if (session.csrfToken) headers['x-csrf-token'] = session.csrfToken;
    if (opts.body !== undefined || Object.keys(account).length) {
      headers['content-type'] = 'application/json';
      body = jsonText({ ...(opts.body as object | undefined), ...account });
    }
  }
  let res: Response;
  try {
    res = await fetch(url, { method: method.toUpperCase(), headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached. Retrying…');
  }
  if (!res.ok) {
    const error = await errorOf(res);
    if (error.code === 'exceptions.auth.sessionRequired') session.onSignedOut();
    throw error;
  }
  // 204, and a 202 without a body, answer nothing; a CSV answer is its text.
  const text = await res.text();
  if (res.headers.get('content-type')?.startsWith('text/csv')) return text;
  return text ? parseExactJson(text, keepDecimal) : undefined;
}

/** Typed calls: `await api.get('/v1/invoice', { query: { id } })` answers what the document says. */
export const api = {
  get: <P extends PathOf<'get'>>(path: P, opts?: CallOptions<Op<P, 'get'>, P>) => call('get', path, opts as Loose) as Promise<Ok<P, 'get'>>,
  post: <P extends PathOf<'post'>>(path: P, opts?: CallOptions<Op<P, 'post'>, P>) =>
    call('post', path, opts as Loose) as Promise<Ok<P, 'post'>>,
  put: <P extends PathOf<'put'>>(path: P, opts?: CallOptions<Op<P, 'put'>, P>) => call('put', path, opts as Loose) as Promise<Ok<P, 'put'>>,
  patch: <P extends PathOf<'patch'>>(path: P, opts?: CallOptions<Op<P, 'patch'>, P>) =>
    call('patch', path, opts as Loose) as Promise<Ok<P, 'patch'>>,
  delete: <P extends PathOf<'delete'>>(path: P, opts?: CallOptions<Op<P, 'delete'>, P>) =>
    call('delete', path, opts as Loose) as Promise<Ok<P, 'delete'>>,
};

/** A link to an API download (CSV export) for the selected account: a plain GET with the session cookie. */
export function downloadUrl(path: string, query: Record<string, unknown>): string {
  return path + queryString({ ...query, accountId: session.accountId });
}
