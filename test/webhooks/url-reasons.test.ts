/**
 * A refused webhook URL says why (developer tools): each validation entry carries a
 * `reason` (httpsRequired, ipAddress, privateAddress, notPublicName, unresolvable, credentials,
 * malformed), the host it is about and a sentence. A default URL's name is looked up when it is
 * set: one DNS does not know, or one that points at a private address, is refused at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { systemLookup, webhookHostProblem, webhookUrlProblem } from '../../src/lib/http/urls.ts';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

const PUBLIC = { webhookAllowPrivate: false };

/** DNS as the tests see it: two names of a shop, one with a typo nobody registered. */
async function shopDns(host: string): Promise<string[]> {
  if (host === 'hooks.shop-typo.com') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  if (host === 'intranet.shop.com') return ['10.1.2.3'];
  if (host === 'slow.shop.com') throw Object.assign(new Error('queryA ETIMEOUT'), { code: 'ETIMEOUT' });
  return ['93.184.215.14'];
}

describe('webhook URL reasons', () => {
  it('names what is wrong with a URL as written', () => {
    const cases: Array<[string, string | null, string?]> = [
      ['https://hooks.shop.com/in', null],
      ['http://hooks.shop.com/in', 'httpsRequired'],
      ['ftp://hooks.shop.com/in', 'httpsRequired'],
      ['not a url', 'malformed'],
      ['https://user:pw@hooks.shop.com/in', 'credentials'],
      ['https://8.8.8.8/in', 'ipAddress', '8.8.8.8'],
      ['https://10.0.0.5/in', 'privateAddress', '10.0.0.5'],
      ['https://[::1]/in', 'privateAddress', '::1'],
      ['https://localhost/in', 'notPublicName', 'localhost'],
      ['https://shop.internal/in', 'notPublicName', 'shop.internal'],
    ];
    for (const [url, reason, host] of cases) {
      const problem = webhookUrlProblem(url, PUBLIC);
      assert.equal(problem?.reason ?? null, reason, url);
      if (host) assert.equal(problem?.host, host, url);
    }
    // Development installations take any http(s) URL, but never one with credentials.
    assert.equal(webhookUrlProblem('http://127.0.0.1:9/h', { webhookAllowPrivate: true }), null);
    assert.equal(webhookUrlProblem('http://u:p@127.0.0.1:9/h', { webhookAllowPrivate: true })?.reason, 'credentials');
  });

  it('asks the system resolver: loopback is private, a reserved name does not exist', async () => {
    const lookup = systemLookup();
    assert.deepEqual(await webhookHostProblem('https://localhost/in', lookup).then((p) => p?.reason), 'privateAddress');
    assert.deepEqual(await webhookHostProblem('https://no-such-host.invalid/in', lookup), {
      reason: 'unresolvable',
      host: 'no-such-host.invalid',
    });
  });
});

describeEngines('refused default webhook URLs say why', (engine) => {
  const app = useTestApp(engine, { ctx: { lookupHost: shopDns } });

  it('each field with its reason and a sentence; DNS answers that say nothing do not refuse', async () => {
    const t = app();
    const a = await t.tenant(['*']);
    const key = await t.wideKey(a.tenantId);
    const patch = (body: object) => t.call('PATCH', '/v1/webhook-settings', { key, body });

    const refused = await patch({ webhookUrl: 'http://hooks.shop.com/in', depositWebhookUrl: 'https://hooks.shop-typo.com/in' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'exceptions.validation.failed');
    const fields = refused.body.extension.fields;
    assert.deepEqual(
      fields.map((f: any) => [f.field, f.reason]),
      [
        ['webhookUrl', 'httpsRequired'],
        ['depositWebhookUrl', 'unresolvable'],
      ],
    );
    assert.match(fields[0].message, /must start with https:\/\//);
    assert.match(fields[1].message, /hooks\.shop-typo\.com, which DNS does not know/);

    const inside = await patch({ webhookUrl: 'https://intranet.shop.com/in' });
    assert.deepEqual(
      inside.body.extension.fields.map((f: any) => [f.reason, f.host, f.address]),
      [['privateAddress', 'intranet.shop.com', '10.1.2.3']],
    );
    // The operator's API refuses the same way.
    const operator = await t.admin('PATCH', `/admin/tenants/${a.tenantId}`, { webhookUrl: 'https://hooks.shop-typo.com/in' });
    assert.deepEqual(
      operator.body.extension.fields.map((f: any) => f.reason),
      ['unresolvable'],
    );
    // An object's own URL is not looked up (a request's hot path), but says why as written.
    const invoice = await t.call('POST', '/v1/invoice', {
      key: a.key,
      body: { amount: 10, fiatCurrencyCode: 'USD', orderId: 'o-1', webhookUrl: 'https://10.0.0.5/in' },
    });
    assert.deepEqual([invoice.status, invoice.body.extension?.fields?.[0]?.reason], [400, 'privateAddress'], JSON.stringify(invoice.body));

    // A resolver that could not answer refuses nothing: delivery checks the addresses again.
    assert.equal((await patch({ webhookUrl: 'https://slow.shop.com/in' })).status, 200);
    assert.equal((await patch({ webhookUrl: 'https://hooks.shop.com/in' })).status, 200);
    assert.equal((await t.call('GET', '/v1/webhook-settings', { key })).body.data.webhookUrl, 'https://hooks.shop.com/in');
  });
});
