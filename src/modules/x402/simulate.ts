import { concat, encodeAbiParameters, toFunctionSelector } from 'viem';
import type { EthCall, EthCallAnswer, X402Chain } from '../../chains/x402/chain.ts';
import type { Parsed } from './parse.ts';
import { Coalescer } from '../../lib/coalesce.ts';

/** transferWithAuthorization with the signature as bytes (EIP-3009 as USDC v2.2 has it: ECDSA or ERC-1271). */
const TRANSFER_WITH_AUTHORIZATION = toFunctionSelector('transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,bytes)');
const TRANSFER_ARGS = [
  { type: 'address' },
  { type: 'address' },
  { type: 'uint256' },
  { type: 'uint256' },
  { type: 'uint256' },
  { type: 'bytes32' },
  { type: 'bytes' },
] as const;

/** How many calls one JSON-RPC batch carries at most. */
const MAX_CALLS = 100;

/**
 * The calls of one batch, each distinct call sent once: identical calls gathered together (the same
 * payload verified by several callers at once, or retried by a resource server) share its answer.
 */
async function sendDistinct(chain: X402Chain, calls: EthCall[]): Promise<EthCallAnswer[]> {
  const index = new Map<string, number>();
  const distinct: EthCall[] = [];
  const slots = calls.map((c) => {
    const key = `${c.to.toLowerCase()}|${c.data}`;
    let i = index.get(key);
    if (i === undefined) index.set(key, (i = distinct.push(c) - 1));
    return i;
  });
  const answers = chain.ethCallBatch
    ? await chain.ethCallBatch(distinct)
    : await Promise.all(
        distinct.map((c) =>
          chain.publicClient.request({ method: 'eth_call', params: [c, 'latest'] }).then(
            (result): EthCallAnswer => ({ ok: true, result }),
            (error: unknown): EthCallAnswer => ({ ok: false, error }),
          ),
        ),
      );
  return slots.map((i) => answers[i] ?? { ok: false, error: new Error('the node answered fewer calls than were sent') });
}

const batchers = new WeakMap<X402Chain, Coalescer<EthCall, EthCallAnswer>>();

/**
 * The chain's eth_calls, batched: the calls asked for in one turn of the event loop go together as
 * one JSON-RPC batch (one HTTP round trip, no timer to wait for, no wait for an earlier batch).
 * Every answer comes from a batch sent after its call was asked for, so it reflects the chain at
 * the time of the call; nothing is kept once it has been answered.
 */
function ethCall(chain: X402Chain, call: EthCall): Promise<EthCallAnswer> {
  let batcher = batchers.get(chain);
  if (!batcher)
    batchers.set(chain, (batcher = new Coalescer((calls) => sendDistinct(chain, calls), { maxBatch: MAX_CALLS, overlap: true })));
  return batcher.submit(call);
}

/**
 * Whether the token would carry out this transfer now: an eth_call of transferWithAuthorization at
 * the latest block. The token itself checks the signature (ECDSA or ERC-1271), that the
 * authorization is unused and within its window, and that the payer holds the amount, so a clean
 * simulation proves every chain check of a verify in one read, with no local signature recovery.
 * False on any refusal or error: the checks then run one by one and name the reason.
 */
export async function simulateTransfer(chain: X402Chain, p: Parsed): Promise<boolean> {
  const { from, to, value, validAfter, validBefore, nonce } = p.auth;
  const data = concat([
    TRANSFER_WITH_AUTHORIZATION,
    encodeAbiParameters(TRANSFER_ARGS, [from, to, value, validAfter, validBefore, nonce, p.signature]),
  ]);
  const answer = await ethCall(chain, { to: p.asset.address, data }).catch(() => null);
  return answer?.ok === true;
}
