import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { deriveAddress } from '../../src/chains/addresses.ts';
import { AddressAllocator, DERIVATION, RESERVE_BLOCK } from '../../src/chains/hd-wallet.ts';
import type { NetworkEnvName } from '../../src/config.ts';
import { NETWORKS } from '../../src/lib/currencies/catalogue.ts';
import { createTenant } from '../../src/modules/tenants/service.ts';
import { describeEngines, freshDatabase, testConfig } from '../helpers/harness.ts';

const MASK: Record<NetworkEnvName, RegExp> = {
  BTC: new RegExp(NETWORKS.BTC.addressMask),
  ETHEREUM: new RegExp(NETWORKS.Ethereum.addressMask),
  BNB: new RegExp(NETWORKS.BNB.addressMask),
  BASE: new RegExp(NETWORKS.Base.addressMask),
  TRON: new RegExp(NETWORKS.Tron.addressMask),
};

describeEngines('address allocation', (engine) => {
  it('hands out 200 distinct addresses under 200 concurrent transactions, from two allocators', async () => {
    const database = await freshDatabase(engine);
    try {
      const config = testConfig();
      const tenant = await createTenant(database.db, 'Addresses');
      // Two allocators stand for two instances: only the database keeps them apart.
      const allocators = [new AddressAllocator(config), new AddressAllocator(config)];
      for (const network of ['BTC', 'ETHEREUM', 'TRON'] as const) {
        const results = await Promise.all(
          Array.from({ length: 200 }, (_, i) =>
            database.db.transaction().execute((trx) =>
              allocators[i % 2]!.allocate(trx, network, {
                purpose: 'deposit',
                ownerId: randomUUID(),
                tenantId: tenant.id,
                currencyCode: 'BTC',
              }),
            ),
          ),
        );
        assert.equal(new Set(results.map((r) => r.address)).size, 200, `${network}: distinct addresses`);
        assert.deepEqual(
          results.map((r) => r.index).sort((a, b) => a - b),
          Array.from({ length: 200 }, (_, i) => i),
          `${network}: indexes 0..199 without gaps`,
        );
        for (const r of results) assert.match(r.address, MASK[network]);
      }
    } finally {
      await database.close();
    }
  });

  it('reserves indexes a block at a time: two instances never hand out the same one', async () => {
    const database = await freshDatabase(engine);
    try {
      const allocators = [new AddressAllocator(testConfig()), new AddressAllocator(testConfig())];
      const reserved = await Promise.all(Array.from({ length: 150 }, (_, i) => allocators[i % 2]!.reserve(database.db, 'TRON')));
      assert.equal(new Set(reserved.map((r) => r.index)).size, 150, 'distinct indexes');
      assert.equal(new Set(reserved.map((r) => r.address)).size, 150, 'distinct addresses');
      const { key } = await allocators[0]!.accountKey(database.db, 'TRON');
      for (const r of reserved.slice(0, 10)) assert.equal(r.address, deriveAddress(key, r.index, 'tron'));
      // The counter row moved once per block (each instance's last block partly unused), not per address.
      const row = await database.db.selectFrom('hd_accounts').select('next_index').where('network', '=', 'TRON').executeTakeFirstOrThrow();
      assert.equal(row.next_index % RESERVE_BLOCK, 0);
      assert.ok(row.next_index >= 150 && row.next_index <= 150 + 2 * RESERVE_BLOCK, `next_index ${row.next_index}`);
      assert.ok(reserved.every((r) => r.index < row.next_index));
      // An index taken in a transaction comes after every block handed out.
      const tenant = await createTenant(database.db, 'Blocks');
      const next = await database.db
        .transaction()
        .execute((trx) =>
          allocators[0]!.allocate(trx, 'TRON', { purpose: 'invoice', ownerId: randomUUID(), tenantId: tenant.id, currencyCode: 'TRX' }),
        );
      assert.equal(next.index, row.next_index);
    } finally {
      await database.close();
    }
  });

  it('uses the configured extended key, and gives a rolled-back index back', async () => {
    const database = await freshDatabase(engine);
    try {
      const master = HDKey.fromMasterSeed(
        mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
      );
      const xpub = master.derive(DERIVATION.ETHEREUM.path).publicExtendedKey;
      const config = testConfig();
      config.chains.ETHEREUM = { ...config.chains.ETHEREUM, xpub };
      const tenant = await createTenant(database.db, 'Configured');
      const allocator = new AddressAllocator(config);
      const owner = () => ({ purpose: 'invoice' as const, ownerId: randomUUID(), tenantId: tenant.id, currencyCode: 'ETH' });
      const first = await database.db.transaction().execute((trx) => allocator.allocate(trx, 'ETHEREUM', owner()));
      assert.equal(first.address, '0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
      await assert.rejects(
        database.db.transaction().execute(async (trx) => {
          await allocator.allocate(trx, 'ETHEREUM', owner());
          throw new Error('the creating transaction failed');
        }),
      );
      const second = await database.db.transaction().execute((trx) => allocator.allocate(trx, 'ETHEREUM', owner()));
      assert.equal(second.index, 1);
      assert.equal(second.address, deriveAddress((await allocator.accountKey(database.db, 'ETHEREUM')).key, 1, 'evm'));
      const rows = await database.db.selectFrom('addresses').select(['address', 'purpose']).execute();
      assert.equal(rows.length, 2);
    } finally {
      await database.close();
    }
  });

  it('EVM networks sharing one account key never hand the same address to two owners (a payment on the wrong network cannot reach another tenant)', async () => {
    const database = await freshDatabase(engine);
    try {
      const master = HDKey.fromMasterSeed(
        mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
      );
      const xpub = master.derive(DERIVATION.ETHEREUM.path).publicExtendedKey;
      const config = testConfig();
      for (const net of ['ETHEREUM', 'BNB', 'BASE'] as const) config.chains[net] = { ...config.chains[net], xpub };
      const [a, b] = [await createTenant(database.db, 'Ethereum shop'), await createTenant(database.db, 'Base shop')];
      // Two instances, reserving blocks and allocating in transactions, on the three networks at once.
      const allocators = [new AddressAllocator(config), new AddressAllocator(config)];
      const handed = await Promise.all(
        Array.from({ length: 90 }, (_, i) => {
          const network = (['ETHEREUM', 'BNB', 'BASE'] as const)[i % 3]!;
          const owner = { purpose: 'deposit' as const, ownerId: randomUUID(), tenantId: (i % 2 ? a : b).id, currencyCode: 'ETH' };
          const allocator = allocators[i % 2]!;
          return i % 4 === 0
            ? database.db.transaction().execute((trx) => allocator.allocate(trx, network, owner))
            : allocator.reserve(database.db, network).then((r) => allocator.record(database.db, r, owner));
        }),
      );
      assert.equal(new Set(handed.map((h) => h.address)).size, 90, 'every address is one owner’s on every EVM network');
    } finally {
      await database.close();
    }
  });

  it('keeps one sandbox key per installation, shared by every instance', async () => {
    const database = await freshDatabase(engine);
    try {
      const a = new AddressAllocator(testConfig());
      const b = new AddressAllocator(testConfig());
      const [ka, kb] = await Promise.all([a.accountKey(database.db, 'BTC'), b.accountKey(database.db, 'BTC')]);
      assert.equal(ka.xpub, kb.xpub);
      assert.ok(ka.sandbox);
      assert.equal(ka.key.privateKey, null);
      const stored = await database.db
        .selectFrom('system_settings')
        .select('value')
        .where('key', '=', 'sandbox_xpub:BTC')
        .executeTakeFirstOrThrow();
      assert.match(stored.value, /^xpub/);
    } finally {
      await database.close();
    }
  });
});
