import { randomUUID } from 'node:crypto';
import type { Signature } from '@solana/kit';
import { ExactSvmScheme } from '@x402/svm/exact/facilitator';
import type { Db } from '../../../lib/db/index.ts';
import { feePayerBalance, transactionFate, transactionFee, wireTransaction, type SettlingSvmChain } from '../../../chains/x402/svm.ts';
import { finishSettlement } from '../follow.ts';
import { Invalid, refusal, type SettleResult, type VerifyResult, type X402Reason } from '../reasons.ts';
import { settleAnswer, type SettlementRow } from '../record.ts';
import { followSvmSubmitted } from './follow.ts';
import { parseSvmPayment, type SvmPayment } from './parse.ts';
import { claimSettlement, conflicting, findIdentifier, identify, type Identified } from '../payment-id.ts';

export interface SvmLimits {
  /** How long a settle waits for its transaction to land before answering settlement_pending. */
  receiptTimeoutMs: number;
  /** Lamports the fee payer keeps: a settlement that would take it below is refused. */
  feePayerReserveLamports: bigint;
}

const POLL_MS = 200;

/** The transaction's fee, or null when its message cannot be read (the library's verify then refuses it). */
function feeOf(transaction: string): bigint | null {
  try {
    return transactionFee(transaction);
  } catch {
    return null;
  }
}
type Base = { payer: string; network: string; amount: string };

/**
 * The x402 v2 facilitator for scheme `exact` on a Solana network (SPL tokens). The x402 library
 * verifies the buyer's transaction (its instructions, amounts, the fee payer kept out of them, a
 * simulation); settling is ours: the payment's key (its buyer's signature) is claimed by a row, the
 * transaction is signed as fee payer and recorded, then sent. A transaction's id is its fee payer's
 * signature, known before it is sent, so whatever happens to the send, the worker follows it to
 * its end: landed, or never able to land once its blockhash has expired.
 */
export class SvmFacilitator {
  /** Submitted settlements the last `confirmPending` round found still pending. */
  awaitingReceipts = 0;
  private readonly scheme: ExactSvmScheme;

  constructor(
    private readonly db: Db,
    private readonly chain: SettlingSvmChain,
    private readonly limits: SvmLimits,
  ) {
    this.scheme = new ExactSvmScheme(chain.signer);
  }

  get network(): string {
    return this.chain.network;
  }

  supported() {
    const assets = [...this.chain.assets.values()].map((a) => ({ address: a.address, decimals: a.decimals }));
    return {
      kinds: [{ x402Version: 2, scheme: 'exact', network: this.chain.network, extra: { feePayer: this.chain.feePayer, assets } }],
      extensions: [],
      signers: { 'solana:*': [this.chain.feePayer] },
    };
  }

  async verify(body: unknown): Promise<VerifyResult> {
    try {
      const p = parseSvmPayment(this.chain, body);
      const [known, verdict] = await Promise.all([this.existing(p), this.scheme.verify(p.payload, p.requirements)]);
      if (!verdict.isValid)
        return {
          isValid: false,
          invalidReason: verdict.invalidReason as X402Reason,
          invalidMessage: verdict.invalidMessage ?? verdict.invalidReason ?? '',
          payer: p.payer,
        };
      if (known && known.status !== 'failed')
        return {
          isValid: false,
          invalidReason: 'authorization_already_used',
          invalidMessage: 'this transaction was already settled',
          payer: p.payer,
        };
      return { isValid: true, payer: p.payer };
    } catch (err) {
      if (err instanceof Invalid)
        return { isValid: false, invalidReason: err.reason, invalidMessage: err.message, ...(err.payer ? { payer: err.payer } : {}) };
      return { isValid: false, invalidReason: 'unexpected_verify_error', invalidMessage: (err as Error).message };
    }
  }

  /** Verifies, claims the payment's key, signs as fee payer, records, sends, and waits a while for it to land. */
  async settle(tenantId: string, body: unknown): Promise<SettleResult> {
    const network = this.chain.network;
    let p: SvmPayment;
    let identified: Identified | undefined;
    try {
      p = parseSvmPayment(this.chain, body);
      identified = identify(tenantId, network, body as Record<string, unknown>, {
        key: { asset: p.asset.address, payer: p.payer },
        amount: p.amount,
        payTo: p.payTo,
      });
    } catch (err) {
      return refusal(err, { network, transaction: '', ...(err instanceof Invalid && err.payer ? { payer: err.payer } : {}) });
    }
    const base = { payer: p.payer, network, amount: p.amount.toString() };
    // A retry under the buyer's payment identifier gets the first settlement's result (a fresh
    // transaction of the same payment is never sent); the same identifier for other terms is refused.
    // Our records, the library's verify and the fee payer's balance are read together; the fee is
    // the message's own (the buyer's, unchanged by our signature).
    const fee = feeOf(p.transaction);
    const [first, replay, verdict, balance] = await Promise.all([
      identified ? findIdentifier(this.db, identified) : undefined,
      this.existing(p),
      this.scheme
        .verify(p.payload, p.requirements)
        .catch((err: Error) => ({ isValid: false, invalidReason: 'unexpected_settle_error', invalidMessage: err.message })),
      feePayerBalance(this.chain),
    ]);
    if (first && identified) {
      const conflict = conflicting(first, identified);
      if (conflict) return refusal(conflict, { transaction: '', ...base });
      return this.answer(await this.awaitEnd(await this.byKey(first)), base);
    }
    if (replay) return this.answer(replay.status === 'submitted' ? await this.awaitEnd(replay) : replay, base);
    if (!verdict.isValid) {
      const reason = (verdict.invalidReason ?? 'invalid_payload') as X402Reason;
      return { success: false, errorReason: reason, errorMessage: verdict.invalidMessage ?? reason, transaction: '', ...base };
    }
    const signed = await this.chain.signer.signTransaction(p.transaction, this.chain.feePayer, network);
    const tx = wireTransaction(signed);
    if (balance !== null && balance - (fee ?? 0n) < this.limits.feePayerReserveLamports) {
      return refusal(new Invalid('fee_payer_reserve_low', 'the fee payer is at its reserve'), { transaction: '', ...base });
    }
    return this.claimAndSend(tenantId, p, signed, tx.signature, fee, base, identified);
  }

