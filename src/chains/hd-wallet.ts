import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { sql } from 'kysely';
import type { Config, NetworkEnvName } from '../config.ts';
import type { CurrencyDef } from '../lib/currencies/catalogue.ts';
import type { Executor } from '../lib/db/index.ts';
import { deriveAddress, parseExtendedPublicKey, type AddressFormat } from './addresses.ts';
import { offThread as runOffThread } from './offload.ts';

/** Account-level derivation path and address format of each network. */
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
  /** The QR code of the address's payment URI, when `reserve` was asked for it. */
  qrCode?: string;
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
    currency_code: owner.currencyCode,
  };
}

/**
 * The counter an index is taken from. The EVM networks derive the same address from the same key
 * and index, and operators give them the same account key (BIP44 coin 60): one counter for the
 * three makes an address belong to one owner on all of them, so a payment sent on the wrong EVM
 * network can never reach another owner's (or tenant's) object.
 */
export function counterOf(network: NetworkEnvName): string {
  return network === 'ETHEREUM' || network === 'BNB' || network === 'BASE' ? 'EVM' : network;
}

/** What an address is handed out for. */
export interface AddressOwner {
  purpose: 'invoice' | 'deposit';
  ownerId: string;
  tenantId: string;
  /** The currency the address is for: a payment in any other asset does not count toward its owner. */
  currencyCode: string;
}

/**
 * How many indexes `reserve` takes from the counter row at once. Each is handed out by this process
 * only, so the shared row is written once per block instead of once per address (it was a hot row:
 * every create of the network queued on its lock until the writer's commit was flushed). What a
 * stopping process has not handed out stays unused: a gap of at most this many, no larger than the
 * usual wallet gap limit; unpaid deposits leave such gaps anyway.
 */
export const RESERVE_BLOCK = 20;

/** Indexes taken from the database for this process and not yet handed out: `next` up to `end`. */
interface IndexBlock {
  hdAccountId: number;
  next: number;
  end: number;
}

/**
 * Hands out receive addresses: child `/0/i` of each network's account key. Indexes are taken by
 * an upsert on the network's hd_accounts row, so no index (and no address) is ever handed out
 * twice, by any instance. Taken inside the caller's transaction (`allocate`) the row stays locked
 * until commit and a rollback gives the index back; taken before it (`reserve`, then `record`)
 * they come RESERVE_BLOCK at a time, the row locked for that one statement, so concurrent creates
 * do not queue behind each other's transactions.
 *
 * A network with NET_XPUB uses that key. Otherwise (sandbox) the installation gets its own key on
 * first use: a random seed whose account key is kept and whose secret is thrown away, so sandbox
 * addresses look exactly like real ones and nobody can spend from them.
 */
export class AddressAllocator {
  private readonly keys = new Map<NetworkEnvName, { xpub: string; key: HDKey; sandbox: boolean }>();
  /** This instance's indexes not yet handed out, per network (see RESERVE_BLOCK). */
  private readonly blocks = new Map<NetworkEnvName, IndexBlock>();
  /** A block being taken, per network: creates that find theirs used up wait for it together. */
  private readonly refills = new Map<NetworkEnvName, Promise<void>>();

  constructor(private readonly config: Config) {}

  async allocate(trx: Executor, network: NetworkEnvName, owner: AddressOwner): Promise<AllocatedAddress> {
    const account = await this.accountKey(trx, network);
    const row = await this.takeIndexes(trx, network, account, 1);
    // The counter row stays locked until the caller commits: derive right here, not queued behind
    // the helper thread's other work, so the lock is held no longer than it must.
    const format = DERIVATION[network].format;
    const reserved = { network, address: deriveAddress(account.key, row.first, format), index: row.first, hdAccountId: row.id };
    return this.record(trx, reserved, owner);
  }

  /**
   * Takes the next index and derives its address, outside any transaction (the fast path for busy
   * creates): the index comes from this process's block (RESERVE_BLOCK), and the derivation runs
   * on the helper thread (chains/offload.ts). An index whose create then fails stays unused, which
   * costs nothing (deposits are found by their stored addresses, not by scanning for a gap limit).
   * With `qrFor` the helper thread also draws the QR code of the address's payment URI in that
   * currency, in the same trip.
   */
  async reserve(db: Executor, network: NetworkEnvName, qrFor: CurrencyDef): Promise<ReservedAddress & { qrCode: string }>;
  async reserve(db: Executor, network: NetworkEnvName): Promise<ReservedAddress>;
  async reserve(db: Executor, network: NetworkEnvName, qrFor?: CurrencyDef): Promise<ReservedAddress> {
    const account = await this.accountKey(db, network);
    let block = this.blocks.get(network);
    while (!block || block.next >= block.end) {
      let refill = this.refills.get(network);
      if (!refill) {
        refill = this.takeIndexes(db, network, account, RESERVE_BLOCK)
          .then((row) => void this.blocks.set(network, { hdAccountId: row.id, next: row.first, end: row.first + RESERVE_BLOCK }))
          .finally(() => this.refills.delete(network));
        this.refills.set(network, refill);
      }
      await refill;
      block = this.blocks.get(network);
    }
    const index = block.next++;
    const format = DERIVATION[network].format;
    if (qrFor) {
      const { address, qrCode } = await runOffThread('deriveWithQr', account.xpub, index, format, qrFor.code);
      return { network, address, index, hdAccountId: block.hdAccountId, qrCode };
    }
    const address = await runOffThread('derive', account.xpub, index, format);
    return { network, address, index, hdAccountId: block.hdAccountId };
  }

  /** Advances the network's counter row by `count`: the first of the indexes taken, and the row. */
  private async takeIndexes(db: Executor, network: NetworkEnvName, account: { xpub: string; sandbox: boolean }, count: number) {
    const row = await db
      .insertInto('hd_accounts')
      .values({ network: counterOf(network), xpub: account.xpub, sandbox: account.sandbox, next_index: count })
      .onConflict((oc) => oc.columns(['network', 'xpub']).doUpdateSet({ next_index: sql`hd_accounts.next_index + ${count}` }))
      .returning(['id', sql<number>`next_index - ${count}`.as('first')])
      .executeTakeFirstOrThrow();
    return { id: row.id, first: Number(row.first) };
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
  // Read first: a new key costs four point multiplications (a master key and three hardened
  // levels), and every instance but the installation's first finds the key already there.
  const known = await db.selectFrom('system_settings').select('value').where('key', '=', name).executeTakeFirst();
  if (known) return known.value;
  const fresh = HDKey.fromMasterSeed(randomBytes(32)).derive(DERIVATION[network].path).publicExtendedKey;
  await db
    .insertInto('system_settings')
    .values({ key: name, value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('system_settings').select('value').where('key', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
