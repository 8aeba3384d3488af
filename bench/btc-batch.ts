import { hex } from '@scure/base';
import { p2wpkh } from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { outpoint, signPayout, type HotWallet, type SignedPayout, type Utxo } from '../src/chains/btc/payout.ts';
import type { OutgoingTransfer } from '../src/chains/types.ts';
import { progress, ratio, round, type Figures } from './lib.ts';

/** Payouts compared: one bundle of this many outputs against as many transactions of one payment each. */
const PAYOUTS = 50;
/** Each payment, in satoshis (0.001 BTC), and each coin of the hot wallet (0.01 BTC). */
const PAYMENT = 100_000n;
const COIN = 1_000_000n;
/** Fee rates compared, sat/vB: a quiet mempool, a usual one, a busy one. */
const RATES = [2n, 10n, 50n];

/** A P2WPKH address of the n-th test key. */
function addressOf(n: number): string {
  const address = p2wpkh(secp256k1.getPublicKey(hex.decode(n.toString(16).padStart(64, '0')), true)).address;
  if (!address) throw new Error('no address');
  return address;
}

/**
 * Bitcoin payout bundles: what `PAYOUTS` withdrawals cost the network paid by one transaction
 * (an output each, change last) against one transaction each, both signed by the adapter's own
 * builder (`signPayout`: coin selection, BIP 125 signalling, change, dust) from the same hot
 * wallet of 0.01 BTC coins at the same fee rate; the fee is the signed transaction's own (inputs
 * less outputs), its size its real vsize. The singles spend confirmed coins only, as the adapter
 * does, so each takes a coin of its own. Also timed: signing the bundle, and signing the singles.
 */
export async function benchBtcBatch(): Promise<Figures> {
  const key = hex.decode('11'.repeat(32));
  const spend = p2wpkh(secp256k1.getPublicKey(key, true));
  if (!spend.address) throw new Error('no hot wallet address');
  const wallet: HotWallet = { key, address: spend.address, script: spend.script };
  const coins: Utxo[] = Array.from({ length: PAYOUTS + 10 }, (_, i) => ({
    txid: (i + 1).toString(16).padStart(64, 'a'),
    vout: 0,
    sats: COIN,
    confirmed: true,
  }));
  const payments = Array.from({ length: PAYOUTS }, (_, i) => ({ to: addressOf(i + 1), units: PAYMENT }));
  const out: Figures = { payouts: PAYOUTS, paymentSats: Number(PAYMENT), coinSats: Number(COIN) };
  const rows: string[] = [];
  for (const rate of RATES) {
    progress(`btcBatch: ${PAYOUTS} payouts at ${rate} sat/vB`);
    let t0 = performance.now();
    const bundle = signed(
      signPayout(wallet, { id: 'bundle', currencyCode: 'BTC', to: payments[0]!.to, units: PAYMENT, outputs: payments }, rate, coins),
    );
    const bundleMs = performance.now() - t0;
    t0 = performance.now();
    const held = new Set<string>();
    let singlesFee = 0n;
    let singlesVsize = 0;
    for (const [i, p] of payments.entries()) {
      const t: OutgoingTransfer = { id: `single-${i}`, currencyCode: 'BTC', to: p.to, units: p.units };
      const single = signed(
        signPayout(
          wallet,
          t,
          rate,
          coins.filter((c) => !held.has(outpoint(c))),
        ),
      );
      for (const input of single.terms.inputs) held.add(outpoint(input));
      singlesFee += BigInt(single.terms.fee);
      singlesVsize += single.terms.vsize;
    }
    const singlesMs = performance.now() - t0;
    const bundleFee = BigInt(bundle.terms.fee);
    const figures = {
      bundleVsize: bundle.terms.vsize,
      bundleInputs: bundle.terms.inputs.length,
      bundleFeeSats: Number(bundleFee),
      singlesVsize,
      singlesFeeSats: Number(singlesFee),
      feeRatio: ratio(Number(bundleFee), Number(singlesFee)),
      bundleFeePerPayoutSats: round(Number(bundleFee) / PAYOUTS),
      singleFeePerPayoutSats: round(Number(singlesFee) / PAYOUTS),
      bundleSignMs: round(bundleMs),
      singlesSignMs: round(singlesMs),
    };
    out[`rate${rate}`] = figures;
    rows.push(
      [
        `${rate} sat/vB`,
        `${figures.bundleVsize} vB, ${figures.bundleInputs} in`,
        `${figures.bundleFeeSats}`,
        `${figures.singlesVsize} vB`,
        `${figures.singlesFeeSats}`,
        `${figures.feeRatio}`,
        `${figures.bundleFeePerPayoutSats} / ${figures.singleFeePerPayoutSats}`,
      ]
        .map((c, i) => c.padEnd(i === 0 ? 12 : 20))
        .join(''),
    );
  }
  console.log(
    `\nBitcoin: ${PAYOUTS} payouts of ${PAYMENT} sat, one bundle vs one transaction each (fee = the signed transaction's inputs - outputs)`,
  );
  console.log(
    '  ' +
      ['rate', 'bundle size', 'bundle fee sat', 'singles size', 'singles fee sat', 'ratio', 'fee/payout sat']
        .map((c, i) => c.padEnd(i === 0 ? 12 : 20))
        .join(''),
  );
  for (const r of rows) console.log('  ' + r);
  return out;
}

function signed(s: SignedPayout | null): SignedPayout {
  if (!s) throw new Error('the hot wallet could not cover the payouts');
  return s;
}
