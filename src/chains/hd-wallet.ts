import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { sql } from 'kysely';
import type { Config, NetworkEnvName } from '../config.ts';
import type { Executor } from '../lib/db/index.ts';
import { deriveAddress, parseExtendedPublicKey, type AddressFormat } from './addresses.ts';
import { offThread as runOffThread } from './offload.ts';

/** Account-level derivation path and address format of each network (CONTRACT §2). */
export const DERIVATION: Record<NetworkEnvName, { path: string; format: AddressFormat }> = {
  BTC: { path: "m/84'/0'/0'", format: 'btc-p2wpkh' },
  ETHEREUM: { path: "m/44'/60'/0'", format: 'evm' },
  BNB: { path: "m/44'/60'/0'", format: 'evm' },
  BASE: { path: "m/44'/60'/0'", format: 'evm' },
  TRON: { path: "m/44'/195'/0'", format: 'tron' },
};

/** An address handed out for one object. */
export interface AllocatedAddress {
  network: NetworkEnvName;
  address: string;
  index: number;
}

/** An index taken and its address derived, not yet handed to an owner. */
export interface ReservedAddress extends AllocatedAddress {
  hdAccountId: number;
}

/** The `addresses` row that hands a reserved address to its owner. */
export function addressRow(reserved: ReservedAddress, owner: AddressOwner) {
  return {
    network: reserved.network,
    address: reserved.address,
    hd_account_id: reserved.hdAccountId,
    derivation_index: reserved.index,
    purpose: owner.purpose,
    owner_id: owner.ownerId,
    tenant_id: owner.tenantId,
  };
}

/** What an address is handed out for. */
export interface AddressOwner {
  purpose: 'invoice' | 'deposit';
  ownerId: string;
  tenantId: string;
}

/**
 * Hands out receive addresses: child `/0/i` of each network's account key. The index is taken by
 * an upsert on the network's hd_accounts row, so no index (and no address) is ever handed out
 * twice, by any instance. Taken inside the caller's transaction (`allocate`) the row stays locked
 * until commit and a rollback gives the index back; taken before it (`reserve`, then `record`) the
 * lock lasts one statement, so concurrent creates do not queue behind each other's transactions.
 *
 * A network with NET_XPUB uses that key. Otherwise (sandbox) the installation gets its own key on
 * first use: a random seed whose account key is kept and whose secret is thrown away, so sandbox
 * addresses look exactly like real ones and nobody can spend from them.
 */
export class AddressAllocator {
  private readonly keys = new Map<NetworkEnvName, { xpub: string; key: HDKey; sandbox: boolean }>();

  constructor(private readonly config: Config) {}

  async allocate(trx: Executor, network: NetworkEnvName, owner: AddressOwner): Promise<AllocatedAddress> {
    // The counter row stays locked until the caller commits: derive right here, not queued behind
    // the helper thread's other work, so the lock is held no longer than it must.
    return this.record(trx, await this.take(trx, network, false), owner);
  }

  /**
   * Takes the next index and derives its address. Outside a transaction (the fast path for busy
   * creates) the counter row is locked for that one statement only, and the derivation runs with
   * no lock held, on the helper thread (chains/offload.ts); an index whose create then fails stays unused, which costs nothing (deposits are
   * found by their stored addresses, not by scanning for a gap limit).
   */
  reserve(db: Executor, network: NetworkEnvName): Promise<ReservedAddress> {
    return this.take(db, network, true);
  }

  /** Takes the next index, then derives its address here or (`offThread`) on the helper thread. */
  private async take(db: Executor, network: NetworkEnvName, offThread: boolean): Promise<ReservedAddress> {
    const account = await this.accountKey(db, network);
    const row = await db
      .insertInto('hd_accounts')
      .values({ network, xpub: account.xpub, sandbox: account.sandbox, next_index: 1 })
      .onConflict((oc) => oc.columns(['network', 'xpub']).doUpdateSet({ next_index: sql`hd_accounts.next_index + 1` }))
      .returning(['id', sql<number>`next_index - 1`.as('index')])
      .executeTakeFirstOrThrow();
    const index = Number(row.index);
    // A point multiplication, the costliest step of a create: off the event loop when no lock waits on it.
    const format = DERIVATION[network].format;
    const address = offThread ? await runOffThread('derive', account.xpub, index, format) : deriveAddress(account.key, index, format);
    return { network, address, index, hdAccountId: row.id };
  }

  /** Hands a reserved address to its owner (in the owner's transaction). */
  async record(trx: Executor, reserved: ReservedAddress, owner: AddressOwner): Promise<AllocatedAddress> {
    await trx.insertInto('addresses').values(addressRow(reserved, owner)).execute();
    return { network: reserved.network, address: reserved.address, index: reserved.index };
  }

  /** The network's account key: configured, or this installation's sandbox key. */
  async accountKey(db: Executor, network: NetworkEnvName): Promise<{ xpub: string; key: HDKey; sandbox: boolean }> {
    const known = this.keys.get(network);
    if (known) return known;
    const sandbox = this.config.mode === 'sandbox';
    const configured = this.config.chains[network].xpub;
    // Never a throw-away key for real money: live configuration refuses a network without its xpub.
    if (!sandbox && !configured) throw new Error(`${network}_XPUB is not configured`);
    const xpub = configured ?? (await sandboxXpub(db, network));
    const resolved = { xpub, key: parseExtendedPublicKey(xpub), sandbox };
    this.keys.set(network, resolved);
    return resolved;
  }
}

async function sandboxXpub(db: Executor, network: NetworkEnvName): Promise<string> {
  const name = `sandbox_xpub:${network}`;
  const fresh = HDKey.fromMasterSeed(randomBytes(32)).derive(DERIVATION[network].path).publicExtendedKey;
  await db
    .insertInto('system_settings')
    .values({ key: name, value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('system_settings').select('value').where('key', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
