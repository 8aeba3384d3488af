import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { credit, custodyAccount, debit, merchantAccount, post } from '../../src/modules/ledger/service.ts';
import { cryptoAmount } from '../../src/lib/currencies/catalogue.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

describeEngines('GET /v1/balances', (engine) => {
  const app = useTestApp(engine);

  it("lists the key's account balances from the ledger, and nobody else's", async () => {
    const t = app();
    const mine = await t.tenant(['balances.list']);
    const other = await t.tenant(['balances.list']);
    assert.deepEqual((await t.call('GET', '/v1/balances', { key: mine.key })).body, { data: [] });
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const [account, currency, units, network] of [
        [mine.accountId, 'USDT_BEP20', 12_345_000_000_000_000_000n, 'BNB'],
        [mine.accountId, 'BTC', 1n, 'BTC'],
        [other.accountId, 'BTC', 99n, 'BTC'],
      ] as const) {
        await post(trx, {
          tenantId: null,
          kind: 'test.credit',
          refType: 'test',
          refId: randomUUID(),
          lines: [
            debit(custodyAccount(network), cryptoAmount(currency, units)),
            credit(merchantAccount(account), cryptoAmount(currency, units)),
          ],
        });
      }
    });
    // USD at the stored rate, rounded down to cents; a currency without a fresh rate says null.
    await t.ctx.db.deleteFrom('exchange_rates').execute();
    await t.ctx.db
      .insertInto('exchange_rates')
      .values({ asset: 'USDT', usd_price: '0.9999', fetched_at: new Date(), source: 'test' })
      .execute();
    const res = await t.call('GET', '/v1/balances', { key: mine.key });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, [
      { cryptoCurrencyCode: 'BTC', amount: 0.00000001, amountUsd: null },
      { cryptoCurrencyCode: 'USDT_BEP20', amount: 12.345, amountUsd: 12.34 },
    ]);
  });

  it('needs the balances.list scope', async () => {
    const t = app();
    const { key } = await t.tenant(['accounts.list']);
    const res = await t.call('GET', '/v1/balances', { key });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'exceptions.auth.insufficientScope');
  });
});
