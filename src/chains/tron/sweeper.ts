import type { HDKey } from '@scure/bip32';
import { hex } from '@scure/base';
import { now, type Db } from '../../lib/db/index.ts';
import { cryptoAmount, type CryptoCode } from '../../lib/currencies/catalogue.ts';
import type { SweepLedger } from '../sweep-ledger.ts';
import { SweepStore, type StoredSweepTx } from '../sweep-store.ts';
import type { SweepTxPurpose } from '../../lib/db/schema.ts';
import { tronBalance, type TronCall } from './balances.ts';
import { PPM, dueSweeps, hotStake, lentTo, txInfo, worthIt } from './sweep-reads.ts';
import { TRC20_FEE_LIMIT } from './resources.ts';
import {
  TRC20_ENERGY_TO_HOLDER,
  TRC20_ENERGY_TO_NEW_HOLDER,
  bandwidthCost,
  bandwidthOf,
  planTokenSweep,
  tronPrices,
  tronResources,
  type TronPrices,
} from './sweep-plan.ts';
import { TronTxBuilder, signBuilt, tronAddressOfKey, type BuiltTronTx } from './sweep-tx.ts';
import type { TronGridChain } from './trongrid-chain.ts';
import { privateKeyOf } from '../addresses.ts';

/** What one round did. */
export interface TronSweepResult {
  /** Transactions signed (and stored, then broadcast) this round, by purpose. */
  signed: Partial<Record<SweepTxPurpose, number>>;
  /** Stored transactions sent again: signed before a crash, or dropped by the node. */
  rebroadcast: number;
  /** Stored transactions settled: in an irreversible block (confirmed or failed) or expired. */
  settled: number;
  /** Deposit groups waiting because sweeping them now would cost more than the set share of their value. */
  waiting: number;
  errors: string[];
}

/**
 * Moves confirmed Tron deposits into the hot wallet. TRX: the balance less the bandwidth it burns
 * (none while the address's free bandwidth covers it). TRC-20: the energy the transfer needs is lent
 * from the hot wallet's Stake 2.0 stake when it can (delegateresource, reclaimed once the sweep is
 * irreversible) or else bought by topping the address up with exactly the TRX burning it costs;
 * leftover TRX worth moving follows. Every transaction is stored before it is broadcast
 * (`SweepStore`) and the next step is signed only once the stored one is settled; TRX burned is
 * booked against network fees, and a sweep dearer than `maxCostShare` (millionths) of its value waits.
 */
export class TronSweeper {
  private readonly store: SweepStore;
  private readonly build: TronTxBuilder;
  private readonly call: TronCall;
  private readonly hotKey: Uint8Array;
  /** Stake lent by delegations signed this round, not yet seen by the node. */
  private lending = 0n;
  readonly hotWallet: string;

  constructor(
    private readonly db: Db,
    private readonly chain: TronGridChain,
    private readonly account: HDKey,
    hotWalletKey: string,
    private readonly ledger: SweepLedger,
    private readonly maxCostShare: bigint,
  ) {
    this.store = new SweepStore(db, 'TRON');
    this.call = (path, body) => chain.call(path, body);
    this.build = new TronTxBuilder(this.call);
    this.hotKey = hex.decode(hotWalletKey.replace(/^0x/, ''));
    this.hotWallet = tronAddressOfKey(this.hotKey);
  }

  async round(): Promise<TronSweepResult> {
    const result: TronSweepResult = { signed: {}, rebroadcast: 0, settled: 0, waiting: 0, errors: [] };
    this.lending = 0n;
    const attempt = async (what: string, fn: () => Promise<unknown>) => {
      try {
        await fn();
      } catch (err) {
        result.errors.push(`${what}: ${(err as Error).message}`);
      }
    };
    for (const tx of await this.store.open()) await attempt(`${tx.purpose} ${tx.txHash}`, () => this.settleOpen(tx, result));
    const open = new Set((await this.store.open()).map((t) => t.address));
    for (const tx of await this.store.unfollowed()) {
      if (!open.has(tx.address)) await attempt(`follow-up of ${tx.txHash}`, () => this.followUp(tx, result));
    }
    await this.sweepDue(result, attempt);
    return result;
  }

