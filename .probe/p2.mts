import { startTestApp } from '/work/main/test/helpers/harness.ts';
const t = await startTestApp('pglite', { config: { trustProxy: ['127.0.0.1'] } });
const { key } = await t.tenant(['*'], ['203.0.113.7']);
async function show(label: string, opts: any) {
  const res = await t.app.inject(opts);
  console.log(label, res.statusCode, JSON.stringify(res.headers), res.body.slice(0, 200));
}
const H = { 'x-tenant-api-key': key };
await show('mapped proxy', { method: 'GET', url: '/v1/accounts', headers: { ...H, 'x-forwarded-for': '203.0.113.7' }, remoteAddress: '::ffff:127.0.0.1' });
await show('chain', { method: 'GET', url: '/v1/accounts', headers: { ...H, 'x-forwarded-for': '203.0.113.7, 192.0.2.1' }, remoteAddress: '127.0.0.1' });
await show('chain2', { method: 'GET', url: '/v1/accounts', headers: { ...H, 'x-forwarded-for': '192.0.2.1, 203.0.113.7' }, remoteAddress: '127.0.0.1' });
await show('maxparam', { method: 'GET', url: '/admin/tenants/' + 'a'.repeat(300), headers: { authorization: 'Bearer test-admin-token-' + 'x'.repeat(32) } });
console.log(t.app.printRoutes({ commonPrefix: false }));
await t.close();
