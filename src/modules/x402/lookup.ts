import type { Db } from '../../lib/db/index.ts';
import type { SettlementRow } from './record.ts';
import type { Settleable } from './settleable.ts';

type Key = Settleable['key'];

interface Waiting {
  key: Key;
  resolve: (row: SettlementRow | undefined) => void;
  reject: (err: unknown) => void;
}

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
  private waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly network: string,
  ) {}

  find(key: Key): Promise<SettlementRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      // The first key waits for the end of this turn of the event loop, so the requests that
      // arrived with it join its query.
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_KEYS);
        try {
          const rows = await this.query(batch.map((w) => w.key));
          const found = new Map(rows.map((r) => [keyOf(r.asset, r.payer, r.nonce), r]));
          for (const w of batch) w.resolve(found.get(keyOf(w.key.asset, w.key.payer, w.key.nonce)));
        } catch (err) {
          for (const w of batch) w.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * One query for all the keys: each column in its list (index conditions on the unique index of
   * network, asset, payer and nonce; cheaper to plan than one condition per key). A row of another
   * combination of the lists is not asked for and is dropped by the caller's exact match.
   */
  private query(keys: Key[]): Promise<SettlementRow[]> {
    const distinct = (pick: (k: Key) => string) => [...new Set(keys.map(pick))];
    return this.db
      .selectFrom('x402_settlements')
      .selectAll()
      .where('network', '=', this.network)
      .where('asset', 'in', distinct((k) => k.asset.toLowerCase()))
      .where('payer', 'in', distinct((k) => k.payer.toLowerCase()))
      .where('nonce', 'in', distinct((k) => k.nonce))
      .execute();
  }
}
