import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createWalletClient, getAddress, http, nonceManager, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../src/config.ts';
import { DEV_KEYS, TEST_USDC, devnetControls, startDevnet } from '../src/chains/evm/devnet.ts';
import { EvmChain } from '../src/chains/evm/evm-chain.ts';
import { Watcher } from '../src/modules/payments/watcher.ts';
import { openDatabase, type Database } from '../src/lib/db/index.ts';
import { migrate } from '../src/lib/db/migrate.ts';
import { createTenant } from '../src/modules/tenants/service.ts';
import { HDKey } from '@scure/bip32';
import { DERIVATION } from '../src/chains/hd-wallet.ts';
import { progress, ratio, round, type Figures } from './lib.ts';

/** `count` watched addresses (random, as derived ones look) inserted in one statement. */
async function watch(database: Database, count: number, tenantId: string): Promise<Address[]> {
  const db = database.db;
  const account = await db
    .insertInto('hd_accounts')
    .values({ network: 'ETHEREUM', xpub: `bench-${randomUUID()}`, next_index: count, sandbox: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into addresses (network, address, hd_account_id, derivation_index, purpose, owner_id, tenant_id, currency_code)
    select 'ETHEREUM', '0x' || substr(md5(${account.id}::text || ':' || i::text) || md5(i::text), 1, 40), ${account.id}, i, 'deposit', gen_random_uuid(), ${tenantId}, 'ETH'
    from generate_series(0, ${count - 1}) as i`.execute(db);
  // A few addresses that will receive payments, in the checksummed form addresses are stored in.
  const hits = Array.from({ length: 10 }, (_, i) => getAddress(`0x${(i + 1).toString(16).padStart(40, 'a')}`));
  await db
    .insertInto('addresses')
    .values(
      hits.map((address, i) => ({
        network: 'ETHEREUM',
        address,
        hd_account_id: account.id,
        derivation_index: count + i,
        purpose: 'bench',
        owner_id: randomUUID(),
        tenant_id: tenantId,
        currency_code: 'ETH',
      })),
    )
    .execute();
  return hits;
}

/**
 * The EVM watcher's scan rate: blocks per second over the same chain with 1,000 and with 1,000,000
 * watched addresses, same process, same run. The chain carries native and token transfers to
 * unwatched addresses and a few to watched ones; a round costs the chain's traffic plus one set
 * lookup of its destinations, so the ratio should stay close to 1.
 */
export async function benchEvmWatcher(): Promise<Figures> {
  const blocks = Number(process.env.BENCH_EVM_BLOCKS ?? 200);
  const large = Number(process.env.BENCH_EVM_ADDRESSES ?? 1_000_000);
  const devnet = await startDevnet({ chainId: 1, buyerUsdc: 10n ** 15n });
  const buyer = privateKeyToAccount(DEV_KEYS.buyer, { nonceManager });
  const wallet = createWalletClient({
    account: buyer,
    transport: http(devnet.rpcUrl),
    chain: {
      id: 1,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [devnet.rpcUrl] } },
    },
  });
  const controls = devnetControls(devnet.rpcUrl, 1);
  await controls.setAutomine(false);
  const hitsPlanned = Array.from({ length: 10 }, (_, i) => getAddress(`0x${(i + 1).toString(16).padStart(40, 'a')}`));
  // Traffic: per block 4 token and 4 native transfers, one of each block in twenty to a watched address.
  for (let b = 0; b < blocks; b++) {
    const sends: Promise<unknown>[] = [];
    for (let k = 0; k < 4; k++) {
      const to = b % 20 === 0 && k === 0 ? hitsPlanned[b % 10]! : getAddress(`0x${(b * 10 + k + 1).toString(16).padStart(40, '1')}`);
      sends.push(
        wallet.writeContract({
          address: devnet.usdc,
          abi: TEST_USDC.abi,
          functionName: 'transfer',
          args: [to, 1000n],
          chain: null,
          account: buyer,
        }),
      );
      sends.push(wallet.sendTransaction({ to, value: parseEther('0.0001'), chain: null, account: buyer }));
    }
    await Promise.all(sends);
    await controls.mine({ blocks: 1 });
  }

  const results: Array<{ watched: number; seconds: number; found: number }> = [];
  for (const watched of [1_000, large]) {
    progress(`evm watcher: one round over ${blocks} blocks with ${watched.toLocaleString('en')} watched addresses`);
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database.db);
    const tenant = await createTenant(database.db, 'Bench');
    const t0 = performance.now();
    await watch(database, watched, tenant.id);
    const loadS = (performance.now() - t0) / 1000;
    // A live network needs its account key; the watched addresses are written directly below.
    const xpub = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive(DERIVATION.ETHEREUM.path).publicExtendedKey;
    const config = {
      ...loadConfig({ ETHEREUM_RPC_URL: devnet.rpcUrl, ETHEREUM_XPUB: xpub, ETHEREUM_CONFIRMATIONS: '1' }),
      logLevel: 'warn',
    };
    const evm = new EvmChain({ network: 'ETHEREUM', rpcUrl: devnet.rpcUrl, contracts: { USDT_ERC20: devnet.usdc } });
    const watcher = new Watcher(database.db, config, evm);
    const s = performance.now();
    const round = await watcher.round(); // every block of the chain, from 0
    const seconds = (performance.now() - s) / 1000;
    results.push({ watched, seconds, found: round.seen + round.confirmed });
    console.log(`  (${watched.toLocaleString('en')} addresses loaded in ${loadS.toFixed(1)} s)`);
    await database.close();
  }
  console.log(`\nEVM watcher: one round over ${blocks} blocks (8 transfers each) on anvil, PGlite`);
  for (const r of results)
    console.log(
      `  ${r.watched.toLocaleString('en').padStart(9)} watched addresses: ${(blocks / r.seconds).toFixed(0)} blocks/s, ${r.found} payments found`,
    );
  console.log(
    `  ratio (${large.toLocaleString('en')} / 1,000): ${(blocks / results[1]!.seconds / (blocks / results[0]!.seconds)).toFixed(2)}`,
  );
  await devnet.stop();
  const rate = (r: (typeof results)[number]) => blocks / r.seconds;
  return {
    blocks,
    smallAddresses: results[0]!.watched,
    smallBlocksPerSec: round(rate(results[0]!)),
    largeAddresses: results[1]!.watched,
    largeBlocksPerSec: round(rate(results[1]!)),
    ratio: ratio(rate(results[1]!), rate(results[0]!)),
    paymentsFound: results[1]!.found,
  };
}
