import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { bech32, bech32m } from '@scure/base';
import { getAddress } from 'viem';
import { chainAdapters } from '../../src/chains/registry.ts';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { PermanentBroadcastError, type ChainAdapter } from '../../src/chains/types.ts';
import { CURRENCIES } from '../../src/lib/currencies/catalogue.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { dispatchEvents } from '../../src/modules/webhooks/deliveries.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount } from '../helpers/scenario.ts';

// Valid destinations (checksums included), none of them a token contract or a reserved account.
const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const BTC_TO = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

describeEngines('withdrawals', (engine) => {
  const app = useTestApp(engine);
  let seq = 0;

  const quote = (t: TestApp, key: string, body: Record<string, unknown>) =>
    t.call('POST', '/v1/withdrawal/quote', {
      key,
      body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: `w-${++seq}`, ...body },
    });
  /** The address passed every check: quoted, or refused only by a later one (these tests fund USDT_TRC20 alone). */
  const addressPassed = (r: { status: number; body: any }) =>
    r.status === 200 || r.body.code === 'exceptions.withdrawal.insufficientBalance';
  const balance = async (t: TestApp, accountId: string, code: string) =>
    (await merchantBalances(t.ctx.db, accountId)).find((b) => b.currency === code)?.units ?? 0n;
  const adapters = (t: TestApp) => chainAdapters(t.ctx.config, t.ctx.db);

  describe('quote', () => {
    it('quotes with the fee in three forms, validates address, amount and precision, and collapses one orderId', async () => {
      const t = app();
      const { key } = await fundedAccount(t);
      const res = await quote(t, key, { amount: 10, orderId: 'q-1' });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const q = res.body.data;
      assert.deepEqual(
        { ...q, quoteId: undefined, expiresAt: undefined },
        {
          quoteId: undefined,
          orderId: 'q-1',
          cryptoCurrencyCode: 'USDT_TRC20',
          address: TRON_TO,
          amount: 10,
          fee: { feeNative: 4, feeCurrency: 'TRX', feeInCryptoCurrencyCode: 1, feeUsd: 1 }, // 1 USDT = 4 TRX at 0.25
          totalDeduction: 11,
          autoConvert: null,
          expiresAt: undefined,
        },
      );
      const ttl = Date.parse(q.expiresAt) - Date.now();
      assert.ok(ttl > 50_000 && ttl <= 61_000);
      // Same (account, orderId): the same quote, re-priced.
      const again = (await quote(t, key, { amount: 12, orderId: 'q-1' })).body.data;
      assert.equal(again.quoteId, q.quoteId);
      assert.equal(again.amount, 12);

      const bad: Array<[Record<string, unknown>, string]> = [
        [{ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'exceptions.withdrawal.invalidAddress'], // checksum
        [{ address: EVM_TO }, 'exceptions.withdrawal.invalidAddress'], // another network's address
        [
          { cryptoCurrencyCode: 'USDT_ERC20', address: '0xdac17f958d2ee523a2206206994597C13D831ec7', amount: 25 },
          'exceptions.withdrawal.invalidAddress',
        ], // EIP-55
        [
          { cryptoCurrencyCode: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', amount: 0.01 },
          'exceptions.withdrawal.invalidAddress',
        ],
        [{ amount: 4.99 }, 'exceptions.withdrawal.amountBelowMinimum'],
        [{ amount: 10.0000001 }, 'exceptions.withdrawal.amountInvalidDecimalPlaces'],
        [{ amount: -1 }, 'exceptions.validation.failed'],
        [{ cryptoCurrencyCode: 'DOGE' }, 'exceptions.validation.failed'],
      ];
      for (const [patch, code] of bad) {
        const r = await quote(t, key, patch);
        assert.equal(r.status, 400, `${JSON.stringify(patch)} → ${JSON.stringify(r.body)}`);
        assert.equal(r.body.code, code, JSON.stringify(patch));
        if (code === 'exceptions.withdrawal.invalidAddress') assert.equal(r.body.extension.reason, 'malformed', JSON.stringify(patch));
      }
      // Valid forms on the other networks.
      const evm = await quote(t, key, { cryptoCurrencyCode: 'USDT_ERC20', address: EVM_TO, amount: 25 });
      assert.ok(addressPassed(evm), JSON.stringify(evm.body));
      assert.ok(addressPassed(await quote(t, key, { cryptoCurrencyCode: 'USDT_ERC20', address: EVM_TO.toLowerCase(), amount: 25 })));
      assert.ok(addressPassed(await quote(t, key, { cryptoCurrencyCode: 'BTC', address: BTC_TO, amount: 0.01 })));
      assert.ok(
        addressPassed(await quote(t, key, { cryptoCurrencyCode: 'BTC', address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', amount: 0.01 })),
      );
      assert.ok(
        addressPassed(
          await quote(t, key, {
            cryptoCurrencyCode: 'BTC',
            address: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
            amount: 0.01,
          }),
        ),
      );
    });

    it('quotes without an orderId afresh each time, with an orderId of its own; with one, quotes collapse as before', async () => {
      const t = app();
      const { key } = await fundedAccount(t);
      const body = { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10 };
      const a = await t.call('POST', '/v1/withdrawal/quote', { key, body });
      const b = await t.call('POST', '/v1/withdrawal/quote', { key, body });
      assert.equal(a.status, 200, JSON.stringify(a.body));
      assert.equal(b.status, 200, JSON.stringify(b.body));
      assert.notEqual(a.body.data.quoteId, b.body.data.quoteId);
      assert.match(a.body.data.orderId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.notEqual(a.body.data.orderId, b.body.data.orderId);
      // Both stand: committing the first leaves the second committable, each under its own orderId.
      const first = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: a.body.data.quoteId } });
      const second = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: b.body.data.quoteId } });
      assert.deepEqual([first.status, second.status], [201, 201]);
      assert.deepEqual([first.body.data.orderId, second.body.data.orderId], [a.body.data.orderId, b.body.data.orderId]);
      const byOrderId = await t.call('GET', `/v1/withdrawal?orderId=${a.body.data.orderId}`, { key });
      assert.equal(byOrderId.body.data.id, first.body.data.id);
      // With an orderId: one quote, re-priced; after its commit, 409.
      const c1 = (await t.call('POST', '/v1/withdrawal/quote', { key, body: { ...body, orderId: 'given-1' } })).body.data;
      const c2 = (await t.call('POST', '/v1/withdrawal/quote', { key, body: { ...body, amount: 11, orderId: 'given-1' } })).body.data;
      assert.deepEqual([c2.quoteId, c2.orderId, c2.amount], [c1.quoteId, 'given-1', 11]);
      assert.equal((await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: c1.quoteId } })).status, 201);
      assert.equal((await t.call('POST', '/v1/withdrawal/quote', { key, body: { ...body, orderId: 'given-1' } })).status, 409);
    });
  });

  describe('refused destinations', () => {
    it("refuses destinations nothing sent to can leave: zero and reserved accounts, and the catalogue's token contracts on any network", async () => {
      const t = app();
      const { key } = await fundedAccount(t);
      for (const code of ['USDT_ERC20', 'USDC_BEP20', 'ETH_BASE', 'TRX', 'BTC'])
        await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: code, amount: 0.00001 });
      await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
      const evmAmount = { USDT_ERC20: 25, USDC_BEP20: 10, ETH_BASE: 0.01 } as const;
      const zeroProgram = (version: number, bytes: number) =>
        (version === 0 ? bech32 : bech32m).encode('bc', [version, ...bech32.toWords(new Uint8Array(bytes))]);
      const sinks: Array<[string, string, number, string]> = [
        // The zero account, written any way the network accepts.
        ...Object.entries(evmAmount).map(
          ([code, amount]) => [code, `0x${'0'.repeat(40)}`, amount, 'zeroAddress'] as [string, string, number, string],
        ),
        ['TRX', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 25, 'zeroAddress'],
        ['USDT_TRC20', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 10, 'zeroAddress'],
        ['BTC', '1111111111111111111114oLvT2', 0.01, 'zeroAddress'],
        ['BTC', zeroProgram(0, 20), 0.01, 'zeroAddress'],
        ['BTC', zeroProgram(0, 32), 0.01, 'zeroAddress'],
        ['BTC', zeroProgram(1, 32), 0.01, 'zeroAddress'],
        // Burn address, precompiles, system contracts: below 2^32, where no key can be.
        ['USDT_ERC20', '0x000000000000000000000000000000000000dEaD', 25, 'reservedAddress'],
        ['USDT_ERC20', '0x0000000000000000000000000000000000000001', 25, 'reservedAddress'],
        ['ETH_BASE', '0x0000000000000000000000000000000000000100', 0.01, 'reservedAddress'],
        ['USDC_BEP20', '0x0000000000000000000000000000000000001004', 10, 'reservedAddress'],
        ['USDC_BEP20', getAddress('0x00000000000000000000000000000000ffffffff'), 10, 'reservedAddress'],
      ];
      // Every catalogue contract, on its own network and on every other EVM one, checksummed and not.
      for (const c of CURRENCIES) {
        if (!c.contractAddress) continue;
        if (c.network === 'Tron') {
          sinks.push(['USDT_TRC20', c.contractAddress, 10, 'tokenContract'], ['TRX', c.contractAddress, 25, 'tokenContract']);
          continue;
        }
        for (const [code, amount] of Object.entries(evmAmount)) {
          sinks.push([code, c.contractAddress, amount, 'tokenContract'], [code, c.contractAddress.toLowerCase(), amount, 'tokenContract']);
        }
      }
      for (const [code, address, amount, reason] of sinks) {
        const r = await quote(t, key, { cryptoCurrencyCode: code, address, amount });
        assert.equal(r.status, 400, `${code} ${address} → ${JSON.stringify(r.body)}`);
        assert.equal(r.body.code, 'exceptions.withdrawal.invalidAddress', `${code} ${address}`);
        assert.equal(r.body.extension.reason, reason, `${code} ${address}`);
        assert.equal(r.body.extension.address, address);
      }
      assert.equal(
        await t.ctx.db
          .selectFrom('withdrawal_quotes')
          .select('id')
          .where(
            'address',
            'in',
            sinks.map((s) => s[1]),
          )
          .executeTakeFirst(),
        undefined,
      );
      // Just above the reserved range, and ordinary accounts, are destinations as before.
      for (const [code, address, amount] of [
        ['USDT_ERC20', getAddress('0x0000000000000000000000000000000100000000'), 25],
        ['USDT_ERC20', EVM_TO, 25],
        ['USDC_BEP20', EVM_TO.toLowerCase(), 10],
        ['TRX', TRON_TO, 25],
        ['BTC', BTC_TO, 0.01],
      ] as const) {
        const r = await quote(t, key, { cryptoCurrencyCode: code, address, amount });
        assert.ok(addressPassed(r), `${code} ${address} → ${JSON.stringify(r.body)}`);
      }
    });

    it('refuses well-known burn addresses, all-alike accounts and Bitcoin witness versions no wallet spends yet, each with its reason', async () => {
      const t = app();
      const { key } = await fundedAccount(t);
      for (const code of ['USDT_ERC20', 'USDC_BEP20', 'ETH_BASE', 'TRX', 'BTC'])
        await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: code, amount: 0.00001 });
      await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
      const program = (version: number, bytes: Uint8Array) =>
        (version === 0 ? bech32 : bech32m).encode('bc', [version, ...bech32.toWords(bytes)]);
      const key32 = new Uint8Array(32).map((_, i) => i + 1);
      const sinks: Array<[string, string, number, string]> = [
        ['USDT_ERC20', '0xdEAD000000000000000042069420694206942069', 25, 'burnAddress'],
        ['ETH_BASE', '0xdead000000000000000042069420694206942069', 0.01, 'burnAddress'],
        ['USDC_BEP20', '0xFFfFfFffFFfffFFfFFfFFFFFffFFFffffFfFFFfF', 10, 'burnAddress'],
        ['USDT_ERC20', '0xffffffffffffffffffffffffffffffffffffffff', 25, 'burnAddress'],
        ['ETH_BASE', '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 0.01, 'burnAddress'],
        ['TRX', 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy', 25, 'burnAddress'],
        ['BTC', '1BitcoinEaterAddressDontSendf59kuE', 0.01, 'burnAddress'],
        ['BTC', '1CounterpartyXXXXXXXXXXXXXXXUWLpVr', 0.01, 'burnAddress'],
        ['BTC', program(0, new Uint8Array(20).fill(0xff)), 0.01, 'burnAddress'],
        // Witness versions 2 to 16, and v1 that is no 32-byte taproot key: anyone-can-spend today.
        ['BTC', program(2, key32), 0.01, 'futureSegwitVersion'],
        ['BTC', program(16, key32.subarray(0, 2)), 0.01, 'futureSegwitVersion'],
        ['BTC', program(3, new Uint8Array([...key32, ...key32.subarray(0, 8)])), 0.01, 'futureSegwitVersion'],
        ['BTC', program(1, key32.subarray(0, 20)), 0.01, 'futureSegwitVersion'],
        ['BTC', program(1, new Uint8Array([...key32, 1, 2, 3])), 0.01, 'futureSegwitVersion'],
      ];
      for (const [code, address, amount, reason] of sinks) {
        const r = await quote(t, key, { cryptoCurrencyCode: code, address, amount });
        assert.equal(r.status, 400, `${code} ${address} → ${JSON.stringify(r.body)}`);
        assert.deepEqual(
          [r.body.code, r.body.extension.reason, r.body.extension.address],
          ['exceptions.withdrawal.invalidAddress', reason, address],
          `${code} ${address}`,
        );
      }
      assert.equal(
        await t.ctx.db
          .selectFrom('withdrawal_quotes')
          .select('id')
          .where(
            'address',
            'in',
            sinks.map((s) => s[1]),
          )
          .executeTakeFirst(),
        undefined,
      );
      // Taproot (v1, 32 bytes) and v0 keys and scripts are destinations as before.
      for (const address of [program(1, key32), program(0, key32.subarray(0, 20)), program(0, key32)]) {
        const r = await quote(t, key, { cryptoCurrencyCode: 'BTC', address, amount: 0.01 });
        assert.ok(addressPassed(r), `${address} → ${JSON.stringify(r.body)}`);
      }
    });
  });

  describe('commit', () => {
    it('commits once: debit, record, reads; re-quote after commit is 409; expired and committed quotes are refused', async () => {
      const t = app();
      const { key, accountId } = await fundedAccount(t);
      const q = (await quote(t, key, { amount: 10, orderId: 'pay-out-1' })).body.data;
      const committed = await t.call('POST', '/v1/withdrawal/commit', {
        key,
        body: { quoteId: q.quoteId, metadata: { payoutRef: 'p-9' }, webhookUrl: 'https://merchant.example.com/hooks' },
      });
      assert.equal(committed.status, 201, JSON.stringify(committed.body));
      const w = committed.body.data;
      assert.deepEqual(
        { ...w, id: undefined, createdAt: undefined, updatedAt: undefined },
        {
          id: undefined,
          orderId: 'pay-out-1',
          accountId,
          cryptoCurrencyCode: 'USDT_TRC20',
          address: TRON_TO,
          transactionHash: null,
          amount: 10,
          amountUsd: 10,
          status: 'created',
          convertId: null,
          feeAmount: 1,
          feeAmountUsd: 1,
          debitedAmount: 11,
          customData: { payoutRef: 'p-9' },
          webhookUrl: 'https://merchant.example.com/hooks',
          source: 'api',
          createdAt: undefined,
          updatedAt: undefined,
          quoteId: q.quoteId,
          transferId: q.quoteId,
        },
      );
      assert.equal(await balance(t, accountId, 'USDT_TRC20'), 89_000_000n);
      assert.equal(
        (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.quoteId } })).body.code,
        'exceptions.withdrawal.quoteAlreadyCommitted',
      );
      const requote = await quote(t, key, { orderId: 'pay-out-1' });
      assert.equal(requote.status, 409);
      assert.equal(requote.body.code, 'exceptions.withdrawal.orderIdAlreadyExists');
      assert.deepEqual((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data, w);
      assert.equal((await t.call('GET', '/v1/withdrawal?orderId=pay-out-1', { key })).body.data.id, w.id);
      assert.equal(
        (await t.call('GET', '/v1/withdrawal', { key })).body.code,
        'exceptions.withdrawal.eitherWithdrawalIdOrOrderIdMustBeProvided',
      );
      const list = (await t.call('GET', `/v1/withdrawal/list?accountId=${accountId}&status=created`, { key })).body;
      assert.deepEqual([list.total, list.data[0].id, list.hasMore], [1, w.id, false]);
      // An account-bound key's own account when it names none (the other lists never required it).
      assert.deepEqual(
        (await t.call('GET', '/v1/withdrawal/list', { key })).body.data.map((x: { id: string }) => x.id),
        [w.id],
      );

      const stranger = await t.tenant(['*']);
      assert.equal((await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key: stranger.key })).status, 404);
      assert.equal((await t.call('POST', '/v1/withdrawal/commit', { key: stranger.key, body: { quoteId: q.quoteId } })).status, 404);
      assert.equal((await t.call('GET', `/v1/withdrawal/list?accountId=${accountId}`, { key: stranger.key })).status, 404);

      const stale = (await quote(t, key, { amount: 5 })).body.data;
      await t.ctx.db
        .updateTable('withdrawal_quotes')
        .set({ expires_at: sql`now() - interval '1 second'` as never })
        .where('id', '=', stale.quoteId)
        .execute();
      assert.equal(
        (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: stale.quoteId } })).body.code,
        'exceptions.withdrawal.quoteExpired',
      );
      // Quotes reserve nothing: two quotes the balance covers one at a time, the second commit is refused.
      const [first, second] = [(await quote(t, key, { amount: 60 })).body.data, (await quote(t, key, { amount: 60 })).body.data];
      assert.equal((await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: first.quoteId } })).status, 201);
      const short = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: second.quoteId } });
      assert.equal(short.status, 400);
      assert.equal(short.body.code, 'exceptions.withdrawal.insufficientBalance');
      assert.equal(await balance(t, accountId, 'USDT_TRC20'), 28_000_000n); // 89 − (60 + fee 1)
    });
  });

  describe('execution on the chain', () => {
    it('signs, records, broadcasts and confirms; a crash before broadcasting resends the same transaction', async () => {
      const t = app();
      const { key, accountId } = await fundedAccount(t);
      const q = (await quote(t, key, { amount: 13 })).body.data;
      const w = (
        await t.call('POST', '/v1/withdrawal/commit', {
          key,
          body: { quoteId: q.quoteId, webhookUrl: 'https://merchant.example.com/payouts' },
        })
      ).body.data;
      // Its first broadcast is lost (the process dies after recording, before sending).
      const real = adapters(t);
      let lost = 1;
      const flaky: ChainAdapter[] = real.map((a) =>
        Object.assign(Object.create(Object.getPrototypeOf(a)), a, {
          broadcast: async (signed: Parameters<ChainAdapter['broadcast']>[0]) => {
            if (JSON.parse(signed.raw).units === '13000000' && lost-- > 0) throw new Error('connection reset');
            return a.broadcast(signed);
          },
        }),
      );
      // The node's error is this payout's alone: counted, and the round goes on.
      const first = await executeRound(t.ctx, flaky);
      assert.deepEqual(first.failures, [{ payoutId: w.id, error: 'connection reset' }]);
      let row = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
      assert.equal(row.status, 'processing');
      const hash = row.transactionHash;
      assert.match(hash, /^[0-9a-f]{64}$/);
      assert.equal((await t.ctx.db.selectFrom('sandbox_transfers').select('tx_hash').where('tx_hash', '=', hash).execute()).length, 0);
      await executeRound(t.ctx, real);
      await executeRound(t.ctx, real); // and again: still one transaction on chain
      const onChain = await t.ctx.db
        .selectFrom('sandbox_transfers')
        .selectAll()
        .where('network', '=', 'TRON')
        .where('tx_hash', '=', hash)
        .execute();
      assert.equal(onChain.length, 1);
      assert.equal(onChain[0]!.amount, '13000000');
      await new SandboxChain('TRON', t.ctx.db).mine(2);
      await executeRound(t.ctx, real);
      row = (await t.call('GET', `/v1/withdrawal?id=${w.id}`, { key })).body.data;
      assert.equal(row.status, 'completed');
      assert.equal(row.transactionHash, hash);
      const events = await t.ctx.db.selectFrom('outbox_events').select('payload').where('aggregate_id', '=', w.id).orderBy('id').execute();
      assert.deepEqual(
        events.map((e) => [(e.payload as any).previousStatus, (e.payload as any).status]),
        [
          ['created', 'processing'],
          ['processing', 'completed'],
        ],
      );
      // Each becomes a delivery to the commit's webhook URL.
      await dispatchEvents(t.ctx.db);
      const deliveries = await t.ctx.db
        .selectFrom('webhook_deliveries')
        .select(['event_type', 'url'])
        .where('aggregate_key', '=', `withdrawal:${w.id}`)
        .orderBy('seq')
        .execute();
      assert.deepEqual(deliveries, [
        { event_type: 'withdrawal.statusChanged', url: 'https://merchant.example.com/payouts' },
        { event_type: 'withdrawal.statusChanged', url: 'https://merchant.example.com/payouts' },
      ]);
      assert.equal(await balance(t, accountId, 'USDT_TRC20'), 86_000_000n);
      const custody = await t.ctx.db
        .selectFrom('ledger_balances_now')
        .select('balance')
        .where('ledger_account', '=', 'custody:TRON')
        .where('currency_code', '=', 'USDT_TRC20')
        .executeTakeFirstOrThrow();
      // Custody is shared by every tenant of this suite: it holds what came in less what went out.
      const sent = await t.ctx.db
        .selectFrom('withdrawals')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('s'))
        .where('network', '=', 'TRON')
        .where('status', 'in', ['processing', 'completed'])
        .executeTakeFirstOrThrow();
      const received = await t.ctx.db
        .selectFrom('payments')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('s'))
        .where('network', '=', 'TRON')
        .where('currency_code', '=', 'USDT_TRC20')
        .where('status', '=', 'confirmed')
        .executeTakeFirstOrThrow();
      assert.equal(BigInt(custody.balance), BigInt(received.s) - BigInt(sent.s));
      assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    });

    it('waits while the hot wallet is short, fails and refunds a refused transaction, and the operator can cancel before signing', async () => {
      const t = app();
      const { key, accountId } = await fundedAccount(t);
      const commit = async (amount: number) => {
        const q = (await quote(t, key, { amount })).body.data;
        return (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.quoteId } })).body.data;
      };
      // An empty hot wallet no sandbox faucet tops up, as on a real network.
      const empty: ChainAdapter[] = adapters(t).map((a) =>
        Object.assign(Object.create(Object.getPrototypeOf(a)), a, { hotWalletBalance: async () => 0n, fundHotWallet: undefined }),
      );
      const a = await commit(17);
      const result = await executeRound(t.ctx, empty);
      assert.ok(result.waiting >= 1);
      assert.deepEqual(
        [(await t.call('GET', `/v1/withdrawal?id=${a.id}`, { key })).body.data].map((r) => [r.status, r.waitingReason]),
        [['created', 'hotWalletLow']],
      );
      assert.match(
        (await t.app.inject({ method: 'GET', url: '/metrics' })).body,
        /withdrawals_open\{network="TRON",status="created"\} [1-9]/,
      );

      // Operator cancel before signing: refunded.
      const cancelled = await t.admin('POST', `/admin/withdrawals/${a.id}/cancel`);
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.data.status, 'cancelled');
      assert.equal(await balance(t, accountId, 'USDT_TRC20'), 100_000_000n);
      // A second cancel is refused with the state error: what the status is and what it had to be.
      const again = await t.admin('POST', `/admin/withdrawals/${a.id}/cancel`);
      assert.equal(again.status, 400);
      assert.equal(again.body.code, 'exceptions.withdrawal.cannotCancel');
      assert.equal(again.body.extension.currentStatus, 'cancelled');
      assert.deepEqual(again.body.extension.expectedStatus, ['awaitingApproval', 'created']);
      assert.equal(await balance(t, accountId, 'USDT_TRC20'), 100_000_000n, 'refunded once');

      // The network refuses the transaction for good: failed, refunded in the same transaction.
      const b = await commit(20);
      const refusing: ChainAdapter[] = adapters(t).map((x) =>
        Object.assign(Object.create(Object.getPrototypeOf(x)), x, {
          broadcast: async (signed: Parameters<ChainAdapter['broadcast']>[0]) => {
            if (JSON.parse(signed.raw).units === '20000000') throw new PermanentBroadcastError('rejected: invalid destination');
            return x.broadcast(signed);
          },
        }),
      );
      await executeRound(t.ctx, refusing);
      const failed = (await t.call('GET', `/v1/withdrawal?id=${b.id}`, { key })).body.data;
      assert.equal(failed.status, 'failed');
      assert.equal(await balance(t, accountId, 'USDT_TRC20'), 100_000_000n);
      assert.equal((await t.admin('POST', `/admin/withdrawals/${b.id}/cancel`)).status, 400);
      assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    });
  });

  describe('balance and auto-convert', () => {
    it('auto-convert locks a conversion from another balance; without the flag the commit fails', async () => {
      const t = app();
      const { key, accountId } = await fundedAccount(t, { code: 'USDC_ERC20', amount: 50, fee: 2 });
      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
      await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
      // Without the flag the empty USDT balance is refused at quote time, with what it holds.
      const plain = await quote(t, key, { amount: 10 });
      assert.deepEqual(
        [plain.status, plain.body.code, plain.body.extension],
        [400, 'exceptions.withdrawal.insufficientBalance', { cryptoCurrencyCode: 'USDT_TRC20', required: 11, available: 0 }],
      );

      const q = (await quote(t, key, { amount: 10, allowAutoConvert: true })).body.data;
      // 11 USDT short (10 + fee 1), same peg 1:1; fromAmount is all that leaves USDC, the 0.5 USD commission inside it.
      assert.deepEqual(q.autoConvert, {
        fromCryptoCurrencyCode: 'USDC_ERC20',
        toCryptoCurrencyCode: 'USDT_TRC20',
        fromAmount: 11.5,
        toAmount: 11,
        commission: 0.5,
      });
      const w = (await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.quoteId } })).body.data;
      assert.match(w.convertId, /^[0-9a-f-]{36}$/);
      assert.equal(await balance(t, accountId, 'USDC_ERC20'), 38_500_000n); // 50 − 11.5
      assert.equal(await balance(t, accountId, 'USDT_TRC20'), 0n);
      // One conversion entry through the house's FX account, the commission inside the USDC leg.
      const entry = await t.ctx.db
        .selectFrom('journal_entries')
        .select('id')
        .where('ref_type', '=', 'conversion')
        .where('ref_id', '=', w.convertId)
        .executeTakeFirstOrThrow();
      const lines = await t.ctx.db
        .selectFrom('journal_lines')
        .select(['ledger_account', 'currency_code', 'amount'])
        .where('entry_id', '=', entry.id)
        .orderBy('line_no')
        .execute();
      assert.deepEqual(lines, [
        { ledger_account: `merchant:${accountId}`, currency_code: 'USDC_ERC20', amount: '11500000' },
        { ledger_account: 'treasury:conversion', currency_code: 'USDC_ERC20', amount: '-11500000' },
        { ledger_account: 'treasury:conversion', currency_code: 'USDT_TRC20', amount: '11000000' },
        { ledger_account: `merchant:${accountId}`, currency_code: 'USDT_TRC20', amount: '-11000000' },
      ]);
      const history = (await t.call('GET', '/v1/converting/list', { key })).body;
      assert.deepEqual(
        history.data.map((c: any) => [c.id, c.quoteId, c.fromAmount, c.toAmount]),
        [[w.convertId, null, 11.5, 11]],
      );
      assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    });

    it('a quote over the balance is refused at quote time (400 with what it needs and what the balance holds), unless auto-convert covers it; nothing is stored', async () => {
      const t = app();
      const a = await fundedAccount(t, { amount: 20 });
      const { key, accountId } = a;
      const before = await t.ctx.db.selectFrom('withdrawal_quotes').select('id').where('account_id', '=', accountId).execute();
      // 20 held: 19 + fee 1 is covered, 19.000001 + 1 is not.
      assert.equal((await quote(t, key, { amount: 19 })).status, 200);
      const over = await quote(t, key, { amount: 19.000001, orderId: 'over-1' });
      assert.deepEqual([over.status, over.body.code], [400, 'exceptions.withdrawal.insufficientBalance']);
      assert.deepEqual(over.body.extension, { cryptoCurrencyCode: 'USDT_TRC20', required: 20.000001, available: 20 });
      assert.equal(
        await t.ctx.db.selectFrom('withdrawal_quotes').select('id').where('order_id', '=', 'over-1').executeTakeFirst(),
        undefined,
      );
      // Another account's or tenant's balance never covers it.
      const other = await fundedAccount(t);
      assert.equal((await quote(t, key, { amount: 50 })).status, 400);
      assert.equal((await quote(t, other.key, { amount: 50 })).status, 200);
      // Auto-convert: covered by the USDC balance, the quote locks the conversion; nothing can cover 500.
      await fundedAccount(t, { code: 'USDC_ERC20', amount: 50, fee: 2, tenant: a, rates: null });
      await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
      await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
      const converted = await quote(t, key, { amount: 30, allowAutoConvert: true });
      assert.equal(converted.status, 200, JSON.stringify(converted.body));
      assert.equal(converted.body.data.autoConvert.fromCryptoCurrencyCode, 'USDC_ERC20');
      const tooMuch = await quote(t, key, { amount: 500, allowAutoConvert: true });
      assert.deepEqual([tooMuch.status, tooMuch.body.code], [400, 'exceptions.withdrawal.insufficientBalance']);
      assert.equal(
        (await t.ctx.db.selectFrom('withdrawal_quotes').select('id').where('account_id', '=', accountId).execute()).length,
        before.length + 2,
      );
    });
  });

  describe('concurrent commits', () => {
    it('50 parallel commits against a balance for 10 give exactly 10; one quote committed 20 times gives one', async () => {
      const t = app();
      const { key, accountId } = await fundedAccount(t, { amount: 110 }); // 10 × (10 + fee 1)
      const quotes = [];
      for (let i = 0; i < 50; i++) quotes.push((await quote(t, key, { amount: 10 })).body.data.quoteId);
      const results = await Promise.all(quotes.map((quoteId) => t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId } })));
      const ok = results.filter((r) => r.status === 201);
      assert.equal(ok.length, 10, JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 400).map((r) => r.body)));
      assert.ok(results.filter((r) => r.status !== 201).every((r) => r.body.code === 'exceptions.withdrawal.insufficientBalance'));
      assert.equal(await balance(t, accountId, 'USDT_TRC20'), 0n);

      const other = await fundedAccount(t);
      const one = (await quote(t, other.key, { amount: 10 })).body.data.quoteId;
      const same = await Promise.all(
        Array.from({ length: 20 }, () => t.call('POST', '/v1/withdrawal/commit', { key: other.key, body: { quoteId: one } })),
      );
      assert.deepEqual(same.map((r) => r.status).sort(), [201, ...Array(19).fill(400)]);
      assert.equal(await balance(t, other.accountId, 'USDT_TRC20'), 89_000_000n);
      const rows = await t.ctx.db.selectFrom('withdrawals').select('id').where('quote_id', '=', one).execute();
      assert.equal(rows.length, 1);
      assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    });
  });
});
