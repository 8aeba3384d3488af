// The property behind the first finding, in the sandbox, over every network and every ordered
// pair (address currency, asset sent), tokens outside the catalogue included: each balance grows by
// exactly what arrived in its own currency less its fee, or holds it in suspense below that
// currency's minimum; custody grows by what arrived; the ledger audit holds; every arrival is
// recorded (a payment, or an unlisted token for the operator) and nothing is credited twice.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import fc from 'fast-check';
import { auditLedger, merchantBalances } from '../../src/modules/ledger/service.ts';
import { defaultOracles, refreshFees } from '../../src/modules/currencies/fees.ts';
import { SandboxRateProvider, refreshRates } from '../../src/modules/rates/service.ts';
import { CURRENCIES, NETWORKS, networkOf, type CurrencyDef } from '../../src/lib/currencies/catalogue.ts';
import { formatUnits, toUnits } from '../../src/lib/money.ts';
import { describeEngines, useTestApp, type TestApp } from '../helpers/harness.ts';
import { runWatchers } from '../helpers/scenario.ts';

const RATE = 100n; // the tenant's commission: 1 %
const UNLISTED = 'UNLISTED';
type Sent = CurrencyDef | typeof UNLISTED;

/** Every ordered pair on one network: the address's currency, and what is sent to it. */
const PAIRS: Array<{ address: CurrencyDef; sent: Sent }> = CURRENCIES.flatMap((address) => [
  ...CURRENCIES.filter((c) => c.network === address.network).map((sent) => ({ address, sent: sent as Sent })),
  ...(address.network === 'BTC' ? [] : [{ address, sent: UNLISTED as Sent }]),
]);

/** Dust, everyday and huge amounts, in atomic units (the sandbox takes at most 30 digits). */
const units = fc.oneof(fc.bigInt(1n, 1_000n), fc.bigInt(1n, 10n ** 12n), fc.bigInt(10n ** 12n, 10n ** 30n - 1n));
const cases = fc.tuple(...PAIRS.map(() => fc.record({ units, invoice: fc.boolean() })));

