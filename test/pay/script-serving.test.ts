import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { useTestApp } from '../helpers/harness.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('payment page: its script, built from ui/pay and served by the gateway', () => {
  const t = useTestApp('pglite');

  it('the page names one script under its nonce, by a hash of its bytes, and the CSP allows no other', async () => {
    const page = await t().app.inject({ method: 'GET', url: `/pay/${MISSING}` });
    const csp = String(page.headers['content-security-policy']);
    assert.doesNotMatch(csp, /unsafe-inline|'self'[^;]*script|script-src[^;]*'self'/);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    const tags = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    const code = tags.filter((m) => !m[1]!.includes('application/json'));
    assert.equal(code.length, 1, page.body);
    const src = /^ nonce="([^"]+)" src="(\/pay\/assets\/checkout-[0-9a-f]{12}\.js)"$/.exec(code[0]![1]!);
    assert.ok(src && src[1] === nonce, code[0]![1]);
    assert.equal(code[0]![2], '', 'no inline code');

    const js = await t().app.inject({ method: 'GET', url: src[2]! });
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    // Under /pay, where every other answer is no-store: named by its bytes, it is kept for a year.
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(js.headers['x-content-type-options'], 'nosniff');
    assert.equal(src[2], `/pay/assets/checkout-${createHash('sha256').update(js.rawPayload).digest('hex').slice(0, 12)}.js`);
    assert.ok(js.body.length < 30_000 && !js.body.includes('\n\n'), `minified: ${js.body.length} bytes`);
    assert.match(js.body, /\/state/);
    assert.doesNotMatch(js.body, /https?:\/\//, 'nothing fetched from elsewhere');

    const again = await t().app.inject({ method: 'GET', url: src[2]!, headers: { 'if-none-match': String(js.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.headers['cache-control'], 'public, max-age=31536000, immutable');
    const br = await t().app.inject({ method: 'GET', url: src[2]!, headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.deepEqual(brotliDecompressSync(br.rawPayload), js.rawPayload);
  });

  it('answers 404, not cached, for any other name, and keeps the scripts out of the API document', async () => {
    for (const url of ['/pay/assets/checkout.js', '/pay/assets/checkout-000000000000.js', '/pay/assets/app.js']) {
      const res = await t().app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
    }
    const doc = (await t().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.deepEqual(
      Object.keys(doc.paths).filter((p: string) => p.startsWith('/pay/assets')),
      [],
    );
  });
});
