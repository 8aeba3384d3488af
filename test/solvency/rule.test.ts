// The solvency formula and its warning rule (src/modules/solvency/report.ts: solvencyOf), case by
// case, in atomic units.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findCurrency } from '../../src/lib/currencies/catalogue.ts';
import type { LedgerSide } from '../../src/modules/solvency/books.ts';
import type { ChainSide } from '../../src/modules/solvency/chain-side.ts';
import { costBound } from '../../src/modules/solvency/books.ts';
import { solvencyOf, solvencyRecord } from '../../src/modules/solvency/report.ts';
import { stringifyExact } from '../../src/lib/exact-json.ts';

const usdt = findCurrency('USDT_ERC20')!;
const eth = findCurrency('ETH')!;
const ledger = (patch: Partial<LedgerSide> = {}): LedgerSide => ({
  merchants: 0n,
  clearing: 0n,
  suspense: 0n,
  treasury: 0n,
  custody: 0n,
  cold: 0n,
  ...patch,
});
const chain = (code: string, custody: bigint, patch: Partial<Omit<ChainSide, 'custody'>> = {}): ChainSide => ({
  custody: new Map([[code, custody]]),
  cold: new Map(),
  inFlight: new Map(),
  pendingCost: 0n,
  ...patch,
});

describe('solvency of one currency', () => {
  it('counts merchants, clearing, payouts in flight, suspense and the FX long as liabilities; the FX short is not netted', () => {
    const base = ledger({ merchants: 700n, clearing: 51n, suspense: 9n, custody: 1000n });
    const flight = chain('USDT_ERC20', 1050n, { inFlight: new Map([['USDT_ERC20', { amount: 50n, owed: 51n }]]) });
    const long = solvencyOf(usdt, { ...base, treasury: 40n }, flight, false);
    assert.deepEqual(
      [long.custody, long.liabilities, long.ledgerCustody, long.difference, long.warning],
      [1050n, 700n + 51n + 51n + 9n + 40n, 1000n, 1050n - 851n, false],
    );
    const short = solvencyOf(usdt, { ...base, treasury: -40n }, flight, false);
    assert.equal(short.liabilities, 811n, 'a short FX position owes nothing more, and hides nothing either');
    // Custody below what is owed: a warning even though the chain and the ledger agree.
    const under = solvencyOf(usdt, ledger({ merchants: 101n, custody: 100n }), chain('USDT_ERC20', 100n), false);
    assert.deepEqual([under.difference, under.warning], [-1n, true]);
  });

  it('agrees at rest only when the chain shows what the ledger books (tokens; every currency of the sandbox)', () => {
    const at = (custody: bigint, sandbox: boolean, currency = usdt) =>
      solvencyOf(currency, ledger({ merchants: 90n, custody: 100n }), chain(currency.code, custody), sandbox).warning;
    assert.equal(at(100n, false), false);
    assert.equal(at(101n, false), true, 'tokens nobody booked');
    assert.equal(at(99n, false), true, 'tokens missing');
    assert.equal(at(101n, true, eth), true, 'the sandbox has no gas float: any surplus is a disagreement');
    assert.equal(at(99n, true, eth), true);
  });

  it("lets a real network's own coin hold more than the ledger (the gas float), never less", () => {
    const at = (custody: bigint) => solvencyOf(eth, ledger({ merchants: 90n, custody: 100n }), chain('ETH', custody), false).warning;
    assert.equal(at(100n), false);
    assert.equal(at(10n ** 21n), false);
    assert.equal(
      solvencyOf(eth, ledger({ merchants: 90n, custody: 100n }), chain('ETH', 10n ** 21n), false).chainVsLedger,
      0n,
      'the float is no disagreement',
    );
    assert.equal(at(99n), true);
  });

  it('explains payouts in flight: their amount still on chain before their block, their cost gone after it', () => {
    const books = ledger({ merchants: 49n, custody: 51n });
    const flight = { inFlight: new Map([['USDT_ERC20', { amount: 50n, owed: 51n }]]) };
    assert.equal(solvencyOf(usdt, books, chain('USDT_ERC20', 101n, flight), false).warning, false, 'signed, in no block');
    assert.equal(solvencyOf(usdt, books, chain('USDT_ERC20', 102n, flight), false).warning, true);
    const gone = solvencyOf(usdt, books, chain('USDT_ERC20', 51n, flight), false);
    assert.equal(gone.warning, true, 'gone from the chain yet counted in flight');
    // Said as the ledger being higher by what the chain lacks beyond the payouts in flight.
    const said = solvencyRecord(gone);
    assert.equal(gone.chainVsLedger, -50n);
    assert.deepEqual(JSON.parse(stringifyExact(said.disagreement)), { higher: 'ledger', by: 0.00005 });
    assert.match(
      said.warnings[0]!,
      /^USDT_ERC20: the ledger is higher\. The chain holds 0\.00005 USDT_ERC20 less than the ledger books \(on chain 0\.000051 USDT_ERC20, in the ledger 0\.000051 USDT_ERC20 and 0\.00005 USDT_ERC20 of payouts in flight\)/,
    );
    // A native payout in a block: the chain already paid its gas, the ledger books it at completion.
    const native = ledger({ merchants: 49n, custody: 1_000n });
    assert.equal(solvencyOf(eth, native, chain('ETH', 1_000n - 21n, { pendingCost: 21n }), false).warning, false);
    assert.equal(solvencyOf(eth, native, chain('ETH', 1_000n - 22n, { pendingCost: 21n }), false).warning, true);
    // Tokens pay no gas of their own: a pending cost never excuses a token shortfall.
    assert.equal(solvencyOf(usdt, ledger({ custody: 100n }), chain('USDT_ERC20', 99n, { pendingCost: 21n }), false).warning, true);
  });

  it('counts the cold address with the hot side: custody is their sum, against the ledger of both', () => {
    const books = ledger({ merchants: 900n, custody: 600n, cold: 400n });
    const split = (hot: bigint, cold: bigint) =>
      solvencyOf(usdt, books, chain('USDT_ERC20', hot, { cold: new Map([['USDT_ERC20', cold]]) }), false);
    const moved = split(600n, 400n);
    assert.deepEqual(
      [moved.hot, moved.cold, moved.custody, moved.ledgerCustody, moved.difference, moved.warning],
      [600n, 400n, 1000n, 1000n, 100n, false],
    );
    // A refill from cold by hand moves coins between two addresses counted together: nothing to book.
    assert.deepEqual([split(700n, 300n).custody, split(700n, 300n).warning], [1000n, false]);
    assert.equal(split(600n, 399n).warning, true, 'a unit gone from cold storage is missing');
    assert.match(stringifyExact(solvencyRecord(moved)), /"hot":0\.0006,"cold":0\.0004,"custody":0\.001,/);
  });

  it('bounds what a payout in a block can have cost, per family', () => {
    assert.equal(
      costBound({ family: 'evm', nonce: 3, gas: '65000', maxFeePerGas: '30000000000', maxPriorityFeePerGas: '1' }),
      65_000n * 30_000_000_000n,
    );
    assert.equal(costBound({ family: 'btc', inputs: [], fee: '2820', vsize: 141, feeRate: '20' }), 2820n);
    assert.equal(costBound({ family: 'tron', expiration: 0 }), 100_000_000n);
    assert.equal(costBound(null), 0n);
  });

  it('renders amounts as JSON numbers of the currency, negative included', () => {
    const r = solvencyOf(usdt, ledger({ merchants: 1_500_001n, custody: 1_000_000n }), chain('USDT_ERC20', 1_000_000n), false);
    assert.equal(
      stringifyExact(solvencyRecord(r)),
      '{"cryptoCurrencyCode":"USDT_ERC20","hot":1,"cold":0,"custody":1,"liabilities":1.500001,"ledgerCustody":1,"difference":-0.500001,"status":"warning","disagreement":null,"warnings":["USDT_ERC20: custody is 0.500001 USDT_ERC20 below what the gateway owes (custody 1 USDT_ERC20, owed 1.500001 USDT_ERC20), so not every merchant could withdraw at once. Fund the Ethereum hot wallet with at least 0.500001 USDT_ERC20."]}',
    );
  });
});
