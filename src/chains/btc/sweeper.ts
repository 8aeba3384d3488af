import type { HDKey } from '@scure/bip32';
import { NETWORK, Transaction, p2wpkh } from '@scure/btc-signer';
import { sql } from 'kysely';
import { now, type Db } from '../../lib/db/index.ts';
import type { SweepLedger } from '../sweep-ledger.ts';
import { cryptoAmount } from '../../lib/currencies/catalogue.ts';
import type { BitcoinChain } from './bitcoin-chain.ts';
import { privateKeyOf, publicKeyOf } from '../addresses.ts';

/** vbytes of a P2WPKH input and of the rest of a one-output transaction (rounded up). */
const INPUT_VBYTES = 68n;
const BASE_VBYTES = 42n;

/**
 * Moves confirmed Bitcoin deposits from their one-off addresses into the hot wallet: one
 * transaction spends every unspent output of up to 50 deposit addresses, each input signed with the
 * address's own key (children `/0/i` of the account's extended private key, `BTC_SWEEP_XPRV`), pays
 * the ~3-block fee rate and sends the rest to the hot wallet. The fee is booked against the network
 * fees collected; coins between our own addresses stay in custody.
 */
export class BitcoinSweeper {
  constructor(
    private readonly db: Db,
    private readonly chain: BitcoinChain,
    private readonly account: HDKey,
    private readonly ledger: SweepLedger,
  ) {}

  async round(): Promise<{ swept: number; txid: string | null }> {
    const hot = this.chain.hotWallet;
    if (!hot) return { swept: 0, txid: null };
    const due = await this.db
      .selectFrom('payments as p')
      .innerJoin('addresses as a', (j) => j.onRef('a.network', '=', 'p.network').onRef('a.address', '=', 'p.address'))
      .select(['p.address', 'a.derivation_index', sql<string[]>`array_agg(p.id)`.as('ids')])
      .where('p.network', '=', 'BTC')
      .where('p.status', '=', 'confirmed')
      .where('p.swept_at', 'is', null)
      .groupBy(['p.address', 'a.derivation_index'])
      .limit(50)
      .execute();
    if (due.length === 0) return { swept: 0, txid: null };
    const tx = new Transaction();
    const keys: Uint8Array[] = [];
    let total = 0n;
    const swept: typeof due = [];
    const coins = await this.chain.utxosOfMany(due.map((r) => r.address));
    for (const row of due) {
      const key = privateKeyOf(this.account.deriveChild(0).deriveChild(row.derivation_index));
      const spend = p2wpkh(publicKeyOf(this.account.deriveChild(0).deriveChild(row.derivation_index)), NETWORK);
      if (spend.address !== row.address) continue; // not derived from this account key: not ours to move
      const utxos = coins.get(row.address) ?? [];
      if (utxos.length === 0) continue;
      for (const u of utxos) {
        tx.addInput({ txid: u.txid, index: u.vout, witnessUtxo: { script: spend.script, amount: u.sats } });
        keys.push(key);
        total += u.sats;
      }
      swept.push(row);
    }
    if (keys.length === 0) return { swept: 0, txid: null };
    const fee = (await this.chain.feeRate()) * (BASE_VBYTES + INPUT_VBYTES * BigInt(keys.length));
    if (total <= fee + 546n) return { swept: 0, txid: null }; // not worth its fee yet (dust)
    tx.addOutputAddress(hot, total - fee, NETWORK);
    keys.forEach((key, i) => tx.signIdx(key, i));
    tx.finalize();
    await this.chain.broadcast({ txHash: tx.id, raw: tx.hex });
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('payments')
        .set({ swept_at: now(), sweep_tx: tx.id })
        .where(
          'id',
          'in',
          swept.flatMap((r) => r.ids),
        )
        .execute();
      await this.ledger(trx, { kind: 'sweep.fee', ref: tx.id, network: 'BTC', amount: cryptoAmount('BTC', fee) });
    });
    return { swept: swept.length, txid: tx.id };
  }
}
