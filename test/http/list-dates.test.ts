/**
 * Dates out of the engines' range on every list: each GET route the service documents with a
 * `from` or `to` answers 400 validation.failed naming the field (it answered 500 for a year 0 or a
 * year past 9999, which PostgreSQL refuses); every other list ignores them and answers below 500.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';

/** Values each `from` and `to` refuses: no year 0, none past 9999, no instant JavaScript cannot read. */
const OUT_OF_RANGE = [
  '0000-01-01',
  '0000-12-31T23:59:59Z',
  '0000-06-01T00:00:00+00:00',
  '275760-09-14',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '10000-01-01',
  '9999-12-31T23:00:00-05:00',
  '0001-01-01T00:30:00+01:00',
  '2016-12-31T23:59:60Z',
  'yesterday',
];

/** Edge values that lie in range: accepted, with a 200. */
const EDGES = ['0001-01-01', '0001-01-01T00:00:00Z', '9999-12-31', '9999-12-31T23:59:59.999Z'];

interface ListRoute {
  path: string;
  dated: boolean;
  /** `from` takes a day as well as an instant (the x402 list takes instants only). */
  days: boolean;
  admin: boolean;
}

async function listRoutes(t: TestApp): Promise<ListRoute[]> {
  const doc = (await t.call('GET', '/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema?: unknown }> }>>;
  };
  const out: ListRoute[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const params = ops.get?.parameters ?? [];
    const query = params.filter((p) => p.in === 'query').map((p) => p.name);
    if (!query.includes('page') && !query.includes('from')) continue;
    const from = params.find((p) => p.in === 'query' && p.name === 'from');
    const days = JSON.stringify(from?.schema ?? {}).includes('"format":"date"');
    out.push({ path, dated: query.includes('from') || query.includes('to'), days, admin: path.startsWith('/admin') });
  }
  return out;
}

describeEngines('list date filters', (engine) => {
  const app = useTestApp(engine);

  async function get(route: ListRoute, who: { key: string; tenantId: string; accountId: string }, query: string) {
    const url = `${route.path.replace(/\{[^}]+\}/g, who.tenantId)}?${query}`;
    return route.admin ? app().admin('GET', url) : app().call('GET', `${url}&accountId=${who.accountId}`, { key: who.key });
  }

  it('every dated list refuses a date out of range with 400 naming the field, and takes the edges of the range', async () => {
    const t = app();
    const who = await t.tenant();
    const routes = await listRoutes(t);
    const dated = routes.filter((r) => r.dated).map((r) => r.path);
    // The lists the issue names: a new one joins the sweep by documenting `from`.
    for (const p of [
      '/v1/invoice/list',
      '/v1/deposit/list',
      '/v1/withdrawal/list',
      '/v1/converting/list',
      '/v1/x402/settlements',
      '/v1/export/invoices.csv',
    ]) {
      assert.ok(
        dated.some((d) => d.startsWith(p)),
        `${p} is swept (dated lists: ${dated.join(', ')})`,
      );
    }
    for (const route of routes.filter((r) => r.dated)) {
      for (const field of ['from', 'to']) {
        for (const value of OUT_OF_RANGE) {
          const res = await get(route, who, `${field}=${encodeURIComponent(value)}`);
          assert.equal(res.status, 400, `${route.path}?${field}=${value}: ${JSON.stringify(res.body)}`);
          assert.equal(res.body.code, 'exceptions.validation.failed');
          assert.ok(
            (res.body.extension.fields as Array<{ field: string }>).some((f) => f.field === field),
            `${route.path}?${field}=${value} names ${field}: ${JSON.stringify(res.body.extension)}`,
          );
        }
      }
      for (const value of EDGES.filter((v) => route.days || v.includes('T'))) {
        const query = route.path.includes('export')
          ? `from=${encodeURIComponent(value)}&to=${encodeURIComponent(value)}`
          : `from=${encodeURIComponent(value)}`;
        const res = await get(route, who, query);
        assert.equal(res.status, 200, `${route.path}?${query}: ${JSON.stringify(res.body)}`);
        if (!route.path.includes('export')) {
          const to = await get(route, who, `to=${encodeURIComponent(value)}`);
          assert.equal(to.status, 200, `${route.path}?to=${value}: ${JSON.stringify(to.body)}`);
        }
      }
    }
  });

  it('no list answers 500 to the dates of the issue', async () => {
    const t = app();
    const who = await t.tenant();
    const routes = await listRoutes(t);
    assert.ok(routes.length > 15, `the sweep reaches every list (${routes.length})`);
    for (const route of routes) {
      for (const query of ['from=0000-01-01', 'to=275760-09-14', 'from=0000-01-01&to=275760-09-14', 'to=9999-12-31']) {
        const res = await get(route, who, query);
        assert.ok(res.status < 500, `${route.path}?${query}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
  });
});
