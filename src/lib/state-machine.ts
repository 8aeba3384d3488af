import { Type, type TLiteral, type TUnion } from '@sinclair/typebox';
import type { Kysely, Selectable, UpdateObject } from 'kysely';
import type { Trx } from './db/index.ts';
import { now } from './db/index.ts';
import type { DB } from './db/schema.ts';
import { AppError, type ErrorCode } from './errors.ts';
import { enqueue, type OutboxEvent } from './outbox.ts';

/**
 * One object's statuses and the moves between them (Hyperswitch and BTCPay keep the same shape):
 * every status change in the service is checked against `transitions` by `moveStatus`, so a move
 * the table does not list cannot happen, whoever asks for it.
 */
export interface StatusMachine<S extends string> {
  /** The object's name in errors and logs ("invoice", "withdrawal", …). */
  readonly object: string;
  /** Every status, in the order the API lists them (the migration's CHECK list has the same). */
  readonly statuses: readonly S[];
  /** For each status, the statuses it may move to; an empty list is a final status. */
  readonly transitions: { readonly [K in S]: readonly S[] };
  /** The TypeBox enum of the statuses, for route and event schemas. */
  readonly schema: TUnion<TLiteral<S>[]>;
  /** Whether the table allows `from` → `to`. */
  can(from: S, to: S): boolean;
  /** Throws the catalogued state error unless the table allows `from` → `to`. */
  assert(from: S, to: S, refusal?: ErrorCode): void;
  /** Whether `status` has no way out. */
  isFinal(status: S): boolean;
}

/** Builds a machine; every status must appear in `transitions` (the type checks it). */
export function statusMachine<const S extends string>(def: {
  object: string;
  statuses: readonly S[];
  transitions: { readonly [K in S]: readonly S[] };
}): StatusMachine<S> {
  const { object, statuses, transitions } = def;
  return {
    object,
    statuses,
    transitions,
    schema: statusEnum(statuses),
    can: (from, to) => transitions[from].includes(to),
    assert(from, to, refusal) {
      if (!transitions[from].includes(to)) throw refusedMove(object, from, [...sources(transitions, to)], to, refusal);
    },
    isFinal: (status) => transitions[status].length === 0,
  };
}

/** The TypeBox enum of a status list. */
export function statusEnum<const S extends string>(statuses: readonly S[], options?: { description?: string }): TUnion<TLiteral<S>[]> {
  return Type.Union(
    statuses.map((s) => Type.Literal(s)),
    options,
  );
}

function sources<S extends string>(transitions: { readonly [K in S]: readonly S[] }, to: S): S[] {
  return (Object.keys(transitions) as S[]).filter((from) => transitions[from].includes(to));
}

/**
 * The catalogued state error: what the status is and what it had to be. `refusal` names a more
 * precise code where the route has one (`exceptions.withdrawal.cannotCancel`); otherwise it is
 * `exceptions.status.conflict`.
 */
export function refusedMove(
  object: string,
  current: string,
  expected: readonly string[],
  requested?: string,
  refusal: ErrorCode = 'exceptions.status.conflict',
): AppError {
  return new AppError(refusal, {
    object,
    currentStatus: current,
    expectedStatus: [...expected],
    ...(requested !== undefined ? { requestedStatus: requested } : {}),
  });
}

/** The tables that hold an object with a status machine (each has `id`, `status`, `updated_at`). */
export type StatusTable =
  | 'invoices'
  | 'deposits'
  | 'payments'
  | 'withdrawals'
  | 'webhook_deliveries'
  | 'x402_settlements'
  | 'sweep_transactions'
  | 'unlisted_token_transfers'
  | 'cold_transfers'
  | 'payout_bundles'
  | 'held_payments'
  | 'withdrawal_batches'
  | 'subscriptions';
export type StatusRow<T extends StatusTable> = Selectable<DB[T]>;
/** Columns written with a status change: values or typed SQL expressions (`now()`). */
export type StatusSet<T extends StatusTable> = UpdateObject<DB, T>;
type StatusOf<T extends StatusTable> = DB[T]['status'];

export interface Move<T extends StatusTable> {
  /** Other columns written with the status, in the same UPDATE. */
  set?: StatusSet<T>;
  /** The event the change publishes, enqueued in the same transaction (none for payments). */
  event?: (updated: StatusRow<T>, previous: StatusOf<T>) => OutboxEvent | Promise<OutboxEvent>;
  /** The error code to throw when the table refuses the move (default `exceptions.status.conflict`). */
  refusal?: ErrorCode;
  /**
   * Further columns the row must still hold for the move to apply (a lease owner, an attempt
   * count): a row changed meanwhile fails like a status changed meanwhile.
   */
  where?: Partial<StatusRow<T>>;
}

/**
 * The one way a status changes. Checks the move against the machine, then
 * `UPDATE … SET status = to WHERE id = row.id AND status = row.status RETURNING *`, so of two
 * writers that read the same row only one moves it; the other gets the state error with the status
 * the row has now. The event is written in the caller's transaction: it exists exactly when the
 * change commits.
 */
export async function moveStatus<T extends StatusTable>(
  trx: Trx,
  machine: StatusMachine<StatusOf<T>>,
  table: T,
  row: { id: string; status: StatusOf<T> },
  to: StatusOf<T>,
  move: Move<T> = {},
): Promise<StatusRow<T>> {
  machine.assert(row.status, to, move.refusal);
  // Kysely cannot resolve column names over a generic table; the signature above carries the types.
  const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const name = table as string;
  let update = db
    .updateTable(name)
    .set({ ...(move.set as Record<string, unknown>), status: to, updated_at: now() })
    .where('id', '=', row.id)
    .where('status', '=', row.status);
  for (const [column, value] of Object.entries(move.where ?? {})) update = update.where(column, value === null ? 'is' : '=', value);
  const updated = (await update.returningAll().executeTakeFirst()) as StatusRow<T> | undefined;
  if (!updated) {
    const current = (await db.selectFrom(name).select('status').where('id', '=', row.id).executeTakeFirst()) as
      | { status: string }
      | undefined;
    throw refusedMove(machine.object, current?.status ?? 'missing', [row.status], to, move.refusal);
  }
  if (move.event) await enqueue(trx, await move.event(updated, row.status));
  return updated;
}

/** Fails to compile when a switch over statuses misses one (use in the `default` branch). */
export function unreachable(value: never): never {
  throw new Error(`unhandled status: ${String(value)}`);
}
