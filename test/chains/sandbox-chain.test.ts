import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { confirmationsOf } from '../../src/chains/types.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';

const OURS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const THEIRS = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const ours = async (addresses: string[]) => new Set(addresses.filter((a) => a === OURS));

describeEngines('sandbox chain', (engine) => {
  const db = useTestDatabase(engine);

  it('shows an injected transfer at once, then confirms it as blocks are mined', async () => {
    const btc = new SandboxChain('BTC', db().db);
    const { txHash } = await btc.inject({ currencyCode: 'BTC', to: OURS, units: 150_000n });
    await btc.inject({ currencyCode: 'BTC', to: THEIRS, units: 1n });
    assert.match(txHash, /^[0-9a-f]{64}$/);

    let seen = await btc.transfersSince(0, ours);
    assert.equal(seen.length, 1, 'only transfers to our addresses');
    assert.deepEqual(
      { ...seen[0], blockHash: null },
      { txHash, outputIndex: 0, toAddress: OURS, currencyCode: 'BTC', units: 150_000n, blockHeight: null, blockHash: null, rbf: false },
    );
    assert.equal(confirmationsOf(seen[0]!.blockHeight, await btc.tip()), 0);

    const first = await btc.mine(1);
    seen = await btc.transfersSince(0, ours);
    assert.equal(seen[0]!.blockHeight, first.height);
    assert.equal(seen[0]!.blockHash, first.hash);
    await btc.mine(2);
    assert.equal(confirmationsOf(seen[0]!.blockHeight, await btc.tip()), 3);
    assert.equal(await btc.blockHash(first.height), first.hash);
    // Scanning from past its block no longer returns it.
    assert.equal((await btc.transfersSince(first.height + 1, ours)).length, 0);
  });

  it('reorganises: orphaned transfers return to the mempool, or vanish when double-spent', async () => {
    const evm = new SandboxChain('ETHEREUM', db().db);
    const to = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    const mineOurs = async (a: string[]) => new Set(a.filter((x) => x === to));
    const kept = await evm.inject({ currencyCode: 'USDC_ERC20', to, units: 5_000_000n });
    assert.match(kept.txHash, /^0x[0-9a-f]{64}$/);
    const block = await evm.mine(1);
    await evm.mine(1);
    await evm.reorg(2);
    assert.equal(await evm.blockHash(block.height), null);
    let seen = await evm.transfersSince(0, mineOurs);
    assert.equal(seen[0]!.blockHeight, null, 'back in the mempool');
    const again = await evm.mine(1);
    assert.notEqual(again.hash, block.hash, 'a different block at the same height');

    const doomed = await evm.inject({ currencyCode: 'ETH', to, units: 10n ** 16n });
    await evm.mine(1);
    await evm.reorg(1, { dropTransfers: true });
    assert.equal(await evm.hasTransfer(doomed.txHash, 0), false);
    assert.equal(await evm.hasTransfer(kept.txHash, 0), true);
    seen = await evm.transfersSince(0, mineOurs);
    assert.deepEqual(seen.map((t) => t.txHash), [kept.txHash]);
  });

  it('drops a mempool transfer but never a confirmed one', async () => {
    const tron = new SandboxChain('TRON', db().db);
    const to = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
    const a = await tron.inject({ currencyCode: 'USDT_TRC20', to, units: 1_000_000n });
    assert.equal(await tron.drop(a.txHash), true);
    assert.equal(await tron.hasTransfer(a.txHash, 0), false);
    const b = await tron.inject({ currencyCode: 'TRX', to, units: 1_000_000n });
    await tron.mine(1);
    assert.equal(await tron.drop(b.txHash), false);
    assert.equal(await tron.hasTransfer(b.txHash, 0), true);
  });

  it('refuses transfers of another network, to malformed addresses or of nothing', async () => {
    const btc = new SandboxChain('BTC', db().db);
    await assert.rejects(btc.inject({ currencyCode: 'ETH', to: OURS, units: 1n }), RangeError);
    await assert.rejects(btc.inject({ currencyCode: 'BTC', to: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', units: 1n }), RangeError);
    await assert.rejects(btc.inject({ currencyCode: 'BTC', to: OURS, units: 0n }), RangeError);
  });

  it('mines a contiguous chain when several instances mine at once', async () => {
    const chains = [new SandboxChain('BNB', db().db), new SandboxChain('BNB', db().db)];
    await Promise.all(Array.from({ length: 10 }, (_, i) => chains[i % 2]!.mine(3)));
    const rows = await db().db.selectFrom('sandbox_blocks').select(['height', 'hash', 'parent_hash']).where('network', '=', 'BNB').orderBy('height').execute();
    assert.deepEqual(rows.map((r) => r.height), Array.from({ length: 30 }, (_, i) => i));
    for (let i = 1; i < rows.length; i++) assert.equal(rows[i]!.parent_hash, rows[i - 1]!.hash);
  });
});
