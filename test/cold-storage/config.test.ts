// Cold storage's settings: a ceiling needs a cold address, the target defaults to half the ceiling
// and must lie strictly under it, only live networks take them, and a cold address the network
// would refuse stops the start (checked where the process starts, before anything else runs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkColdAddresses } from '../../src/chains/address-validation.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { liveNetworkEnv } from '../helpers/harness.ts';

const ETH_LIVE = liveNetworkEnv('ETHEREUM', 'http://127.0.0.1:1');
const COLD = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** What a start would say: loadConfig, then the cold addresses checked against their networks. */
function start(env: NodeJS.ProcessEnv) {
  const config = loadConfig({ ...ETH_LIVE, ...env });
  checkColdAddresses(config.chains);
  return config;
}
const refused = (env: NodeJS.ProcessEnv, pattern: RegExp) =>
  assert.throws(
    () => start(env),
    (err: unknown) => err instanceof ConfigError && pattern.test(err.message) && !err.message.includes('\n'),
    JSON.stringify(env),
  );

describe('cold storage settings', () => {
  it('reads the cold address, the ceiling and the target (half the ceiling unless set), in cents', () => {
    assert.equal(start({}).chains.ETHEREUM.cold, undefined);
    assert.deepEqual(start({ ETHEREUM_COLD_ADDRESS: COLD }).chains.ETHEREUM.cold, {
      address: COLD,
      hotMaxUsdCents: null,
      hotTargetUsdCents: null,
    });
    assert.deepEqual(start({ ETHEREUM_COLD_ADDRESS: COLD, ETHEREUM_HOT_MAX_USD: '25000.01' }).chains.ETHEREUM.cold, {
      address: COLD,
      hotMaxUsdCents: 2_500_001n,
      hotTargetUsdCents: 1_250_000n,
    });
    assert.equal(
      start({ ETHEREUM_COLD_ADDRESS: COLD, ETHEREUM_HOT_MAX_USD: '100', ETHEREUM_HOT_TARGET_USD: '20.5' }).chains.ETHEREUM.cold
        ?.hotTargetUsdCents,
      2050n,
    );
  });

  it('refuses what cannot work, naming the setting, in one line', () => {
    refused({ ETHEREUM_HOT_MAX_USD: '100' }, /ETHEREUM_HOT_MAX_USD needs ETHEREUM_COLD_ADDRESS/);
    refused({ ETHEREUM_COLD_ADDRESS: COLD, ETHEREUM_HOT_TARGET_USD: '10' }, /ETHEREUM_HOT_TARGET_USD needs ETHEREUM_HOT_MAX_USD/);
    refused(
      { ETHEREUM_COLD_ADDRESS: COLD, ETHEREUM_HOT_MAX_USD: '100', ETHEREUM_HOT_TARGET_USD: '100' },
      /ETHEREUM_HOT_TARGET_USD must be above zero and below ETHEREUM_HOT_MAX_USD/,
    );
    refused({ ETHEREUM_COLD_ADDRESS: COLD, ETHEREUM_HOT_MAX_USD: '100', ETHEREUM_HOT_TARGET_USD: '0' }, /must be above zero/);
    refused({ ETHEREUM_COLD_ADDRESS: COLD, ETHEREUM_HOT_MAX_USD: '0' }, /ETHEREUM_HOT_MAX_USD must be above zero/);
    refused(
      { ETHEREUM_COLD_ADDRESS: COLD, ETHEREUM_HOT_MAX_USD: '1.234' },
      /ETHEREUM_HOT_MAX_USD must be a US dollar amount with at most 2 decimals/,
    );
    // Only live networks: a sandbox one, or one this installation does not serve, moves no real funds.
    refused({ TRON_COLD_ADDRESS: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }, /TRON_COLD_ADDRESS is set but TRON is not a live network here/);
    assert.throws(() => loadConfig({ ETHEREUM_COLD_ADDRESS: COLD }), /ETHEREUM is not a live network here/);
  });

  it('refuses a cold address the network would not take: malformed, bad checksum, zero or burn', () => {
    refused({ ETHEREUM_COLD_ADDRESS: '0x1234' }, /ETHEREUM_COLD_ADDRESS "0x1234" is not a valid ETHEREUM address/);
    refused(
      { ETHEREUM_COLD_ADDRESS: COLD.replace('C8', 'c8') },
      /is not a valid ETHEREUM address \(for EVM networks a mixed-case address must match its checksum\)/,
    );
    refused({ ETHEREUM_COLD_ADDRESS: `0x${'0'.repeat(40)}` }, /is no destination \(zeroAddress\)/);
    refused({ ETHEREUM_COLD_ADDRESS: '0x000000000000000000000000000000000000dEaD' }, /is no destination \(reservedAddress\)/);
    refused(
      { ...liveNetworkEnv('BTC', 'http://127.0.0.1:1'), BTC_COLD_ADDRESS: 'bc1qnotanaddress' },
      /BTC_COLD_ADDRESS "bc1qnotanaddress" is not a valid BTC address/,
    );
    assert.equal(
      start({ ETHEREUM_COLD_ADDRESS: COLD.toLowerCase() }).chains.ETHEREUM.cold?.address,
      COLD.toLowerCase(),
      'all lowercase carries no checksum and is taken',
    );
  });
});
