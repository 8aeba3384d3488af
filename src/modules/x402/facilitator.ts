import { randomUUID } from 'node:crypto';
import type { Db, Trx } from '../../lib/db/index.ts';
import type { X402Chain } from '../../chains/x402/chain.ts';
import type { FeePayerSender, Spend } from '../../chains/x402/sender.ts';
import { finishIn, followSubmitted } from './follow.ts';
import { awaitClaimant, sendClaimed } from './send.ts';
import { SettlementLookup } from './lookup.ts';
import { spendingCheck, type SpendingLimits } from './spending.ts';
import { Invalid, outcome, refusal, type Outcome, type SettleResult, type VerifyResult } from './reasons.ts';
import { settleAnswer, type SettlementRow } from './record.ts';
import { checkChain, checkPermit2, checkSignature } from './verify.ts';
import { simulateTransfer } from './simulate.ts';
import { eip3009Settleable, permit2Settleable, type Settleable } from './settleable.ts';
import { claimSettlement, conflicting, findIdentifier, firstKey, identify, type IdentifierRow, type Identified } from './payment-id.ts';
import { checkUpto, parseAny, uptoSettleable, type AnyPayment } from './upto.ts';

export { TRANSFER_TYPES } from './parse.ts';
export type { SettleResult, VerifyResult, X402Reason } from './reasons.ts';
export { settlementRecord, type SettlementRow } from './record.ts';

/**
 * A payment's checks in settle: those that must pass before anything is sent, and those a clean
 * simulation of the transfer already proves (the token checks the signature, the authorization's
 * state and the balance itself), run for their reason only when the simulation is refused.
 */
interface SettleChecks {
  before?: () => Promise<void>;
  proven?: () => Promise<void>;
}
/** A scheme and network this facilitator settles, as GET /x402/supported lists it. */
type Kind = { x402Version: number; scheme: string; network: string; extra?: Record<string, unknown> };
const passed: Promise<Outcome<void>> = Promise.resolve({ ok: true, value: undefined });

/**
 * The x402 v2 facilitator for schemes `exact` and `upto` (upto.ts) on one EVM network. The checks, from
 * the cheapest to the dearest: shape and requirements, then the signature (recovered locally for
 * plain keys; smart-wallet signatures through the chain, ERC-1271/6492), then one batched read of
 * the authorization state and the payer's balance, with our own record of the key. Both verify and
 * settle rely on the node's simulation of the transfer first (the token checks all three): verify
 * with an eth_call batched with the other verifies of its turn, beside our record; settle with the
 * gas estimate, in the same round trip as the operator's limits. The checks run only to name why a
 * simulation failed (verify: or to accept what they accept, as they always have). An installation
 * without an x402 network has no facilitator: its routes answer settlement_disabled (routes.ts).
 */
export class X402Facilitator {
  private readonly lookup: SettlementLookup;
  /** Submitted settlements the last `confirmPending` round found still without a receipt. */
  awaitingReceipts = 0;

  constructor(
    private readonly db: Db,
    private readonly chain: X402Chain,
    private readonly limits: SpendingLimits = {
      receiptTimeoutMs: 15_000,
      gasCeiling: 200_000n,
      feePayerReserveWei: 0n,
      gasBudgetWei: null,
      tenantGasBudgetWei: null,
    },
  ) {
    this.lookup = new SettlementLookup(db, chain.network);
  }

  private get receiptTimeoutMs(): number {
    return this.limits.receiptTimeoutMs;
  }

  get network(): string {
    return this.chain.network;
  }

  supported(): { kinds: Kind[]; extensions: string[]; signers: Record<string, string[]> } {
    const { network, feePayer } = this.chain;
    const assets = [...this.chain.assets.values()].map((a) => ({ address: a.address, name: a.name, version: a.version }));
    const kinds: Kind[] = [{ x402Version: 2, scheme: 'exact', network, extra: { assets } }];
    // An upto payer names the one address allowed to settle its permit: without a fee payer, none can.
    if (feePayer) kinds.push({ x402Version: 2, scheme: 'upto', network, extra: { assets, facilitatorAddress: feePayer } });
    return { kinds, extensions: [], signers: feePayer ? { 'eip155:*': [feePayer] } : {} };
  }

  /** The settlement of this key, if any (concurrent lookups share one query). */
  private existing(key: Settleable['key']): Promise<SettlementRow | undefined> {
    return this.lookup.find(key);
  }