  /**
   * A stored transaction: settled once in an irreversible block or provably expired; sent again
   * while the node knows it nowhere (a crash between storing and broadcasting, or a dropped one).
   * The solidified head is read first, so the views read after it cover every block under it.
   */
  private async settleOpen(tx: StoredSweepTx, result: TronSweepResult): Promise<void> {
    const head = await this.call<{ block_header?: { raw_data: { timestamp: number } }; Error?: string }>('/walletsolidity/getnowblock', {});
    if (!head.block_header) throw new Error(`walletsolidity/getnowblock: ${head.Error ?? 'no block'}`);
    const solid = await txInfo(this.call, tx.txHash, 'walletsolidity');
    if (solid.blockNumber !== undefined) {
      const ok = solid.result !== 'FAILED' && (solid.receipt?.result === undefined || solid.receipt.result === 'SUCCESS');
      await this.settle(tx, ok ? 'confirmed' : 'failed', BigInt(solid.fee ?? 0));
      result.settled++;
      return;
    }
    if ((await txInfo(this.call, tx.txHash, 'wallet')).blockNumber !== undefined) return;
    const pending = await this.call<{ txID?: string }>('/wallet/gettransactionfrompending', { value: tx.txHash });
    if (pending.txID) return;
    if (head.block_header.raw_data.timestamp >= tx.expiresAtMs) {
      await this.settle(tx, 'expired', null);
      result.settled++;
      return;
    }
    await this.chain.broadcast({ txHash: tx.txHash, raw: tx.raw });
    result.rebroadcast++;
  }

