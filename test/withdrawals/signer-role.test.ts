import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chainAdapters } from '../../src/chains/registry.ts';
import { signingAdapters } from '../../src/worker.ts';
import { freshDatabase, liveNetworkEnv, testConfig } from '../helpers/harness.ts';

describe('signer role', () => {
  it('a live worker executes withdrawals only of networks whose hot-wallet key it holds; a sandbox one of every network', async () => {
    const database = await freshDatabase('pglite');
    try {
      const sandbox = signingAdapters(chainAdapters(testConfig({}, { ROLE: 'worker' }), database.db)).map((a) => a.network);
      assert.deepEqual(sandbox.sort(), ['BASE', 'BNB', 'BTC', 'ETHEREUM', 'TRON']);
      const rpc = {
        ...liveNetworkEnv('ETHEREUM', 'http://127.0.0.1:1'),
        ...liveNetworkEnv('TRON', 'http://127.0.0.1:1'),
        ...liveNetworkEnv('BTC', 'http://127.0.0.1:1'),
      };
      const keyless = signingAdapters(chainAdapters(testConfig({}, { ROLE: 'worker', ...rpc }), database.db)).map((a) => a.network);
      assert.deepEqual(keyless, [], 'real networks without a key are left to the signer');
      const signer = signingAdapters(
        chainAdapters(
          testConfig({}, { ROLE: 'worker', ...rpc, ETHEREUM_HOT_WALLET_KEY: `0x${'11'.repeat(32)}`, BTC_HOT_WALLET_KEY: '22'.repeat(32) }),
          database.db,
        ),
      ).map((a) => a.network);
      assert.deepEqual(signer.sort(), ['BTC', 'ETHEREUM']);
      // An API process never holds a key, even when one is configured.
      const apiRole = signingAdapters(
        chainAdapters(testConfig({}, { ROLE: 'api', ...rpc, ETHEREUM_HOT_WALLET_KEY: `0x${'11'.repeat(32)}` }), database.db),
      ).map((a) => a.network);
      assert.ok(!apiRole.includes('ETHEREUM'));
    } finally {
      await database.close();
    }
  });
});
