import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { x402Facilitator } from '@x402/core/facilitator';
import { ExactEvmScheme as ExactEvmFacilitator } from '@x402/evm/exact/facilitator';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { createWalletClient, http, publicActions, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { DEV_KEYS, DEV_MNEMONIC, startDevnet } from '../src/chains/evm/devnet.ts';
import { connectX402 } from '../src/chains/x402/chain.ts';
import { TRANSFER_TYPES } from '../src/modules/x402/facilitator.ts';
import { profileIf, progress, ratio, round, startBenchGateway, type Figures } from './lib.ts';

const NETWORK = 'eip155:84532' as const;

export interface Run {
  label: string;
  perSec: number;
  /** Calls that succeeded (isValid / success true) per second. */
  okPerSec: number;
  p50: number;
  p99: number;
  failures: number;
}

/** `count` calls, `concurrency` at a time; throughput and latency percentiles. */
export async function drive(label: string, count: number, concurrency: number, call: (i: number) => Promise<boolean>): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const profiling = await profileIf(label);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const s = performance.now();
        if (!(await call(i))) failures++;
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await profiling?.stop();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return { label, perSec: count / seconds, okPerSec: (count - failures) / seconds, p50: pct(50), p99: pct(99), failures };
}

/**
 * One JSON POST over a kept-alive connection, its answer parsed. Node's http client, not fetch: the
 * callers run in this process beside both facilitators, and fetch (undici's web streams) cost this
 * process more CPU per call than the gateway's own verify, so the gateway measured the client as
 * much as itself (1,200 verifies/s through fetch, 1,500-1,800 through this on the same machine).
 */
export function postJson(
  agent: Agent,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ isValid?: boolean; success?: boolean }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (err) {
            reject(new Error(`${url} answered ${res.statusCode} with no JSON: ${text.slice(0, 200)}`, { cause: err }));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** The plain library behind a bare Fastify route, with its own fee payer on the same chain. */
export async function startPlain(rpcUrl: string, network: `eip155:${number}` = NETWORK) {
  const id = Number(network.slice('eip155:'.length));
  const wallet = createWalletClient({
    account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 4 }),
    transport: http(rpcUrl),
    chain: { id, name: 'devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } },
  }).extend(publicActions);
  const plain = new x402Facilitator().register(
    network,
    new ExactEvmFacilitator(toFacilitatorEvmSigner({ ...wallet, address: wallet.account.address } as never)),
  );
  const bare = Fastify({ logger: false });
  bare.post<{ Body: { paymentPayload: never; paymentRequirements: never } }>('/verify', async (req) =>
    plain.verify(req.body.paymentPayload, req.body.paymentRequirements),
  );
  bare.post<{ Body: { paymentPayload: never; paymentRequirements: never } }>('/settle', async (req) =>
    plain.settle(req.body.paymentPayload, req.body.paymentRequirements),
  );
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  return { url: bareUrl, close: () => bare.close() };
}

export function printRuns(runs: Run[], verifies: number, settles: number, what = 'x402', where = 'a local anvil chain'): void {
  console.log(`\n${what} over HTTP on ${where}, 10 concurrent callers (verify ×${verifies}, settle ×${settles})`);
  console.log('  ' + ['case', 'calls/s', 'ok/s', 'p50 ms', 'p99 ms', 'failures'].map((c, i) => c.padEnd(i === 0 ? 28 : 11)).join(''));
  for (const r of runs) {
    console.log(
      '  ' +
        [r.label, r.perSec.toFixed(0), r.okPerSec.toFixed(0), r.p50.toFixed(2), r.p99.toFixed(2), String(r.failures)]
          .map((c, i) => c.padEnd(i === 0 ? 28 : 11))
          .join(''),
    );
  }
  console.log(
    `  ratio gateway/plain, successful calls per second: verify ${(runs[1]!.okPerSec / runs[0]!.okPerSec).toFixed(2)}, settle ${(runs[3]!.okPerSec / Math.max(runs[2]!.okPerSec, 1e-9)).toFixed(2)}`,
  );
}

/**
 * x402 verify and settle over HTTP: this gateway's facilitator (auth, rate limit, durable
 * settlement records) against the official `@x402/evm` facilitator behind a bare Fastify route,
 * on the same local chain, same payloads, same run.
 */
