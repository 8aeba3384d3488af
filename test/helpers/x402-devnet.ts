// A local x402 node for a test file, and a listening app on it per engine: what the discovery and
// payment-identifier tests share (the official x402 clients reach the app over HTTP).
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { DEV_KEYS, anvilBinary, startDevnet, type Devnet } from '../../src/chains/evm/devnet.ts';
import { connectX402, type X402Chain } from '../../src/chains/x402/chain.ts';
import type { Engine } from '../../src/lib/db/index.ts';
import { startTestApp, type TestApp } from './harness.ts';

/** The devnet's CAIP-2 network. */
export const X402_NETWORK = 'eip155:84532';

/** Why the x402 suites are skipped here (no anvil for this platform), or false. */
export const x402Skip = anvilBinary() ? false : 'anvil (@foundry-rs/anvil) is not available on this platform';

/** Call at the top of a file: one devnet for every suite of the file (both engines). Returns a getter. */
export function useX402Devnet(): () => { devnet: Devnet; chain: X402Chain } {
  let net: { devnet: Devnet; chain: X402Chain } | undefined;
  before(async () => {
    if (x402Skip) return;
    const devnet = await startDevnet({ chainId: 84532 });
    net = {
      devnet,
      chain: await connectX402({ network: X402_NETWORK, rpcUrl: devnet.rpcUrl, feePayerKey: DEV_KEYS.feePayer, assets: [devnet.usdc] }),
    };
  });
  after(() => net?.devnet.stop());
  return () => {
    if (!net) throw new Error('x402 devnet not started yet');
    return net;
  };
}

/** A listening app on the devnet's chain, with two tenants (A and B) holding every scope. */
export interface X402App {
  t: TestApp;
  origin: string;
  a: { tenantId: string; key: string };
  b: { tenantId: string; key: string };
}

/** Call inside a suite: the app on `engine`, listening on a free port. Returns a getter. */
export function useX402App(engine: Engine, net: () => { chain: X402Chain }): () => X402App {
  let app: X402App | undefined;
  before(async () => {
    if (x402Skip) return;
    const t = await startTestApp(engine, { ctx: { x402: [net().chain] } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    app = {
      t,
      origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      a: await t.tenant(['*']),
      b: await t.tenant(['*']),
    };
  });
  after(() => app?.t.close());
  return () => {
    if (!app) throw new Error('x402 app not started yet');
    return app;
  };
}
