import assert from 'node:assert/strict';
import { NETWORKS } from '../../src/lib/currencies/catalogue.ts';
import { randomUUID } from 'node:crypto';
import { after, it } from 'node:test';
import { AddressAllocator } from '../../src/chains/hd-wallet.ts';
import { SandboxChain } from '../../src/chains/sandbox/sandbox-chain.ts';
import { Watcher, type Payment, type PaymentChange } from '../../src/modules/payments/watcher.ts';
import type { NetworkEnvName } from '../../src/config.ts';
import { createTenant } from '../../src/modules/tenants/service.ts';
import type { Database } from '../../src/lib/db/index.ts';
import { describeEngines, freshDatabase, testConfig, useTestDatabase } from '../helpers/harness.ts';

function recorder() {
  const changes: Array<[string, PaymentChange]> = [];
  return {
    changes,
    listener: { onPaymentChanged: async (_trx: unknown, p: Payment, c: PaymentChange) => void changes.push([p.tx_hash, c]) },
  };
}

/** The real sandbox adapter, recording the ranges it is asked to scan and the lookups made of it. */
class ObservedChain extends SandboxChain {
  scans: Array<[number, number]> = [];
  lookups: string[] = [];
  override async transfersSince(...args: Parameters<SandboxChain['transfersSince']>) {
    this.scans.push([args[0], args[1]]);
    return super.transfersSince(...args);
  }
  override async locateTransfer(txHash: string, outputIndex: number) {
    this.lookups.push(txHash);
    return super.locateTransfer(txHash, outputIndex);
  }
}

/** A sandbox chain whose watcher takes at most 10 new blocks a round, like a real node's adapter. */
class SlowChain extends SandboxChain {
  override readonly maxBlocksPerRound = 10;
}

