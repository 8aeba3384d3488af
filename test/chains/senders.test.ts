/**
 * Who paid an incoming transfer, as each backend tells it (incoming screening looks at these):
 * Esplora prints the coin each input spends, Bitcoin Core is asked for the transactions that made
 * them, Tron names the caller. Documented response shapes, replayed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BitcoinCoreChain } from '../../src/chains/btc/core-chain.ts';
import { EsploraChain } from '../../src/chains/btc/esplora-chain.ts';
import { TronGridChain, stringifyExact, tronAddressFromHex } from '../../src/chains/tron/trongrid-chain.ts';

const OURS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const PAYER_A = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const PAYER_B = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const json = (body: unknown) => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 200 });
const ours = async (addresses: string[]) => new Set(addresses.filter((a) => a === OURS));

describe('senders of incoming transfers', () => {
  it('Esplora: the distinct addresses of the coins the inputs spend (none for a coinbase)', async () => {
    const vin = (address: string | null) => ({
      txid: 'aa'.repeat(32),
      vout: 0,
      sequence: 0xffffffff,
      prevout: address ? { scriptpubkey_address: address, value: 1 } : null,
    });
    const txs = [
      {
        txid: '01'.repeat(32),
        vin: [vin(PAYER_A), vin(PAYER_B), vin(PAYER_A)],
        vout: [{ scriptpubkey_address: OURS, value: 5000 }],
        status: { confirmed: true },
      },
      {
        txid: '02'.repeat(32),
        vin: [{ ...vin(null), is_coinbase: true }],
        vout: [{ scriptpubkey_address: OURS, value: 7000 }],
        status: { confirmed: true },
      },
    ];
    const fetcher = (async (url: string) => {
      const path = new URL(url).pathname;
      if (path === '/block-height/0') return json('b0'.repeat(32));
      if (path === `/block/${'b0'.repeat(32)}/txs/0`) return json(txs);
      if (path === '/mempool/txids') return json([]);
      return new Response('not found', { status: 404 });
    }) as typeof fetch;
    const found = await new EsploraChain('http://esplora.test', { fetcher }).transfersSince(0, 0, ours);
    assert.deepEqual(
      found.map((t) => [t.txHash, t.senders]),
      [
        ['01'.repeat(32), [PAYER_A, PAYER_B]],
        ['02'.repeat(32), undefined],
      ],
    );
  });

  it('Bitcoin Core: each input looked up in the transaction that made its coin; a coin the node does not know names nobody', async () => {
    const prev = {
      txid: 'cc'.repeat(32),
      vin: [],
      vout: [
        { value: 0.1, n: 0, scriptPubKey: { address: PAYER_B } },
        { value: 0.2, n: 1, scriptPubKey: { address: PAYER_A } },
      ],
    };
    const paid = {
      txid: 'dd'.repeat(32),
      vin: [
        { txid: prev.txid, vout: 1, sequence: 0xffffffff },
        { txid: 'ee'.repeat(32), vout: 0, sequence: 0xffffffff },
      ],
      vout: [{ value: 0.05, n: 0, scriptPubKey: { address: OURS } }],
    };
    const known = new Map([prev, paid].map((t) => [t.txid, t]));
    const answer = (r: { id: number; method: string; params: string[] }) =>
      r.method === 'getrawtransaction' && known.has(r.params[0]!)
        ? { result: known.get(r.params[0]!), error: null, id: r.id }
        : { result: null, error: { code: -5, message: 'No such mempool or blockchain transaction' }, id: r.id };
    const fetcher = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return json(Array.isArray(body) ? body.map(answer) : answer(body));
    }) as typeof fetch;
    const core = new BitcoinCoreChain('http://core.test/', { fetcher });
    assert.deepEqual(await core.sendersOf(paid.txid), [PAYER_A]);
    assert.deepEqual(await core.sendersOf('ff'.repeat(32)), [], 'an unknown transaction names nobody');
  });

  it('Tron: the caller of a transfer, never the recipient', async () => {
    const owner = `41${'12'.repeat(20)}`;
    const block = {
      blockID: '00'.repeat(32),
      block_header: { raw_data: { number: 5, timestamp: 1_700_000_000_000 } },
      transactions: [
        {
          txID: 'ab'.repeat(32),
          ret: [{ contractRet: 'SUCCESS' }],
          raw_data: {
            contract: [
              {
                type: 'TransferContract',
                parameter: { value: { owner_address: owner, to_address: `41${'34'.repeat(20)}`, amount: 1_000_000 } },
              },
            ],
          },
        },
      ],
    };
    const to = tronAddressFromHex(`41${'34'.repeat(20)}`);
    const fetcher = (async () => new Response(stringifyExact(block), { status: 200 })) as typeof fetch;
    const found = await new TronGridChain('http://tron.test', { fetcher }).transfersSince(
      5,
      5,
      async (addresses) => new Set(addresses.filter((a) => a === to)),
    );
    assert.deepEqual(
      found.map((t) => [t.toAddress, t.senders]),
      [[to, [tronAddressFromHex(owner)]]],
    );
  });
});
