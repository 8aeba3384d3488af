// the first finding on a real EVM node (anvil): every ordered pair of the Ethereum catalogue
// (address currency, asset sent) and a token outside it, dust to large amounts. Each balance grows
// by exactly what arrived in its own currency less its fee (or suspense holds it below that
// currency's minimum), custody by what arrived, the ledger audit holds, and an unlisted token is
// recorded, never credited, and moved out by the sweeper when the operator asks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { HDKey } from '@scure/bip32';
import {
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  type Address,
  type Chain,
  type HttpTransport,
  type PrivateKeyAccount,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, TEST_USDC, anvilBinary, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { EvmChain } from '../../src/chains/evm/evm-chain.ts';
import { EvmSweeper, sweepAccountKey } from '../../src/chains/evm/sweeper.ts';
import { Watcher, allListeners } from '../../src/modules/payments/watcher.ts';
import { depositListener } from '../../src/modules/deposits/settle.ts';
import { invoiceListener } from '../../src/modules/invoices/payments.ts';
import { refreshFees } from '../../src/modules/currencies/fees.ts';
import { findCurrency } from '../../src/lib/currencies/catalogue.ts';
import { toUnits } from '../../src/lib/money.ts';
import { auditLedger, bookSweepCost } from '../../src/modules/ledger/service.ts';
import { unlistedMoves } from '../../src/modules/payments/unlisted-ops.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { startTestApp, type TestApp } from '../helpers/harness.ts';

const CODES = ['ETH', 'USDT_ERC20', 'USDC_ERC20', 'LINK_ERC20'] as const;
type Code = (typeof CODES)[number];
const UNLISTED = 'UNLISTED';

describe('every asset arriving at every Ethereum address (anvil, property)', {
  skip: anvilBinary() ? false : 'anvil is not installed for this platform',
}, () => {
  let devnet: Devnet;
  let t: TestApp;
  let evm: EvmChain;
  let watcher: Watcher;
  let wallet: WalletClient<HttpTransport, Chain, PrivateKeyAccount>;
  let deployer: WalletClient<HttpTransport, Chain, PrivateKeyAccount>;
  const contracts = {} as Record<Exclude<Code, 'ETH'> | typeof UNLISTED, Address>;
  const account = HDKey.fromMasterSeed(Buffer.alloc(32, 42)).derive("m/44'/60'/0'");
  const buyer = privateKeyToAccount(DEV_KEYS.buyer);
  let key = '';
  let accountId = '';
  let seq = 0;

  before(async () => {
    devnet = await startDevnet({ chainId: 1 });
    const chain: Chain = {
      id: 1,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnet.rpcUrl] } },
    };
    wallet = createWalletClient({ account: buyer, transport: http(devnet.rpcUrl), chain });
    deployer = createWalletClient({ account: privateKeyToAccount(DEV_KEYS.deployer), transport: http(devnet.rpcUrl), chain });
    t = await startTestApp('pglite', {
      env: { ETHEREUM_RPC_URL: devnet.rpcUrl, ETHEREUM_CONFIRMATIONS: '1', ETHEREUM_XPUB: account.publicExtendedKey },
    });
    evm = new EvmChain({ network: 'ETHEREUM', rpcUrl: devnet.rpcUrl, hotWalletKey: DEV_KEYS.deployer }, t.ctx.db);
    // Three stand-ins for the catalogue's tokens and one outside it, all minted by the deployer.
    for (const name of ['USDT_ERC20', 'USDC_ERC20', 'LINK_ERC20', UNLISTED] as const) {
      const hash = await deployer.deployContract({ abi: TEST_USDC.abi, bytecode: TEST_USDC.bytecode as `0x${string}` });
      contracts[name] = (await evm.client.waitForTransactionReceipt({ hash })).contractAddress!;
    }
    const { UNLISTED: _unlisted, ...listed } = contracts;
    evm = new EvmChain({ network: 'ETHEREUM', rpcUrl: devnet.rpcUrl, hotWalletKey: DEV_KEYS.deployer, contracts: listed }, t.ctx.db);
    watcher = new Watcher(t.ctx.db, t.ctx.config, evm, allListeners(depositListener(t.ctx), invoiceListener(t.ctx)));
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'LINK', 'ETH']);
    await refreshFees(t.ctx.db, (c) => (c.network === 'Ethereum' ? evm.feeOracle : { source: 'none', quote: async () => null }));
    const tenant = await t.tenant(['*']);
    ({ key, accountId } = tenant);
    await t.admin('PATCH', `/admin/tenants/${tenant.tenantId}`, { depositCommission: 0.01 });
  });
  after(async () => {
    await t?.close();
    await devnet?.stop();
  });

  const ledger = async (name: string) =>
    Object.fromEntries(
      (await t.ctx.db.selectFrom('ledger_balances_now').select(['currency_code', 'balance']).where('ledger_account', '=', name).execute())
        .map((r) => [r.currency_code, BigInt(r.balance)] as const)
        .filter(([, v]) => v !== 0n),
    );
  // Waits for the block: a node answers with the hash before it has mined it, and a scan
  // that runs in between would not see the transfer.
  const send = async (sent: Code | typeof UNLISTED, to: Address, units: bigint) =>
    evm.client.waitForTransactionReceipt({ hash: await submit(sent, to, units), pollingInterval: 50 });
  const submit = async (sent: Code | typeof UNLISTED, to: Address, units: bigint) => {
    if (sent === 'ETH') return wallet.sendTransaction({ to, value: units, chain: null, account: buyer });
    const token = contracts[sent];
    await evm.client.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: token,
        abi: TEST_USDC.abi,
        functionName: 'mint',
        args: [buyer.address, units],
        chain: null,
      }),
    });
    return wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, units],
      chain: null,
      account: buyer,
    });
  };
  /** Watcher rounds until the scan reaches the tip (a round reads at most 500 blocks). */
  const catchUp = async () => {
    for (;;) {
      const round = await watcher.round();
      const cursor = await t.ctx.db
        .selectFrom('chain_cursors')
        .select('next_height')
        .where('network', '=', 'ETHEREUM')
        .executeTakeFirstOrThrow();
      if (round.tipHeight === null || cursor.next_height > round.tipHeight) return;
    }
  };
  const PAIRS = CODES.flatMap((address) => [...CODES, UNLISTED].map((sent) => ({ address, sent: sent as Code | typeof UNLISTED })));
  // ETH comes from the buyer's 10,000: at most 100 a case; tokens are minted as needed.
  const units = (sent: string) =>
    sent === 'ETH'
      ? fc.oneof(fc.bigInt(1n, 1_000n), fc.bigInt(10n ** 12n, 10n ** 20n))
      : fc.oneof(fc.bigInt(1n, 1_000n), fc.bigInt(1n, 10n ** 12n), fc.bigInt(10n ** 12n, 10n ** 30n));

  it('credits exactly what arrived in its own currency, for every pair', async () => {
    const quoted = Object.fromEntries(
      (await t.ctx.db.selectFrom('network_fee_quotes').select(['currency_code', 'amount']).execute()).map((r) => [
        r.currency_code,
        BigInt(r.amount ?? '0'),
      ]),
    );
    await fc
      .assert(
        fc.asyncProperty(fc.tuple(...PAIRS.map((p) => units(p.sent))), async (drawn) => {
          const merchant = await ledger(`merchant:${accountId}`);
          const suspense = await ledger('suspense:below-minimum');
          const custody = await ledger('custody:ETHEREUM');
          const add = (into: Record<string, bigint>, code: string, v: bigint) => (into[code] = (into[code] ?? 0n) + v);
          const deposits: Array<{ id: string; counted: boolean; sent: string }> = [];
          for (const [i, { address, sent }] of PAIRS.entries()) {
            const u = drawn[i]!;
            const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: address, orderId: `a-${++seq}` } })).body
              .data;
            const row = await t.ctx.db
              .selectFrom('deposits')
              .select(['network_fee', 'min_amount'])
              .where('id', '=', d.id)
              .executeTakeFirstOrThrow();
            await send(sent, d.address, u);
            deposits.push({ id: d.id, counted: sent === address, sent });
            if (sent === UNLISTED) continue;
            add(custody, sent, u);
            const currency = findCurrency(sent)!;
            const fee = sent === address ? BigInt(row.network_fee) : quoted[sent]!;
            const min = sent === address ? BigInt(row.min_amount) : toUnits(currency.baseMinDeposit, currency.decimals) + fee;
            if (u < min) add(suspense, sent, u);
            else add(merchant, sent, u - fee - (u - fee) / 100n);
          }
          await catchUp();
          await watcher.round(); // once more: nothing changes
          assert.deepEqual(await ledger(`merchant:${accountId}`), merchant);
          assert.deepEqual(await ledger('suspense:below-minimum'), suspense);
          assert.deepEqual(await ledger('custody:ETHEREUM'), custody);
          assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
          for (const d of deposits) {
            const payments = await t.ctx.db
              .selectFrom('payments')
              .select(['counted', 'currency_code'])
              .where('owner_id', '=', d.id)
              .execute();
            const unlisted = await t.ctx.db
              .selectFrom('unlisted_token_transfers')
              .select('contract')
              .where('owner_id', '=', d.id)
              .execute();
            if (d.sent === UNLISTED) assert.deepEqual([payments, unlisted.map((u) => u.contract)], [[], [getAddress(contracts.UNLISTED)]]);
            else assert.deepEqual(payments, [{ counted: d.counted, currency_code: d.sent }]);
          }
        }),
        { numRuns: Number(process.env.ASSET_RUNS ?? 2), endOnFailure: true },
      )
      .catch((err) => {
        throw new Error(`${err.message}\n${(err.cause as Error)?.stack ?? ''}`);
      });
  });

  it('moves an unlisted token out when the operator asks, and books its gas', async () => {
    const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: 'USDT_ERC20', orderId: `move-${++seq}` } })).body
      .data;
    await send(UNLISTED, d.address, 777n);
    await catchUp();
    const [row] = await t.ctx.db.selectFrom('unlisted_token_transfers').selectAll().where('owner_id', '=', d.id).execute();
    assert.equal(row!.status, 'held');
    const destination = getAddress('0x00000000000000000000000000000000000C0FFe');
    const refused = await t.admin('POST', `/admin/unlisted-tokens/${row!.id}/move`, { to: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' });
    assert.deepEqual([refused.status, refused.body.code], [400, 'exceptions.unlistedToken.invalidDestination']);
    const asked = await t.admin('POST', `/admin/unlisted-tokens/${row!.id}/move`, { to: destination });
    assert.deepEqual([asked.status, asked.body.data.status, asked.body.data.moveTo], [200, 'moving', destination]);

    const sweeper = new EvmSweeper(
      t.ctx.db,
      evm,
      sweepAccountKey(account.privateExtendedKey, account.publicExtendedKey),
      devnet.rpcUrl,
      DEV_KEYS.deployer,
      bookSweepCost,
      unlistedMoves(t.ctx.db),
    );
    const result = await sweeper.round();
    assert.equal(result.moved, 1);
    const balanceOf = (who: Address) =>
      evm.client.readContract({ address: contracts.UNLISTED, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    assert.equal(await balanceOf(destination), 777n);
    assert.equal(await balanceOf(d.address), 0n);
    const listed = (await t.admin('GET', '/admin/unlisted-tokens?status=moved')).body.data.find((x: { id: string }) => x.id === row!.id);
    assert.match(listed.moveTransactionHash, /^0x[0-9a-f]{64}$/);
    assert.ok(
      (await t.ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'unlistedToken.move').executeTakeFirst()) !== undefined,
    );
    assert.deepEqual((await sweeper.round()).moved, 0, 'nothing left to move');
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
  });
});
