import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Hex } from 'viem';
import { now, type Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { x402Machine } from './status.ts';
import type { X402Settings } from '../../config.ts';
import type { X402Chain } from './chain.ts';
import { parsePayment } from './parse.ts';
import { Invalid, type SettleResult, type VerifyResult, type X402Reason } from './reasons.ts';
import { settlementRecord, type SettlementRow } from './record.ts';
import { checkChain, checkPermit2, checkSignature } from './verify.ts';
import { eip3009Settleable, permit2Settleable, type Settleable } from './settleable.ts';

export { TRANSFER_TYPES } from './parse.ts';
export type { SettleResult, VerifyResult, X402Reason } from './reasons.ts';
export { settlementRecord, type SettlementRow } from './record.ts';

/**
 * The x402 v2 facilitator for scheme `exact` on one EVM network, EIP-3009 assets. Checks run from
 * the cheapest to the dearest: shape and requirements, then the signature (recovered locally for
 * plain keys; smart-wallet signatures through the chain, ERC-1271/6492), then one batched read of
 * the authorization state and the payer's balance.
 */
export class X402Facilitator {
  /** EOA signatures already recovered to their payer (bounded, oldest dropped first). */
  private readonly recovered = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly chain: X402Chain | undefined,
    private readonly limits: Pick<X402Settings, 'receiptTimeoutMs' | 'gasCeiling' | 'feePayerReserveWei' | 'gasBudgetWei' | 'tenantGasBudgetWei'> = {
      receiptTimeoutMs: 15_000,
      gasCeiling: 200_000n,
      feePayerReserveWei: 0n,
      gasBudgetWei: null,
      tenantGasBudgetWei: null,
    },
  ) {}

  private get receiptTimeoutMs(): number {
    return this.limits.receiptTimeoutMs;
  }

  /** Wei of gas spent by settlements in the last 24 h, of one tenant or of all. */
  private async gasSpent(tenantId?: string): Promise<bigint> {
    let q = this.db.selectFrom('x402_settlements').select(sql<string>`coalesce(sum(gas_cost), 0)`.as('s')).where('created_at', '>', sql<Date>`now() - interval '24 hours'`);
    if (tenantId) q = q.where('tenant_id', '=', tenantId);
    return BigInt((await q.executeTakeFirstOrThrow()).s);
  }

  /**
   * The operator's limits, checked before anything is written or sent: the fee payer's reserve,
   * the daily gas budgets (all tenants, this tenant), and the gas ceiling on this settlement's
   * estimate. Returns the estimate to send the transaction with.
   */
  private async spendingCheck(tenantId: string, s: Settleable): Promise<bigint> {
    const { publicClient, feePayer } = this.chain!;
    const [balance, gas] = await Promise.all([
      publicClient.getBalance({ address: feePayer! }),
      publicClient.estimateContractGas({ ...s.call, account: feePayer! }),
    ]);
    if (balance < this.limits.feePayerReserveWei) throw new Invalid('fee_payer_reserve_low', 'the fee payer is below its reserve', s.key.payer);
    if (this.limits.gasBudgetWei !== null && (await this.gasSpent()) >= this.limits.gasBudgetWei) {
      throw new Invalid('gas_budget_exhausted', 'the daily gas budget of this facilitator is spent', s.key.payer);
    }
    if (this.limits.tenantGasBudgetWei !== null && (await this.gasSpent(tenantId)) >= this.limits.tenantGasBudgetWei) {
      throw new Invalid('tenant_gas_budget_exhausted', 'the daily gas budget of this merchant is spent', s.key.payer);
    }
    if (gas > this.limits.gasCeiling) throw new Invalid('gas_ceiling_exceeded', `the settlement needs ${gas} gas, above the ceiling`, s.key.payer);
    return gas;
  }

  get network(): string | undefined {
    return this.chain?.network;
  }

  supported(): { kinds: Array<{ x402Version: number; scheme: string; network: string; extra?: Record<string, unknown> }>; extensions: string[]; signers: Record<string, string[]> } {
    const kinds = this.chain
      ? [{ x402Version: 2, scheme: 'exact', network: this.chain.network, extra: { assets: [...this.chain.assets.values()].map((a) => ({ address: a.address, name: a.name, version: a.version })) } }]
      : [];
    return { kinds, extensions: [], signers: this.chain?.feePayer ? { 'eip155:*': [this.chain.feePayer] } : {} };
  }

  private async existing(key: Settleable['key']): Promise<SettlementRow | undefined> {
    return this.db
      .selectFrom('x402_settlements')
      .selectAll()
      .where('network', '=', this.chain!.network)
      .where('asset', '=', key.asset.toLowerCase())
      .where('payer', '=', key.payer.toLowerCase())
      .where('nonce', '=', key.nonce)
      .executeTakeFirst();
  }

  async verify(body: unknown): Promise<VerifyResult> {
    try {
      const parsed = parsePayment(this.chain, body);
      if (parsed.kind === 'permit2') {
        await checkPermit2(this.chain!, parsed.permit);
        return { isValid: true, payer: parsed.permit.from };
      }
      const p = parsed.payment;
      await checkSignature(this.chain!, this.recovered, p);
      const known = await this.existing(eip3009Settleable(p).key);
      if (known && known.status !== 'failed') throw new Invalid('authorization_already_used', 'this authorization was already settled', p.auth.from);
      await checkChain(this.chain!, p);
      return { isValid: true, payer: p.auth.from };
    } catch (err) {
      if (err instanceof Invalid) return { isValid: false, invalidReason: err.reason, invalidMessage: err.message, ...(err.payer ? { payer: err.payer } : {}) };
      return { isValid: false, invalidReason: 'unexpected_verify_error', invalidMessage: (err as Error).message };
    }
  }

  /**
   * Verifies, then broadcasts transferWithAuthorization once per (network, asset, payer, nonce):
   * the row claiming that key is written before broadcasting, so a concurrent or repeated settle
   * of the same payload gets the original transaction instead of a second one.
   */
  async settle(tenantId: string, body: unknown): Promise<SettleResult> {
    const network = this.chain?.network ?? '';
    let settleable: Settleable;
    let check: () => Promise<void>;
    try {
      const parsed = parsePayment(this.chain, body);
      if (parsed.kind === 'permit2') {
        settleable = permit2Settleable(parsed.permit);
        check = () => checkPermit2(this.chain!, parsed.permit);
      } else {
        const p = parsed.payment;
        settleable = eip3009Settleable(p);
        check = async () => {
          await checkSignature(this.chain!, this.recovered, p);
          await checkChain(this.chain!, p);
        };
      }
    } catch (err) {
      if (err instanceof Invalid) return { success: false, errorReason: err.reason, errorMessage: err.message, transaction: '', network, ...(err.payer ? { payer: err.payer } : {}) };
      return { success: false, errorReason: 'unexpected_settle_error', errorMessage: (err as Error).message, transaction: '', network };
    }
    const s = settleable;
    const base = { payer: s.key.payer, network, amount: s.amount.toString() };
    const replay = await this.existing(s.key);
    if (replay) return this.answer(replay, base);
    try {
      await check();
    } catch (err) {
      if (err instanceof Invalid) return { success: false, errorReason: err.reason, errorMessage: err.message, transaction: '', ...base };
      return { success: false, errorReason: 'unexpected_settle_error', errorMessage: (err as Error).message, transaction: '', ...base };
    }
    const wallet = this.chain!.walletClient;
    if (!wallet) return { success: false, errorReason: 'settlement_disabled', errorMessage: 'no fee payer is configured', transaction: '', ...base };
    let gas: bigint;
    try {
      gas = await this.spendingCheck(tenantId, s);
    } catch (err) {
      if (err instanceof Invalid) return { success: false, errorReason: err.reason, errorMessage: err.message, transaction: '', ...base };
      // The estimate reverted: the chain refuses this transfer as it stands.
      return { success: false, errorReason: 'invalid_transaction_state', errorMessage: (err as Error).message.split('\n')[0], transaction: '', ...base };
    }

    return this.claimAndSend(tenantId, s, gas, base);
  }

  /**
   * Claims the payment's key with the `submitted` row, then sends: a settle that finds the key
   * claimed waits for the claimant's transaction instead of sending a second one.
   */
  private async claimAndSend(tenantId: string, s: Settleable, gas: bigint, base: { payer: string; network: string; amount: string }): Promise<SettleResult> {
    const wallet = this.chain!.walletClient!;
    const claimed = await this.db
      .insertInto('x402_settlements')
      .values({
        id: randomUUID(),
        tenant_id: tenantId,
        network: base.network,
        asset: s.key.asset.toLowerCase(),
        payer: s.key.payer.toLowerCase(),
        pay_to: s.payTo.toLowerCase(),
        nonce: s.key.nonce,
        amount: s.amount,
        status: 'submitted',
      })
      .onConflict((oc) => oc.columns(['network', 'asset', 'payer', 'nonce']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return this.answer(await this.awaitTransaction(s.key), base);

    let hash: Hex;
    try {
      hash = await wallet.writeContract({ ...s.call, account: wallet.account!, chain: wallet.chain, gas });
    } catch (err) {
      // Refused before reaching the chain (simulation revert, node down): nothing was sent.
      const row = await this.finish(claimed, 'failed', 'invalid_transaction_state');
      return { ...this.answer(row, base), errorMessage: (err as Error).message.split('\n')[0] };
    }
    const sent = await this.db.updateTable('x402_settlements').set({ transaction: hash, updated_at: now() }).where('id', '=', claimed.id).returningAll().executeTakeFirstOrThrow();
    try {
      const receipt = await this.chain!.publicClient.waitForTransactionReceipt({ hash, timeout: this.receiptTimeoutMs });
      return this.answer(await this.finish(sent, receipt.status === 'success' ? 'confirmed' : 'failed', receipt.status === 'success' ? null : 'invalid_transaction_state', receipt.gasUsed * receipt.effectiveGasPrice), base);
    } catch {
      return this.answer(sent, base); // submitted: settlement_pending with the hash; the worker finishes it
    }
  }

  /** A concurrent settle owns the key: wait (bounded) for its transaction. */
  private async awaitTransaction(key: Settleable['key']): Promise<SettlementRow> {
    const deadline = Date.now() + this.receiptTimeoutMs;
    for (;;) {
      const row = (await this.existing(key))!;
      if (row.status !== 'submitted' || Date.now() > deadline) return row;
      if (row.transaction) {
        try {
          await this.chain!.publicClient.waitForTransactionReceipt({ hash: row.transaction as Hex, timeout: Math.max(100, deadline - Date.now()) });
        } catch {
          /* still pending */
        }
        const latest = (await this.existing(key))!;
        return latest.status === 'submitted' ? row : latest;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private answer(row: SettlementRow, base: { payer: string; network: string; amount: string }): SettleResult {
    if (row.status === 'confirmed') return { success: true, transaction: row.transaction, ...base };
    if (row.status === 'failed') return { success: false, errorReason: (row.error_reason as X402Reason) ?? 'invalid_transaction_state', transaction: row.transaction, ...base };
    return { success: false, errorReason: 'settlement_pending', transaction: row.transaction, ...base };
  }

  /**
   * Final state of a settlement, with its x402.payment.* event, once: the caller that loses the race
   * (another instance's confirmation job, a second settle call) gets the row as the winner left it.
   */
  private async finish(row: SettlementRow, status: 'confirmed' | 'failed', reason: X402Reason | null, gasCost: bigint | null = null): Promise<SettlementRow> {
    return this.db.transaction().execute(async (trx) => {
      try {
        return await moveStatus(trx, x402Machine, 'x402_settlements', row, status, {
          set: { error_reason: reason, gas_cost: gasCost, ...(status === 'confirmed' ? { confirmed_at: now() } : {}) },
          event: (updated) => ({
            tenantId: updated.tenant_id,
            type: status === 'confirmed' ? 'x402.payment.settled' : 'x402.payment.failed',
            aggregateType: 'x402',
            aggregateId: updated.id,
            payload: settlementRecord(updated),
          }),
        });
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'exceptions.status.conflict')) throw err;
        return trx.selectFrom('x402_settlements').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      }
    });
  }

  /** Worker: submitted settlements whose receipt has arrived become confirmed or failed. */
  async confirmPending(): Promise<number> {
    if (!this.chain) return 0;
    const pending = await this.db
      .selectFrom('x402_settlements')
      .selectAll()
      .where('status', '=', 'submitted')
      .where('network', '=', this.chain.network)
      .where('transaction', '!=', '')
      .orderBy('created_at')
      .limit(100)
      .execute();
    let done = 0;
    for (const row of pending) {
      const receipt = await this.chain.publicClient.getTransactionReceipt({ hash: row.transaction as Hex }).catch(() => null);
      if (!receipt) continue;
      await this.finish(row, receipt.status === 'success' ? 'confirmed' : 'failed', receipt.status === 'success' ? null : 'invalid_transaction_state', receipt.gasUsed * receipt.effectiveGasPrice);
      done++;
    }
    return done;
  }
}

