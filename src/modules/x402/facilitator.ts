import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { getAddress, isAddress, isHex, recoverTypedDataAddress, type Abi, type Address, type Hex } from 'viem';
import { now, type Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { moveStatus } from '../../lib/state-machine.ts';
import { x402Machine } from './status.ts';
import type { X402SettlementsTable } from '../../lib/db/schema.ts';
import type { X402Settings } from '../../config.ts';
import { PERMIT2_ADDRESS, authorizationTypes, erc20AllowanceAbi, permit2WitnessTypes, x402ExactPermit2ProxyABI, x402ExactPermit2ProxyAddress } from '@x402/evm';
import { EIP3009_ABI, type X402Asset, type X402Chain } from './chain.ts';

export type SettlementRow = Selectable<X402SettlementsTable>;

/** The spec's reason codes. */
export type X402Reason =
  | 'insufficient_funds'
  | 'invalid_exact_evm_payload_authorization_valid_after'
  | 'invalid_exact_evm_payload_authorization_valid_before'
  | 'invalid_exact_evm_payload_authorization_value_mismatch'
  | 'invalid_exact_evm_payload_signature'
  | 'invalid_exact_evm_payload_recipient_mismatch'
  | 'invalid_network'
  | 'invalid_payload'
  | 'invalid_payment_requirements'
  | 'invalid_scheme'
  | 'invalid_x402_version'
  | 'invalid_transaction_state'
  | 'unexpected_verify_error'
  | 'unexpected_settle_error'
  | 'settlement_pending'
  | 'authorization_already_used'
  | 'settlement_disabled'
  | 'gas_ceiling_exceeded'
  | 'gas_budget_exhausted'
  | 'tenant_gas_budget_exhausted'
  | 'fee_payer_reserve_low'
  | 'permit2_allowance_required';

export interface VerifyResult {
  isValid: boolean;
  invalidReason?: X402Reason;
  invalidMessage?: string;
  payer?: string;
}

export interface SettleResult {
  success: boolean;
  errorReason?: X402Reason;
  errorMessage?: string;
  payer?: string;
  transaction: string;
  network: string;
  amount?: string;
}

/** EIP-712 types of an EIP-3009 transfer authorization (the x402 library's). */
export const TRANSFER_TYPES = authorizationTypes;

/** Seconds an authorization must still be valid for after now, to get mined before it expires. */
const VALID_BEFORE_MARGIN_S = 6n;

interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

/** A payment that passed the checks that need no chain: what settle and the chain checks use. */
interface Parsed {
  asset: X402Asset;
  payTo: Address;
  amount: bigint;
  auth: Authorization;
  signature: Hex;
}

/** A permit2 payload, checked for everything that needs no chain. */
interface Permit2Parsed {
  token: Address;
  amount: bigint;
  from: Address;
  spender: Address;
  nonce: bigint;
  deadline: bigint;
  to: Address;
  validAfter: bigint;
  signature: Hex;
}

/** Carries a parsed permit2 payment out of parse() to its own path. */
class Permit2Payment extends Error {
  constructor(readonly permit: Permit2Parsed) {
    super('permit2 payment');
  }
}

/** What a settlement sends and how it is keyed, whichever transfer method the payment uses. */
interface Settleable {
  key: { asset: Address; payer: Address; nonce: string };
  payTo: Address;
  amount: bigint;
  call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] };
}

function eip3009Settleable(p: Parsed): Settleable {
  return {
    key: { asset: p.asset.address, payer: p.auth.from, nonce: p.auth.nonce },
    payTo: p.payTo,
    amount: p.amount,
    call: {
      address: p.asset.address,
      abi: EIP3009_ABI,
      functionName: 'transferWithAuthorization',
      args: [p.auth.from, p.auth.to, p.auth.value, p.auth.validAfter, p.auth.validBefore, p.auth.nonce, p.signature],
    },
  };
}

/** Permit2 payments go through x402's proxy, which sends the amount to the witness recipient. */
function permit2Settleable(p: Permit2Parsed): Settleable {
  return {
    key: { asset: p.token, payer: p.from, nonce: p.nonce.toString() },
    payTo: p.to,
    amount: p.amount,
    call: {
      address: getAddress(x402ExactPermit2ProxyAddress),
      abi: x402ExactPermit2ProxyABI as Abi,
      functionName: 'settle',
      args: [{ permitted: { token: p.token, amount: p.amount }, nonce: p.nonce, deadline: p.deadline }, p.from, { to: p.to, validAfter: p.validAfter }, p.signature],
    },
  };
}

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
 * Checks a permit2 payload against the requirements: the permitted token and amount, the witness
 * recipient, the spender (the canonical x402 permit2 proxy), the validity window.
 */
