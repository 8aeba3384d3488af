/**
 * The merchant's brand (settings): GET/PATCH /v1/settings. The name falls back to the
 * tenant's; the colour is stored lowercase; a logo is a data URL of a PNG, JPEG or WebP told apart
 * by its magic bytes, at most 256 KB decoded, else 400 exceptions.settings.invalidLogo.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);

describeEngines('merchant settings', (engine) => {
  const app = useTestApp(engine);

  it("shows the tenant's name until a brand name is set; stores the colour lowercase; null resets", async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const tenantName = (await t.admin('GET', `/admin/tenants/${a.tenantId}`)).body.data.name;
    assert.deepEqual((await t.call('GET', '/v1/settings', { key: a.key })).body, {
      data: { merchantName: tenantName, brandColor: null, logo: null },
    });
    const set = await t.call('PATCH', '/v1/settings', {
      key: await t.wideKey(a.tenantId),
      body: { merchantName: 'Acme Shop', brandColor: '#AbCdEf' },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(set.body.data, { merchantName: 'Acme Shop', brandColor: '#abcdef', logo: null });
    const row = await t.ctx.db
      .selectFrom('tenants')
      .select(['brand_name', 'brand_color'])
      .where('id', '=', a.tenantId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { brand_name: 'Acme Shop', brand_color: '#abcdef' });
    // Only the fields sent change.
    assert.equal(
      (await t.call('PATCH', '/v1/settings', { key: await t.wideKey(a.tenantId), body: { brandColor: '#000000' } })).body.data.merchantName,
      'Acme Shop',
    );
    const reset = await t.call('PATCH', '/v1/settings', {
      key: await t.wideKey(a.tenantId),
      body: { merchantName: null, brandColor: null },
    });
    assert.deepEqual(reset.body.data, { merchantName: tenantName, brandColor: null, logo: null });
    for (const body of [{ brandColor: 'red' }, { brandColor: '#abc' }, { merchantName: '' }, { merchantName: 'x'.repeat(101) }]) {
      const res = await t.call('PATCH', '/v1/settings', { key: await t.wideKey(a.tenantId), body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.code, 'exceptions.validation.failed');
    }
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('tenant_id', '=', a.tenantId)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      audit.map((x) => x.action),
      ['settings.changed', 'settings.changed', 'settings.changed'],
    );
    assert.deepEqual(audit[0]!.detail, { fields: ['brandColor', 'merchantName'] });
  });

  it('accepts PNG, JPEG and WebP logos by their magic bytes, up to 256 KB; removes one with null', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    for (const [type, bytes] of [
      ['image/png', PNG],
      ['image/jpeg', JPEG],
      ['image/webp', WEBP],
      ['image/png', padded(PNG, 256 * 1024)],
    ] as const) {
      const url = dataUrl(type, bytes);
      const res = await t.call('PATCH', '/v1/settings', { key: await t.wideKey(a.tenantId), body: { logo: url } });
      assert.equal(res.status, 200, `${type} ${bytes.length}: ${JSON.stringify(res.body).slice(0, 200)}`);
      assert.equal(res.body.data.logo, url);
      assert.equal((await t.call('GET', '/v1/settings', { key: a.key })).body.data.logo, url);
    }
    const stored = await t.ctx.db
      .selectFrom('tenants')
      .select(['logo', 'logo_type'])
      .where('id', '=', a.tenantId)
      .executeTakeFirstOrThrow();
    assert.equal(stored.logo_type, 'image/png');
    assert.equal(Buffer.from(stored.logo!).length, 256 * 1024);
    const removed = await t.call('PATCH', '/v1/settings', { key: await t.wideKey(a.tenantId), body: { logo: null } });
    assert.equal(removed.body.data.logo, null);
    assert.equal((await t.ctx.db.selectFrom('tenants').select('logo').where('id', '=', a.tenantId).executeTakeFirstOrThrow()).logo, null);
  });

  it('refuses anything else with 400 settings.invalidLogo', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const refused = [
      ['a GIF', dataUrl('image/gif', GIF)],
      ['a GIF declared as PNG', dataUrl('image/png', GIF)],
      ['a PNG declared as JPEG', dataUrl('image/jpeg', PNG)],
      ['SVG (script can hide in it)', dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
      ['text', dataUrl('text/plain', Buffer.from('hello'))],
      ['over 256 KB', dataUrl('image/png', padded(PNG, 256 * 1024 + 1))],
      ['not base64', 'data:image/png;base64,%%%%'],
      ['not a data URL', 'https://cdn.example.com/logo.png'],
      ['empty', 'data:image/png;base64,'],
    ];
    for (const [what, logo] of refused) {
      const res = await t.call('PATCH', '/v1/settings', { key: await t.wideKey(a.tenantId), body: { logo } });
      assert.equal(res.status, 400, what);
      assert.equal(res.body.code, 'exceptions.settings.invalidLogo', what);
    }
    assert.equal((await t.call('GET', '/v1/settings', { key: a.key })).body.data.logo, null, 'nothing stored');
  });

  it('reads with accounts.list, changes with settings.manage; each tenant its own', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const b = await t.tenant(['*']);
    await t.call('PATCH', '/v1/settings', { key: await t.wideKey(a.tenantId), body: { merchantName: 'Only A' } });
    assert.notEqual((await t.call('GET', '/v1/settings', { key: b.key })).body.data.merchantName, 'Only A');
    const reader = await t.tenant(['accounts.list']);
    assert.equal((await t.call('GET', '/v1/settings', { key: reader.key })).status, 200);
    const res = await t.call('PATCH', '/v1/settings', { key: reader.key, body: { merchantName: 'x' } });
    assert.equal(res.status, 403);
    assert.equal(res.body.extension.requiredScope, 'settings.manage');
    assert.equal((await t.call('GET', '/v1/settings', { key: (await t.tenant(['invoices.list'])).key })).status, 403);
  });
});
