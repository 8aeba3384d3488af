import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeUtf8, duplicateKey, foreignCharset } from '../../src/lib/http/json-body.ts';
import { MAX_INPUT_DEPTH } from '../../src/lib/http/validation.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';

describe('strict JSON bodies', () => {
  it('finds a key repeated in one object at any depth, after unescaping, and names its path', () => {
    assert.deepEqual(duplicateKey('{"a":1,"a":2}'), ['a']);
    assert.deepEqual(duplicateKey('{"a":1,"b":{"c":1,"d":[1,{"e":1,"e":2}]}}'), ['b', 'd', 1, 'e']);
    assert.deepEqual(duplicateKey('[{}, {"x":1}, {"y":1,"y":1}]'), [2, 'y']);
    assert.deepEqual(duplicateKey('{"name":"a","n\\u0061me":"b"}'), ['name']);
    assert.deepEqual(duplicateKey('{"__proto__":{},"__proto__":{}}'), ['__proto__']);
    assert.deepEqual(duplicateKey('{ "a" : 1 , "b" : 2 , "a" : 3 }'), ['a']);
    // Past 16 keys an object's keys are kept in a Set: a repeat is found there too.
    const wide = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
    assert.equal(duplicateKey(`{${wide.join(',')}}`), undefined);
    assert.deepEqual(duplicateKey(`{${wide.join(',')},"k3":0}`), ['k3']);
    assert.deepEqual(duplicateKey(`{"k39":0,${wide.join(',')}}`), ['k39']);
  });

  it('reads strings as strings: quotes, backslashes and braces inside them are not structure', () => {
    for (const text of [
      '{"a":"\\"a\\":1,","b":"{\\"a\\":2}"}',
      '{"a":"\\\\","b":"\\\\\\"","c":"x"}',
      '{"a\\"":1,"a":2}',
      '{"a\\\\":1,"a":2}',
      '{"a":[1,2,{"a":1}],"b":{"a":{"a":{}}}}',
      '{"":1,"x":{"":2}}',
      '"{\\"a\\":1,\\"a\\":2}"',
      '[{"a":1},{"a":2}]',
      '{}',
      '[]',
      '42',
    ]) {
      JSON.parse(text); // the scanner is only ever given text that parsed
      assert.equal(duplicateKey(text), undefined, text);
    }
    assert.deepEqual(duplicateKey('{"a\\\\":1,"a\\\\":2}'), ['a\\']);
    assert.deepEqual(duplicateKey('{"":1,"":2}'), ['']);
  });

  it('agrees with JSON.parse on every generated value: no repeat in what JSON.stringify writes, the one repeat found when one is written', () => {
    type Path = Array<string | number>;
    /** JSON text of `v`; the object at `target` gets its first key again (written as \u escapes). */
    const write = (v: unknown, at: Path, target: string, pretty: boolean): string => {
      const sep = pretty ? ' ,\n ' : ',';
      if (Array.isArray(v)) return `[${v.map((x, i) => write(x, [...at, i], target, pretty)).join(sep)}]`;
      if (v !== null && typeof v === 'object') {
        const entries = Object.entries(v).map(
          ([k, x]) => `${JSON.stringify(k)}${pretty ? ' : ' : ':'}${write(x, [...at, k], target, pretty)}`,
        );
        const first = Object.keys(v)[0];
        if (JSON.stringify(at) === target && first !== undefined) {
          const escaped = [...Array(first.length).keys()].map((i) => `\\u${first.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
          entries.push(`"${escaped}":0`);
        }
        return `{${entries.join(sep)}}`;
      }
      return JSON.stringify(v);
    };
    const objectsIn = (v: unknown, at: Path = [], out: Path[] = []): Path[] => {
      if (Array.isArray(v)) v.forEach((x, i) => objectsIn(x, [...at, i], out));
      else if (v !== null && typeof v === 'object') {
        if (Object.keys(v).length > 0) out.push(at);
        for (const [k, x] of Object.entries(v)) objectsIn(x, [...at, k], out);
      }
      return out;
    };
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.nat(), fc.boolean(), (value, pick, pretty) => {
        const clean = write(value, [], 'none', pretty);
        assert.deepEqual(JSON.parse(clean), JSON.parse(JSON.stringify(value)));
        assert.equal(duplicateKey(clean), undefined, clean);
        const targets = objectsIn(value);
        if (targets.length === 0) return;
        const target = targets[pick % targets.length]!;
        const text = write(value, [], JSON.stringify(target), pretty);
        JSON.parse(text);
        const first = Object.keys(target.reduce<any>((o, k) => o[k], value))[0]!;
        assert.deepEqual(duplicateKey(text), [...target, first], text);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves nesting past MAX_INPUT_DEPTH to inputProblem (which refuses it) instead of recursing', () => {
    const deep = `${'{"a":'.repeat(MAX_INPUT_DEPTH + 10)}{"b":1,"b":2}${'}'.repeat(MAX_INPUT_DEPTH + 10)}`;
    assert.equal(duplicateKey(deep), undefined);
    const shallow = `${'{"a":'.repeat(3)}{"b":1,"b":2}${'}'.repeat(3)}`;
    assert.deepEqual(duplicateKey(shallow), ['a', 'a', 'a', 'b']);
  });

  it('decodes UTF-8 strictly and keeps a BOM for the JSON parser to handle as before', () => {
    assert.equal(decodeUtf8(Buffer.from('{"a":"€😀"}')), '{"a":"€😀"}');
    assert.equal(decodeUtf8(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), '\uFEFF{}');
    for (const bytes of [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]]) {
      assert.equal(decodeUtf8(Uint8Array.from([0x22, ...bytes, 0x22])), undefined, Buffer.from(bytes).toString('hex'));
    }
  });

  it('tells a declared charset other than UTF-8', () => {
    for (const ok of [
      undefined,
      '',
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
      'application/json; charset=utf8',
      'application/json; foo=bar',
    ]) {
      assert.equal(foreignCharset(ok), undefined, ok);
    }
    assert.equal(foreignCharset('application/json; charset=iso-8859-1'), 'iso-8859-1');
    assert.equal(foreignCharset('application/json;charset="UTF-16"'), 'UTF-16');
    assert.equal(foreignCharset('application/json; CHARSET=latin1'), 'latin1');
    assert.equal(foreignCharset('application/json; charset=utf-8; charset=windows-1252'), 'windows-1252');
    assert.equal(foreignCharset('application/json; charset=""'), '');
  });
});

describeEngines('bad input gets a clear 400, never a silent rewrite', (engine) => {
  const app = useTestApp(engine);

  async function send(t: TestApp, key: string, url: string, payload: string | Buffer, contentType = 'application/json') {
    const res = await t.app.inject({ method: 'POST', url, headers: { 'x-tenant-api-key': key, 'content-type': contentType }, payload });
    return { status: res.statusCode, body: res.json() };
  }
  const invoiceCount = async (t: TestApp, tenantId: string) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('invoices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a body that is not UTF-8 instead of reading U+FFFD, so different bytes never meet on one orderId', async () => {
    const t = app();
    const { key, tenantId } = await t.tenant(['*']);
    const body = (bytes: number[]) =>
      Buffer.concat([Buffer.from('{"amount":10,"fiatCurrencyCode":"USD","orderId":"order-'), Buffer.from(bytes), Buffer.from('"}')]);
    // Decoded leniently, both would be "order-\uFFFD": the second a 409 against the first.
    for (const bytes of [[0xff], [0xfe], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const res = await send(t, key, '/v1/invoice', body(bytes));
      assert.equal(res.status, 400, Buffer.from(bytes).toString('hex'));
      assert.deepEqual(res.body, { code: 'exceptions.request.invalidEncoding', message: 'The request body is not valid UTF-8' });
    }
    assert.equal(await invoiceCount(t, tenantId), 0);
    // Real UTF-8, multi-byte and all, is taken as sent.
    const ok = await send(t, key, '/v1/invoice', body([...Buffer.from('é€😀')]));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(ok.body.data.orderId, 'order-é€😀');
  });

  it('refuses a key repeated in one object, at any depth, naming it; keeps the other protections', async () => {
    const t = app();
    const { key, tenantId } = await t.tenant(['*']);
    const cases: Array<[string, string, string]> = [
      ['/v1/accounts', '{"name":"first","name":"second"}', 'name'],
      ['/v1/accounts', '{"name":"first","n\\u0061me":"second"}', 'name'],
      ['/v1/accounts', '{"name":"ok","extra":1,"extra":2}', 'extra'],
      ['/v1/invoice', '{"amount":10,"fiatCurrencyCode":"USD","orderId":"dup-1","orderId":"dup-2"}', 'orderId'],
      [
        '/v1/invoice',
        '{"fiatCurrencyCode":"USD","orderId":"dup-3","items":[{"name":"a","quantity":1,"cost":5},{"name":"b","quantity":1,"cost":5,"cost":500}]}',
        'items.1.cost',
      ],
    ];
    for (const [url, payload, field] of cases) {
      const res = await send(t, key, url, payload);
      assert.equal(res.status, 400, payload);
      assert.equal(res.body.code, 'exceptions.validation.failed', payload);
      assert.deepEqual(
        res.body.extension.fields.map((f: any) => [f.location, f.field]),
        [['body', field]],
        payload,
      );
      assert.match(res.body.extension.fields[0].message, /more than once/);
    }
    assert.equal(await invoiceCount(t, tenantId), 0);
    const accounts = (await t.call('GET', '/v1/accounts', { key })).body.data;
    assert.deepEqual(
      accounts.map((a: any) => a.name).filter((n: string) => ['first', 'second', 'ok'].includes(n)),
      [],
    );

    // The same key in different objects is no repeat.
    const items = await send(
      t,
      key,
      '/v1/invoice',
      '{"fiatCurrencyCode":"USD","orderId":"dup-4","items":[{"name":"a","quantity":1,"cost":5},{"name":"b","quantity":2,"cost":5}]}',
    );
    assert.equal(items.status, 201, JSON.stringify(items.body));
    assert.equal(items.body.data.amount, 15);
    // Prototype-poisoning keys are still dropped, not refused and not applied.
    const poisoned = await send(
      t,
      key,
      '/v1/accounts',
      '{"name":"proto","__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
    );
    assert.equal(poisoned.status, 201, JSON.stringify(poisoned.body));
    assert.equal(poisoned.body.data.name, 'proto');
    assert.equal(({} as { admin?: boolean }).admin, undefined);
    // NUL, lone surrogates and deep nesting are still 400s from inputProblem.
    for (const payload of ['{"name":"a\\u0000b"}', '{"name":"a\\ud800"}', `{"name":"deep","x":${'['.repeat(100)}${']'.repeat(100)}}`]) {
      const res = await send(t, key, '/v1/accounts', payload);
      assert.equal(res.status, 400, payload);
      assert.equal(res.body.code, 'exceptions.validation.failed', payload);
    }
    // An empty body with the JSON content type is no body, as before.
    const inv = items.body.data;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/invoice/cancel?id=${inv.id}`,
      headers: { 'x-tenant-api-key': key, 'content-type': 'application/json' },
      payload: '',
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
  });

  it('answers a declared charset other than UTF-8 with 415, not a silent decoding', async () => {
    const t = app();
    const { key, tenantId } = await t.tenant(['*']);
    const latin1 = Buffer.from('{"amount":10,"fiatCurrencyCode":"USD","orderId":"caf\u00e9"}', 'latin1');
    for (const contentType of [
      'application/json; charset=iso-8859-1',
      'application/json;charset=UTF-16',
      'Application/JSON; Charset="Windows-1252"',
      'application/json; charset=utf-8; charset=latin1',
    ]) {
      const res = await send(t, key, '/v1/invoice', latin1, contentType);
      assert.equal(res.status, 415, contentType);
      assert.equal(res.body.code, 'exceptions.request.unsupportedMediaType', contentType);
      assert.match(res.body.message, /UTF-8/);
      assert.equal(typeof res.body.extension.charset, 'string');
    }
    assert.equal(await invoiceCount(t, tenantId), 0);
    // UTF-8 by any of its spellings is fine.
    let n = 0;
    for (const contentType of [
      'application/json; charset=utf-8',
      'application/json; charset=UTF-8',
      'application/json; charset="utf-8"',
      'application/json; charset=utf8',
    ]) {
      const res = await send(t, key, '/v1/invoice', `{"amount":10,"fiatCurrencyCode":"USD","orderId":"caf\u00e9-${++n}"}`, contentType);
      assert.equal(res.status, 201, `${contentType} ${JSON.stringify(res.body)}`);
      assert.equal(res.body.data.orderId, `caf\u00e9-${n}`);
    }
  });

  it('holds invoice items to the cap of amount, exactly: each cost × quantity and their sum', async () => {
    const t = app();
    const { key, tenantId } = await t.tenant(['*']);
    const create = (items: unknown[], extra: Record<string, unknown> = {}) =>
      t.call('POST', '/v1/invoice', { key, body: { fiatCurrencyCode: 'USD', orderId: `cap-${Math.random()}`, items, ...extra } });
    const refused: Array<[unknown[], string, Record<string, unknown>?]> = [
      [[{ name: 'a', quantity: 100, cost: 1e12 }], 'items.0'], // 1e14: passed before, with a crypto amount that lost precision
      [
        [
          { name: 'a', quantity: 1, cost: 1 },
          { name: 'b', quantity: 1_000_000, cost: 1_000_000.01 },
        ],
        'items.1',
      ],
      [[{ name: 'a', quantity: 3, cost: 333_333_333_333.34 }], 'items.0'], // 1 000 000 000 000.02
      [
        [
          { name: 'a', quantity: 1, cost: 999_999_999_999.99 },
          { name: 'b', quantity: 1, cost: 0.02 },
        ],
        'items',
      ],
      [Array.from({ length: 100 }, (_, i) => ({ name: `i${i}`, quantity: 1_000_000, cost: 1e6 })), 'items'], // 1e14 in all
      // A positive amount wins over the items, but items over the cap are still bad input.
      [[{ name: 'a', quantity: 2, cost: 1e12 }], 'items.0', { amount: 10 }],
    ];
    for (const [items, field, extra] of refused) {
      const res = await create(items, extra);
      assert.equal(res.status, 400, `${field} ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'exceptions.validation.failed');
      assert.deepEqual(
        res.body.extension.fields.map((f: any) => [f.location, f.field]),
        [['body', field]],
      );
      assert.match(res.body.extension.fields[0].message, /must not exceed 1000000000000/);
    }
    assert.equal(await invoiceCount(t, tenantId), 0);
    // Up to the cap itself is fine, summed exactly (999 999 999 999.99 + 0.01 is 10^12, not more).
    for (const items of [
      [
        { name: 'a', quantity: 1, cost: 999_999_999_999.99 },
        { name: 'b', quantity: 1, cost: 0.01 },
      ],
      [{ name: 'a', quantity: 3, cost: 333_333_333_333.33 }],
      [{ name: 'a', quantity: 1_000_000, cost: 1_000_000 }],
    ]) {
      const res = await create(items);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.ok(res.body.data.amount <= 1e12);
    }
    assert.equal((await create([{ name: 'a', quantity: 1, cost: 1 }], { amount: 1e12 })).status, 201);
  });
});
