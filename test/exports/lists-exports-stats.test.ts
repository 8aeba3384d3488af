/**
 * What the dashboard reads of an account's money: list search (exact id, orderId,
 * address, transaction hash; hex in any case) and date filters on the invoice, deposit,
 * withdrawal and conversion lists; CSV exports; the daily volume. One account with a paid
 * invoice, a completed deposit, a withdrawal and a conversion, made through the real flows.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

const TRON_TO = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const FORMULA_ORDER = '=HYPERLINK("http://evil.example","click")';
const DESCRIPTION = 'Two "large" shirts,\nblue';

/** Tenant A's account with one of each, and tenant B with an invoice of its own. */
async function build(t: TestApp) {
  await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'ETH', 'TRX', 'BTC', 'BNB', 'USD', 'EUR']);
  await t.admin('PUT', '/admin/sandbox/network-fees', { cryptoCurrencyCode: 'USDT_TRC20', amount: 1 });
  await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
  const a = await t.tenant(['*']);
  const b = await t.tenant(['*']);
  await t.admin('PATCH', `/admin/tenants/${a.tenantId}`, { depositCommission: 0 });
  const call = async (method: string, url: string, body: unknown, status: number) => {
    const res = await t.call(method, url, { key: a.key, body });
    assert.equal(res.status, status, `${method} ${url}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const dep = await call('POST', '/v1/deposit', { cryptoCurrencyCode: 'USDT_TRC20', orderId: 'dep-1' }, 201);
  await t.admin('POST', '/admin/sandbox/transfers', { cryptoCurrencyCode: 'USDT_TRC20', to: dep.address, amount: 101 });
  const inv = await call(
    'POST',
    '/v1/invoice',
    { amount: 25, fiatCurrencyCode: 'USD', orderId: FORMULA_ORDER, description: DESCRIPTION },
    201,
  );
  await t.call('POST', `/pay/${inv.id}/select`, { body: { cryptoCurrencyCode: 'USDT_TRC20' } });
  await t.call('POST', `/pay/${inv.id}/simulate`, { body: { amount: 'exact' } });
  await t.admin('POST', '/admin/sandbox/mine', { network: 'Tron', blocks: 5 });
  await runWatchers(t);
  const quote = await call(
    'POST',
    '/v1/withdrawal/quote',
    { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_TO, amount: 10, orderId: 'wd-1' },
    200,
  );
  const withdrawal = await call('POST', '/v1/withdrawal/commit', { quoteId: quote.quoteId }, 201);
  const cq = await call(
    'POST',
    '/v1/converting/quote',
    { fromCryptoCurrencyCode: 'USDT_TRC20', toCryptoCurrencyCode: 'USDC_ERC20', toAmount: 5 },
    200,
  );
  const conversion = await call('POST', '/v1/converting/commit', { quoteId: cq.quoteId }, 201);
  await t.call('POST', '/v1/invoice', { key: b.key, body: { amount: 5, fiatCurrencyCode: 'USD', orderId: FORMULA_ORDER } });
  return {
    a,
    b,
    invoice: await call('GET', `/v1/invoice?id=${inv.id}`, undefined, 200),
    deposit: await call('GET', `/v1/deposit?id=${dep.id}`, undefined, 200),
    withdrawal,
    conversion,
  };
}

describeEngines('merchant lists, exports and stats', (engine) => {
  const app = useTestApp(engine);
  let f: Awaited<ReturnType<typeof build>>;
  before(async () => {
    f = await build(app());
  });
  const ids = async (url: string, key = f.a.key) => {
    const res = await app().call('GET', url, { key });
    assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
    return res.body.data.map((x: any) => x.id);
  };
  const q = encodeURIComponent;

  it('the fixture: a paid invoice, a completed deposit, a withdrawal and a conversion', () => {
    assert.equal(f.invoice.status, 'paid');
    assert.equal(f.deposit.status, 'completed');
    assert.ok(f.invoice.txHash && f.deposit.settlement.txHash && f.invoice.address);
  });

  it('finds invoices by exact id, orderId, address and transaction hash (hex in any case); nothing else', async () => {
    const { invoice } = f;
    for (const s of [invoice.id, invoice.id.toUpperCase(), FORMULA_ORDER, invoice.address, invoice.txHash, invoice.txHash.toUpperCase()]) {
      assert.deepEqual(await ids(`/v1/invoice/list?search=${q(s)}`), [invoice.id], s);
    }
    for (const s of [invoice.address.slice(0, 10), invoice.orderId.toLowerCase(), randomUUID(), 'x']) {
      assert.deepEqual(await ids(`/v1/invoice/list?search=${q(s)}`), [], s);
    }
    // Tenant B has an invoice with the same orderId: each sees its own.
    const theirs = await ids(`/v1/invoice/list?search=${q(FORMULA_ORDER)}`, f.b.key);
    assert.equal(theirs.length, 1);
    assert.notEqual(theirs[0], invoice.id);
    assert.deepEqual(await ids(`/v1/invoice/list?search=${q(invoice.id)}`, f.b.key), []);
  });

  it('finds deposits, withdrawals and conversions the same way', async () => {
    const { deposit, withdrawal, conversion } = f;
    for (const s of [deposit.id, 'dep-1', deposit.address, deposit.settlement.txHash, deposit.settlement.txHash.toUpperCase()]) {
      assert.deepEqual(await ids(`/v1/deposit/list?search=${q(s)}`), [deposit.id], s);
    }
    for (const s of [withdrawal.id, 'wd-1', TRON_TO]) {
      assert.deepEqual(await ids(`/v1/withdrawal/list?accountId=${f.a.accountId}&search=${q(s)}`), [withdrawal.id], s);
    }
    assert.deepEqual(
      await ids(`/v1/withdrawal/list?accountId=${f.a.accountId}&search=${q(TRON_TO.toLowerCase())}`),
      [],
      'base58 is case-sensitive',
    );
    for (const s of [conversion.id, conversion.quoteId])
      assert.deepEqual(await ids(`/v1/converting/list?search=${q(s)}`), [conversion.id], s);
    assert.deepEqual(await ids('/v1/converting/list?search=nope'), []);
    assert.deepEqual(await ids(`/v1/deposit/list?search=${q(deposit.address)}`, f.b.key), []);
    const status = await app().call('GET', `/v1/deposit/list?search=dep-1&status=expired`, { key: f.a.key });
    assert.equal(status.body.total, 0);
  });

  it('filters every list by creation date or instant', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const lists = ['/v1/invoice/list?', '/v1/deposit/list?', `/v1/withdrawal/list?accountId=${f.a.accountId}&`, '/v1/converting/list?'];
    for (const list of lists) {
      assert.equal((await ids(`${list}from=${yesterday}&to=${tomorrow}`)).length, 1, list);
      assert.equal((await ids(`${list}from=${tomorrow}`)).length, 0, list);
      assert.equal((await ids(`${list}to=${yesterday}`)).length, 0, list);
      assert.equal((await ids(`${list}from=${q(new Date(Date.now() - 3_600_000).toISOString())}`)).length, 1, list);
      const bad = await app().call('GET', `${list}from=2024-13-45`, { key: f.a.key });
      assert.equal(bad.status, 400, list);
    }
    assert.ok(today <= tomorrow);
  });

  it('exports invoices as CSV: attachment, header, RFC 4180 quoting, formula guard, exact amounts', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/v1/export/invoices.csv', headers: { 'x-tenant-api-key': f.a.key } });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="invoices-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rest] = res.body.split('\r\n');
    assert.equal(
      header,
      'id,orderId,number,status,amount,fiatCurrencyCode,cryptoCurrencyCode,network,address,cryptoAmountExpected,cryptoAmountReceived,networkFee,commission,netAmount,txHash,customerId,description,createdAt,paidAt',
    );
    const body = rest.join('\r\n');
    assert.ok(
      body.startsWith(
        `${f.invoice.id},"'=HYPERLINK(""http://evil.example"",""click"")",,paid,25,USD,USDT_TRC20,Tron,${f.invoice.address},26,26,1,0,25,${f.invoice.txHash},,"Two ""large"" shirts,\nblue",`,
      ),
      body,
    );
    assert.ok(res.body.endsWith('\r\n'));
    assert.equal(rest.filter(Boolean).length, 1, 'one record (the line break in its description is quoted, LF alone)');
  });

  it('exports deposits, withdrawals and conversions of the account only', async () => {
    const get = async (kind: string, key = f.a.key) =>
      (await app().app.inject({ method: 'GET', url: `/v1/export/${kind}.csv`, headers: { 'x-tenant-api-key': key } })).body.split('\r\n');
    const deposits = await get('deposits');
    assert.equal(
      deposits[1],
      `${f.deposit.id},dep-1,completed,USDT_TRC20,Tron,${f.deposit.address},101,1,0,100,${f.deposit.settlement.txHash},,${f.deposit.createdAt},${f.deposit.settlement.completedAt}`,
    );
    const withdrawals = await get('withdrawals');
    assert.match(withdrawals[1]!, new RegExp(`^${f.withdrawal.id},wd-1,created,USDT_TRC20,Tron,${TRON_TO},10,[0-9.]+,,,`));
    const conversions = await get('conversions');
    assert.equal(conversions[0], 'id,quoteId,fromCryptoCurrencyCode,fromAmount,toCryptoCurrencyCode,toAmount,commission,completedAt');
    assert.match(
      conversions[1]!,
      new RegExp(`^${f.conversion.id},${f.conversion.quoteId},USDT_TRC20,${f.conversion.fromAmount},USDC_ERC20,5,[0-9.]+,`),
    );
    for (const kind of ['invoices', 'deposits', 'withdrawals', 'conversions']) {
      const theirs = (await get(kind, f.b.key)).join();
      for (const v of [f.invoice.id, f.deposit.id, f.withdrawal.id, f.conversion.id])
        assert.ok(!theirs.includes(v), `${kind}: B sees ${v}`);
    }
  });

  it('pages through a large export by (time, id), every row once', async () => {
    const t = app();
    const other = await t.tenant(['converting.list']);
    // 1,101 conversions, most sharing one timestamp: the cursor's id breaks the ties.
    await sql`insert into conversions (id, tenant_id, account_id, from_currency, to_currency, from_amount, to_amount, commission, completed_at, created_at)
      select gen_random_uuid(), ${other.tenantId}, ${other.accountId}, 'USDT_TRC20', 'BTC', 1000000 + g, 1, 0,
        case when g % 10 = 0 then now() - make_interval(secs => g) else now() - interval '1 hour' end, now()
      from generate_series(1, 1101) g`.execute(t.ctx.db);
    const res = await t.app.inject({ method: 'GET', url: '/v1/export/conversions.csv', headers: { 'x-tenant-api-key': other.key } });
    const rows = res.body.split('\r\n').slice(1).filter(Boolean);
    assert.equal(rows.length, 1101);
    assert.equal(new Set(rows.map((r: string) => r.split(',')[0])).size, 1101);
  });

  it('refuses a range over 366 days, from after to, and a key without the list scope', async () => {
    const t = app();
    for (const [query, field] of [
      ['from=2024-01-01&to=2025-01-01', 'to'],
      ['from=2024-05-02&to=2024-05-01', 'from'],
      ['from=nope', 'from'],
    ] as const) {
      const res = await t.call('GET', `/v1/export/invoices.csv?${query}`, { key: f.a.key });
      assert.equal(res.status, 400, query);
      assert.equal(res.body.code, 'exceptions.validation.failed');
      assert.equal(res.body.extension.fields[0].field, field, query);
    }
    assert.equal(
      (await t.call('GET', '/v1/export/invoices.csv?from=2024-01-01&to=2024-12-31', { key: f.a.key })).status,
      200,
      '366 days (a leap year)',
    );
    const reader = await t.tenant(['invoices.list']);
    assert.equal((await t.call('GET', '/v1/export/invoices.csv', { key: reader.key })).status, 200);
    for (const [kind, scope] of [
      ['deposits', 'deposits.list'],
      ['withdrawals', 'withdrawals.list'],
      ['conversions', 'converting.list'],
    ]) {
      const res = await t.call('GET', `/v1/export/${kind}.csv`, { key: reader.key });
      assert.equal(res.status, 403, kind);
      assert.equal(res.body.extension.requiredScope, scope);
    }
  });

  it('sums paid invoices and completed deposits per UTC day in USD at their stored rates, zeros elsewhere', async () => {
    const t = app();
    const stats = async (days: number) => (await t.call('GET', `/v1/stats/volume?days=${days}`, { key: f.a.key })).body.data;
    const day = (iso: string) => iso.slice(0, 10);
    let data = await stats(7);
    assert.equal(data.currency, 'USD');
    assert.equal(data.days.length, 7);
    assert.ok(
      data.days.every((d: any, i: number) => i === 0 || d.date > data.days[i - 1].date),
      'oldest first',
    );
    const paidDay = data.days.find((d: any) => d.date === day(f.invoice.paidAt));
    assert.equal(paidDay.invoices, 1);
    assert.equal(paidDay.invoicesVolumeUsd, f.invoice.settlement.amountPaidUsd);
    const depositDay = data.days.find((d: any) => d.date === day(f.deposit.settlement.completedAt));
    assert.equal(depositDay.deposits, 1);
    assert.equal(depositDay.depositsVolumeUsd, f.deposit.settlement.amountPaidUsd);
    assert.equal(
      data.days.reduce((n: number, d: any) => n + d.invoices + d.deposits, 0),
      2,
    );

    // Exact: 101 USDT at a price of 1/3 is 33.666… USD, rounded to the nearest cent as its record says.
    await t.ctx.db.updateTable('deposits').set({ usd_price: '0.333333333333333333' }).where('id', '=', f.deposit.id).execute();
    // Paid two days earlier: counted on that day.
    await t.ctx.db
      .updateTable('invoices')
      .set({ paid_at: sql<Date>`paid_at - interval '2 days'` })
      .where('id', '=', f.invoice.id)
      .execute();
    data = await stats(3);
    const record = (await t.call('GET', `/v1/deposit?id=${f.deposit.id}`, { key: f.a.key })).body.data;
    assert.equal(record.settlement.amountPaidUsd, 33.67);
    const twoDaysAgo = day(new Date(Date.parse(f.invoice.paidAt) - 2 * 86_400_000).toISOString());
    const byDate = new Map(data.days.map((d: any) => [d.date, d]));
    assert.equal((byDate.get(twoDaysAgo) as any)?.invoicesVolumeUsd, f.invoice.settlement.amountPaidUsd);
    const dd = byDate.get(day(f.deposit.settlement.completedAt)) as any;
    assert.equal(dd.depositsVolumeUsd, 33.67);
    assert.equal(dd.volumeUsd, dd.invoicesVolumeUsd + 33.67);
    assert.equal((await stats(1)).days.length, 1);
    // Another tenant: nothing.
    const theirs = (await t.call('GET', '/v1/stats/volume', { key: f.b.key })).body.data.days;
    assert.equal(theirs.length, 30);
    assert.ok(theirs.every((d: any) => d.invoices === 0 && d.deposits === 0 && d.volumeUsd === 0));
    for (const bad of ['0', '367', 'x'])
      assert.equal((await t.call('GET', `/v1/stats/volume?days=${bad}`, { key: f.a.key })).status, 400, bad);
    const refused = await t.call('GET', '/v1/stats/volume', { key: (await t.tenant(['deposits.list'])).key });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.extension.requiredScope, 'invoices.list');
  });
});
