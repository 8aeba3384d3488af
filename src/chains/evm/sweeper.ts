import type { HDKey } from '@scure/bip32';
import { sql } from 'kysely';
import { createWalletClient, encodeFunctionData, erc20Abi, getAddress, http, keccak256, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { now, type Db, type Trx } from '../../lib/db/index.ts';
import { cryptoAmount, knownCurrency } from '../../lib/currencies/catalogue.ts';
import type { SweepLedger, UnlistedMoves } from '../sweep-ledger.ts';
import { SweepStore } from '../sweep-store.ts';
import type { EvmChain } from './evm-chain.ts';
import { privateKeyOf } from '../addresses.ts';

export { SweepKeyError, sweepAccountKey } from '../sweep-key.ts';

export interface SweepResult {
  swept: number;
  toppedUp: number;
  /** Operator's moves of unlisted tokens made. */
  moved: number;
}

/** EIP-1559 fees, as estimateFeesPerGas answers them by default. */
type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

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
    private readonly moves?: UnlistedMoves,
  ) {}

  private keyOf(index: number): Hex {
    return toHex(privateKeyOf(this.account.deriveChild(0).deriveChild(index)));
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
    const result: SweepResult = { swept: 0, toppedUp: 0, moved: 0 };
    const client = this.evm.client;
    const fees = await client.estimateFeesPerGas();
    for (const row of due) {
      const currency = knownCurrency(row.currency_code);
      const from = getAddress(row.address);
      const owner = privateKeyToAccount(this.keyOf(row.derivation_index));
      if (owner.address !== from) continue; // not derived from this account key: not ours to move
      const contract = this.evm.contractFor(currency.code);
      let hash: Hex | null = null;
      if (!contract) {
        const wallet = createWalletClient({ account: owner, transport: http(this.rpcUrl) });
        const balance = await client.getBalance({ address: from });
        const gasCost = 21_000n * fees.maxFeePerGas;
        if (balance <= gasCost) continue;
        hash = await wallet.sendTransaction({
          chain: null,
          to: hot.address,
          value: balance - gasCost,
          gas: 21_000n,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        });
      } else {
        hash = await this.sendToken(owner, contract, hot.address, fees, result);
        if (!hash) continue;
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
    if (this.moves) await this.moveUnlisted(this.moves, fees, result);
    return result;
  }

  /**
   * Sends an address's whole balance of a token to `to`, first topping the address up from the hot
   * wallet with just the gas the transfer needs. Null when the address holds none of it.
   */
  private async sendToken(owner: PrivateKeyAccount, contract: Address, to: Address, fees: Fees, result: SweepResult): Promise<Hex | null> {
    const client = this.evm.client;
    const from = owner.address;
    const amount = await client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [from] });
    if (amount === 0n) return null;
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] });
    const gas = ((await client.estimateGas({ account: from, to: contract, data })) * 12n) / 10n;
    const need = gas * fees.maxFeePerGas;
    const has = await client.getBalance({ address: from });
    if (has < need) {
      await this.topUp(from, need - has);
      result.toppedUp++;
    }
    const wallet = createWalletClient({ account: owner, transport: http(this.rpcUrl) });
    return wallet.sendTransaction({
      chain: null,
      to: contract,
      data,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
  }

  /**
   * Gas for a deposit address, from the hot wallet. Signed and stored as the gateway's own
   * transaction before it is sent, so the watcher never takes it for a customer's payment.
   */
  private async topUp(to: Address, value: bigint): Promise<void> {
    const client = this.evm.client;
    const hotWallet = createWalletClient({ account: privateKeyToAccount(this.hotWalletKey), transport: http(this.rpcUrl) });
    const request = await hotWallet.prepareTransactionRequest({ chain: null, to, value });
    const raw = await hotWallet.signTransaction({ ...request, chain: null });
    const txHash = keccak256(raw);
    const store = new SweepStore(this.db, this.evm.network);
    await store.store({
      network: this.evm.network,
      address: to,
      purpose: 'topup',
      currencyCode: this.evm.nativeCode,
      txHash,
      raw,
      expiresAtMs: 0,
    });
    await client.sendRawTransaction({ serializedTransaction: raw });
    const receipt = await client.waitForTransactionReceipt({ hash: txHash });
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    await this.db.transaction().execute(async (trx) => {
      await store.settle(trx, txHash, receipt.status === 'success' ? 'confirmed' : 'failed', gas);
      await this.bookGas(`sweep-topup:${txHash}`, gas, trx);
    });
  }

  /**
   * The operator's moves of tokens outside the catalogue: each address's whole balance of the token
   * goes to the named destination (else the hot wallet); its gas is booked like a sweep's. A token
   * that refuses (it reverts, or nothing is left at the address) goes back to held, with why.
   */
  private async moveUnlisted(moves: UnlistedMoves, fees: Fees, result: SweepResult): Promise<void> {
    const hot = privateKeyToAccount(this.hotWalletKey).address;
    for (const m of await moves.due(this.evm.network)) {
      const owner = await this.ownerOf(m.address);
      if (!owner) continue;
      let hash: Hex | null;
      try {
        hash = await this.sendToken(owner, getAddress(m.contract), m.to ? getAddress(m.to) : hot, fees, result);
      } catch (err) {
        await moves.refused(m.ids, `the token refused the transfer: ${(err as Error).message.split('\n')[0]}`);
        continue;
      }
      if (!hash) {
        await moves.refused(m.ids, 'the address holds none of this token now');
        continue;
      }
      const receipt = await this.evm.client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') {
        await moves.refused(m.ids, `the transfer ${hash} reverted`);
        continue;
      }
      await this.db.transaction().execute(async (trx) => {
        await moves.moved(trx, m.ids, hash);
        await this.bookGas(`sweep:${hash}`, receipt.gasUsed * receipt.effectiveGasPrice, trx);
      });
      result.moved++;
    }
  }

  /** The key of one of our deposit addresses, when it derives from this sweeper's account key. */
  private async ownerOf(address: string): Promise<PrivateKeyAccount | null> {
    const row = await this.db
      .selectFrom('addresses')
      .select('derivation_index')
      .where('network', '=', this.evm.network)
      .where('address', '=', address)
      .executeTakeFirst();
    if (!row) return null;
    const owner = privateKeyToAccount(this.keyOf(row.derivation_index));
    return owner.address === getAddress(address) ? owner : null;
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
