/**
 * Sign-in throttling. Failures are counted per (email, address) pair and per address
 * (an IPv6 client per /64), never per email alone: a lock on the email would let anyone lock its
 * owner out by failing from anywhere, while the owner's right password from an address that has
 * not been failing must still sign in. A pair may fail a few times freely; then each of its attempts
 * waits a delay that doubles with its failures (1 s, 2 s, … up to a minute). After LOGIN_FAILURES'
 * count a pair, or an address over all emails, is refused until its window ends. A refused attempt
 * counts too, so hammering only lengthens the wait; a right password gives the address its attempt
 * back, so many people signing in behind one address (an office, a carrier's NAT) spend nothing
 * and wait for nothing. A distributed guesser gets that many guesses per address and window
 * against an account whose password zxcvbn already judged hard to guess (passwords.ts).
 *
 * The counts live in the database every instance shares (one statement per attempt, the row locked
 * by its upsert), so several attempts at once, or spread over instances, gain nothing.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RateLimitSetting } from '../../config.ts';
import type { Db } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { clientKey } from '../../lib/http/hardening.ts';

/** Failures a key makes before its attempts start to wait: a few typos cost nothing. */
export const FREE_FAILURES = 3;
/** The longest wait between two attempts of one key, in seconds (the window's lock is longer). */
export const MAX_DELAY_S = 60;

/** The keys one sign-in attempt is counted under: its (email, address) pair and its address. */
export interface SignInKeys {
  pair: string;
  address: string;
}

export function signInKeys(email: string, ip: string): SignInKeys {
  const address = clientKey(ip);
  return { pair: `pair:${createHash('sha256').update(email).digest('hex')}:${address}`, address: `ip:${address}` };
}

interface Counted {
  failures: number;
  refused: boolean;
  window_ends_at: Date;
  next_attempt_at: Date;
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly setting: RateLimitSetting,
  ) {}

  /**
   * Counts an attempt under both keys, as a failure until `cleared`; throws 429
   * `exceptions.rateLimit.exceeded` (with msBeforeNext) when either key may not try now.
   */
  async attempt(keys: SignInKeys): Promise<void> {
    const rows = await this.count(keys, true);
    const waits = rows
      .filter((r) => r.refused)
      .map((r) => (r.failures > this.setting.points ? r.window_ends_at : r.next_attempt_at).getTime() - Date.now());
    if (waits.length > 0) throw new AppError('exceptions.rateLimit.exceeded', { msBeforeNext: Math.max(1000, ...waits) });
  }

  /** Counts a failure under both keys without judging it (a wrong second factor after a right password). */
  async failed(keys: SignInKeys): Promise<void> {
    await this.count(keys, false);
  }

  /** The password was right: the pair starts afresh and the address gets its attempt back. */
  async cleared(keys: SignInKeys): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', keys.pair).execute();
    await this.db.updateTable('login_throttle').set({ failures: sql`greatest(failures - 1, 0)` }).where('key', '=', keys.address).execute();
  }

  private async count(keys: SignInKeys, judge: boolean): Promise<Counted[]> {
    const { points, seconds } = this.setting;
    const open = sql`t.window_ends_at > now()`;
    const failures = sql`case when ${open} then t.failures + 1 else 1 end`;
    const res = await sql<Counted>`
      insert into login_throttle as t (key, failures, window_ends_at, next_attempt_at)
      select k, 1, now() + ${seconds}::int * interval '1 second', now() from unnest(${[keys.pair, keys.address]}::text[]) as k
      on conflict (key) do update set
        refused = ${judge}::boolean and ${open} and (t.failures >= ${points}::int or t.next_attempt_at > now()),
        failures = ${failures},
        window_ends_at = case when ${open} then t.window_ends_at else excluded.window_ends_at end,
        next_attempt_at = now() + least(${MAX_DELAY_S}::int, case when t.key like 'pair:%' and ${failures} > ${FREE_FAILURES}::int then power(2, ${failures} - ${FREE_FAILURES}::int - 1) else 0 end) * interval '1 second'
      returning failures, refused, window_ends_at, next_attempt_at`.execute(this.db);
    return res.rows.map((r) => ({ ...r, window_ends_at: new Date(r.window_ends_at), next_attempt_at: new Date(r.next_attempt_at) }));
  }
}