describeEngines('chain watcher', (engine) => {
  const db = useTestDatabase(engine);
  const config = testConfig();
  const allocator = new AddressAllocator(config);

  async function ourAddress(network: NetworkEnvName) {
    const tenant = await createTenant(db().db, 'Watched');
    return db()
      .db.transaction()
      .execute((trx) =>
        allocator.allocate(trx, network, {
          purpose: 'deposit',
          ownerId: randomUUID(),
          tenantId: tenant.id,
          currencyCode: Object.values(NETWORKS).find((n) => n.env === network)!.nativeCode,
        }),
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
    assert.deepEqual(rec.changes, [
      [txHash, 'seen'],
      [txHash, 'confirmed'],
    ]);
    const count = await db()
      .db.selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
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
  // The tests below each need a network's first round: their own fresh database.
  const opened: Database[] = [];
  after(async () => {
    for (const d of opened) await d.close();
  });
  async function freshNetwork(network: NetworkEnvName, cfg = config) {
    const database = await freshDatabase(engine);
    opened.push(database);
    const tenant = await createTenant(database.db, 'Fresh');
    const address = () =>
      database.db.transaction().execute((trx) =>
        allocator.allocate(trx, network, {
          purpose: 'deposit',
          ownerId: randomUUID(),
          tenantId: tenant.id,
          currencyCode: Object.values(NETWORKS).find((n) => n.env === network)!.nativeCode,
        }),
      );
    const chain = new ObservedChain(network, database.db);
    const rec = recorder();
    return { db: database.db, chain, rec, watcher: new Watcher(database.db, cfg, chain, rec.listener), address };
  }
  const paymentOf = (d: Database['db'], txHash: string) =>
    d.selectFrom('payments').selectAll().where('tx_hash', '=', txHash).executeTakeFirstOrThrow();
  const cursorOf = async (d: Database['db'], network: NetworkEnvName) =>
    (await d.selectFrom('chain_cursors').select('next_height').where('network', '=', network).executeTakeFirst())?.next_height;

  it('follows a pending payment by its transaction once its block is below the scanned window, and confirms it under 100 new blocks', async () => {
    // 20 confirmations: more than the 12 blocks each round rescans.
    const { db: d, chain, rec, watcher, address } = await freshNetwork('BASE', testConfig({ sandboxConfirmations: 20 }));
    const { txHash } = await chain.inject({ currencyCode: 'ETH_BASE', to: (await address()).address, units: 10n ** 15n });
    await watcher.round();
    assert.deepEqual(chain.lookups, [], 'a payment the scan shows is not looked up');
    const block = await chain.mine(1);
    for (let i = 0; i < 14; i++) {
      await watcher.round();
      await chain.mine(1);
    }
    chain.lookups = [];
    await watcher.round();
    assert.deepEqual(chain.lookups, [txHash], 'below the window: looked up by its transaction');
    let payment = await paymentOf(d, txHash);
    assert.deepEqual(
      [payment.status, payment.block_height, payment.block_hash, payment.confirmations],
      ['seen', block.height, block.hash, 15],
    );
    await chain.mine(100);
    assert.equal((await watcher.round()).confirmed, 1);
    payment = await paymentOf(d, txHash);
    assert.deepEqual([payment.status, payment.confirmations], ['confirmed', 115]);
    assert.deepEqual(rec.changes, [
      [txHash, 'seen'],
      [txHash, 'confirmed'],
    ]);
    chain.lookups = [];
    await watcher.round();
    assert.deepEqual(chain.lookups, [], 'a final payment is no longer looked up');
  });

  it('takes back a pending payment below the window once the chain drops it, and follows one a reorg moves to another block', async () => {
    const { db: d, chain, watcher, address } = await freshNetwork('BNB', testConfig({ sandboxConfirmations: 100 }));
    const to = (await address()).address;
    const doomed = await chain.inject({ currencyCode: 'BNB', to, units: 10n ** 16n });
    const kept = await chain.inject({ currencyCode: 'BNB', to, units: 2n * 10n ** 16n });
    await chain.mine(20);
    await watcher.round();
    await chain.mine(20);
    await watcher.round();
    assert.ok(chain.scans.at(-1)![0] > 0, 'their block (0) is below the window now');
    await chain.reorg(45);
    await d.updateTable('sandbox_transfers').set({ dropped: true }).where('tx_hash', '=', doomed.txHash).execute();
    await chain.mine(30);
    assert.equal((await watcher.round()).orphaned, 1);
    assert.equal((await paymentOf(d, doomed.txHash)).status, 'orphaned');
    const back = await paymentOf(d, kept.txHash);
    assert.deepEqual([back.status, back.block_height], ['seen', 0], 'mined again by the first block of the new branch');
  });

  it("starts a network's first scan where its first address was handed out: not at the tip, not at genesis", async () => {
    const { db: d, chain, watcher, address } = await freshNetwork('ETHEREUM');
    await chain.mine(40);
    // Blocks 0 to 29 were mined a day before this installation handed out its first address.
    await d
      .updateTable('sandbox_blocks')
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where('network', '=', 'ETHEREUM')
      .where('height', '<', 30)
      .execute();
    const { txHash } = await chain.inject({ currencyCode: 'USDC_ERC20', to: (await address()).address, units: 5_000_000n });
    await chain.mine(100);
    const round = await watcher.round();
    assert.equal(round.confirmed, 1, 'paid and buried before any round ran');
    assert.deepEqual(chain.scans, [[30 - 12, 139]]);
    assert.equal((await paymentOf(d, txHash)).block_height, 40);
    assert.equal(await cursorOf(d, 'ETHEREUM'), 140);
  });

  it('starts a network with no address of ours yet at its tip, and records a cursor even before its first block', async () => {
    const empty = await freshNetwork('TRON');
    await empty.watcher.round();
    assert.equal(await cursorOf(empty.db, 'TRON'), 0, 'an empty chain: everything from block 0 on is new');

    const { db: d, chain, watcher, address } = await freshNetwork('BTC');
    await chain.mine(25);
    await watcher.round();
    assert.deepEqual(chain.scans, [[25 - 12, 24]]);
    assert.equal(await cursorOf(d, 'BTC'), 25);
    // An address handed out after that round is watched from the cursor on.
    const { txHash } = await chain.inject({ currencyCode: 'BTC', to: (await address()).address, units: 1000n });
    await chain.mine(3);
    assert.equal((await watcher.round()).confirmed, 1);
    assert.equal((await paymentOf(d, txHash)).block_height, 25);
  });

  it('never skips blocks when more arrive than a round takes: the cursor follows the scan', async () => {
    const database = await freshDatabase(engine);
    opened.push(database);
    const tenant = await createTenant(database.db, 'Slow');
    const chain = new SlowChain('BTC', database.db);
    const watcher = new Watcher(database.db, config, chain);
    await watcher.round();
    const { address } = await database.db
      .transaction()
      .execute((trx) =>
        allocator.allocate(trx, 'BTC', { purpose: 'deposit', ownerId: randomUUID(), tenantId: tenant.id, currencyCode: 'BTC' }),
      );
    await chain.mine(25);
    const { txHash } = await chain.inject({ currencyCode: 'BTC', to: address, units: 7000n });
    await chain.mine(5); // in block 25, under 30 blocks that arrived at once
    const rounds: Array<[number | undefined, number]> = [];
    for (let i = 0; i < 3; i++) {
      const r = await watcher.round();
      rounds.push([await cursorOf(database.db, 'BTC'), r.seen + r.confirmed]);
    }
    assert.deepEqual(
      rounds,
      [
        [10, 0],
        [20, 0],
        [30, 1],
      ],
      'ten new blocks a round; the payment in the third',
    );
    assert.equal((await paymentOf(database.db, txHash)).status, 'confirmed');
  });
});