describeEngines('every asset arriving at every address (property)', (engine) => {
  const app = useTestApp(engine);
  let run = 0;

  const ledger = async (t: TestApp, account: string) =>
    Object.fromEntries(
      (
        await t.ctx.db
          .selectFrom('ledger_balances_now')
          .select(['currency_code', 'balance'])
          .where('ledger_account', '=', account)
          .execute()
      ).map((r) => [r.currency_code, BigInt(r.balance)]),
    );
  const fees = async (t: TestApp) =>
    Object.fromEntries(
      (await t.ctx.db.selectFrom('network_fee_quotes').select(['currency_code', 'amount']).execute()).map((r) => [
        r.currency_code,
        BigInt(r.amount ?? '0'),
      ]),
    );

  /** An object whose address is in `code`, and the network fee due on its first payment. */
  async function owner(t: TestApp, key: string, code: string, invoice: boolean) {
    const orderId = `p-${++run}`;
    if (!invoice) {
      const d = (await t.call('POST', '/v1/deposit', { key, body: { cryptoCurrencyCode: code, orderId } })).body.data;
      const row = await t.ctx.db
        .selectFrom('deposits')
        .select(['network_fee', 'min_amount'])
        .where('id', '=', d.id)
        .executeTakeFirstOrThrow();
      return { id: d.id as string, address: d.address as string, fee: BigInt(row.network_fee), min: BigInt(row.min_amount) };
    }
    const inv = (await t.call('POST', '/v1/invoice', { key, body: { amount: 20, fiatCurrencyCode: 'USD', orderId } })).body.data;
    const picked = await t.call('POST', `/pay/${inv.id}/select`, { body: { cryptoCurrencyCode: code } });
    assert.equal(picked.status, 200, JSON.stringify(picked.body));
    const q = await t.ctx.db.selectFrom('invoice_quotes').select('network_fee').where('invoice_id', '=', inv.id).executeTakeFirstOrThrow();
    // An invoice credits whatever arrives in its currency: no minimum.
    return { id: inv.id as string, address: picked.body.data.selected.address as string, fee: BigInt(q.network_fee), min: 0n };
  }

  it('credits exactly what arrived, in its own currency, for every pair, dust and huge amounts included', async () => {
    const t = app();
    await refreshRates(t.ctx.db, new SandboxRateProvider(), ['USDT', 'USDC', 'EURC', 'ETH', 'TRX', 'BTC', 'BNB', 'LINK', 'USD', 'EUR']);
    await refreshFees(t.ctx.db, defaultOracles(t.ctx.db, t.ctx.config));
    const { key, accountId, tenantId } = await t.tenant(['*']);
    await t.admin('PATCH', `/admin/tenants/${tenantId}`, { depositCommission: 0.01 });
    const quoted = await fees(t);

    await fc
      .assert(
        fc.asyncProperty(cases, async (drawn) => {
          const merchant = { ...(await ledger(t, `merchant:${accountId}`)) };
          const suspense = { ...(await ledger(t, 'suspense:below-minimum')) };
          const custody = Object.fromEntries(
            await Promise.all(Object.values(NETWORKS).map(async (n) => [n.env, await ledger(t, `custody:${n.env}`)])),
          );
          const unlistedBefore = Number(
            (
              await t.ctx.db
                .selectFrom('unlisted_token_transfers')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
          const add = (into: Record<string, bigint>, code: string, v: bigint) => (into[code] = (into[code] ?? 0n) + v);
          const objects: Array<{ id: string; invoice: boolean; counted: boolean; sent: Sent }> = [];

          for (const [i, { address, sent }] of PAIRS.entries()) {
            const { units: u, invoice } = drawn[i]!;
            const o = await owner(t, key, address.code, invoice);
            const network = networkOf(address);
            const body =
              sent === UNLISTED
                ? { contract: unlistedContract(network.env), network: network.api, to: o.address, amount: u.toString() }
                : { cryptoCurrencyCode: sent.code, to: o.address, amount: formatUnits(u, sent.decimals) };
            const res = await t.admin('POST', '/admin/sandbox/transfers', body);
            assert.equal(res.status, 201, JSON.stringify(res.body));
            objects.push({ id: o.id, invoice, counted: sent !== UNLISTED && sent.code === address.code, sent });
            if (sent === UNLISTED) continue;
            add(custody[network.env]!, sent.code, u);
            // The address's own currency: the object's fee and minimum; another asset: that asset's.
            const own = sent.code === address.code;
            const fee = own ? o.fee : quoted[sent.code]!;
            const min = own ? o.min : toUnits(sent.baseMinDeposit, sent.decimals) + fee;
            if (u < min) add(suspense, sent.code, u);
            else {
              const withheld = fee < u ? fee : u;
              add(merchant, sent.code, u - withheld - (u - withheld) / RATE);
            }
          }
          for (const n of Object.values(NETWORKS)) await t.admin('POST', '/admin/sandbox/mine', { network: n.api, blocks: 20 });
          await runWatchers(t);
          await runWatchers(t); // a second round changes nothing

          const nonZero = (m: Record<string, bigint>) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== 0n));
          assert.deepEqual(nonZero(await ledger(t, `merchant:${accountId}`)), nonZero(merchant));
          assert.deepEqual(nonZero(await ledger(t, 'suspense:below-minimum')), nonZero(suspense));
          for (const n of Object.values(NETWORKS))
            assert.deepEqual(nonZero(await ledger(t, `custody:${n.env}`)), nonZero(custody[n.env]!), n.env);
          assert.deepEqual(await auditLedger(t.ctx.db), { mismatches: [], unbalancedCurrencies: [] });
          for (const o of objects) {
            const payments = await t.ctx.db
              .selectFrom('payments')
              .select(['counted', 'status', 'net_credited'])
              .where('owner_id', '=', o.id)
              .execute();
            if (o.sent === UNLISTED) {
              assert.deepEqual(payments, []);
              continue;
            }
            assert.deepEqual(
              payments.map((p) => [p.counted, p.status, p.net_credited !== null]),
              [[o.counted, 'confirmed', true]],
            );
            if (o.counted) continue;
            const status = (await t.call('GET', `/v1/${o.invoice ? 'invoice' : 'deposit'}?id=${o.id}`, { key })).body.data.status;
            assert.equal(status, 'created', 'another asset never moves its owner');
          }
          const unlisted = Number(
            (
              await t.ctx.db
                .selectFrom('unlisted_token_transfers')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
          assert.equal(unlisted - unlistedBefore, objects.filter((o) => o.sent === UNLISTED).length);
          assert.deepEqual(await merchantBalances(t.ctx.db, accountId).then((b) => b.filter((x) => x.units < 0n)), []);
        }),
        // A run costs seconds: the first failing case is reported as drawn, not shrunk (its seed replays it).
        {
          numRuns: Number(process.env.ASSET_RUNS ?? 3),
          seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
          endOnFailure: true,
        },
      )
      .catch((err) => {
        throw new Error(`${err.message}\n${(err.cause as Error)?.stack ?? ''}`);
      });
  });
});

/** A token contract outside the catalogue, in the network's address format. */
function unlistedContract(network: string): string {
  if (network !== 'TRON') return `0x${randomBytes(20).toString('hex')}`;
  // Any Tron address will do for a contract: the catalogue's own are excluded by their value.
  return 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
}
