import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { useTestApp } from '../helpers/harness.ts';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe('dashboard: the HTML shell and its bundled assets', () => {
  const t = useTestApp('pglite');

  it('serves the same shell for every page, with a CSP that allows no inline script or style', async () => {
    for (const url of [
      '/dashboard',
      '/dashboard/',
      '/dashboard/login',
      '/dashboard/invite',
      '/dashboard/invoices/123',
      '/dashboard/settings/users?x=1',
    ]) {
      const res = await t().app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
      assert.equal(res.headers['content-security-policy'], CSP);
      assert.doesNotMatch(String(res.headers['content-security-policy']), /unsafe-inline/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(res.body, /<script src="\/dashboard\/assets\/app-[0-9a-f]{12}\.js" defer><\/script>/);
      assert.doesNotMatch(res.body, /<script>|<style|style=/, 'no inline script or style');
      assert.doesNotMatch(res.body, /https?:\/\//, 'nothing from another origin');
    }
  });

  /** The script's and style sheet's paths as the shell names them. */
  async function assetPaths(): Promise<{ js: string; css: string }> {
    const shell = (await t().app.inject({ method: 'GET', url: '/dashboard' })).body;
    const js = /<script src="(\/dashboard\/assets\/app-[0-9a-f]{12}\.js)" defer><\/script>/.exec(shell)?.[1];
    const css = /<link rel="stylesheet" href="(\/dashboard\/assets\/app-[0-9a-f]{12}\.css)">/.exec(shell)?.[1];
    assert.ok(js && css, `the shell names content-hashed files: ${shell}`);
    return { js, css };
  }

  it('names the script and style sheet by a hash of their bytes, kept for a year; the shell is not kept', async () => {
    const { js: jsPath, css: cssPath } = await assetPaths();
    const js = await t().app.inject({ method: 'GET', url: jsPath });
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(js.headers['x-content-type-options'], 'nosniff');
    assert.equal(js.headers['content-encoding'], undefined, 'plain when nothing else is accepted');
    assert.equal(
      jsPath,
      `/dashboard/assets/app-${createHash('sha256').update(js.rawPayload).digest('hex').slice(0, 12)}.js`,
      'named by its bytes',
    );
    assert.match(String(js.headers.etag), /^"[\w-]{27}"$/);
    assert.ok(js.body.length > 10_000, 'a minified Preact app');
    assert.doesNotMatch(js.body, /fonts\.googleapis|unpkg\.com|jsdelivr|cdnjs/, 'no script or font from a CDN');
    const again = await t().app.inject({ method: 'GET', url: jsPath, headers: { 'if-none-match': String(js.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const css = await t().app.inject({ method: 'GET', url: cssPath });
    assert.equal(css.statusCode, 200);
    assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
    assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.notEqual(css.headers.etag, js.headers.etag);
    assert.doesNotMatch(css.body, /@import|@font-face|url\(https?:/, 'no web fonts, nothing fetched elsewhere');
    const head = await t().app.inject({ method: 'HEAD', url: cssPath });
    assert.equal(head.statusCode, 200);
    // Another build's names (and the old fixed ones) are not served: a shell always names the current build.
    for (const url of ['/dashboard/assets/app.js', '/dashboard/assets/app.css', '/dashboard/assets/app-000000000000.js']) {
      assert.equal((await t().app.inject({ method: 'GET', url })).statusCode, 404, url);
    }
    assert.equal((await t().app.inject({ method: 'GET', url: '/dashboard/invoices' })).headers['cache-control'], 'no-store');
  });

  it('sends the script and style sheet compressed as the browser accepts: brotli, else gzip', async () => {
    const paths = await assetPaths();
    for (const path of [paths.js, paths.css]) {
      const plain = (await t().app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'identity' } })).rawPayload;
      const cases: Array<[string, string | undefined, (b: Buffer) => Buffer]> = [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['br;q=0, gzip', 'gzip', gunzipSync],
        ['deflate', undefined, (b) => b],
      ];
      for (const [accept, encoding, decode] of cases) {
        const res = await t().app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': accept } });
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-encoding'], encoding, `${path} for ${accept}`);
        assert.equal(res.headers.vary, 'accept-encoding');
        assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.deepEqual(decode(res.rawPayload), plain, 'the same bytes');
        if (encoding)
          assert.ok(res.rawPayload.length < plain.length / 2, `${path} in ${encoding}: ${res.rawPayload.length} of ${plain.length} bytes`);
        // Each encoding is its own representation: its own validator, and a 304 for it.
        const again = await t().app.inject({
          method: 'GET',
          url: path,
          headers: { 'accept-encoding': accept, 'if-none-match': String(res.headers.etag) },
        });
        assert.equal(again.statusCode, 304);
      }
    }
  });

  it('answers 404 for an unknown asset, and keeps the dashboard out of the API document', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/dashboard/assets/other.js' });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'exceptions.route.notFound');
    const doc = (await t().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.deepEqual(
      Object.keys(doc.paths).filter((p: string) => p.startsWith('/dashboard')),
      [],
    );
  });

  it('needs no session or key: the page itself signs in through /auth', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/dashboard/withdrawals' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['set-cookie'], undefined);
  });
});
