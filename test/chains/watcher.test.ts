import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { AddressAllocator } from '../../src/chains/hd-wallet.ts';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { Watcher, type Payment, type PaymentChange } from '../../src/chains/watcher.ts';
import type { NetworkEnvName } from '../../src/config.ts';
import { createTenant } from '../../src/modules/tenants/service.ts';
import { describeEngines, testConfig, useTestDatabase } from '../helpers/harness.ts';

function recorder() {
  const changes: Array<[string, PaymentChange]> = [];
  return {
    changes,
    listener: { onPaymentChanged: async (_trx: unknown, p: Payment, c: PaymentChange) => void changes.push([p.tx_hash, c]) },
  };
}

describeEngines('chain watcher', (engine) => {
  const db = useTestDatabase(engine);
  const config = testConfig();
  const allocator = new AddressAllocator(config);

  async function ourAddress(network: NetworkEnvName) {
    const tenant = await createTenant(db().db, 'Watched');
    return db().db.transaction().execute((trx) =>
      allocator.allocate(trx, network, { purpose: 'deposit', ownerId: randomUUID(), tenantId: tenant.id }),
    );
  }

  it('records a transfer once, confirms it at the threshold, and ignores addresses not ours', async () => {
    const chain = new SandboxChain('BTC', db().db);
    const rec = recorder();
    const watcher = new Watcher(db().db, config, chain, rec.listener);
    const { address } = await ourAddress('BTC');
    const { txHash } = await chain.inject({ currencyCode: 'BTC', to: address, units: 50_000n });
    await chain.inject({ currencyCode: 'BTC', to: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', units: 1n });

    assert.equal((await watcher.round()).seen, 1);
    assert.equal((await watcher.round()).seen, 0, 'seeing it again is a no-op');
    let payment = await db().db.selectFrom('payments').selectAll().where('tx_hash', '=', txHash).executeTakeFirstOrThrow();
    assert.equal(payment.status, 'seen');
    assert.equal(payment.amount, '50000');
    assert.equal(payment.confirmations, 0);

    await chain.mine(1);
    await watcher.round();
    payment = await db().db.selectFrom('payments').selectAll().where('tx_hash', '=', txHash).executeTakeFirstOrThrow();
    assert.equal(payment.confirmations, 1);
    assert.equal(payment.status, 'seen', 'sandbox BTC needs 2 confirmations');

    await chain.mine(1);
    assert.equal((await watcher.round()).confirmed, 1);
    await chain.mine(3);
    await watcher.round();
    assert.deepEqual(rec.changes, [[txHash, 'seen'], [txHash, 'confirmed']]);
    const count = await db().db.selectFrom('payments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
  });

  it('takes an unconfirmed payment back out when a reorg drops it, and puts it back if it returns', async () => {
    const chain = new SandboxChain('ETHEREUM', db().db);
    const rec = recorder();
    const watcher = new Watcher(db().db, config, chain, rec.listener);
    const { address } = await ourAddress('ETHEREUM');
    const dropped = await chain.inject({ currencyCode: 'USDT_ERC20', to: address, units: 7_000_000n });
    await chain.mine(1);
    await watcher.round();
    await chain.reorg(1, { dropTransfers: true });
    await chain.mine(2);
    assert.equal((await watcher.round()).orphaned, 1);
    const row = await db().db.selectFrom('payments').selectAll().where('tx_hash', '=', dropped.txHash).executeTakeFirstOrThrow();
    assert.equal(row.status, 'orphaned');

    // A reorg that only moves a payment back to the mempool keeps it, unconfirmed again.
    const moved = await chain.inject({ currencyCode: 'ETH', to: address, units: 10n ** 15n });
    await chain.mine(1);
    await watcher.round();
    await chain.reorg(1);
    await watcher.round();
    const back = await db().db.selectFrom('payments').selectAll().where('tx_hash', '=', moved.txHash).executeTakeFirstOrThrow();
    assert.equal(back.status, 'seen');
    assert.equal(back.block_height, null);
    assert.equal(back.confirmations, 0);
    assert.deepEqual(
      rec.changes.map(([, c]) => c),
      ['seen', 'orphaned', 'seen'],
    );
  });

  it('never treats an RBF-signalling payment as final before it confirms', async () => {
    const zeroConf = testConfig({ sandboxConfirmations: 0 });
    const chain = new SandboxChain('BTC', db().db);
    const watcher = new Watcher(db().db, zeroConf, chain);
    const { address } = await ourAddress('BTC');
    const plain = await chain.inject({ currencyCode: 'BTC', to: address, units: 1000n });
    const rbf = await chain.inject({ currencyCode: 'BTC', to: address, units: 2000n, rbf: true });
    await watcher.round();
    const status = async (tx: string) =>
      (await db().db.selectFrom('payments').select('status').where('tx_hash', '=', tx).executeTakeFirstOrThrow()).status;
    assert.equal(await status(plain.txHash), 'confirmed');
    assert.equal(await status(rbf.txHash), 'seen');
    await chain.mine(1);
    await watcher.round();
    assert.equal(await status(rbf.txHash), 'confirmed');
  });

  it('lets several workers watch one network: every change happens once', async () => {
    const chain = new SandboxChain('TRON', db().db);
    const rec = recorder();
    const watchers = [new Watcher(db().db, config, chain, rec.listener), new Watcher(db().db, config, chain, rec.listener)];
    const { address } = await ourAddress('TRON');
    for (let i = 0; i < 20; i++) await chain.inject({ currencyCode: 'USDT_TRC20', to: address, units: BigInt(1_000_000 + i) });
    for (let r = 0; r < 4; r++) {
      await Promise.all(watchers.map((w) => w.round()));
      if (r === 1) await chain.mine(2);
    }
    const seen = rec.changes.filter(([, c]) => c === 'seen').length;
    const confirmed = rec.changes.filter(([, c]) => c === 'confirmed').length;
    assert.equal(seen, 20);
    assert.equal(confirmed, 20);
  });
});
