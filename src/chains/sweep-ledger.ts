import type { NetworkEnvName } from '../config.ts';
import type { Trx } from '../lib/db/index.ts';
import type { CryptoCode } from '../lib/currencies/catalogue.ts';
import type { Amount } from '../lib/money.ts';

/** What a sweep paid its network (gas or fee), in the atomic units of that network's coin. */
export interface SweepCost {
  /** The entry's cause: `sweep.gas` (EVM) or `sweep.fee` (Bitcoin; Tron: TRX burned for bandwidth, energy and account creation). */
  kind: 'sweep.gas' | 'sweep.fee';
  /** The transaction that paid it; with `kind`, unique, so booking it twice books it once. */
  ref: string;
  network: NetworkEnvName;
  /** In the network's own coin. */
  amount: Amount<CryptoCode>;
}

/**
 * Books a sweep's cost inside the caller's transaction. Sweepers post through this instead of the
 * ledger module (chains import only lib); the worker passes the ledger's `bookSweepCost`.
 */
export type SweepLedger = (trx: Trx, cost: SweepCost) => Promise<unknown>;

/** A token outside the catalogue the operator asked moved out of one of our addresses. */
export interface UnlistedMove {
  ids: string[];
  address: string;
  contract: string;
  /** The destination the operator named; null: the network's hot wallet. */
  to: string | null;
}

/**
 * The operator's requests to move unlisted tokens, as a sweeper serves them (chains import only lib:
 * the worker passes the payments module's implementation).
 */
export interface UnlistedMoves {
  /** Requests of one network, grouped by address, token and destination. */
  due(network: NetworkEnvName): Promise<UnlistedMove[]>;
  /** The move's transaction is mined and succeeded: the requests are done, in the caller's transaction. */
  moved(trx: Trx, ids: string[], txHash: string): Promise<void>;
  /** The move could not be made (nothing left at the address, or the token refused): back to held, with why. */
  refused(ids: string[], why: string): Promise<void>;
}
