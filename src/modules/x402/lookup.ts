import { sql } from 'kysely';
import { Coalescer } from '../../lib/coalesce.ts';
import type { Db } from '../../lib/db/index.ts';
import type { SettlementRow } from './record.ts';
import type { Settleable } from './settleable.ts';

type Key = Settleable['key'];

/** How many keys one lookup query carries at most. */
const MAX_KEYS = 50;

const keyOf = (asset: string, payer: string, nonce: string) => `${asset.toLowerCase()}|${payer.toLowerCase()}|${nonce}`;

/**
 * Finds settlements of one network by their key (asset, payer, nonce), coalescing concurrent
 * lookups: the keys asked for in one turn of the event loop, or while a query runs, go out together
 * as one query. Under load many verifies share one database round trip; alone, a lookup waits for
 * the end of the current turn only. Every answer comes from a query that started after it was
 * asked for, so it is as fresh as a lookup of its own.
 */
export class SettlementLookup {
  private readonly batches = new Coalescer<Key, SettlementRow | undefined>((keys) => this.findAll(keys), { maxBatch: MAX_KEYS });

  constructor(
    private readonly db: Db,
    private readonly network: string,
  ) {}

  /** The settlement of `key`, if any; the first key waits for the end of this turn of the event loop, so the lookups that arrive with it share its query. */
  find(key: Key): Promise<SettlementRow | undefined> {
    return this.batches.submit(key);
  }

  private async findAll(keys: Key[]): Promise<Array<SettlementRow | undefined>> {
    const found = new Map((await this.query(keys)).map((r) => [keyOf(r.asset, r.payer, r.nonce), r]));
    return keys.map((k) => found.get(keyOf(k.asset, k.payer, k.nonce)));
  }

  /**
   * One query for all the keys: each column in its array (index conditions on the unique index of
   * network, asset, payer and nonce, as an IN list would be; one statement text whatever the number
   * of keys, with nothing to compile per call). A row of another combination of the arrays is not
   * asked for and is dropped by the caller's exact match.
   */
  private async query(keys: Key[]): Promise<SettlementRow[]> {
    const distinct = (pick: (k: Key) => string) => [...new Set(keys.map(pick))];
    const assets = distinct((k) => k.asset.toLowerCase());
    const payers = distinct((k) => k.payer.toLowerCase());
    const nonces = distinct((k) => k.nonce);
    const { rows } = await sql<SettlementRow>`select * from x402_settlements
      where network = ${this.network} and asset = any(${assets}::text[]) and payer = any(${payers}::text[]) and nonce = any(${nonces}::text[])`.execute(
      this.db,
    );
    return rows;
  }
}
