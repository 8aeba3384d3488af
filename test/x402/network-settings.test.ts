import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

const x402 = (env: NodeJS.ProcessEnv) => loadConfig(env).x402;

describe('x402 network settings', () => {
  it('X402_NETWORK alone is the one network, with the X402_* node, key, assets and limits', () => {
    const s = x402({
      X402_NETWORK: 'eip155:8453',
      X402_RPC_URL: 'http://node.test',
      X402_FEE_PAYER_KEY: '0xkey',
      X402_ASSETS: '0xa, 0xb',
      X402_GAS_BUDGET_WEI: '7',
    });
    assert.deepEqual(
      s.networks.map((n) => [n.network, n.chainId, n.env, n.rpcUrl, n.feePayerKey, n.assets, n.gasBudgetWei, n.gasCeiling]),
      [['eip155:8453', 8453, 'BASE', 'http://node.test', '0xkey', ['0xa', '0xb'], 7n, 200_000n]],
    );
    // The default, and a chain of no catalogue network, still work as the one network.
    assert.deepEqual(
      x402({}).networks.map((n) => n.network),
      ['eip155:84532'],
    );
    assert.deepEqual(
      x402({ X402_NETWORK: 'eip155:31337' }).networks.map((n) => [n.network, n.env]),
      [['eip155:31337', undefined]],
    );
  });

  it('X402_NETWORKS: each network its own <NET>_X402_* settings; the limits default to X402_*, the node, key and assets only for X402_NETWORK', () => {
    const s = x402({
      X402_NETWORK: 'eip155:8453',
      X402_RPC_URL: 'http://base.test',
      X402_FEE_PAYER_RESERVE_WEI: '5',
      X402_NETWORKS: 'eip155:8453, eip155:56,eip155:1',
      BNB_X402_RPC_URL: 'http://bsc.test',
      BNB_X402_FEE_PAYER_KEY: '0xbsc',
      BNB_X402_ASSETS: '0xusdt',
      BNB_X402_FEE_PAYER_RESERVE_WEI: '9',
      BNB_X402_GAS_BUDGET_WEI: '100',
    });
    assert.deepEqual(
      s.networks.map((n) => [n.network, n.env, n.rpcUrl, n.feePayerKey, n.assets, n.feePayerReserveWei, n.gasBudgetWei]),
      [
        ['eip155:8453', 'BASE', 'http://base.test', undefined, [], 5n, null],
        ['eip155:56', 'BNB', 'http://bsc.test', '0xbsc', ['0xusdt'], 9n, 100n],
        ['eip155:1', 'ETHEREUM', undefined, undefined, [], 5n, null],
      ],
    );
  });

  it('refuses a malformed id, a chain of no catalogue network beside others, and two chains of one network', () => {
    const refused = (env: NodeJS.ProcessEnv, message: RegExp) =>
      assert.throws(
        () => x402(env),
        (err: unknown) => err instanceof ConfigError && message.test(err.message),
      );
    refused({ X402_NETWORKS: 'base' }, /X402_NETWORKS must be a CAIP-2 EVM network/);
    refused({ X402_NETWORK: 'solana:1' }, /X402_NETWORK must be a CAIP-2 EVM network/);
    refused({ X402_NETWORKS: 'eip155:84532,eip155:31337' }, /eip155:31337, a chain of none of ETHEREUM, BNB, BASE/);
    refused(
      { X402_NETWORKS: 'eip155:8453,eip155:84532' },
      /names eip155:8453 and eip155:84532: one x402 network per catalogue network \(BASE\)/,
    );
    refused({ X402_NETWORKS: 'eip155:56', BNB_X402_GAS_CEILING: 'lots' }, /BNB_X402_GAS_CEILING must be a whole number/);
  });
});