export async function benchX402(): Promise<Figures> {
  const verifies = Number(process.env.BENCH_X402_VERIFY ?? 2000);
  const settles = Number(process.env.BENCH_X402_SETTLE ?? 200);
  const devnet = await startDevnet({ chainId: 84532, buyerUsdc: 10n ** 15n });
  const buyer = privateKeyToAccount(DEV_KEYS.buyer);
  const seller = privateKeyToAccount(DEV_KEYS.seller).address;
  const requirements = {
    scheme: 'exact',
    network: NETWORK,
    asset: devnet.usdc,
    amount: '1000',
    payTo: seller,
    maxTimeoutSeconds: 60,
    extra: { name: 'USDC', version: '2' },
  };
  const sign = async () => {
    const now = Math.floor(Date.now() / 1000);
    const authorization = {
      from: buyer.address,
      to: seller,
      value: '1000',
      validAfter: String(now - 60),
      validBefore: String(now + 3600),
      nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
    };
    const signature = await buyer.signTypedData({
      domain: { name: 'USDC', version: '2', chainId: 84532, verifyingContract: devnet.usdc },
      types: TRANSFER_TYPES,
      primaryType: 'TransferWithAuthorization',
      message: {
        ...authorization,
        value: 1000n,
        validAfter: BigInt(authorization.validAfter),
        validBefore: BigInt(authorization.validBefore),
      },
    });
    return {
      x402Version: 2,
      paymentPayload: {
        x402Version: 2,
        resource: { url: 'http://seller.test/x' },
        accepted: requirements,
        payload: { signature, authorization },
      },
      paymentRequirements: requirements,
    };
  };
  const verifyPool = await Promise.all(Array.from({ length: 200 }, sign));
  const ours = await Promise.all(Array.from({ length: settles }, sign));
  const theirs = await Promise.all(Array.from({ length: settles }, sign));

  // This gateway.
  const x402 = await connectX402({ network: NETWORK, rpcUrl: devnet.rpcUrl, feePayerKey: DEV_KEYS.feePayer, assets: [devnet.usdc] });
  const gateway = await startBenchGateway({ embedded: true, ctx: { x402: [x402] } });
  const { url: gatewayUrl, key } = gateway;

  const bare = await startPlain(devnet.rpcUrl);
  const bareUrl = bare.url;

  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) => postJson(agent, url, body, headers);
  const auth = { 'x-tenant-api-key': key };
  // Warm-up of both (JIT, connections, caches).
  for (const p of verifyPool.slice(0, 50)) {
    await post(`${gatewayUrl}/v1/x402/verify`, p, auth);
    await post(`${bareUrl}/verify`, p);
  }
  progress(`x402: verify ×${verifies} and settle ×${settles}, plain library then gateway`);
  const runs = [
    await drive(
      'plain @x402/evm verify',
      verifies,
      10,
      async (i) => (await post(`${bareUrl}/verify`, verifyPool[i % verifyPool.length])).isValid === true,
    ),
    await drive(
      'gateway verify',
      verifies,
      10,
      async (i) => (await post(`${gatewayUrl}/v1/x402/verify`, verifyPool[i % verifyPool.length], auth)).isValid === true,
    ),
    await drive('plain @x402/evm settle', settles, 10, async (i) => (await post(`${bareUrl}/settle`, theirs[i])).success === true),
    await drive('gateway settle', settles, 10, async (i) => (await post(`${gatewayUrl}/v1/x402/settle`, ours[i], auth)).success === true),
  ];
  printRuns(runs, verifies, settles);
  agent.destroy();
  await bare.close();
  await gateway.close();
  await devnet.stop();
  return figuresOfRuns(runs);
}

/** The runs' figures (verify and settle, gateway and plain); fails when the gateway failed a call. */
export function figuresOfRuns(runs: Run[]): Figures {
  const [pv, gv, ps, gs] = runs as [Run, Run, Run, Run];
  // The gateway must answer every call right; the plain library's failed calls are part of what the
  // baseline is (the ratio counts successful calls), so they are counted and reported, not fatal.
  if (gv.failures + gs.failures > 0) throw new Error(`x402: the gateway failed ${gv.failures} verifies and ${gs.failures} settles`);
  const fig = (r: Run) => ({
    callsPerSec: round(r.perSec),
    okPerSec: round(r.okPerSec),
    p50Ms: round(r.p50, 2),
    p99Ms: round(r.p99, 2),
    failures: r.failures,
  });
  return {
    verify: { gateway: fig(gv), plain: fig(pv), ratio: ratio(gv.okPerSec, pv.okPerSec) },
    settle: { gateway: fig(gs), plain: fig(ps), ratio: ratio(gs.okPerSec, ps.okPerSec) },
  };
}
