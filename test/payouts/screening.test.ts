/**
 * Screening of withdrawal destinations: the operator's denylist file and a provider over HTTP, at
 * the quote, at the address book and again just before signing (an address listed after its
 * withdrawal was committed holds it, and cancelling releases the funds). A provider that does not
 * answer refuses when SCREENING_FAIL is closed and lets pass when open.
 */
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { chainAdapters } from '../../src/chains/registry.ts';
import { merchantBalances } from '../../src/modules/ledger/service.ts';
import { executeRound } from '../../src/modules/withdrawals/execute.ts';
import { describeEngines, startTestApp, type TestApp } from '../helpers/harness.ts';
import { fundedAccount, sandboxRates } from '../helpers/scenario.ts';
import { member } from '../users/helpers.ts';

const TRON_SHOP = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_LISTED = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const TRON_LATE = 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9';
const TRON_FLAGGED = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

/** A screening provider: denies or flags by address, or fails when told to. */
function provider(): Promise<{ url: string; server: Server; failing: { on: boolean }; asked: any[] }> {
  const failing = { on: false };
  const asked: any[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const q = JSON.parse(body);
      asked.push(q);
      if (failing.on) return void res.writeHead(502).end('bad gateway');
      const decision = q.address === TRON_FLAGGED ? 'review' : 'allow';
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ decision, reason: decision === 'review' ? 'mixer exposure' : undefined }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/screen`, server, failing, asked }),
    ),
  );
}

function quote(t: TestApp, key: string, address: string, amount = 10) {
  return t.call('POST', '/v1/withdrawal/quote', { key, body: { cryptoCurrencyCode: 'USDT_TRC20', address, amount } });
}

describeEngines('screening of withdrawal destinations', (engine) => {
  let dir: string;
  let denylist: string;
  let p: Awaited<ReturnType<typeof provider>>;
  let t: TestApp;
  let open: TestApp;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cg-screening-'));
    denylist = join(dir, 'denylist.txt');
    writeFileSync(denylist, `# sanctioned\nTron:${TRON_LISTED}\n0xD8DA6BF26964AF9D7EED9E03E53415D37AA96045  # any network\n`);
    p = await provider();
    t = await startTestApp(engine, {
      env: { SCREENING_DENYLIST_FILE: denylist, SCREENING_URL: p.url, SCREENING_FAIL: 'closed', SCREENING_TIMEOUT_MS: '2000' },
    });
    open = await startTestApp(engine, { env: { SCREENING_URL: p.url, SCREENING_FAIL: 'open' } });
    await sandboxRates(t, ['USDT', 'TRX']);
    await sandboxRates(open, ['USDT', 'TRX']);
  });
  after(async () => {
    await t?.close();
    await open?.close();
    p?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a listed or flagged destination is refused at the quote, and kept out of the address book', async () => {
    p.failing.on = false;
    const { key, tenantId } = await fundedAccount(t, { rates: null });
    const listed = await quote(t, key, TRON_LISTED);
    assert.deepEqual(
      [listed.status, listed.body.code, listed.body.extension.source],
      [403, 'exceptions.withdrawal.addressScreened', 'denylist'],
    );
    const flagged = await quote(t, key, TRON_FLAGGED);
    assert.deepEqual([flagged.status, flagged.body.extension.decision, flagged.body.extension.reason], [403, 'review', 'mixer exposure']);
    assert.equal((await quote(t, key, TRON_SHOP)).status, 200);
    const asked = p.asked.find((q) => q.address === TRON_SHOP);
    assert.deepEqual(
      asked,
      { network: 'Tron', address: TRON_SHOP, direction: 'out', amount: '10', cryptoCurrencyCode: 'USDT_TRC20' },
      'the provider is asked what the contract says',
    );
    const owner = await member(t, tenantId, 'owner');
    const book = await owner.call('POST', '/v1/payout-addresses', { body: { cryptoCurrencyCode: 'USDT_TRC20', address: TRON_LISTED } });
    assert.deepEqual([book.status, book.body.code], [403, 'exceptions.withdrawal.addressScreened']);
  });

  it('a provider that does not answer refuses with SCREENING_FAIL closed, and lets pass when open', async () => {
    p.failing.on = true;
    try {
      const closed = await fundedAccount(t, { rates: null });
      const refused = await quote(t, closed.key, TRON_SHOP);
      assert.deepEqual([refused.status, refused.body.code], [503, 'exceptions.screening.unavailable']);
      const opened = await fundedAccount(open, { rates: null });
      assert.equal((await quote(open, opened.key, TRON_SHOP)).status, 200);
    } finally {
      p.failing.on = false;
    }
  });

  it('an address listed after its withdrawal was committed is not signed: it waits for the operator, and cancelling releases the funds', async () => {
    p.failing.on = false;
    const { key, accountId } = await fundedAccount(t, { rates: null });
    const q = await quote(t, key, TRON_LATE, 20);
    assert.equal(q.status, 200, JSON.stringify(q.body));
    const c = await t.call('POST', '/v1/withdrawal/commit', { key, body: { quoteId: q.body.data.quoteId } });
    assert.equal(c.status, 201, JSON.stringify(c.body));
    const committed = await merchantBalances(t.ctx.db, accountId);
    appendFileSync(denylist, `${TRON_LATE}\n`);
    await executeRound(t.ctx, chainAdapters(t.ctx.config, t.ctx.db));
    const held = await t.admin('GET', `/admin/withdrawals/${c.body.data.id}`);
    assert.equal(held.body.data.status, 'created');
    assert.equal(held.body.data.waitingReason, 'screening');
    assert.match(held.body.data.payout.waiting.message, /^denylist: /);
    const merchant = await t.call('GET', `/v1/withdrawal?id=${c.body.data.id}`, { key });
    assert.equal(merchant.body.data.waitingReason, 'screening');
    const cancel = await t.admin('POST', `/admin/withdrawals/${c.body.data.id}/cancel`, {});
    assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
    const after = await merchantBalances(t.ctx.db, accountId);
    const units = (b: typeof after) => b.find((x) => x.currency === 'USDT_TRC20')!.units;
    assert.equal(units(after) - units(committed), 21_000_000n, 'the 20 USDT and the 1 USDT fee are back');
  });
});
