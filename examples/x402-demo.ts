/**
 * `npm run example:x402`: a seller API protected with the official x402 Express middleware, paid by
 * the official x402 fetch client, settled through this gateway's facilitator, on a local devnet
 * (anvil from npm, test USDC). Everything runs on this machine and stops at the end.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { HTTPFacilitatorClient } from '@x402/core/server';
import { ExactEvmScheme as ExactEvmServer } from '@x402/evm/exact/server';
import { ExactEvmScheme as ExactEvmClient } from '@x402/evm/exact/client';
import { paymentMiddleware, x402ResourceServer } from '@x402/express';
import { decodePaymentResponseHeader, wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { createPublicClient, formatUnits, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DEV_KEYS, TEST_USDC, startDevnet } from '../src/chains/evm/devnet.ts';
import { openDatabase } from '../src/lib/db/index.ts';
import { migrate } from '../src/lib/db/migrate.ts';
import { connectX402 } from '../src/chains/x402/chain.ts';
import { createTenant, issueApiKey } from '../src/modules/tenants/service.ts';

const NETWORK = 'eip155:84532';
const step = (n: number, text: string) => console.log(`\n${n}. ${text}`);

step(1, 'Starting a local Base-like devnet (anvil, chain id 84532) with test USDC');
const devnet = await startDevnet({ chainId: 84532 });
const buyer = privateKeyToAccount(DEV_KEYS.buyer);
const seller = privateKeyToAccount(DEV_KEYS.seller).address;
const chain = createPublicClient({ transport: http(devnet.rpcUrl) });
const usdc = async (who: Address) =>
  formatUnits(
    (await chain.readContract({ address: devnet.usdc, abi: TEST_USDC.abi, functionName: 'balanceOf', args: [who] })) as bigint,
    6,
  );
console.log(`   RPC ${devnet.rpcUrl}, USDC ${devnet.usdc}`);

step(2, 'Starting the gateway (embedded database in memory) with its x402 facilitator');
const database = await openDatabase({ dataDir: 'memory://' });
await migrate(database.db);
const x402 = await connectX402({ network: NETWORK, rpcUrl: devnet.rpcUrl, feePayerKey: DEV_KEYS.feePayer, assets: [devnet.usdc] });
const gateway = await buildApp(
  {
    config: { ...loadConfig({ ADMIN_TOKEN: 'demo-admin-token-0123456789abcdef' }), logLevel: 'warn' },
    database,
    db: database.db,
    x402: [x402],
  },
  { logger: false },
);
const gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
const tenant = await createTenant(database.db, 'Demo seller');
const { key } = await issueApiKey(database.db, {
  tenantId: tenant.id,
  accountId: tenant.accountId,
  scopes: ['x402.verify', 'x402.settle', 'x402.list'],
});
console.log(`   facilitator at ${gatewayUrl}/v1/x402, seller key ${key.slice(0, 12)}…`);

step(3, 'Starting the seller: GET /weather costs 0.01 USDC (official @x402/express middleware)');
const facilitator = new HTTPFacilitatorClient({
  url: `${gatewayUrl}/v1/x402`,
  createAuthHeaders: async () => ({
    verify: { 'x-tenant-api-key': key },
    settle: { 'x-tenant-api-key': key },
    supported: { 'x-tenant-api-key': key },
  }),
});
const shop = express();
shop.use(
  paymentMiddleware(
    {
      'GET /weather': {
        accepts: {
          scheme: 'exact',
          network: NETWORK,
          payTo: seller,
          price: { amount: '10000', asset: devnet.usdc, extra: { name: 'USDC', version: '2' } },
        },
        description: 'Weather',
      },
    },
    new x402ResourceServer(facilitator).register(NETWORK, new ExactEvmServer()),
  ),
);
shop.get('/weather', (_req: unknown, res: { json(v: unknown): void }) => res.json({ forecast: 'sunny', temperature: 21 }));
const server = await new Promise<import('node:http').Server>((r) => {
  const s = shop.listen(0, '127.0.0.1', () => r(s));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/weather`;

step(4, `Buyer ${buyer.address} (USDC ${await usdc(buyer.address)}) asks without paying`);
console.log(`   ${url} → HTTP ${(await fetch(url)).status} Payment Required`);

step(5, 'Buyer pays with the official @x402/fetch client (signs an EIP-3009 authorization)');
const pay = wrapFetchWithPaymentFromConfig(fetch, {
  schemes: [{ network: NETWORK, client: new ExactEvmClient(buyer) }],
  spendControls: { allowedAssets: true },
});
const res = await pay(url);
const receipt = decodePaymentResponseHeader(res.headers.get('PAYMENT-RESPONSE')!);
console.log(`   HTTP ${res.status}: ${JSON.stringify(await res.json())}`);
console.log(`   settled: ${receipt.success}, transaction ${receipt.transaction}`);

step(6, 'Balances on chain and the settlement as the gateway lists it');
console.log(`   buyer USDC ${await usdc(buyer.address)}, seller USDC ${await usdc(seller)}`);
const listed = (await (await fetch(`${gatewayUrl}/v1/x402/settlements`, { headers: { 'x-tenant-api-key': key } })).json()) as {
  data: unknown[];
};
console.log(`   ${JSON.stringify(listed.data[0])}`);

server.close();
await gateway.close();
await database.close();
await devnet.stop();