function parsePermit2(payload: unknown, asset: X402Asset, payTo: Address, amount: bigint): Permit2Parsed {
  if (!isObject(payload) || !isObject(payload.permit2Authorization)) throw new Invalid('invalid_payload', 'payload.permit2Authorization is required');
  const a = payload.permit2Authorization;
  const sig = payload.signature;
  if (typeof sig !== 'string' || !isHex(sig) || sig.length < 132) throw new Invalid('invalid_payload', 'payload.signature must be a hex signature');
  const permitted = a.permitted;
  const witness = a.witness;
  if (
    !isObject(permitted) || typeof permitted.token !== 'string' || !isAddress(permitted.token, { strict: false }) || !uintString(permitted.amount) ||
    typeof a.from !== 'string' || !isAddress(a.from, { strict: false }) ||
    typeof a.spender !== 'string' || !isAddress(a.spender, { strict: false }) ||
    !uintString(a.nonce) || !uintString(a.deadline) ||
    !isObject(witness) || typeof witness.to !== 'string' || !isAddress(witness.to, { strict: false }) || !uintString(witness.validAfter)
  ) {
    throw new Invalid('invalid_payload', 'permit2Authorization needs permitted {token, amount}, from, spender, nonce, deadline and witness {to, validAfter}');
  }
  const from = getAddress(a.from);
  const p: Permit2Parsed = {
    token: getAddress(permitted.token),
    amount: BigInt(permitted.amount),
    from,
    spender: getAddress(a.spender),
    nonce: BigInt(a.nonce),
    deadline: BigInt(a.deadline),
    to: getAddress(witness.to),
    validAfter: BigInt(witness.validAfter),
    signature: sig as Hex,
  };
  if (p.token !== asset.address) throw new Invalid('invalid_payment_requirements', 'the permitted token is not the asset', from);
  if (p.spender !== getAddress(x402ExactPermit2ProxyAddress)) throw new Invalid('invalid_payload', 'the spender must be the x402 permit2 proxy', from);
  if (p.to !== payTo) throw new Invalid('invalid_exact_evm_payload_recipient_mismatch', 'witness.to is not payTo', from);
  if (p.amount !== amount) throw new Invalid('invalid_exact_evm_payload_authorization_value_mismatch', 'the permitted amount is not the amount', from);
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (p.validAfter > now) throw new Invalid('invalid_exact_evm_payload_authorization_valid_after', 'the permit is not valid yet', from);
  if (p.deadline < now + VALID_BEFORE_MARGIN_S) throw new Invalid('invalid_exact_evm_payload_authorization_valid_before', 'the permit expires too soon to be settled', from);
  return p;
}

