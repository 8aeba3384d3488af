import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import { pageKeys, paged } from '../../lib/db/paging.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { NETWORKS } from '../../lib/currencies/catalogue.ts';
import { DERIVATION } from '../../chains/hd-wallet.ts';
import { isValidAddress } from '../../chains/address-validation.ts';
import type { UnlistedMove, UnlistedMoves } from '../../chains/sweep-ledger.ts';
import { audit, type AuditEntry } from '../audit/service.ts';
import { unlistedTokenMachine, type UnlistedTokenStatus } from './status.ts';
import type { UnlistedTransfer } from './unlisted.ts';

type ListedRow = UnlistedTransfer & { tenant_name: string; derivation_index: number };

const apiName = (network: string) => Object.values(NETWORKS).find((n) => n.env === network)?.api ?? network;

/** One unlisted token transfer as the operator sees it. */
export function unlistedView(r: ListedRow) {
  return {
    id: r.id,
    network: apiName(r.network),
    address: r.address,
    derivationPath: `${DERIVATION[r.network as NetworkEnvName].path}/0/${r.derivation_index}`,
    contract: r.contract,
    // Atomic units: the token's decimals are not known to the gateway.
    amount: r.amount,
    transactionHash: r.tx_hash,
    outputIndex: r.output_index,
    blockHeight: r.block_height,
    status: r.status,
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
    ownerType: r.purpose,
    ownerId: r.owner_id,
    moveTo: r.move_to,
    moveTransactionHash: r.move_tx,
    note: r.note,
    firstSeenAt: r.first_seen_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

function listed(db: Executor) {
  return db
    .selectFrom('unlisted_token_transfers as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .innerJoin('addresses as a', (j) => j.onRef('a.network', '=', 'u.network').onRef('a.address', '=', 'u.address'))
    .selectAll('u')
    .select(['t.name as tenant_name', 'a.derivation_index']);
}

/** Tokens outside the catalogue that reached our addresses, newest first, of every tenant or one. */
export function listUnlisted(db: Executor, q: { page: number; limit: number; status?: UnlistedTokenStatus; tenantId?: string }) {
  let base = db.selectFrom('unlisted_token_transfers as u');
  if (q.status) base = base.where('u.status', '=', q.status);
  if (q.tenantId) base = base.where('u.tenant_id', '=', q.tenantId);
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) => {
      // The page's ids along the index of the order alone (it carries the filters' columns), then just their rows with their tenants and addresses.
      const ids = base.select('u.id').orderBy('u.first_seen_at', 'desc').orderBy('u.id', 'desc').limit(limit).offset(offset);
      return listed(db).where('u.id', '=', pageKeys<string>(ids)).orderBy('u.first_seen_at', 'desc').orderBy('u.id', 'desc').execute();
    },
    unlistedView,
  );
}

async function load(trx: Executor, id: string): Promise<UnlistedTransfer> {
  const row = await trx.selectFrom('unlisted_token_transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('exceptions.unlistedToken.notFound');
  return row;
}

/** What the operator may do with one: have the gateway move it, record a move made by hand, dismiss it, or hold it again. */
export type UnlistedAction =
  | { kind: 'move'; to?: string }
  | { kind: 'moved'; transactionHash: string }
  | { kind: 'dismiss'; reason?: string }
  | { kind: 'hold' };

const TARGET: Record<UnlistedAction['kind'], UnlistedTokenStatus> = { move: 'moving', moved: 'moved', dismiss: 'dismissed', hold: 'held' };

/**
 * The operator's action on one unlisted token, audited in the same transaction. A move to an
 * address names one of the token's network (else 400); without one it goes to the hot wallet.
 * `movable` says whether a worker here can sign for the address (a sweep key, or the sandbox);
 * where none can, the operator moves it by hand and records the move (`moved`).
 */
export async function actOnUnlisted(
  db: Db,
  id: string,
  action: UnlistedAction,
  by: Pick<AuditEntry, 'actor' | 'ip'>,
  movable: (network: NetworkEnvName) => boolean,
) {
  return db.transaction().execute(async (trx) => {
    const row = await load(trx, id);
    const network = row.network as NetworkEnvName;
    if (action.kind === 'move') {
      if (action.to !== undefined && !isValidAddress(network, action.to))
        throw new AppError('exceptions.unlistedToken.invalidDestination', { network: apiName(network) });
      if (!movable(network)) throw new AppError('exceptions.unlistedToken.notMovable', { network: apiName(network) });
    }
    const set =
      action.kind === 'move'
        ? { move_to: action.to ?? null, note: null }
        : action.kind === 'moved'
          ? { move_tx: action.transactionHash, note: 'moved by hand' }
          : action.kind === 'dismiss'
            ? { note: action.reason ?? null }
            : { note: null };
    const moved = await moveStatus(trx, unlistedTokenMachine, 'unlisted_token_transfers', row, TARGET[action.kind], {
      set,
      refusal: 'exceptions.unlistedToken.wrongStatus',
    });
    await audit(trx, {
      ...by,
      tenantId: row.tenant_id,
      action: `unlistedToken.${action.kind}`,
      targetType: 'unlistedToken',
      targetId: id,
      detail: { ...action },
    });
    const view = await listed(trx).where('u.id', '=', moved.id).executeTakeFirstOrThrow();
    return unlistedView(view);
  });
}

/** The requests to move tokens, as sweepers serve them: moving rows grouped by address, token and destination. */
export function unlistedMoves(db: Db): UnlistedMoves {
  return {
    async due(network) {
      const rows = await db
        .selectFrom('unlisted_token_transfers')
        .select(['address', 'contract', 'move_to', sql<string[]>`array_agg(id::text)`.as('ids')])
        .where('network', '=', network)
        .where('status', '=', 'moving')
        .groupBy(['address', 'contract', 'move_to'])
        .limit(20)
        .execute();
      return rows.map((r): UnlistedMove => ({ ids: r.ids, address: r.address, contract: r.contract, to: r.move_to }));
    },
    async moved(trx, ids, txHash) {
      for (const id of ids) await finish(trx, id, 'moved', { move_tx: txHash });
    },
    async refused(ids, why) {
      await db.transaction().execute(async (trx) => {
        for (const id of ids) await finish(trx, id, 'held', { note: why });
      });
    },
  };
}

/** A moving row's end; one no longer moving (another worker finished it) is left as it is. */
async function finish(trx: Trx, id: string, to: UnlistedTokenStatus, set: { move_tx?: string; note?: string }): Promise<void> {
  const row = await load(trx, id);
  if (row.status !== 'moving') return;
  await moveStatus(trx, unlistedTokenMachine, 'unlisted_token_transfers', row, to, { set });
}

/**
 * A sandbox network's moves: no key signs there, so the requested move is made at once, with a
 * transaction hash derived from the request (the same request always gives the same hash).
 */
export async function moveSandboxUnlisted(db: Db, network: NetworkEnvName): Promise<number> {
  const moves = unlistedMoves(db);
  const due = await moves.due(network);
  for (const m of due) {
    const hash = createHash('sha256')
      .update(`${network}:unlisted-move:${m.ids.join(',')}`)
      .digest('hex');
    await db.transaction().execute((trx) => moves.moved(trx, m.ids, network === 'TRON' || network === 'BTC' ? hash : `0x${hash}`));
  }
  return due.length;
}