  /** Settles a stored transaction; a confirmed sweep marks its payments swept, in the same transaction that books the TRX it burned. */
  private async settle(tx: StoredSweepTx, status: 'confirmed' | 'failed' | 'expired', fee: bigint | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.store.settle(trx, tx.txHash, status, fee))) return;
      if (status === 'confirmed' && tx.purpose === 'sweep' && tx.paymentIds.length > 0) {
        await trx
          .updateTable('payments')
          .set({ swept_at: now(), sweep_tx: tx.txHash })
          .where('id', 'in', tx.paymentIds)
          .where('swept_at', 'is', null)
          .execute();
      }
      if (fee) await this.ledger(trx, { kind: 'sweep.fee', ref: tx.txHash, network: 'TRON', amount: cryptoAmount('TRX', fee) });
    });
  }

  /** After a token sweep: the energy lent is taken back, then leftover TRX worth moving is swept. */
  private async followUp(tx: StoredSweepTx, result: TronSweepResult): Promise<void> {
    if (tx.currencyCode !== 'TRX') {
      const lent = await lentTo(this.call, this.hotWallet, tx.address);
      if (lent > 0n) {
        await this.send(
          { address: tx.address, purpose: 'undelegate', currencyCode: 'TRX' },
          await this.build.resource(this.hotWallet, tx.address, lent, true),
          this.hotKey,
          result,
        );
        return;
      }
      const key = await this.keyOf(tx.address);
      if (key && (await this.sweepTrx(tx.address, key, 'rest', [], result)) !== 'nothing') return;
    }
    await this.store.followedUp(tx.txHash);
  }

  /** The private key of one of our deposit addresses (child `/0/i` of the sweep key), or null if not derived from it. */
  private async keyOf(address: string, index?: number): Promise<Uint8Array | null> {
    const i =
      index ??
      (
        await this.db
          .selectFrom('addresses')
          .select('derivation_index')
          .where('network', '=', 'TRON')
          .where('address', '=', address)
          .executeTakeFirst()
      )?.derivation_index;
    if (i === undefined) return null;
    const key = privateKeyOf(this.account.deriveChild(0).deriveChild(i));
    return tronAddressOfKey(key) === address ? key : null;
  }

  /** Signs, stores, then broadcasts; the stored one is broadcast when another signer stored its step first. */
  private async send(
    step: { address: string; purpose: SweepTxPurpose; currencyCode: string; paymentIds?: string[] },
    built: BuiltTronTx,
    key: Uint8Array,
    result: TronSweepResult,
  ): Promise<void> {
    const signed = signBuilt(built, key);
    const stored = await this.store.store({ network: 'TRON', ...step, ...signed });
    result.signed[step.purpose] = (result.signed[step.purpose] ?? 0) + 1;
    await this.chain.broadcast({ txHash: stored.txHash, raw: stored.raw });
  }

  /**
   * All the TRX of `address` to the hot wallet, less its bandwidth (none when free bandwidth covers
   * it). The amount changes the transaction's size, so it is built again for the fee.
   */
  private async sweepTrx(
    address: string,
    key: Uint8Array,
    purpose: 'sweep' | 'rest',
    paymentIds: string[],
    result: TronSweepResult,
  ): Promise<'signed' | 'waiting' | 'nothing'> {
    const [a, prices] = [await tronResources(this.call, address), await tronPrices(this.call)];
    if (!a.exists || a.balance === 0n) return 'nothing';
    let built = await this.build.trx(address, this.hotWallet, a.balance);
    const fee = bandwidthCost(bandwidthOf(built.rawHex), a.freeBytes, prices);
    if (a.balance <= fee) return 'nothing';
    if (fee * PPM > this.maxCostShare * a.balance) return purpose === 'rest' ? 'nothing' : 'waiting';
    if (fee > 0n) built = await this.build.trx(address, this.hotWallet, a.balance - fee);
    await this.send({ address, purpose, currencyCode: 'TRX', paymentIds }, built, key, result);
    return 'signed';
  }

  private async sweepDue(result: TronSweepResult, attempt: (what: string, fn: () => Promise<unknown>) => Promise<void>): Promise<void> {
    const due = await dueSweeps(this.db);
    if (due.length === 0) return;
    const busy = await this.store.busy();
    const prices = await tronPrices(this.call);
    for (const row of due) {
      if (busy.has(row.address)) continue;
      busy.add(row.address); // one step per address and round
      const key = await this.keyOf(row.address, row.derivation_index);
      if (!key) continue; // not derived from this account key: not ours to move
      const code = row.currency_code as CryptoCode;
      await attempt(`sweep of ${row.address}`, async () => {
        const outcome = this.chain.contractOf(code)
          ? await this.sweepToken(row.address, code, key, row.ids, prices, result)
          : await this.sweepTrx(row.address, key, 'sweep', row.ids, result);
        if (outcome === 'waiting') result.waiting++;
      });
    }
  }

  /** The next step of a token sweep (`planTokenSweep`): the sweep itself, an energy delegation or a top-up. */
  private async sweepToken(
    address: string,
    code: CryptoCode,
    key: Uint8Array,
    ids: string[],
    prices: TronPrices,
    result: TronSweepResult,
  ): Promise<'signed' | 'waiting' | 'nothing'> {
    const contract = this.chain.contractOf(code);
    if (!contract) throw new Error(`TRON: ${code} is not a token here`);
    const units = await tronBalance(this.call, address, contract);
    if (units === 0n) return 'nothing';
    const sweep = await this.build.trc20(address, contract, this.hotWallet, units);
    const [a, hot] = [await tronResources(this.call, address), await tronResources(this.call, this.hotWallet)];
    const base = (await tronBalance(this.call, this.hotWallet, contract)) > 0n ? TRC20_ENERGY_TO_HOLDER : TRC20_ENERGY_TO_NEW_HOLDER;
    // Each failed attempt (OUT_OF_ENERGY) doubles the energy, up to what the fee limit can burn.
    const cap = prices.energyFee > 0n ? TRC20_FEE_LIMIT / prices.energyFee : base;
    const wanted = base << BigInt(await this.store.failedSweeps(address));
    const energy = wanted > cap ? cap : wanted;
    const stake = await hotStake(this.call, this.hotWallet, this.lending, await this.store.open());
    const plan = planTokenSweep(
      { ...a, totalEnergyLimit: hot.totalEnergyLimit, totalEnergyWeight: hot.totalEnergyWeight },
      { energy, bytes: bandwidthOf(sweep.rawHex) },
      prices,
      stake,
    );
    if (plan.step === 'wait') return 'nothing';
    if (plan.step === 'sweep') {
      await this.send({ address, purpose: 'sweep', currencyCode: code, paymentIds: ids }, sweep, key, result);
      return 'signed';
    }
    if (!(await worthIt(this.db, this.maxCostShare, plan.cost, units, code))) return 'waiting';
    if (plan.step === 'delegate') {
      this.lending += plan.stake;
      await this.send(
        { address, purpose: 'delegate', currencyCode: 'TRX' },
        await this.build.resource(this.hotWallet, address, plan.stake, false),
        this.hotKey,
        result,
      );
    } else {
      const needs = plan.amount + prices.activation; // at most its own fee: creating the account
      if (hot.balance < needs) throw new Error(`the hot wallet holds ${hot.balance} sun, a top-up of ${address} needs ${needs}`);
      await this.send(
        { address, purpose: 'topup', currencyCode: 'TRX' },
        await this.build.trx(this.hotWallet, address, plan.amount),
        this.hotKey,
        result,
      );
    }
    return 'signed';
  }
}
