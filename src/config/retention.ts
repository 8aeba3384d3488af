import { int } from './env.ts';

/** Days kept of what only grows (modules/system/retention.ts); money history is never pruned. */
export interface Retention {
  /** Request log rows (REQUEST_LOG_RETENTION_DAYS, default 30). */
  requestLogDays: number;
  /** Finished webhook deliveries with their attempts, the outbox events no delivery names, and finished mails (WEBHOOK_RETENTION_DAYS, default 90). */
  webhookDays: number;
  /** Withdrawal and conversion quotes past their expiry that were never committed (QUOTE_RETENTION_DAYS, default 7). */
  quoteDays: number;
  /**
   * Sandbox blocks that hold no transfer, lie deep below their network's tip (modules/system/
   * retention.ts SANDBOX_BLOCK_KEEP_DEPTH) and were mined this many days ago
   * (SANDBOX_BLOCK_RETENTION_DAYS, default 30).
   */
  sandboxBlockDays: number;
}

export function retention(env: NodeJS.ProcessEnv): Retention {
  return {
    requestLogDays: int(env, 'REQUEST_LOG_RETENTION_DAYS', 1),
    webhookDays: int(env, 'WEBHOOK_RETENTION_DAYS', 1),
    quoteDays: int(env, 'QUOTE_RETENTION_DAYS', 1),
    sandboxBlockDays: int(env, 'SANDBOX_BLOCK_RETENTION_DAYS', 1),
  };
}
