import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KrakenRateProvider } from '../../src/modules/rates/kraken.ts';
import { fixture, useReplayServer } from '../helpers/replay.ts';

// Kraken's GET /0/public/Ticker answer, replayed locally. The shape and the XXBTZUSD entry are the
// example of Kraken's API reference, "Get Ticker Information"
// (https://docs.kraken.com/api/docs/rest-api/get-ticker-information, formerly
// https://docs.kraken.com/rest/#tag/Market-Data/operation/getTickerInformation): `error` array,
// `result` keyed by pair name, each field an array of decimal strings (a = ask [price, whole lot
// volume, lot volume], b = bid, c = last trade [price, lot volume], v, p, l, h, `t` integers,
// `o` a string). The other pairs repeat that shape for the pairs Kraken lists under those names,
// priced near the Coinbase fixture so the two sources agree (all but BTC).
const FIXTURE = fixture('kraken-ticker.json');

describe('Kraken rate provider', () => {
  const server = useReplayServer({ status: 200, body: FIXTURE });

  it('asks for the pairs of the assets wanted and turns ask/bid midpoints into exact USD prices', async () => {
    server.answer = { status: 200, body: FIXTURE };
    const prices = await new KrakenRateProvider(server.base).fetchUsdPrices([
      'BTC',
      'ETH',
      'USD',
      'JPY',
      'CHF',
      'EUR',
      'USDT',
      'PLN',
      'DOGE',
    ]);
    assert.equal(server.requests.at(-1), '/0/public/Ticker?pair=XBTUSD,ETHUSD,USDJPY,USDCHF,EURUSD,USDTUSD');
    assert.equal(prices.get('BTC'), '30300.05', 'the documented example: (30300.10000 + 30300.00000) / 2');
    assert.equal(prices.get('ETH'), '3190.445');
    assert.equal(prices.get('EUR'), '1.08585', 'EURUSD answers under ZEURZUSD');
    assert.equal(prices.get('USDT'), '0.99975');
    // USD/JPY quotes yen per dollar: 1 / 146.23, the same 18 decimals Coinbase's 146.23 gives.
    assert.equal(prices.get('JPY'), '0.00683854202284073');
    assert.equal(prices.get('CHF'), '1.130965844831486089');
    assert.equal(prices.get('USD'), '1');
    assert.equal(prices.has('PLN'), false, 'no Kraken pair: left to the other sources');
    assert.equal(prices.has('DOGE'), false);
  });

  it('asks nothing when none of the assets has a Kraken pair', async () => {
    const before = server.requests.length;
    const prices = await new KrakenRateProvider(server.base).fetchUsdPrices(['USD', 'PLN']);
    assert.deepEqual([...prices], [['USD', '1']]);
    assert.equal(server.requests.length, before);
  });

  it('takes no price from a float, a crossed book or a pair missing from the answer', async () => {
    const body = JSON.parse(FIXTURE);
    body.result.XETHZUSD.a[0] = 3190.45; // a JSON number: its exact decimal is unknowable
    body.result.TRXUSD.b[0] = '0.260000'; // bid above ask
    delete body.result.LINKUSD;
    server.answer = { status: 200, body: JSON.stringify(body) };
    const prices = await new KrakenRateProvider(server.base).fetchUsdPrices(['ETH', 'TRX', 'LINK', 'BNB']);
    assert.deepEqual([...prices.keys()], ['BNB']);
    assert.equal(prices.get('BNB'), '601.15');
  });

  it('a pair Kraken does not list fails only that pair: the others are asked alone, and it is not asked again', async () => {
    // Kraken fails a whole request for one unknown pair: {"error":["EQuery:Unknown asset pair"]}.
    const unknown = { status: 200, body: '{"error":["EQuery:Unknown asset pair"]}' };
    server.answer = { status: 200, body: FIXTURE };
    server.route = (url) => (url.includes('BNBUSD') ? unknown : undefined);
    try {
      const provider = new KrakenRateProvider(server.base);
      const before = server.requests.length;
      const prices = await provider.fetchUsdPrices(['BTC', 'BNB', 'ETH']);
      assert.deepEqual([...prices.keys()].sort(), ['BTC', 'ETH']);
      assert.equal(prices.get('BTC'), '30300.05');
      assert.deepEqual(server.requests.slice(before), [
        '/0/public/Ticker?pair=XBTUSD,BNBUSD,ETHUSD',
        '/0/public/Ticker?pair=XBTUSD',
        '/0/public/Ticker?pair=BNBUSD',
        '/0/public/Ticker?pair=ETHUSD',
      ]);
      await provider.fetchUsdPrices(['BTC', 'BNB', 'ETH']);
      assert.equal(server.requests.at(-1), '/0/public/Ticker?pair=XBTUSD,ETHUSD', 'the unlisted pair is left out from then on');
    } finally {
      server.route = undefined;
    }
  });

  it('fails on an error status, on Kraken’s error array (sent with HTTP 200) and on an unexpected body', async () => {
    server.answer = { status: 503, body: '' };
    await assert.rejects(new KrakenRateProvider(server.base).fetchUsdPrices(['BTC']), /HTTP 503/);
    // Kraken's documented error format: https://docs.kraken.com/api/docs/guides/spot-errors
    server.answer = { status: 200, body: '{"error":["EService:Unavailable"]}' };
    await assert.rejects(new KrakenRateProvider(server.base).fetchUsdPrices(['BTC']), /EService:Unavailable/);
    server.answer = { status: 200, body: '{"result":{}}' };
    await assert.rejects(new KrakenRateProvider(server.base).fetchUsdPrices(['BTC']), /unexpected/);
    server.answer = { status: 200, body: '<html>' };
    await assert.rejects(new KrakenRateProvider(server.base).fetchUsdPrices(['BTC']));
  });
});
