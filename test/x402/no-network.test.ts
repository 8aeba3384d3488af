import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEngines, useTestApp } from '../helpers/harness.ts';

// An installation without an x402 network has no facilitator: verify and settle still answer the
// protocol's refusal (HTTP 200 with a reason), and supported lists nothing.
describeEngines('x402 without a network', (engine) => {
  const app = useTestApp(engine);
  let key = '';
  before(async () => {
    ({ key } = await app().tenant(['*']));
  });
  const body = { paymentPayload: {}, paymentRequirements: {} };

  it('verify answers settlement_disabled', async () => {
    const res = await app().call('POST', '/v1/x402/verify', { key, body });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      isValid: false,
      invalidReason: 'settlement_disabled',
      invalidMessage: 'the x402 facilitator has no network configured',
    });
  });

  it('settle answers settlement_disabled with no network and no transaction', async () => {
    const res = await app().call('POST', '/v1/x402/settle', { key, body });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      success: false,
      errorReason: 'settlement_disabled',
      errorMessage: 'the x402 facilitator has no network configured',
      network: '',
      transaction: '',
    });
  });

  it('supported lists no kind and no signer', async () => {
    const res = await app().call('GET', '/v1/x402/supported', { key });
    assert.deepEqual(res.body, { kinds: [], extensions: [], signers: {} });
  });

  it('still refuses a caller without a key', async () => {
    assert.equal((await app().call('POST', '/v1/x402/verify', { body })).status, 401);
  });
});
