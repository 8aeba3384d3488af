import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { withBazaar } from '@x402/extensions/bazaar';
import { privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS } from '../../src/chains/evm/devnet.ts';
import { describeEngines, startTestApp } from '../helpers/harness.ts';
import { X402_NETWORK, useX402App, useX402Devnet, x402Skip, type X402App } from '../helpers/x402-devnet.ts';

const NETWORK = X402_NETWORK;
const seller = privateKeyToAccount(DEV_KEYS.seller).address;
const other = privateKeyToAccount(DEV_KEYS.buyer).address;

// One local node for both engines.
const net = useX402Devnet();
const skip = x402Skip;

describeEngines('x402 discovery catalog', (engine) => {
  const app = useX402App(engine, net);
  let { t, origin, a, b } = {} as X402App;
  before(() => {
    if (!skip) ({ t, origin, a, b } = app());
  });

  const requirement = (over: Record<string, unknown> = {}) => ({
    scheme: 'exact',
    network: NETWORK,
    amount: '10000',
    asset: net().devnet.usdc,
    payTo: seller,
    maxTimeoutSeconds: 60,
    extra: { name: 'USDC', version: '2' },
    ...over,
  });
  const list = (key: string, body: Record<string, unknown>) => t.call('POST', '/v1/x402/resources', { key, body });
  /** The official Bazaar client, on the facilitator's path with a tenant's key, or on a tenant's public path. */
  const bazaar = (by: { key: string } | { tenantId: string }) =>
    withBazaar(
      'key' in by
        ? new HTTPFacilitatorClient({
            url: `${origin}/v1/x402`,
            createAuthHeaders: async () => ({ verify: {}, settle: {}, supported: {}, bazaar: { 'x-tenant-api-key': by.key } }),
          })
        : new HTTPFacilitatorClient({ url: `${origin}/x402/${by.tenantId}` }),
    ).extensions.bazaar;

  it('a seller lists, changes and removes its resources; the official Bazaar client reads them, filtered and paged', { skip }, async () => {
    const weather = await list(a.key, {
      resource: 'https://api.seller.test/weather',
      accepts: [requirement()],
      description: 'Weather',
      mimeType: 'application/json',
      metadata: { category: 'data', tags: ['weather'] },
    });
    assert.equal(weather.status, 201, JSON.stringify(weather.body));
    assert.deepEqual(
      { ...weather.body.data, id: undefined, createdAt: undefined, lastUpdated: undefined },
      {
        id: undefined,
        resource: 'https://api.seller.test/weather',
        type: 'http',
        x402Version: 2,
        accepts: [requirement()],
        description: 'Weather',
        mimeType: 'application/json',
        metadata: { category: 'data', tags: ['weather'] },
        createdAt: undefined,
        lastUpdated: undefined,
      },
    );
    const news = await list(a.key, {
      resource: 'https://api.seller.test/news',
      accepts: [requirement({ amount: '5000', payTo: other, extra: undefined })],
    });
    assert.equal(news.status, 201, JSON.stringify(news.body));

    const byKey = await bazaar({ key: a.key }).listResources();
    assert.deepEqual(byKey.pagination, { limit: 20, offset: 0, total: 2 });
    assert.equal(byKey.x402Version, 2);
    assert.deepEqual(byKey.items[0], {
      resource: 'https://api.seller.test/weather',
      type: 'http',
      x402Version: 2,
      accepts: [requirement()],
      lastUpdated: weather.body.data.lastUpdated,
      metadata: { category: 'data', tags: ['weather'] },
      description: 'Weather',
      mimeType: 'application/json',
    });
    assert.deepEqual(await bazaar({ tenantId: a.tenantId }).listResources(), byKey, 'the public path lists the same catalog');
    const paid = await bazaar({ tenantId: a.tenantId }).listResources({
      payTo: other.toLowerCase(),
      network: NETWORK,
      scheme: 'exact',
      type: 'http',
    });
    assert.deepEqual(
      paid.items.map((i) => i.resource),
      ['https://api.seller.test/news'],
    );
    assert.equal(paid.pagination.total, 1);
    assert.equal((await bazaar({ key: a.key }).listResources({ network: 'eip155:8453' })).pagination.total, 0);
    const second = await bazaar({ key: a.key }).listResources({ limit: 1, offset: 1 });
    assert.deepEqual(
      [second.items.map((i) => i.resource), second.pagination],
      [['https://api.seller.test/news'], { limit: 1, offset: 1, total: 2 }],
    );

    const changed = await t.call('PATCH', `/v1/x402/resources/${weather.body.data.id}`, {
      key: a.key,
      body: { accepts: [requirement({ amount: '20000' })], description: null },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.accepts[0].amount, '20000');
    assert.equal(changed.body.data.description, null);
    assert.ok(changed.body.data.lastUpdated >= weather.body.data.lastUpdated);
    const merchant = await t.call('GET', '/v1/x402/resources', { key: a.key });
    assert.deepEqual(
      [merchant.body.total, merchant.body.data.map((r: any) => r.resource)],
      [2, ['https://api.seller.test/news', 'https://api.seller.test/weather']],
    );

    const removed = await t.call('DELETE', `/v1/x402/resources/${news.body.data.id}`, { key: a.key });
    assert.equal(removed.status, 200);
    assert.equal(
      (await t.call('GET', `/v1/x402/resources/${news.body.data.id}`, { key: a.key })).body.code,
      'exceptions.x402.resourceNotFound',
    );
    assert.deepEqual(
      (await bazaar({ tenantId: a.tenantId }).listResources()).items.map((i) => i.resource),
      ['https://api.seller.test/weather'],
    );
    const audited = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('tenant_id', '=', a.tenantId)
      .where('target_type', '=', 'x402Resource')
      .orderBy('created_at')
      .execute();
    assert.deepEqual(audited.map((r) => r.action).sort(), [
      'x402Resource.listed',
      'x402Resource.listed',
      'x402Resource.removed',
      'x402Resource.updated',
    ]);
  });

  it("another tenant never sees nor changes a tenant's entries (404), and keeps a catalog of its own", { skip }, async () => {
    const mine = await list(a.key, { resource: 'https://api.seller.test/private', accepts: [requirement()] });
    assert.equal(mine.status, 201);
    const id = mine.body.data.id;
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { description: 'taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, `/v1/x402/resources/${id}`, { key: b.key, ...(body ? { body } : {}) });
      assert.deepEqual([res.status, res.body.code], [404, 'exceptions.x402.resourceNotFound'], method);
    }
    assert.equal((await t.call('GET', `/v1/x402/resources/${id}`, { key: a.key })).body.data.description, null, 'unchanged');
    assert.equal((await t.call('GET', '/v1/x402/resources', { key: b.key })).body.total, 0);
    assert.equal((await bazaar({ key: b.key }).listResources()).pagination.total, 0);
    // The same URL in B's own catalog is B's entry; neither catalog shows the other's.
    assert.equal(
      (await list(b.key, { resource: 'https://api.seller.test/private', accepts: [requirement({ payTo: other })] })).status,
      201,
    );
    const ofB = await bazaar({ tenantId: b.tenantId }).listResources();
    assert.deepEqual(
      ofB.items.map((i) => i.accepts[0]!.payTo),
      [other],
    );
    assert.ok((await bazaar({ tenantId: a.tenantId }).listResources()).items.every((i) => i.accepts[0]!.payTo === seller));
    assert.equal(
      (await bazaar({ tenantId: '00000000-0000-4000-8000-000000000000' }).listResources()).pagination.total,
      0,
      'an unknown tenant lists nothing',
    );
    // A URL already listed is a 409 naming the entry to change instead, on create and on a move.
    const again = await list(a.key, { resource: 'https://api.seller.test/private', accepts: [requirement()] });
    assert.deepEqual([again.status, again.body.code, again.body.extension?.id], [409, 'exceptions.x402.resourceAlreadyListed', id]);
    const other2 = await list(a.key, { resource: 'https://api.seller.test/other', accepts: [requirement()] });
    const moved = await t.call('PATCH', `/v1/x402/resources/${other2.body.data.id}`, {
      key: a.key,
      body: { resource: 'https://api.seller.test/private' },
    });
    assert.deepEqual([moved.status, moved.body.code, moved.body.extension?.id], [409, 'exceptions.x402.resourceAlreadyListed', id]);
  });

  it('refuses bad URLs, unsupported schemes, networks and assets, and malformed requirements', { skip }, async () => {
    for (const resource of [
      'ftp://api.seller.test/x',
      '/relative/path',
      'https://user:secret@api.seller.test/x',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const res = await list(a.key, { resource, accepts: [requirement()] });
      assert.deepEqual([res.status, res.body.code], [400, 'exceptions.x402.invalidResourceUrl'], resource);
    }
    // A sandbox takes http (a seller trying things on its own machine).
    assert.equal((await list(a.key, { resource: 'http://localhost:4021/weather', accepts: [requirement()] })).status, 201);
    const unsupported: Array<[string, Record<string, unknown>]> = [
      ['network', { network: 'eip155:1' }],
      ['scheme', { scheme: 'deferred' }],
      ['asset', { asset: '0x0000000000000000000000000000000000000001' }],
    ];
    for (const [what, over] of unsupported) {
      const res = await list(a.key, { resource: `https://api.seller.test/${what}`, accepts: [requirement(), requirement(over)] });
      assert.deepEqual([res.status, res.body.code, res.body.extension?.index], [400, 'exceptions.x402.requirementsNotSupported', 1], what);
      const assets = [net().devnet.usdc.toLowerCase()];
      assert.deepEqual(res.body.extension.supported, [
        { scheme: 'exact', network: NETWORK, assets },
        { scheme: 'upto', network: NETWORK, assets },
      ]);
    }
    const malformed: Array<[string, unknown]> = [
      ['zero amount', [requirement({ amount: '0' })]],
      ['decimal amount', [requirement({ amount: '1.5' })]],
      ['payTo not an address', [requirement({ payTo: 'seller' })]],
      ['no timeout', [requirement({ maxTimeoutSeconds: 0 })]],
      ['no requirement', []],
    ];
    for (const [what, accepts] of malformed) {
      const res = await list(a.key, { resource: 'https://api.seller.test/malformed', accepts });
      assert.deepEqual([res.status, res.body.code], [400, 'exceptions.validation.failed'], what);
    }
    const huge = await list(a.key, {
      resource: 'https://api.seller.test/huge',
      accepts: [requirement()],
      metadata: { blob: 'x'.repeat(5000) },
    });
    assert.deepEqual([huge.status, huge.body.extension?.fields?.[0]?.field], [400, 'metadata']);
    assert.equal((await t.call('GET', '/v1/x402/resources/not-a-uuid', { key: a.key })).status, 400);
    assert.equal((await t.call('GET', '/v1/x402/discovery/resources?limit=101', { key: a.key })).status, 400);
  });

  it('a live installation takes https resources only', { skip }, async () => {
    const live = await startTestApp(engine, { config: { mode: 'live' }, ctx: { x402: [net().chain] } });
    try {
      const { key } = await live.tenant(['x402.resources.manage']);
      const http = await live.call('POST', '/v1/x402/resources', {
        key,
        body: { resource: 'http://api.seller.test/weather', accepts: [requirement()] },
      });
      assert.deepEqual([http.status, http.body.code], [400, 'exceptions.x402.invalidResourceUrl']);
      assert.equal(
        (
          await live.call('POST', '/v1/x402/resources', {
            key,
            body: { resource: 'https://api.seller.test/weather', accepts: [requirement()] },
          })
        ).status,
        201,
      );
    } finally {
      await live.close();
    }
  });
});

describe('x402 discovery without an x402 network', () => {
  it('lists nothing and takes no requirement, as the facilitator settles none', async () => {
    const t = await startTestApp('pglite');
    try {
      const { key } = await t.tenant(['*']);
      const res = await t.call('POST', '/v1/x402/resources', {
        key,
        body: {
          resource: 'https://api.seller.test/x',
          accepts: [{ scheme: 'exact', network: NETWORK, amount: '1', asset: seller, payTo: seller, maxTimeoutSeconds: 60 }],
        },
      });
      assert.deepEqual([res.status, res.body.code, res.body.extension?.supported], [400, 'exceptions.x402.requirementsNotSupported', []]);
      assert.deepEqual((await t.call('GET', '/v1/x402/discovery/resources', { key })).body, {
        x402Version: 2,
        items: [],
        pagination: { limit: 20, offset: 0, total: 0 },
      });
    } finally {
      await t.close();
    }
  });
});
