import {
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Address,
  type Blockhash,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { getDefaultAsset, toFacilitatorSvmSigner, type FacilitatorSvmSigner } from '@x402/svm';
import type { SvmX402Settings } from '../../config/x402-svm.ts';

/** An accepted SPL token: its mint and decimals. */
export interface SvmAsset {
  address: Address;
  decimals: number;
}

/** The facilitator's Solana network: its RPC, the fee payer that signs and pays, and the accepted mints. */
export interface SvmX402Chain {
  family: 'svm';
  /** CAIP-2 id, e.g. solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1 (devnet). */
  network: string;
  rpc: Rpc<SolanaRpcApi>;
  /** The fee payer's signer as the x402 library takes it; absent: verify only. */
  signer: FacilitatorSvmSigner | null;
  feePayer: Address | null;
  /** Accepted mints by address (base58, exact case). */
  assets: Map<string, SvmAsset>;
}

/** A Solana network with a fee payer: what the facilitator settles on. */
export type SettlingSvmChain = SvmX402Chain & { signer: FacilitatorSvmSigner; feePayer: Address };

/** A fee payer key as Solana's tools write it: a JSON array of 64 bytes, or those bytes in base58. */
export async function feePayerSigner(secret: string): Promise<KeyPairSigner> {
  const text = secret.trim();
  const bytes = text.startsWith('[') ? Uint8Array.from(JSON.parse(text) as number[]) : new Uint8Array(getBase58Encoder().encode(text));
  if (bytes.length !== 64) throw new Error('a Solana fee payer key is 64 bytes (a keypair file’s array, or base58)');
  return createKeyPairSignerFromBytes(bytes);
}

export function svmChain(opts: { network: string; rpcUrl: string; feePayer: KeyPairSigner | null; assets: SvmAsset[] }): SvmX402Chain {
  return {
    family: 'svm',
    network: opts.network,
    rpc: createSolanaRpc(opts.rpcUrl),
    signer: opts.feePayer ? toFacilitatorSvmSigner(opts.feePayer, { defaultRpcUrl: opts.rpcUrl }) : null,
    feePayer: opts.feePayer?.address ?? null,
    assets: new Map(opts.assets.map((a) => [a.address, a])),
  };
}

/** An SPL mint's decimals (byte 44 of a mint account, Token and Token-2022 alike), read from the node. */
async function mintDecimals(rpc: Rpc<SolanaRpcApi>, mint: Address): Promise<number> {
  const { value } = await rpc.getAccountInfo(mint, { encoding: 'base64', commitment: 'confirmed' }).send();
  const data = value ? wire.toBytes.encode(value.data[0]) : undefined;
  if (!data || data.length < 82) throw new Error(`${mint} is not a token mint on this network`);
  return data[44] ?? 0;
}

/** The configured Solana network, its fee payer and its mints (decimals read from the node once). */
export async function connectSvmX402(settings: SvmX402Settings): Promise<SettlingSvmChain> {
  const feePayer = await feePayerSigner(settings.feePayerKey);
  const rpc = createSolanaRpc(settings.rpcUrl);
  const mints = settings.assets.length > 0 ? settings.assets : [getDefaultAsset(settings.network as `${string}:${string}`).asset];
  const assets = await Promise.all(mints.map(async (m) => ({ address: m as Address, decimals: await mintDecimals(rpc, m as Address) })));
  const chain = svmChain({ network: settings.network, rpcUrl: settings.rpcUrl, feePayer, assets });
  return { ...chain, signer: toFacilitatorSvmSigner(feePayer, { defaultRpcUrl: settings.rpcUrl }), feePayer: feePayer.address };
}

const wire = { toBytes: getBase64Encoder(), toText: getBase64Decoder() };
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/** A base64 wire transaction's parts: its id (the first signature, the fee payer's), its blockhash, its message. */
export function wireTransaction(base64: string): { signature: Signature; blockhash: Blockhash; message: TransactionMessageBytesBase64 } {
  const tx = transactionDecoder.decode(wire.toBytes.encode(base64));
  const compiled = messageDecoder.decode(tx.messageBytes);
  return {
    signature: getSignatureFromTransaction(tx),
    blockhash: compiled.lifetimeToken as Blockhash,
    message: wire.toText.decode(tx.messageBytes) as TransactionMessageBytesBase64,
  };
}

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
/** Lamports per signature: Solana's base fee. */
const LAMPORTS_PER_SIGNATURE = 5000n;
/** Compute units an instruction gets when the transaction sets no limit, and the most a transaction may have. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;

/**
 * What a transaction costs its fee payer in lamports, from its message alone (signed or not), as
 * the runtime charges it: the base fee of each signature, and the priority fee of its compute-budget
 * instructions (price in micro-lamports per unit × its unit limit, rounded up).
 */
export function transactionFee(base64: string): bigint {
  const { messageBytes } = transactionDecoder.decode(wire.toBytes.encode(base64));
  const message = messageDecoder.decode(messageBytes);
  let limit: bigint | undefined;
  let price = 0n;
  let others = 0n;
  for (const ix of message.instructions) {
    const data = ix.data;
    const program = message.staticAccounts[ix.programAddressIndex];
    if (program !== COMPUTE_BUDGET || !data || data.length === 0) {
      if (program !== COMPUTE_BUDGET) others++;
      continue;
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true);
  }
  const units = limit ?? (others * DEFAULT_UNITS_PER_INSTRUCTION < MAX_UNITS ? others * DEFAULT_UNITS_PER_INSTRUCTION : MAX_UNITS);
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + (price * units + 999_999n) / 1_000_000n;
}

/**
 * A sent transaction's fate: landed (with or without an error), or not found; and whether its
 * blockhash can still carry it. Not found with an expired blockhash is final: it never can land.
 */
export async function transactionFate(
  chain: SvmX402Chain,
  signature: Signature,
  blockhash: Blockhash,
): Promise<'landed' | 'reverted' | 'pending' | 'expired'> {
  const seen = await signatureStatus(chain, signature);
  if (seen !== 'unseen') return seen;
  // Not seen: only an expired blockhash makes that final, and only if the transaction was not
  // seen after the blockhash expired either (it may have landed between the two lookups).
  const { value: valid } = await chain.rpc.isBlockhashValid(blockhash, { commitment: 'confirmed' }).send();
  if (valid) return 'pending';
  const again = await signatureStatus(chain, signature);
  return again === 'unseen' ? 'expired' : again;
}

async function signatureStatus(chain: SvmX402Chain, signature: Signature): Promise<'landed' | 'reverted' | 'pending' | 'unseen'> {
  const { value } = await chain.rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send();
  const status = value[0];
  if (!status) return 'unseen';
  if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') return status.err ? 'reverted' : 'landed';
  return 'pending';
}

/** How long settles share one reading of the fee payer's balance (it only guards the operator's reserve). */
const BALANCE_TTL_MS = 1000;
const balances = new WeakMap<SvmX402Chain, { at: number; value: Promise<bigint | null> }>();

/** The fee payer's balance in lamports, read now (the operator's views). */
export async function feePayerBalanceNow(chain: SvmX402Chain): Promise<bigint | null> {
  if (!chain.feePayer) return null;
  return BigInt((await chain.rpc.getBalance(chain.feePayer, { commitment: 'confirmed' }).send()).value);
}

/** The fee payer's balance in lamports as settles check the reserve: read at most once a second (a failed read is not kept). */
export function feePayerBalance(chain: SvmX402Chain): Promise<bigint | null> {
  const kept = balances.get(chain);
  if (kept && Date.now() - kept.at < BALANCE_TTL_MS) return kept.value;
  const value = feePayerBalanceNow(chain);
  const entry = { at: Date.now(), value };
  balances.set(chain, entry);
  value.catch(() => balances.get(chain) === entry && balances.delete(chain));
  return value;
}