class Invalid extends Error {
  constructor(
    readonly reason: X402Reason,
    message: string,
    readonly payer?: string,
  ) {
    super(message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const uintString = (v: unknown): v is string => typeof v === 'string' && /^\d{1,78}$/.test(v);
const sameAddress = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

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

  /** Everything that needs no chain access. */
  private parse(body: unknown): Parsed {
    if (!this.chain) throw new Invalid('settlement_disabled', 'the x402 facilitator has no network configured');
    if (!isObject(body)) throw new Invalid('invalid_payload', 'the body must be an object');
    const { paymentPayload: pp, paymentRequirements: req } = body;
    if (body.x402Version !== undefined && body.x402Version !== 2) throw new Invalid('invalid_x402_version', 'x402Version must be 2');
    if (!isObject(pp)) throw new Invalid('invalid_payload', 'paymentPayload is required');
    if (pp.x402Version !== 2) throw new Invalid('invalid_x402_version', 'paymentPayload.x402Version must be 2');
    if (!isObject(req)) throw new Invalid('invalid_payment_requirements', 'paymentRequirements is required');
    const accepted = pp.accepted;
    if (!isObject(accepted)) throw new Invalid('invalid_payload', 'paymentPayload.accepted is required');
    if (req.scheme !== 'exact' || accepted.scheme !== 'exact') throw new Invalid('invalid_scheme', 'only the exact scheme is supported');
    if (req.network !== this.chain.network || accepted.network !== this.chain.network) {
      throw new Invalid('invalid_network', `this facilitator settles on ${this.chain.network}`);
    }
    const asset = typeof req.asset === 'string' ? this.chain.assets.get(req.asset.toLowerCase()) : undefined;
    if (!asset) throw new Invalid('invalid_payment_requirements', 'the asset is not accepted by this facilitator');
    if (!uintString(req.amount) || BigInt(req.amount) === 0n) throw new Invalid('invalid_payment_requirements', 'amount must be a positive integer string');
    if (typeof req.payTo !== 'string' || !isAddress(req.payTo, { strict: false })) throw new Invalid('invalid_payment_requirements', 'payTo must be an address');
    if (typeof req.maxTimeoutSeconds !== 'number' || !(req.maxTimeoutSeconds >= 1)) {
      throw new Invalid('invalid_payment_requirements', 'maxTimeoutSeconds must be at least 1');
    }
    if (!sameAddress(accepted.asset, req.asset) || accepted.amount !== req.amount || !sameAddress(accepted.payTo, req.payTo)) {
      throw new Invalid('invalid_payment_requirements', 'accepted does not match paymentRequirements');
    }
    const extra = isObject(req.extra) ? req.extra : {};
    if (extra.assetTransferMethod === 'permit2') {
      throw new Permit2Payment(parsePermit2(pp.payload, asset, getAddress(req.payTo), BigInt(req.amount)));
    }
    if (extra.assetTransferMethod !== undefined && extra.assetTransferMethod !== 'eip3009') {
      throw new Invalid('invalid_payment_requirements', `asset transfer method ${String(extra.assetTransferMethod)} is not supported`);
    }
    const payload = pp.payload;
    if (!isObject(payload) || !isObject(payload.authorization)) throw new Invalid('invalid_payload', 'payload.authorization is required');
    const a = payload.authorization;
    const sig = payload.signature;
    if (typeof sig !== 'string' || !isHex(sig) || sig.length < 132) throw new Invalid('invalid_payload', 'payload.signature must be a hex signature');
    if (
      typeof a.from !== 'string' || !isAddress(a.from, { strict: false }) ||
      typeof a.to !== 'string' || !isAddress(a.to, { strict: false }) ||
      !uintString(a.value) || !uintString(a.validAfter) || !uintString(a.validBefore) ||
      typeof a.nonce !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(a.nonce)
    ) {
      throw new Invalid('invalid_payload', 'authorization needs from, to, value, validAfter, validBefore and a 32-byte nonce');
    }
    const payer = getAddress(a.from);
    const auth: Authorization = {
      from: payer,
      to: getAddress(a.to),
      value: BigInt(a.value),
      validAfter: BigInt(a.validAfter),
      validBefore: BigInt(a.validBefore),
      nonce: a.nonce.toLowerCase() as Hex,
    };
    const payTo = getAddress(req.payTo);
    if (auth.to !== payTo) throw new Invalid('invalid_exact_evm_payload_recipient_mismatch', 'authorization.to is not payTo', payer);
    if (auth.value !== BigInt(req.amount)) throw new Invalid('invalid_exact_evm_payload_authorization_value_mismatch', 'authorization.value is not the amount', payer);
    const now = BigInt(Math.floor(Date.now() / 1000));
    if (auth.validAfter > now) throw new Invalid('invalid_exact_evm_payload_authorization_valid_after', 'the authorization is not valid yet', payer);
    if (auth.validBefore < now + VALID_BEFORE_MARGIN_S) {
      throw new Invalid('invalid_exact_evm_payload_authorization_valid_before', 'the authorization expires too soon to be settled', payer);
    }
    return { asset, payTo, amount: auth.value, auth, signature: sig as Hex };
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
      let p: Parsed;
      try {
        p = this.parse(body);
      } catch (err) {
        if (!(err instanceof Permit2Payment)) throw err;
        await this.checkPermit2(err.permit);
        return { isValid: true, payer: err.permit.from };
      }
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
      try {
        const p = this.parse(body);
        settleable = eip3009Settleable(p);
        check = async () => {
          await this.checkSignature(p);
          await this.checkChain(p);
        };
      } catch (err) {
        if (!(err instanceof Permit2Payment)) throw err;
        settleable = permit2Settleable(err.permit);
        check = () => this.checkPermit2(err.permit);
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

/** The spec's x402 settlement record. */
export function settlementRecord(r: SettlementRow) {
  return {
    id: r.id,
    status: r.status,
    network: r.network,
    asset: r.asset,
    amount: r.amount,
    payer: r.payer,
    payTo: r.pay_to,
    transaction: r.transaction,
    errorReason: r.error_reason,
    createdAt: r.created_at.toISOString(),
    confirmedAt: r.confirmed_at ? r.confirmed_at.toISOString() : null,
  };
}
