import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import QRCode from 'qrcode';
import { deriveAddress, parseExtendedPublicKey } from '../../src/chains/addresses.ts';
import { helperThreadReady, offThread } from '../../src/chains/offload.ts';
import { runTask } from '../../src/chains/offload-tasks.ts';
import { paymentUri } from '../../src/chains/payment-uri.ts';
import { paymentQrCode } from '../../src/chains/payment-qr.ts';
import { QR_MASK, qrCodeDataUrl } from '../../src/chains/qr-png.ts';
import { findCurrency } from '../../src/lib/currencies/catalogue.ts';

// pngjs comes with qrcode (its own PNG renderer): an independent PNG decoder, CRCs checked.
const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Buffer } } };
};

/** Black (true) or white per pixel of a PNG. */
function pixels(png: Buffer) {
  const image = PNG.sync.read(png);
  const dark = Array.from({ length: image.width * image.height }, (_, i) => image.data[i * 4]! < 128);
  return { width: image.width, height: image.height, dark };
}

function pngOf(dataUrl: string): Buffer {
  assert.match(dataUrl, /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  return Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
}

const URIS = [
  paymentUri(findCurrency('USDT_TRC20')!, 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'),
  paymentUri(findCurrency('BTC')!, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 12_345_000n),
  paymentUri(findCurrency('USDC_BASE')!, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 2_500_000n),
];

describe('QR code PNG', () => {
  for (const uri of URIS) {
    it(`decodes to the modules of the QR symbol of ${uri.slice(0, 24)}…`, async () => {
      const png = pngOf(await paymentQrCode(uri));
      assert.ok(png.length < 2000, `a small PNG (${png.length} bytes)`);
      const mine = pixels(png);
      // The same symbol drawn by qrcode's own PNG renderer at the same scale and quiet zone.
      const reference = pixels(
        await QRCode.toBuffer([{ data: Buffer.from(uri), mode: 'byte' }], {
          errorCorrectionLevel: 'M',
          maskPattern: QR_MASK,
          margin: 4,
          scale: 6,
        }),
      );
      assert.equal(mine.width, reference.width);
      assert.equal(mine.height, reference.height);
      assert.deepEqual(mine.dark, reference.dark);
      // And module by module: the centre pixel of each module is the symbol's bit, the border white.
      const symbol = QRCode.create([{ data: Buffer.from(uri), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: QR_MASK });
      const size = symbol.modules.size;
      assert.equal(mine.width, (size + 8) * 6);
      for (let row = -4; row < size + 4; row++) {
        for (let col = -4; col < size + 4; col++) {
          const inside = row >= 0 && col >= 0 && row < size && col < size;
          const bit = inside && symbol.modules.get(row, col) === 1;
          assert.equal(mine.dark[((row + 4) * 6 + 3) * mine.width + (col + 4) * 6 + 3], bit, `module ${row},${col}`);
        }
      }
      // The symbol holds the URI: one byte segment with its bytes.
      assert.equal(symbol.segments.length, 1);
      assert.equal(Buffer.from((symbol.segments[0] as unknown as { data: Uint8Array }).data).toString(), uri);
    });
  }

  it('gives the same answers on the helper thread as in the calling thread', async () => {
    // m/44'/60'/0' of the BIP39 test mnemonic "abandon … about": its first address is well known.
    const xpub = 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
    assert.equal(await offThread('derive', xpub, 0, 'evm'), '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    const uri = URIS[0]!;
    // The first tasks run here while the helper thread loads; then they go to it.
    for (let i = 0; i < 600 && !helperThreadReady(); i++) {
      assert.equal(await offThread('qr', uri), qrCodeDataUrl(uri));
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(helperThreadReady(), 'the helper thread came up');
    for (let i = 0; i < 3; i++) {
      assert.equal(await offThread('qr', uri), qrCodeDataUrl(uri));
      assert.equal(await offThread('derive', xpub, i, 'evm'), deriveAddress(parseExtendedPublicKey(xpub), i, 'evm'));
      assert.equal(await offThread('derive', xpub, i, 'tron'), runTask('derive', [xpub, i, 'tron']));
    }
    // A deposit's address and its QR code in one trip: the same as the two tasks give.
    const both = await offThread('deriveWithQr', xpub, 5, 'evm', 'USDC_BASE');
    assert.equal(both.address, deriveAddress(parseExtendedPublicKey(xpub), 5, 'evm'));
    assert.equal(both.qrCode, qrCodeDataUrl(paymentUri(findCurrency('USDC_BASE')!, both.address)));
    await assert.rejects(offThread('deriveWithQr', xpub, 5, 'evm', 'NOPE'), /unknown currency/);
    await assert.rejects(offThread('derive', xpub, -1, 'evm'), /bad address index/);
  });
});