  async verify(body: unknown): Promise<VerifyResult> {
    try {
      const parsed = parseAny(this.chain, body, 'verify');
      if (parsed.kind === 'permit2') {
        await checkPermit2(this.chain, parsed.permit);
        return { isValid: true, payer: parsed.permit.from };
      }
      if (parsed.kind === 'upto') {
        const { upto } = parsed;
        await checkUpto(this.chain, upto, 'verify');
        // A permit settled for 0 is unused on chain, and still settled: our record says so.
        const known = await this.existing(uptoSettleable(upto).key);
        if (known && known.status !== 'failed')
          throw new Invalid('authorization_already_used', 'this permit was already settled', upto.from);
        return { isValid: true, payer: upto.from };
      }
      const p = parsed.payment;
      // Our own record and the simulation of the transfer are read together. A clean simulation
      // proves the signature and the chain checks; without one, they run as before and name the
      // reason, in the same order as ever: the signature, our record, then the chain. A payment
      // they all accept stays valid, as it always was (a token without the bytes-signature
      // transferWithAuthorization, or a wallet that is not deployed yet, ERC-6492, fails the
      // simulation only).
      const [known, simulated] = await Promise.all([this.existing(eip3009Settleable(p).key), simulateTransfer(this.chain, p)]);
      if (!simulated) await checkSignature(this.chain, p);
      if (known && known.status !== 'failed')
        throw new Invalid('authorization_already_used', 'this authorization was already settled', p.auth.from);
      if (!simulated) await checkChain(this.chain, p);
      return { isValid: true, payer: p.auth.from };
    } catch (err) {
      if (err instanceof Invalid)
        return { isValid: false, invalidReason: err.reason, invalidMessage: err.message, ...(err.payer ? { payer: err.payer } : {}) };
      return { isValid: false, invalidReason: 'unexpected_verify_error', invalidMessage: (err as Error).message };
    }
  }

  /**
   * Verifies, then broadcasts transferWithAuthorization (or a permit2 proxy's settle) once per
   * (network, asset, payer, nonce): the row claiming that key is written before broadcasting, so a
   * concurrent or repeated settle of the same payload gets the original transaction instead of a
   * second one. An upto settlement of 0 sends nothing: its row is claimed and confirmed at once.
   */
  async settle(tenantId: string, body: unknown): Promise<SettleResult> {
    const network = this.chain.network;
    let s: Settleable;
    let checks: SettleChecks;
    let identified: Identified | undefined;
    try {
      ({ s, checks } = this.settleChecks(parseAny(this.chain, body, 'settle')));
      // An upto payment's terms are its cap: a retry may charge another amount.
      identified = identify(tenantId, network, body as Record<string, unknown>, { ...s, amount: s.cap ?? s.amount });
    } catch (err) {
      return refusal(err, { network, transaction: '', ...(err instanceof Invalid && err.payer ? { payer: err.payer } : {}) });
    }
    const base = { payer: s.key.payer, network, amount: s.amount.toString() };
    const refused = (err: unknown) => refusal(err, { transaction: '', ...base });
    const { sender } = this.chain;
    const zero = s.amount === 0n;
    // Our record, the payment's checks and the operator's limits (with the simulation of the
    // transfer) are read together: one database and one batched RPC round trip. Their answers are
    // taken in that order; without a clean simulation, the checks it proves give the reason.
    const [first, replay, checked, spend] = await Promise.all([
      identified ? findIdentifier(this.db, identified) : undefined,
      this.existing(s.key),
      checks.before ? outcome(checks.before()) : passed,
      sender && !zero ? outcome(spendingCheck(this.db, this.chain, sender.account.address, this.limits, tenantId, s)) : undefined,
    ]);
    if (first && identified) return this.retried(first, identified, base);
    if (replay) return this.answer(replay, base);
    if (!checked.ok) return refused(checked.error);
    if (zero) return this.claimUnsent(tenantId, s, base, identified);
    if (!spend?.ok && checks.proven) {
      const proven = await outcome(checks.proven());
      if (!proven.ok) return refused(proven.error);
    }
    // No sender, no spend: a chain without a fee payer verifies only.
    if (!spend || !sender)
      return { success: false, errorReason: 'settlement_disabled', errorMessage: 'no fee payer is configured', transaction: '', ...base };
    if (!spend.ok) {
      if (spend.error instanceof Invalid) return refused(spend.error);
      // The estimate reverted: the chain refuses this transfer as it stands.
      return {
        success: false,
        errorReason: 'invalid_transaction_state',
        errorMessage: (spend.error as Error).message.split('\n')[0],
        transaction: '',
        ...base,
      };
    }
    return this.claimAndSend(tenantId, sender, s, spend.value, base, identified);
  }