  private async claimAndSend(
    tenantId: string,
    p: SvmPayment,
    signed: string,
    signature: Signature,
    fee: bigint | null,
    base: Base,
    identified?: Identified,
  ): Promise<SettleResult> {
    // The claim carries the signed bytes and their id: nothing is sent that is not on record first.
    const { claimed, first } = await claimSettlement(
      this.db,
      {
        id: randomUUID(),
        tenant_id: tenantId,
        network: base.network,
        asset: p.asset.address,
        payer: p.payer,
        pay_to: p.payTo,
        nonce: p.nonce,
        amount: p.amount.toString(),
        status: 'submitted',
        transaction: signature,
        signed_transaction: signed,
        gas_cost: fee?.toString() ?? null,
      },
      identified,
    );
    // Another settle under the same payment identifier claimed first: its result, nothing sent.
    if (first) return this.answer(await this.awaitEnd(await this.byKey(first)), base);
    if (!claimed) {
      const other = await this.existing(p);
      if (!other) throw new Error(`the settlement claiming ${p.nonce} is gone`);
      return this.answer(await this.awaitEnd(other), base);
    }
    try {
      await this.chain.signer.sendTransaction(signed, base.network);
    } catch (err) {
      // A node that refused it outright (its preflight) never has it: failed, nothing on chain.
      if (/simulation failed|-32002/i.test((err as Error).message)) {
        const row = await finishSettlement(this.db, claimed, 'failed', 'invalid_transaction_state', null, { unsent: true });
        return { ...this.answer(row, base), errorMessage: (err as Error).message.split('\n')[0] };
      }
      // Whether the node has it is unknown: the worker follows the signature to its end.
      return this.answer(claimed, base);
    }
    return this.answer(await this.awaitEnd(claimed), base);
  }

  /** The settlement's row once its transaction landed or cannot, or as it is when the wait runs out. */
  private async awaitEnd(row: SettlementRow): Promise<SettlementRow> {
    const deadline = Date.now() + this.limits.receiptTimeoutMs;
    let current = row;
    while (current.status === 'submitted' && Date.now() < deadline) {
      if (current.signed_transaction) {
        const fate = await transactionFate(
          this.chain,
          current.transaction as Signature,
          wireTransaction(current.signed_transaction).blockhash,
        ).catch(() => 'pending' as const);
        if (fate === 'landed')
          return finishSettlement(this.db, current, 'confirmed', null, current.gas_cost === null ? null : BigInt(current.gas_cost));
        if (fate === 'reverted')
          return finishSettlement(
            this.db,
            current,
            'failed',
            'invalid_transaction_state',
            current.gas_cost === null ? null : BigInt(current.gas_cost),
          );
        if (fate === 'expired') return finishSettlement(this.db, current, 'failed', 'invalid_transaction_state', null, { unsent: true });
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
      current = await this.db.selectFrom('x402_settlements').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    }
    return current;
  }

  /** The settlement an identifier's first settle claimed (never deleted). */
  private byKey(key: { network: string; asset: string; payer: string; nonce: string }): Promise<SettlementRow> {
    return this.db
      .selectFrom('x402_settlements')
      .selectAll()
      .where('network', '=', key.network)
      .where('asset', '=', key.asset)
      .where('payer', '=', key.payer)
      .where('nonce', '=', key.nonce)
      .executeTakeFirstOrThrow();
  }

  private existing(p: SvmPayment): Promise<SettlementRow | undefined> {
    return this.db
      .selectFrom('x402_settlements')
      .selectAll()
      .where('network', '=', this.chain.network)
      .where('asset', '=', p.asset.address)
      .where('payer', '=', p.payer)
      .where('nonce', '=', p.nonce)
      .executeTakeFirst();
  }

  private answer(row: SettlementRow, base: Base): SettleResult {
    return settleAnswer(row, base.payer, base.network);
  }

  /** Worker: the submitted settlements of this network taken to their end (follow.ts). */
  async confirmPending(): Promise<number> {
    const { finished, waiting } = await followSvmSubmitted(this.db, this.chain, this.limits.receiptTimeoutMs);
    this.awaitingReceipts = waiting;
    return finished;
  }
}
