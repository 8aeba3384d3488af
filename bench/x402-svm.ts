import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import Fastify from 'fastify';
import { createKeyPairSignerFromPrivateKeyBytes, generateKeyPairSigner, getAddressEncoder, type KeyPairSigner } from '@solana/kit';
import { x402Facilitator } from '@x402/core/facilitator';
import { toFacilitatorSvmSigner } from '@x402/svm';
import { ExactSvmScheme as SvmClient } from '@x402/svm/exact/client';
import { ExactSvmScheme as SvmFacilitator } from '@x402/svm/exact/facilitator';
import { connectSvmX402 } from '../src/chains/x402/svm.ts';
import { svmX402Settings } from '../src/config/x402-svm.ts';
import { DEVNET_USDC, SOLANA_DEVNET, startSvmDevnet, type SvmDevnet } from '../test/helpers/litesvm-rpc.ts';
import { progress, startBenchGateway, type Figures } from './lib.ts';
import { drive, figuresOfRuns, postJson, printRuns } from './x402.ts';

/** A fee payer as an operator configures it (the keypair file's 64 bytes) and its signer. */
async function feePayer(): Promise<{ file: string; signer: KeyPairSigner }> {
  const seed = randomBytes(32);
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  return { file: JSON.stringify([...seed, ...getAddressEncoder().encode(signer.address)]), signer };
}

/** The official Solana facilitator behind a bare Fastify route, with its own fee payer on the same runtime. */
async function startPlainSvm(net: SvmDevnet, signer: KeyPairSigner) {
  const plain = new x402Facilitator().register(
    SOLANA_DEVNET,
    new SvmFacilitator(toFacilitatorSvmSigner(signer, { defaultRpcUrl: net.url })),
  );
  const bare = Fastify({ logger: false });
  bare.post<{ Body: { paymentPayload: never; paymentRequirements: never } }>('/verify', async (req) =>
    plain.verify(req.body.paymentPayload, req.body.paymentRequirements),
  );
  bare.post<{ Body: { paymentPayload: never; paymentRequirements: never } }>('/settle', async (req) =>
    plain.settle(req.body.paymentPayload, req.body.paymentRequirements),
  );
  return { url: await bare.listen({ host: '127.0.0.1', port: 0 }), close: () => bare.close() };
}

/**
 * x402 `exact` on Solana over HTTP: this gateway's facilitator (auth, rate limit, durable records,
 * settle-once) against the official `@x402/svm` facilitator behind a bare Fastify route, on the same
 * Solana runtime (LiteSVM behind the tests' JSON-RPC front), each with its own fee payer, the same
 * kind of payloads signed by the official client, in the same run.
 */
export async function benchX402Svm(): Promise<Figures> {
  const verifies = Number(process.env.BENCH_X402_VERIFY ?? 1000);
  const settles = Number(process.env.BENCH_X402_SETTLE ?? 200);
  const net = await startSvmDevnet();
  const [ours, theirs, seller] = await Promise.all([feePayer(), feePayer(), generateKeyPairSigner()]);
  for (const p of [ours, theirs]) net.airdrop(p.signer.address, 10n ** 12n);
  await net.setTokenBalance(DEVNET_USDC, seller.address, 0n);
  const payload = async (fee: KeyPairSigner) => {
    const buyer = await generateKeyPairSigner();
    await net.setTokenBalance(DEVNET_USDC, buyer.address, 10n ** 9n);
    const requirements = {
      scheme: 'exact',
      network: SOLANA_DEVNET,
      asset: DEVNET_USDC,
      amount: '1000',
      payTo: seller.address,
      maxTimeoutSeconds: 60,
      extra: { feePayer: fee.address },
    };
    const signed = await new SvmClient(buyer, { rpcUrl: net.url }).createPaymentPayload(2, requirements as never);
    return {
      x402Version: 2,
      paymentPayload: { ...signed, resource: { url: 'http://seller.test/x' }, accepted: requirements },
      paymentRequirements: requirements,
    };
  };
  progress(`x402 Solana: signing ${2 * settles + 200} payments with the official client`);
  const verifyOurs = await Promise.all(Array.from({ length: 100 }, () => payload(ours.signer)));
  const verifyTheirs = await Promise.all(Array.from({ length: 100 }, () => payload(theirs.signer)));
  const settleOurs = await Promise.all(Array.from({ length: settles }, () => payload(ours.signer)));
  const settleTheirs = await Promise.all(Array.from({ length: settles }, () => payload(theirs.signer)));

  const env = { SOLANA_X402_NETWORK: SOLANA_DEVNET, SOLANA_X402_RPC_URL: net.url, SOLANA_X402_FEE_PAYER_KEY: ours.file };
  const settings = svmX402Settings(env);
  if (!settings) throw new Error('x402 Solana: the settings configure Solana');
  const gateway = await startBenchGateway({ embedded: true, ctx: { x402Solana: await connectSvmX402(settings) } });
  const bare = await startPlainSvm(net, theirs.signer);
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) => postJson(agent, url, body, headers);
  const auth = { 'x-tenant-api-key': gateway.key };
  for (let i = 0; i < 30; i++) {
    await post(`${gateway.url}/v1/x402/verify`, verifyOurs[i], auth);
    await post(`${bare.url}/verify`, verifyTheirs[i]);
  }
  progress(`x402 Solana: verify ×${verifies} and settle ×${settles}, plain library then gateway`);
  const runs = [
    await drive(
      'plain @x402/svm verify',
      verifies,
      10,
      async (i) => (await post(`${bare.url}/verify`, verifyTheirs[i % verifyTheirs.length])).isValid === true,
    ),
    await drive(
      'gateway verify',
      verifies,
      10,
      async (i) => (await post(`${gateway.url}/v1/x402/verify`, verifyOurs[i % verifyOurs.length], auth)).isValid === true,
    ),
    await drive('plain @x402/svm settle', settles, 10, async (i) => (await post(`${bare.url}/settle`, settleTheirs[i])).success === true),
    await drive(
      'gateway settle',
      settles,
      10,
      async (i) => (await post(`${gateway.url}/v1/x402/settle`, settleOurs[i], auth)).success === true,
    ),
  ];
  printRuns(runs, verifies, settles, 'x402 exact on Solana', "LiteSVM behind the tests' JSON-RPC front");
  agent.destroy();
  await bare.close();
  await gateway.close();
  await net.close();
  return figuresOfRuns(runs);
}
