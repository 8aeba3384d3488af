import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { confirmationsOf } from '../../src/chains/types.ts';
import { describeEngines, useTestDatabase } from '../helpers/harness.ts';

const OURS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const THEIRS = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
/** A height past any tip these tests reach. */
const ALL = 1_000_000;
const ours = async (addresses: string[]) => new Set(addresses.filter((a) => a === OURS));

describeEngines('sandbox chain', (engine) => {
  const db = useTestDatabase(engine);

  it('shows an injected transfer at once, then confirms it as blocks are mined', async () => {
    const btc = new SandboxChain('BTC', db().db);
    const { txHash } = await btc.inject({ currencyCode: 'BTC', to: OURS, units: 150_000n });
    await btc.inject({ currencyCode: 'BTC', to: THEIRS, units: 1n });
    assert.match(txHash, /^[0-9a-f]{64}$/);

    let seen = await btc.transfersSince(0, ALL, ours);
    assert.equal(seen.length, 1, 'only transfers to our addresses');
    assert.deepEqual(
      { ...seen[0], blockHash: null },
      { txHash, outputIndex: 0, toAddress: OURS, currencyCode: 'BTC', units: 150_000n, blockHeight: null, blockHash: null, rbf: false },
    );
    assert.equal(confirmationsOf(seen[0]!.blockHeight, await btc.tip()), 0);

    const first = await btc.mine(1);
    seen = await btc.transfersSince(0, ALL, ours);
    assert.equal(seen[0]!.blockHeight, first.height);
    assert.equal(seen[0]!.blockHash, first.hash);
    await btc.mine(2);
    assert.equal(confirmationsOf(seen[0]!.blockHeight, await btc.tip()), 3);
    assert.equal(await btc.blockHash(first.height), first.hash);
    // Scanning from past its block no longer returns it.
    assert.equal((await btc.transfersSince(first.height + 1, ALL, ours)).length, 0);
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
    let seen = await evm.transfersSince(0, ALL, mineOurs);
    assert.equal(seen[0]!.blockHeight, null, 'back in the mempool');
    const again = await evm.mine(1);
    assert.notEqual(again.hash, block.hash, 'a different block at the same height');

    const doomed = await evm.inject({ currencyCode: 'ETH', to, units: 10n ** 16n });
    await evm.mine(1);
    await evm.reorg(1, { dropTransfers: true });
    assert.equal(await evm.locateTransfer(doomed.txHash, 0), null);
    assert.deepEqual(await evm.locateTransfer(kept.txHash, 0), { blockHeight: again.height, blockHash: again.hash });
    seen = await evm.transfersSince(0, ALL, mineOurs);
    assert.deepEqual(
      seen.map((t) => t.txHash),
      [kept.txHash],
    );
  });

  it('drops a mempool transfer but never a confirmed one', async () => {
    const tron = new SandboxChain('TRON', db().db);
    const to = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
    const a = await tron.inject({ currencyCode: 'USDT_TRC20', to, units: 1_000_000n });
    assert.equal(await tron.drop(a.txHash), true);
    assert.equal(await tron.locateTransfer(a.txHash, 0), null);
    const b = await tron.inject({ currencyCode: 'TRX', to, units: 1_000_000n });
    assert.deepEqual(await tron.locateTransfer(b.txHash, 0), { blockHeight: null, blockHash: null }, 'in the mempool');
    const block = await tron.mine(1);
    assert.equal(await tron.drop(b.txHash), false);
    assert.deepEqual(await tron.locateTransfer(b.txHash, 0), { blockHeight: block.height, blockHash: block.hash });
  });

  it('scans only the blocks asked for (and the mempool), dates its blocks, and locates a transfer however deep', async () => {
    const base = new SandboxChain('BASE', db().db);
    const to = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    const baseOurs = async (a: string[]) => new Set(a.filter((x) => x === to));
    const before = Math.floor(Date.now() / 1000) - 5;
    const early = await base.inject({ currencyCode: 'ETH_BASE', to, units: 1n });
    await base.mine(50);
    const late = await base.inject({ currencyCode: 'ETH_BASE', to, units: 2n });
    await base.mine(1);
    const waiting = await base.inject({ currencyCode: 'ETH_BASE', to, units: 3n });
    const heights = async (from: number, upTo: number) =>
      (await base.transfersSince(from, upTo, baseOurs)).map((t) => [t.txHash, t.blockHeight]);
    assert.deepEqual(await heights(0, 49), [
      [early.txHash, 0],
      [waiting.txHash, null],
    ]);
    assert.deepEqual(await heights(1, 49), [[waiting.txHash, null]]);
    assert.deepEqual(await heights(50, 50), [
      [late.txHash, 50],
      [waiting.txHash, null],
    ]);
    assert.deepEqual(await base.locateTransfer(early.txHash, 0), { blockHeight: 0, blockHash: await base.blockHash(0) });
    assert.deepEqual(await base.locateTransfer(waiting.txHash, 0), { blockHeight: null, blockHash: null });
    assert.equal(await base.locateTransfer(early.txHash, 1), null, 'another output of the transaction');
    const time = await base.blockTime(50);
    assert.ok(time !== null && time >= before && time <= Math.floor(Date.now() / 1000) + 5, String(time));
    assert.equal(await base.blockTime(51), null, 'past the tip');
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
    const rows = await db()
      .db.selectFrom('sandbox_blocks')
      .select(['height', 'hash', 'parent_hash'])
      .where('network', '=', 'BNB')
      .orderBy('height')
      .execute();
    assert.deepEqual(
      rows.map((r) => r.height),
      Array.from({ length: 30 }, (_, i) => i),
    );
    for (let i = 1; i < rows.length; i++) assert.equal(rows[i]!.parent_hash, rows[i - 1]!.hash);
  });
});
