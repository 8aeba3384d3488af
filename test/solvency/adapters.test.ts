// ChainAdapter.custodyBalance on Bitcoin (Esplora, Core) and Tron against recorded node answers:
// the hot wallet plus the deposit addresses, in blocks only, exact. (EVM: test/solvency/evm.test.ts
// on anvil; the sandbox: test/solvency/sandbox.test.ts.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EsploraChain } from '../../src/chains/btc/esplora-chain.ts';
import { BitcoinCoreChain } from '../../src/chains/btc/core-chain.ts';
import { TronGridChain, tronAddressToHex } from '../../src/chains/tron/trongrid-chain.ts';

const HOT_KEY = '11'.repeat(32);
const DEPOSIT_A = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const DEPOSIT_B = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

describe('custodyBalance', () => {
  it('Esplora: chain_stats of the hot wallet and each deposit address, the mempool left out', async () => {
    const asked: string[] = [];
    const stats: Record<string, [number, number]> = { [DEPOSIT_A]: [150_000, 50_000], [DEPOSIT_B]: [7, 0] };
    const fetcher = (async (url: string) => {
      const path = new URL(url).pathname;
      asked.push(path);
      const address = path.split('/').pop()!;
      const [funded, spent] = stats[address] ?? [2_100_000_000_000_000, 1];
      return Response.json({
        address,
        chain_stats: { funded_txo_sum: funded, spent_txo_sum: spent },
        mempool_stats: { funded_txo_sum: 999, spent_txo_sum: 5 },
      });
    }) as typeof fetch;
    const chain = new EsploraChain('http://esplora.invalid/api', { hotWalletKey: HOT_KEY, fetcher });
    // The hot wallet holds 21 million BTC less a satoshi: exact above 2^53 once summed.
    assert.equal(await chain.custodyBalance('BTC', [DEPOSIT_A, DEPOSIT_B]), 2_100_000_000_000_000n - 1n + 100_000n + 7n);
    assert.deepEqual(asked, [`/api/address/${chain.hotWallet}`, `/api/address/${DEPOSIT_A}`, `/api/address/${DEPOSIT_B}`]);
    // Without a key (ROLE=api) the caller names the hot wallet, or there is none to read.
    const keyless = new EsploraChain('http://esplora.invalid/api', { fetcher });
    assert.equal(await keyless.custodyBalance('BTC', [DEPOSIT_A], DEPOSIT_B), 100_007n);
    assert.equal(await keyless.custodyBalance('BTC', [DEPOSIT_A]), 100_000n);
    assert.equal(await keyless.custodyBalance('BTC', []), 0n);
  });

  it('Bitcoin Core: one scantxoutset (blocks only) over every address, amounts read exactly', async () => {
    const calls: Array<{ method: string; params: unknown[] }> = [];
    const fetcher = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      calls.push({ method: body.method, params: body.params });
      const unspents = [
        { txid: 'a'.repeat(64), vout: 0, scriptPubKey: '00', amount: 0.00050001 },
        { txid: 'b'.repeat(64), vout: 1, scriptPubKey: '00', amount: 1.2 },
      ];
      return Response.json({ result: { success: true, unspents, total_amount: 1.20050001 }, error: null, id: body.id });
    }) as unknown as typeof fetch;
    const chain = new BitcoinCoreChain('http://user:pw@core.invalid:8332/', { hotWalletKey: HOT_KEY, fetcher });
    assert.equal(await chain.custodyBalance('BTC', [DEPOSIT_A]), 120_050_001n);
    assert.deepEqual(
      calls,
      [{ method: 'scantxoutset', params: ['start', [`addr(${chain.hotWallet})`, `addr(${DEPOSIT_A})`]] }],
      'no gettxout: coins a pending payout spends still count until its block',
    );
    assert.equal(await new BitcoinCoreChain('http://core.invalid/', { fetcher }).custodyBalance('BTC', []), 0n);
    assert.equal(calls.length, 1, 'nothing to scan, nothing asked');
  });

  it('TronGrid: TRX from getaccount, TRC-20 from balanceOf, per address, exact', async () => {
    const usdt = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const deposit = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    const asked: Array<[string, any]> = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      const body = JSON.parse(String(init.body));
      asked.push([path, body]);
      if (path === '/wallet/getaccount')
        return new Response(body.address === deposit ? '{"address":"x","balance":9007199254740993}' : '{}');
      const word = body.owner_address === deposit ? 25_000_000n.toString(16) : 7n.toString(16);
      return new Response(JSON.stringify({ constant_result: [word.padStart(64, '0')] }));
    }) as unknown as typeof fetch;
    const chain = new TronGridChain('http://tron.invalid', { hotWalletKey: HOT_KEY, fetcher });
    assert.equal(await chain.custodyBalance('TRX', [deposit]), 9_007_199_254_740_993n, 'an account the chain has not seen holds 0');
    assert.equal(await chain.custodyBalance('USDT_TRC20', [deposit]), 25_000_007n);
    const balanceOf = asked
      .filter(([path]) => path === '/wallet/triggerconstantcontract')
      .map(([, b]) => [b.contract_address, b.function_selector, b.parameter]);
    assert.deepEqual(balanceOf, [
      [usdt, 'balanceOf(address)', tronAddressToHex(chain.hotWallet!).slice(2).padStart(64, '0')],
      [usdt, 'balanceOf(address)', tronAddressToHex(deposit).slice(2).padStart(64, '0')],
    ]);
    // The hot wallet's own balance still reads the same way.
    assert.equal(await chain.hotWalletBalance('USDT_TRC20'), 7n);
  });
});
