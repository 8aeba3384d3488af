import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Address, Hex } from 'viem';
import type { EthCall, EthCallAnswer, X402Chain } from '../../src/chains/x402/chain.ts';
import type { Parsed } from '../../src/modules/x402/parse.ts';
import { simulateTransfer } from '../../src/modules/x402/simulate.ts';

const ASSET = '0x036CbD53842c5426634e7929541eC2318f3dCF7e' as Address;
const PAYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;

/** A chain whose node refuses the simulations of the nonces in `refused`, and records each batch it gets. */
function fakeChain(refused: Set<string>) {
  const batches: EthCall[][] = [];
  const chain: X402Chain = {
    network: 'eip155:84532',
    chainId: 84532,
    publicClient: {} as never,
    assets: new Map(),
    ethCallBatch: async (calls) => {
      batches.push([...calls]);
      return calls.map(
        (c): EthCallAnswer =>
          [...refused].some((n) => c.data.includes(n.slice(2)))
            ? { ok: false, error: new Error('execution reverted') }
            : { ok: true, result: '0x' },
      );
    },
  };
  return { chain, batches };
}

function parsed(nonceByte: string): Parsed {
  const nonce = `0x${nonceByte.repeat(64)}` as Hex;
  return {
    asset: { address: ASSET, name: 'USDC', version: '2' },
    payTo: PAYER,
    amount: 1000n,
    auth: { from: PAYER, to: PAYER, value: 1000n, validAfter: 0n, validBefore: 2n ** 40n, nonce },
    signature: `0x${'11'.repeat(65)}` as Hex,
  };
}

describe('x402 transfer simulation', () => {
  it('sends the simulations of one turn as one batch, each distinct call once, each answered by its own result', async () => {
    const { chain, batches } = fakeChain(new Set([`0x${'b'.repeat(64)}`]));
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => simulateTransfer(chain, parsed('a'))),
      simulateTransfer(chain, parsed('b')),
    ]);
    assert.deepEqual(answers, [...Array(10).fill(true), false]);
    assert.equal(batches.length, 1);
    assert.equal(batches[0]!.length, 2);
    assert.ok(batches[0]!.every((c) => c.to === ASSET && c.data.startsWith('0xcf092995')));
  });

  it('keeps no answer: a later simulation of the same payload is sent again and sees the chain as it is then', async () => {
    const refused = new Set<string>();
    const { chain, batches } = fakeChain(refused);
    assert.equal(await simulateTransfer(chain, parsed('c')), true);
    refused.add(`0x${'c'.repeat(64)}`);
    assert.equal(await simulateTransfer(chain, parsed('c')), false);
    assert.equal(batches.length, 2);
  });

  it('answers false when the node cannot be reached (the checks then name the reason)', async () => {
    const chain: X402Chain = {
      network: 'eip155:84532',
      chainId: 84532,
      publicClient: {} as never,
      assets: new Map(),
      ethCallBatch: async () => Promise.reject(new Error('connection refused')),
    };
    assert.equal(await simulateTransfer(chain, parsed('d')), false);
  });
});
