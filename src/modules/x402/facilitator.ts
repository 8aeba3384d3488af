import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { recoverTypedDataAddress, type Hex } from 'viem';
import { now, type Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { x402Machine } from './status.ts';
import type { X402Settings } from '../../config.ts';
import { PERMIT2_ADDRESS, erc20AllowanceAbi, permit2WitnessTypes } from '@x402/evm';
import { EIP3009_ABI, type X402Chain } from './chain.ts';
import { TRANSFER_TYPES, parsePayment, type Authorization, type Parsed, type Permit2Parsed } from './parse.ts';
import { Invalid, type SettleResult, type VerifyResult, type X402Reason } from './reasons.ts';
import { settlementRecord, type SettlementRow } from './record.ts';
import { eip3009Settleable, permit2Settleable, type Settleable } from './settleable.ts';

export { TRANSFER_TYPES } from './parse.ts';
export type { SettleResult, VerifyResult, X402Reason } from './reasons.ts';
export { settlementRecord, type SettlementRow } from './record.ts';

/** Permit2's bitmap of used nonces, read to refuse a used permit before sending it. */
const PERMIT2_NONCE_ABI = [
  {
    type: 'function',
    name: 'nonceBitmap',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'wordPos', type: 'uint256' },
    ],
    outputs: [{ type: 'uint256' }],
  },
] as const;

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
      publicClient.estimateContractGas({ ...s.call, account: feePayer! } as never),
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

  /** The signature: recovered locally for a 65-byte EOA signature, else checked through the chain. */
  private async checkSignature(p: Parsed): Promise<void> {
    const typed = {
      domain: { name: p.asset.name, version: p.asset.version, chainId: this.chain!.chainId, verifyingContract: p.asset.address },
      types: TRANSFER_TYPES,
      primaryType: 'TransferWithAuthorization' as const,
      message: { ...p.auth } as Record<string, unknown> & Authorization,
    };
    if (p.signature.length === 132) {
      // A plain-key signature over these exact fields is valid forever: recover it once.
      const cacheKey = `${p.asset.address}|${p.auth.from}|${p.auth.to}|${p.auth.value}|${p.auth.validAfter}|${p.auth.validBefore}|${p.auth.nonce}|${p.signature}`;
      if (this.recovered.has(cacheKey)) return;
      const signer = await recoverTypedDataAddress({ ...typed, signature: p.signature }).catch(() => null);
      if (signer === p.auth.from) {
        if (this.recovered.size >= 10_000) this.recovered.delete(this.recovered.values().next().value!);
        this.recovered.add(cacheKey);
        return;
      }
      const code = await this.chain!.publicClient.getCode({ address: p.auth.from });
      if (!code || code === '0x') throw new Invalid('invalid_exact_evm_payload_signature', 'the signature is not the payer’s', p.auth.from);
    }
    const ok = await this.chain!.publicClient.verifyTypedData({ address: p.auth.from, ...typed, signature: p.signature, blockTag: 'latest' }).catch(() => false);
    if (!ok) throw new Invalid('invalid_exact_evm_payload_signature', 'the signature is not the payer’s', p.auth.from);
  }

  /** Authorization unused on chain, and the payer holds the amount (one batched round trip). */
  private async checkChain(p: Parsed): Promise<void> {
    const client = this.chain!.publicClient;
    const [used, balance] = await Promise.all([
      client.readContract({ address: p.asset.address, abi: EIP3009_ABI, functionName: 'authorizationState', args: [p.auth.from, p.auth.nonce] }),
      client.readContract({ address: p.asset.address, abi: EIP3009_ABI, functionName: 'balanceOf', args: [p.auth.from] }),
    ]);
    if (used) throw new Invalid('authorization_already_used', 'this authorization was already used', p.auth.from);
    if (balance < p.amount) throw new Invalid('insufficient_funds', 'the payer does not hold the amount', p.auth.from);
  }

  /**
   * Permit2: the EIP-712 PermitWitnessTransferFrom signature (Permit2's domain, x402's witness),
   * then one batched read of the payer's balance, its allowance to Permit2 and the nonce's bit.
   */
  private async checkPermit2(p: Permit2Parsed): Promise<void> {
    const chain = this.chain!;
    const typed = {
      domain: { name: 'Permit2', chainId: chain.chainId, verifyingContract: PERMIT2_ADDRESS },
      types: permit2WitnessTypes,
      primaryType: 'PermitWitnessTransferFrom' as const,
      message: {
        permitted: { token: p.token, amount: p.amount },
        spender: p.spender,
        nonce: p.nonce,
        deadline: p.deadline,
        witness: { to: p.to, validAfter: p.validAfter },
      },
    };
    const signer = p.signature.length === 132 ? await recoverTypedDataAddress({ ...typed, signature: p.signature }).catch(() => null) : null;
    if (signer !== p.from) {
      const ok = await chain.publicClient.verifyTypedData({ address: p.from, ...typed, signature: p.signature, blockTag: 'latest' }).catch(() => false);
      if (!ok) throw new Invalid('invalid_exact_evm_payload_signature', 'the permit2 signature is not the payer’s', p.from);
    }
    const [balance, allowance, permit2Code] = await Promise.all([
      chain.publicClient.readContract({ address: p.token, abi: EIP3009_ABI, functionName: 'balanceOf', args: [p.from] }),
      chain.publicClient.readContract({ address: p.token, abi: erc20AllowanceAbi, functionName: 'allowance', args: [p.from, PERMIT2_ADDRESS] }) as Promise<bigint>,
      chain.publicClient.getCode({ address: PERMIT2_ADDRESS }),
    ]);
    if (permit2Code && permit2Code !== '0x') {
      const word = await chain.publicClient.readContract({ address: PERMIT2_ADDRESS, abi: PERMIT2_NONCE_ABI, functionName: 'nonceBitmap', args: [p.from, p.nonce >> 8n] });
      if ((word >> (p.nonce & 255n)) & 1n) throw new Invalid('authorization_already_used', 'this permit2 nonce was already used', p.from);
    }
    if (balance < p.amount) throw new Invalid('insufficient_funds', 'the payer does not hold the amount', p.from);
    if (allowance < p.amount) throw new Invalid('permit2_allowance_required', 'the payer has not approved Permit2 for the amount', p.from);
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
        await this.checkPermit2(parsed.permit);
        return { isValid: true, payer: parsed.permit.from };
      }
      const p = parsed.payment;
      await this.checkSignature(p);
      const known = await this.existing(eip3009Settleable(p).key);
      if (known && known.status !== 'failed') throw new Invalid('authorization_already_used', 'this authorization was already settled', p.auth.from);
      await this.checkChain(p);
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
        check = () => this.checkPermit2(parsed.permit);
      } else {
        const p = parsed.payment;
        settleable = eip3009Settleable(p);
        check = async () => {
          await this.checkSignature(p);
          await this.checkChain(p);
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

    const id = randomUUID();
    const claimed = await this.db
      .insertInto('x402_settlements')
      .values({
        id,
        tenant_id: tenantId,
        network,
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
      hash = await wallet.writeContract({ ...s.call, account: wallet.account!, chain: wallet.chain, gas } as never);
    } catch (err) {
      // Refused before reaching the chain (simulation revert, node down): nothing was sent.
      const row = await this.finish(claimed, 'failed', 'invalid_transaction_state');
      return { ...this.answer(row, base), errorMessage: (err as Error).message.split('\n')[0] };
    }
    const sent = await this.db.updateTable('x402_settlements').set({ transaction: hash, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
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

