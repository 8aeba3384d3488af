import type { HDKey } from '@scure/bip32';
import { sql } from 'kysely';
import { createWalletClient, encodeFunctionData, erc20Abi, getAddress, http, toHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { now, type Db, type Trx } from '../../lib/db/index.ts';
import { cryptoAmount, findCurrency } from '../../lib/currencies/catalogue.ts';
import type { SweepLedger } from '../sweep-ledger.ts';
import type { EvmChain } from './evm-chain.ts';


export { SweepKeyError, sweepAccountKey } from '../sweep-key.ts';

export interface SweepResult {
  swept: number;
  toppedUp: number;
}

/**
 * Moves confirmed deposits from their one-off addresses into the hot wallet, so withdrawals can be
 * paid: native coins minus the transfer's gas; tokens after topping the address up with just the
 * gas the transfer needs, from the hot wallet. The gas spent is booked against collected network
 * fees (custody out, `fees:network` down); coins moving between our own addresses stay in custody.
 */
export class EvmSweeper {
  constructor(
    private readonly db: Db,
    private readonly evm: EvmChain,
    private readonly account: HDKey,
    private readonly rpcUrl: string,
    private readonly hotWalletKey: Hex,
    private readonly ledger: SweepLedger,
  ) {}

  private keyOf(index: number): Hex {
    return toHex(this.account.deriveChild(0).deriveChild(index).privateKey!);
  }

  async round(): Promise<SweepResult> {
    const network = this.evm.network;
    const hot = privateKeyToAccount(this.hotWalletKey);
    const due = await this.db
      .selectFrom('payments as p')
      .innerJoin('addresses as a', (j) => j.onRef('a.network', '=', 'p.network').onRef('a.address', '=', 'p.address'))
      .select(['p.address', 'p.currency_code', 'a.derivation_index', sql<string>`array_agg(p.id)`.as('ids')])
      .where('p.network', '=', network)
      .where('p.status', '=', 'confirmed')
      .where('p.swept_at', 'is', null)
      .groupBy(['p.address', 'p.currency_code', 'a.derivation_index'])
      .limit(50)
      .execute();
    const result: SweepResult = { swept: 0, toppedUp: 0 };
    const client = this.evm.client;
    const fees = await client.estimateFeesPerGas();
    for (const row of due) {
      const currency = findCurrency(row.currency_code)!;
      const from = getAddress(row.address);
      const owner = privateKeyToAccount(this.keyOf(row.derivation_index));
      if (owner.address !== from) continue; // not derived from this account key: not ours to move
      const wallet = createWalletClient({ account: owner, transport: http(this.rpcUrl) });
      const contract = this.evm.contractFor(currency.code);
      let hash: Hex | null = null;
      if (!contract) {
        const balance = await client.getBalance({ address: from });
        const gasCost = 21_000n * fees.maxFeePerGas!;
        if (balance <= gasCost) continue;
        hash = await wallet.sendTransaction({ chain: null, to: hot.address, value: balance - gasCost, gas: 21_000n, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas });
      } else {
        const amount = await client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [from] });
        if (amount === 0n) continue;
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [hot.address, amount] });
        const gas = ((await client.estimateGas({ account: from, to: contract, data })) * 12n) / 10n;
        const need = gas * fees.maxFeePerGas!;
        const has = await client.getBalance({ address: from });
        if (has < need) {
          const hotWallet = createWalletClient({ account: hot, transport: http(this.rpcUrl) });
          const topUp = await hotWallet.sendTransaction({ chain: null, to: from, value: need - has });
          const receipt = await client.waitForTransactionReceipt({ hash: topUp });
          await this.bookGas(`sweep-topup:${topUp}`, receipt.gasUsed * receipt.effectiveGasPrice);
          result.toppedUp++;
        }
        hash = await wallet.sendTransaction({ chain: null, to: contract, data, gas, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas });
      }
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') continue;
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payments')
          .set({ swept_at: now(), sweep_tx: hash })
          .where('id', 'in', row.ids as unknown as string[])
          .execute();
        await this.bookGas(`sweep:${hash}`, receipt.gasUsed * receipt.effectiveGasPrice, trx);
      });
      result.swept++;
    }
    return result;
  }

  /** Gas paid in the native coin: out of custody, out of the network fees collected for it. */
  private async bookGas(ref: string, wei: bigint, executor?: Trx): Promise<void> {
    if (wei === 0n) return;
    const write = (trx: Trx) =>
      this.ledger(trx, { kind: 'sweep.gas', ref, network: this.evm.network, amount: cryptoAmount(this.evm.nativeCode, wei) });
    if (executor) await write(executor);
    else await this.db.transaction().execute(write);
  }
}

