import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, selectUTXO, type Transaction } from '@scure/btc-signer';
import type { OutgoingTransfer, SignedTransfer, TransferTerms } from '../types.ts';

/** nSequence that signals replace-by-fee (BIP 125) and nothing else: no relative lock-time, no lock-time opt-out. */
export const RBF_SEQUENCE = 0xfffffffd;
/** Bitcoin Core's incremental relay fee, in sat/vB: what a replacement must add per vbyte of its own size (BIP 125 rule 4). */
export const INCREMENTAL_RELAY_FEE = 1n;
/**
 * Change worth this or less is left to the fee: the conventional dust limit (a P2PKH output at Core's
 * 3 sat/vB dust relay rate; P2WPKH's own is 294), so no change output costs more to spend than it holds.
 */
export const DUST_LIMIT = 546n;

/** A coin of the hot wallet. */
export interface Utxo {
  txid: string;
  vout: number;
  sats: bigint;
  /** In a block. Unconfirmed change of a payout changes its txid when the payout is replaced. */
  confirmed: boolean;
}

/** The Bitcoin kind of `TransferTerms`. */
export type BtcTerms = Extract<TransferTerms, { family: 'btc' }>;

/** A signed payout and what replacing it needs. */
export type SignedPayout = SignedTransfer & { terms: BtcTerms };

/** The hot wallet's key and P2WPKH output. */
export interface HotWallet {
  key: Uint8Array;
  address: string;
  script: Uint8Array;
}

/** The coins a payout's terms spend, as the UTXOs they were. */
export function termsInputs(terms: BtcTerms): Utxo[] {
  return terms.inputs.map((i) => ({ txid: i.txid, vout: i.vout, sats: BigInt(i.sats), confirmed: true }));
}

/** `txid:vout`: one coin's key. */
export function outpoint(u: { txid: string; vout: number }): string {
  return `${u.txid}:${u.vout}`;
}

/**
 * Pays `t` from the hot wallet at `rate` sat/vB: every coin of `required` (a replacement's, so it
 * conflicts with the candidate it replaces) and as many of `coins` as the amount and fee need, change
 * back to the hot wallet unless it would be dust. Every input signals replace-by-fee. A bundle
 * (`t.outputs`) keeps its payments in their order, change last, so each payment's output index is
 * the same in every candidate; a single payment is ordered by BIP 69. Null when the coins cannot
 * cover the payments and the fee.
 */
export function signPayout(
  wallet: HotWallet,
  t: OutgoingTransfer,
  rate: bigint,
  coins: Utxo[],
  required: Utxo[] = [],
): SignedPayout | null {
  const asInput = (u: Utxo) => ({
    txid: u.txid,
    index: u.vout,
    sequence: RBF_SEQUENCE,
    witnessUtxo: { script: wallet.script, amount: u.sats },
  });
  const payments = t.outputs ?? [{ to: t.to, units: t.units }];
  const selected = selectUTXO(
    coins.map(asInput),
    payments.map((p) => ({ address: p.to, amount: p.units })),
    'default',
    {
      changeAddress: wallet.address,
      feePerByte: rate,
      requiredInputs: required.map(asInput),
      // The dust limit in vbytes at 1 sat/vB: change at or under DUST_LIMIT sats goes to the fee.
      dust: DUST_LIMIT,
      dustRelayFeeRate: 1n,
      bip69: !t.outputs,
      createTx: true,
      network: NETWORK,
    },
  );
  if (!selected?.tx) return null;
  const tx: Transaction = selected.tx;
  if (t.outputs) assertInPlace(tx, t.outputs);
  tx.sign(wallet.key);
  tx.finalize();
  return { txHash: tx.id, raw: tx.hex, terms: termsOf(tx) };
}

/** A bundle's withdrawals record their output index: a payment found anywhere else must never be signed. */
function assertInPlace(tx: Transaction, payments: ReadonlyArray<{ to: string; units: bigint }>): void {
  payments.forEach((p, i) => {
    const out = tx.getOutput(i);
    if (!out.script || hex.encode(out.script) !== hex.encode(scriptOf(p.to)) || out.amount !== p.units)
      throw new Error(`BTC: the bundle's payment ${i} is not output ${i}`);
  });
}

/** The output script of an address. */
function scriptOf(address: string): Uint8Array {
  return OutScript.encode(Address(NETWORK).decode(address));
}

/** The vbytes an output paying `address` adds to a transaction: its amount, script length and script. */
export function outputVbytes(address: string): bigint {
  const script = scriptOf(address).length;
  return BigInt(8 + (script < 0xfd ? 1 : 3) + script);
}

/** Its inputs, fee and size, read from the signed transaction itself (not the selector's estimate). */
function termsOf(tx: Transaction): BtcTerms {
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i)).map((i) => {
    // A signed input of ours has all three; scure types them optional for inputs being built.
    if (!i.txid || i.index === undefined || !i.witnessUtxo) throw new Error('BTC: a signed input without its outpoint or amount');
    return { txid: hex.encode(i.txid), vout: i.index, sats: String(i.witnessUtxo.amount) };
  });
  const fee = tx.fee;
  const vsize = tx.vsize;
  return { family: 'btc', inputs, fee: String(fee), vsize, feeRate: String(ceilDiv(fee, BigInt(vsize))) };
}

/**
 * Whether `next` may replace `prev` by BIP 125: it pays at least the old fee plus the incremental
 * relay fee for its own size (rules 3 and 4), at a strictly higher fee rate (compared exactly).
 */
export function replaces(next: BtcTerms, prev: BtcTerms): boolean {
  const [newFee, oldFee] = [BigInt(next.fee), BigInt(prev.fee)];
  return newFee >= oldFee + INCREMENTAL_RELAY_FEE * BigInt(next.vsize) && newFee * BigInt(prev.vsize) > oldFee * BigInt(next.vsize);
}

/** The lowest whole sat/vB at which a replacement of `vsize` vbytes meets BIP 125 against `prev`. */
export function rateToReplace(prev: BtcTerms, vsize: number): bigint {
  const byRate = BigInt(prev.feeRate) + 1n;
  const byFee = ceilDiv(BigInt(prev.fee), BigInt(vsize)) + INCREMENTAL_RELAY_FEE;
  return byRate > byFee ? byRate : byFee;
}

/** a / b rounded up, for positive b. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