  /** A settle under a payment identifier already claimed: the first settlement's result, or refused for other terms. */
  private async retried(
    first: IdentifierRow,
    id: Identified,
    base: { payer: string; network: string; amount: string },
  ): Promise<SettleResult> {
    const conflict = conflicting(first, id);
    if (conflict) return refusal(conflict, { transaction: '', ...base });
    return this.answer(await this.awaitTransaction(firstKey(first)), base);
  }

  /** What a parsed payment sends, and its checks (EIP-3009: all proven by the token's simulation). */
  private settleChecks(parsed: AnyPayment): { s: Settleable; checks: SettleChecks } {
    if (parsed.kind === 'permit2')
      return { s: permit2Settleable(parsed.permit), checks: { before: () => checkPermit2(this.chain, parsed.permit) } };
    if (parsed.kind === 'upto')
      return { s: uptoSettleable(parsed.upto), checks: { before: () => checkUpto(this.chain, parsed.upto, 'settle') } };
    const p = parsed.payment;
    const proven = async () => {
      await checkSignature(this.chain, p);
      await checkChain(this.chain, p);
    };
    return { s: eip3009Settleable(p), checks: { proven } };
  }

  /**
   * Claims the payment's key with the `submitted` row, then sends: a settle that finds the key
   * claimed waits for the claimant's transaction instead of sending a second one.
   */
  private async claimAndSend(
    tenantId: string,
    sender: FeePayerSender,
    s: Settleable,
    { gas, fees }: Spend,
    base: { payer: string; network: string; amount: string },
    identified?: Identified,
  ): Promise<SettleResult> {
    const { claimed, first } = await claimSettlement(this.db, this.claimOf(tenantId, s), identified);
    // Another settle under the same payment identifier claimed it first: its result, nothing sent.
    if (first && identified) return this.retried(first, identified, base);
    if (!claimed) return this.answer(await this.awaitTransaction(s.key), base);

    const sent = await sendClaimed(this.db, this.chain, sender, claimed.id, s.call, { gas, fees }, this.receiptTimeoutMs);
    return sent.error === undefined ? this.answer(sent.row, base) : { ...this.answer(sent.row, base), errorMessage: sent.error };
  }

  /** The `submitted` row that claims a payment's key. */
  private claimOf(tenantId: string, s: Settleable) {
    const { asset, payer, nonce } = s.key;
    return {
      id: randomUUID(),
      tenant_id: tenantId,
      network: this.network,
      asset: asset.toLowerCase(),
      payer: payer.toLowerCase(),
      pay_to: s.payTo.toLowerCase(),
      nonce,
      amount: s.amount,
      scheme: s.scheme,
      cap: s.cap ?? null,
      status: 'submitted' as const,
    };
  }

  /** An upto settlement of 0: nothing is sent, and its row is claimed and confirmed in one transaction (a replay answers it). */
  private async claimUnsent(
    tenantId: string,
    s: Settleable,
    base: { payer: string; network: string; amount: string },
    identified?: Identified,
  ): Promise<SettleResult> {
    const confirm = (trx: Trx, row: SettlementRow) => finishIn(trx, row, 'confirmed', null, null, { unsent: true });
    const { claimed, first } = await claimSettlement(this.db, this.claimOf(tenantId, s), identified, confirm);
    if (first && identified) return this.retried(first, identified, base);
    return this.answer(claimed ?? (await this.awaitTransaction(s.key)), base);
  }

  /** A concurrent settle owns the key: wait (bounded) for its transaction. */
  private awaitTransaction(key: Settleable['key']): Promise<SettlementRow> {
    return awaitClaimant(this.chain, (k) => this.existing(k), key, this.receiptTimeoutMs);
  }

  /** A settlement's result as its row has it: a replay answers the amount first settled. */
  private answer(row: SettlementRow, { payer, network }: { payer: string; network: string; amount: string }): SettleResult {
    return settleAnswer(row, payer, network);
  }

  /** Worker: the submitted settlements of this network taken to their end (follow.ts). */
  async confirmPending(): Promise<number> {
    const { finished, waiting } = await followSubmitted(this.db, this.chain, this.receiptTimeoutMs);
    this.awaitingReceipts = waiting;
    return finished;
  }
}
