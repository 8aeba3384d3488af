import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paymentUri } from '../../src/chains/payment-uri.ts';
import { paymentQrCode } from '../../src/chains/payment-qr.ts';
import { findCurrency } from '../../src/lib/currencies/catalogue.ts';

const c = (code: string) => findCurrency(code)!;

describe('payment URIs and QR codes', () => {
  it('writes BIP21 for Bitcoin', () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    assert.equal(paymentUri(c('BTC'), address), `bitcoin:${address}`);
    assert.equal(paymentUri(c('BTC'), address, 12_345_000n), `bitcoin:${address}?amount=0.12345`);
  });

  it('writes EIP-681 with the chain id, and token transfers in atomic units', () => {
    const to = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    assert.equal(paymentUri(c('ETH'), to, 10n ** 18n), `ethereum:${to}@1?value=1000000000000000000`);
    assert.equal(paymentUri(c('ETH_BASE'), to), `ethereum:${to}@8453`);
    assert.equal(
      paymentUri(c('USDT_BEP20'), to, 5n * 10n ** 18n),
      `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${to}&uint256=5000000000000000000`,
    );
    assert.equal(
      paymentUri(c('USDC_BASE'), to, 2_500_000n),
      `ethereum:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913@8453/transfer?address=${to}&uint256=2500000`,
    );
  });

  it('writes the tron: form with the TRC-20 contract', () => {
    const to = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
    assert.equal(paymentUri(c('TRX'), to, 1_500_000n), `tron:${to}?amount=1.5`);
    assert.equal(paymentUri(c('USDT_TRC20'), to), `tron:${to}?token=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`);
  });

  it('renders the URI as a PNG data URL', async () => {
    const url = await paymentQrCode('bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.1');
    assert.match(url, /^data:image\/png;base64,/);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(png.length > 200);
  });
});
