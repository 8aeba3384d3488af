import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Db } from './lib/db/index.ts';
import type { ChangeListener } from './lib/db/notify.ts';
import type { HostLookup } from './lib/http/urls.ts';
import type { X402Chain } from './chains/x402/chain.ts';
import type { SettlingSvmChain } from './chains/x402/svm.ts';

/** What every module of the service is built from: configuration and connections, nothing global. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Shared by every instance when REDIS_URL is set. */
  redis?: Redis;
  /** Change notices from every instance; caches are trusted only while it is healthy. */
  changes?: ChangeListener;
  /** Looks up webhook hosts when a default URL is set (main.ts: the system resolver); absent: not looked up. */
  lookupHost?: HostLookup;
  /** The x402 facilitator's networks (configured RPCs, or sandbox devnets); absent or empty: x402 disabled. */
  x402?: readonly X402Chain[];
  /** x402's Solana network (SOLANA_X402_*), when configured. */
  x402Solana?: SettlingSvmChain;
  /**
   * The time subscription billing reads (its periods, due dates, reminders); absent: the system's.
   * A test moves it on instead of sleeping.
   */
  clock?: () => Date;
}
