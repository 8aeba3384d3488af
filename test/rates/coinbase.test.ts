import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { CoinbaseRateProvider } from '../../src/modules/rates/coinbase.ts';

// Coinbase's documented response shape for GET /v2/exchange-rates?currency=USD, replayed locally.
const FIXTURE = readFileSync(new URL('../fixtures/coinbase-exchange-rates-usd.json', import.meta.url), 'utf8');

describe('Coinbase rate provider', () => {
  let server: Server;
  let base: string;
  let answer = { status: 200, body: FIXTURE };
  const requests: string[] = [];
  before(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('turns units-per-USD into exact USD prices', async () => {
    answer = { status: 200, body: FIXTURE };
    const prices = await new CoinbaseRateProvider(base).fetchUsdPrices(['BTC', 'EUR', 'USDT', 'JPY', 'DOGE']);
    assert.equal(requests.at(-1), '/v2/exchange-rates?currency=USD');
    assert.equal(prices.get('BTC'), '61728.395061728395061728');
    assert.equal(prices.get('EUR'), '1.085776330076004343');
    assert.equal(prices.get('USDT'), '0.999700089973008098');
    assert.equal(prices.get('JPY'), '0.00683854202284073');
    assert.equal(prices.has('DOGE'), false, 'assets it does not price are left out, not guessed');
  });

  it('fails on an error status or an unexpected body, so stale prices age out instead', async () => {
    answer = { status: 503, body: '{"errors":[{"id":"service_unavailable"}]}' };
    await assert.rejects(new CoinbaseRateProvider(base).fetchUsdPrices(['BTC']), /HTTP 503/);
    answer = { status: 200, body: '{"data":{"currency":"EUR","rates":{}}}' };
    await assert.rejects(new CoinbaseRateProvider(base).fetchUsdPrices(['BTC']), /unexpected/);
    answer = { status: 200, body: '<html>' };
    await assert.rejects(new CoinbaseRateProvider(base).fetchUsdPrices(['BTC']));
  });
});
