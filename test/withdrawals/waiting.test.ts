/**
 * Payouts that wait say why (point 5), in the sandbox. The auto-converting
 * USDT_BEP20 withdrawal completes: a conversion credited USDT_BEP20 that no coin backs, and the
 * sandbox faucet funds the hot wallet with what it lacks, booked as custody in, so the ledger audit
 * and the solvency view hold. A payout that cannot be signed stays `created` with its reason
 * stored (every instance shows the same), in the operator's queue and detail and, without the
 * operator's detail, in the merchant's record.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { chainAdapters } from '../../src/chains/registry.ts';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import type { ChainAdapter } from '../../src/chains/types.ts';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount, setNetworkFee } from '../helpers/scenario.ts';

const EVM_TO = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describeEngines('waiting withdrawals (sandbox)', (engine) => {
  const app = useTestApp(engine);
  const round = (t: TestApp, adapters: ChainAdapter[] = chainAdapters(t.ctx.config, t.ctx.db)) => executeRound(t.ctx, adapters);
  const commit = async (t: TestApp, key: string, body: Record<string, unknown>) => {
    const q = await t.call('POST', '/v1/withdrawal/quote', { key, body });
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const c = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    return { quote: q.body.data, withdrawal: c.body.data as { id: string } };
  };
  const solvencyOf = async (t: TestApp, code: string) =>
    (await t.admin('GET', '/admin/solvency')).body.data.find((r: { cryptoCurrencyCode: string }) => r.cryptoCurrencyCode === code);

  it("the issue's auto-converting USDT_BEP20 withdrawal completes: the faucet funds the hot wallet, booked, and the books agree", async () => {
    const t = app();
    const { key, accountId } = await fundedAccount(t);
    await setNetworkFee(t, 'USDT_BEP20', 1);
    const { quote, withdrawal } = await commit(t, key, {
      cryptoCurrencyCode: 'USDT_BEP20',
      address: EVM_TO,
      amount: 10,
      orderId: 'bep20-1',
      allowAutoConvert: true,
    });
    assert.equal(quote.autoConvert.toCryptoCurrencyCode, 'USDT_BEP20', 'the balance is converted first');
    const before = await merchantBalances(t.ctx.db, accountId);
    // No USDT_BEP20 ever reached the gateway: its custody is empty.
    assert.equal((await solvencyOf(t, 'USDT_BEP20')).custody, 0);

    const first = await round(t);
    assert.equal(first.signed, 1, JSON.stringify(first));
    const faucet = await t.ctx.db.selectFrom('sandbox_faucet').select(['network', 'currency_code', 'amount', 'withdrawal_id']).execute();
    assert.deepEqual(
      faucet,
      [{ network: 'BNB', currency_code: 'USDT_BEP20', amount: '10000000000000000000', withdrawal_id: withdrawal.id }],
      'exactly what the payout lacked (18 decimals)',
    );
    const lines = await t.ctx.db
      .selectFrom('journal_lines as l')
      .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
      .select(['l.ledger_account', 'l.currency_code', 'l.amount'])
      .where('e.kind', '=', 'sandbox.faucet')
      .orderBy('l.line_no')
      .execute();
    assert.deepEqual(lines, [
      { ledger_account: 'custody:BNB', currency_code: 'USDT_BEP20', amount: '10000000000000000000' },
      { ledger_account: 'sandbox:faucet', currency_code: 'USDT_BEP20', amount: '-10000000000000000000' },
    ]);
    assert.deepEqual(await merchantBalances(t.ctx.db, accountId), before, 'the faucet gives the hot wallet, never a merchant');

    const bnb = new SandboxChain('BNB', t.ctx.db);
    for (let i = 0; i < 10 && (await t.call('GET', `/v1/withdrawal?id=${withdrawal.id}`, { key })).body.data.status !== 'completed'; i++) {
      await bnb.mine(10);
      await round(t);
    }
    const done = (await t.call('GET', `/v1/withdrawal?id=${withdrawal.id}`, { key })).body.data;
    assert.equal(done.status, 'completed');
    assert.equal(done.waitingReason, undefined);
    const sent = await t.ctx.db
      .selectFrom('sandbox_transfers')
      .select(['to_address', 'amount'])
      .where('tx_hash', '=', done.transactionHash)
      .executeTakeFirstOrThrow();
    assert.deepEqual(sent, { to_address: EVM_TO, amount: '10000000000000000000' });
    assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
    // The chain and the ledger agree on USDT_BEP20: the faucet's 10 came in and went out.
    const row = await solvencyOf(t, 'USDT_BEP20');
    assert.deepEqual([row.custody, row.ledgerCustody, row.status], [0, 0, 'ok'], JSON.stringify(row));
    // Later rounds fund nothing more.
    await round(t);
    assert.equal((await t.ctx.db.selectFrom('sandbox_faucet').select('id').execute()).length, 1);
  });

  it('a payout whose network fee is unset waits with feeUnavailable, shown to the operator and the merchant; signed once it is back', async () => {
    const t = app();
    const { key } = await fundedAccount(t);
    await setNetworkFee(t, 'USDT_TRC20', 1);
    const { withdrawal } = await commit(t, key, { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'fee-1' });
    // Before any round it says nothing: no round has looked yet.
    assert.equal((await t.call('GET', `/v1/withdrawal?id=${withdrawal.id}`, { key })).body.data.waitingReason, undefined);
    await setNetworkFee(t, 'USDT_TRC20', null);
    const res = await round(t);
    assert.deepEqual([res.signed, res.waiting, res.failures], [0, 1, []]);

    const detail = (await t.admin('GET', `/admin/withdrawals/${withdrawal.id}`)).body.data;
    assert.equal(detail.status, 'created');
    assert.equal(detail.waitingReason, 'feeUnavailable');
    assert.equal(detail.payout.waiting.reason, 'feeUnavailable');
    assert.match(detail.payout.waiting.message, /network fee of USDT_TRC20 is unset/);
    assert.ok(!Number.isNaN(Date.parse(detail.payout.waiting.since)));
    const [queued] = (await t.admin('GET', '/admin/withdrawals?status=waiting&limit=100')).body.data.filter(
      (w: { id: string }) => w.id === withdrawal.id,
    );
    assert.equal(queued.waitingReason, 'feeUnavailable');
    assert.match(queued.reason, /^Network fee unavailable/);
    // The merchant is told the reason, not the operator's detail.
    const mine = (await t.call('GET', `/v1/withdrawal?id=${withdrawal.id}`, { key })).body.data;
    assert.equal(mine.waitingReason, 'feeUnavailable');
    assert.ok(!('waiting' in mine) && !('waitingShortfall' in mine) && !JSON.stringify(mine).includes('unset'));
    assert.match(detail.payout.waiting.action, /^Nothing to fund: check the Tron fee source and node/);
    // A second round changes nothing (the same reason is not written again).
    const since = detail.payout.waiting.since;
    await round(t);
    assert.equal((await t.admin('GET', `/admin/withdrawals/${withdrawal.id}`)).body.data.payout.waiting.since, since);

    await setNetworkFee(t, 'USDT_TRC20', 1);
    assert.equal((await round(t)).signed, 1);
    const sent = (await t.admin('GET', `/admin/withdrawals/${withdrawal.id}`)).body.data;
    assert.deepEqual([sent.status, sent.waitingReason, sent.payout.waiting], ['processing', undefined, null]);
    const stored = await t.ctx.db
      .selectFrom('withdrawals')
      .select(['waiting_reason', 'waiting_detail', 'waiting_since'])
      .where('id', '=', withdrawal.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, { waiting_reason: null, waiting_detail: null, waiting_since: null });
  });

  it('a hot wallet no faucet tops up (as on a real network) waits with hotWalletLow and how much is missing', async () => {
    const t = app();
    const { key } = await fundedAccount(t);
    await setNetworkFee(t, 'USDT_TRC20', 1);
    const { withdrawal } = await commit(t, key, { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'low-1' });
    // The Tron hot wallet holds 3 USDT and has no faucet.
    const live = chainAdapters(t.ctx.config, t.ctx.db).map((a) =>
      Object.assign(Object.create(Object.getPrototypeOf(a)), a, { fundHotWallet: undefined, hotWalletBalance: async () => 3_000_000n }),
    );
    assert.equal((await round(t, live)).waiting, 1);
    const detail = (await t.admin('GET', `/admin/withdrawals/${withdrawal.id}`)).body.data;
    // The operator is told what to fund and how much, the merchant how much is missing.
    const action =
      'Fund the Tron hot wallet with at least 7 USDT_TRC20: it holds 7 USDT_TRC20 less than this payout needs. It is signed on the next round after that.';
    assert.deepEqual(
      { ...detail.payout.waiting, since: undefined },
      { reason: 'hotWalletLow', since: undefined, cryptoCurrencyCode: 'USDT_TRC20', missing: 7, action },
    );
    const [queued] = (await t.admin('GET', '/admin/withdrawals?status=waiting&limit=100')).body.data.filter(
      (w: { id: string }) => w.id === withdrawal.id,
    );
    assert.equal(queued.reason, `Hot wallet low: 7 USDT_TRC20 missing. ${action}`);
    const mine = (await t.call('GET', `/v1/withdrawal?id=${withdrawal.id}`, { key })).body.data;
    assert.deepEqual([mine.waitingReason, mine.waitingShortfall], ['hotWalletLow', { cryptoCurrencyCode: 'USDT_TRC20', amount: 7 }]);
    assert.equal(
      (await t.ctx.db.selectFrom('sandbox_faucet').select('id').where('withdrawal_id', '=', withdrawal.id).execute()).length,
      0,
      'no faucet ran',
    );
    // Funded (the sandbox's own hot wallet holds the deposit): signed, no longer waiting.
    assert.equal((await round(t)).signed, 1);
    const sent = (await t.call('GET', `/v1/withdrawal?id=${withdrawal.id}`, { key })).body.data;
    assert.deepEqual([sent.waitingReason, sent.waitingShortfall], [undefined, undefined]);
  });

  it("a network no worker has signed for lately waits with noSigner, set by any worker's round", async () => {
    const t = app();
    const { key } = await fundedAccount(t);
    await setNetworkFee(t, 'USDT_TRC20', 1);
    const { withdrawal } = await commit(t, key, { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'signer-1' });
    const others = chainAdapters(t.ctx.config, t.ctx.db).filter((a) => a.network !== 'TRON');
    // A worker signing for every network but Tron, in an installation where Tron never had a
    // signer (this file's earlier tests ran rounds for it: forgotten).
    await t.ctx.db.deleteFrom('withdrawal_signers').where('network', '=', 'TRON').execute();
    await round(t, others);
    const reason = async () => (await t.admin('GET', `/admin/withdrawals/${withdrawal.id}`)).body.data.payout.waiting?.reason ?? null;
    assert.equal(await reason(), 'noSigner');
    // Tron's signer ran a round (and signed it); another one later for a new payout, then went away.
    const tron = chainAdapters(t.ctx.config, t.ctx.db).filter((a) => a.network === 'TRON');
    assert.equal((await round(t, tron)).signed, 1);
    const next = await commit(t, key, { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'signer-2' });
    await round(t, others);
    const waitingOf = async (id: string) => (await t.admin('GET', `/admin/withdrawals/${id}`)).body.data.payout.waiting;
    assert.equal(await waitingOf(next.withdrawal.id), null, 'Tron has had a signer lately: not noSigner');
    await t.ctx.db
      .updateTable('withdrawal_signers')
      .set({ seen_at: sql<Date>`now() - interval '10 minutes'` })
      .where('network', '=', 'TRON')
      .execute();
    await round(t, others);
    assert.equal((await waitingOf(next.withdrawal.id)).reason, 'noSigner');
    assert.match(
      (await t.admin('GET', '/admin/withdrawals?status=waiting&limit=100')).body.data.find(
        (w: { id: string }) => w.id === next.withdrawal.id,
      ).reason,
      /^No signer/,
    );
  });
});
