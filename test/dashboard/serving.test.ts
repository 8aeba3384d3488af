import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useTestApp } from '../helpers/harness.ts';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe('dashboard: the HTML shell and its bundled assets', () => {
  const t = useTestApp('pglite');

  it('serves the same shell for every page, with a CSP that allows no inline script or style', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/login', '/dashboard/invite', '/dashboard/invoices/123', '/dashboard/settings/users?x=1']) {
      const res = await t().app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
      assert.equal(res.headers['content-security-policy'], CSP);
      assert.doesNotMatch(String(res.headers['content-security-policy']), /unsafe-inline/);
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(res.body, /<script src="\/dashboard\/assets\/app\.js" defer><\/script>/);
      assert.doesNotMatch(res.body, /<script>|<style|style=/, 'no inline script or style');
      assert.doesNotMatch(res.body, /https?:\/\//, 'nothing from another origin');
    }
  });

  it('bundles the script and style sheet once, with ETags that answer 304', async () => {
    const js = await t().app.inject({ method: 'GET', url: '/dashboard/assets/app.js' });
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(js.headers['cache-control'], 'no-cache');
    assert.equal(js.headers['x-content-type-options'], 'nosniff');
    assert.match(String(js.headers.etag), /^"[\w-]{27}"$/);
    assert.ok(js.body.length > 10_000, 'a minified Preact app');
    assert.doesNotMatch(js.body, /fonts\.googleapis|unpkg\.com|jsdelivr|cdnjs/, 'no script or font from a CDN');
    const again = await t().app.inject({ method: 'GET', url: '/dashboard/assets/app.js', headers: { 'if-none-match': String(js.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    const css = await t().app.inject({ method: 'GET', url: '/dashboard/assets/app.css' });
    assert.equal(css.statusCode, 200);
    assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
    assert.notEqual(css.headers.etag, js.headers.etag);
    assert.doesNotMatch(css.body, /@import|@font-face|url\(https?:/, 'no web fonts, nothing fetched elsewhere');
    const head = await t().app.inject({ method: 'HEAD', url: '/dashboard/assets/app.css' });
    assert.equal(head.statusCode, 200);
  });

  it('answers 404 for an unknown asset, and keeps the dashboard out of the API document', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/dashboard/assets/other.js' });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'exceptions.route.notFound');
    const doc = (await t().app.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.deepEqual(Object.keys(doc.paths).filter((p: string) => p.startsWith('/dashboard')), []);
  });

  it('needs no session or key: the page itself signs in through /auth', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/dashboard/withdrawals' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['set-cookie'], undefined);
  });
});
