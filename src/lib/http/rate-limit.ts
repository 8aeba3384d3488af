import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitSetting } from '../../config.ts';
import { AppError } from '../errors.ts';

/** The outcome of one request against its budget. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  msBeforeNext: number;
}

/**
 * Per-endpoint budgets: `points` requests per `seconds` for each (route, key) pair, or (route, IP)
 * where no key is known. In memory by default; in Redis when configured, so every instance draws
 * on one budget (and falls back to memory while Redis is unreachable, rather than failing requests).
 */
export class RateLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly setting: RateLimitSetting,
    redis?: Redis,
  ) {
    const opts = { points: setting.points, duration: setting.seconds, keyPrefix: 'cg:rl' };
    const memory = new RateLimiterMemory(opts);
    this.limiter = redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: memory }) : memory;
  }

  /** Takes one point from the budget; throws 429 `exceptions.rateLimit.exceeded` when none is left. */
  async consume(route: string, who: string): Promise<RateLimitState> {
    try {
      const res = await this.limiter.consume(`${route}|${who}`);
      return { limit: this.setting.points, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        throw new AppError('exceptions.rateLimit.exceeded', { msBeforeNext: err.msBeforeNext });
      }
      throw err;
    }
  }
}

/**
 * A budget of failures rather than of requests: `points` failed attempts per `seconds` for each
 * client, after which every attempt of that client is refused until the window ends, including a
 * right one, or refusals would tell a guesser when it guessed right. Successes draw nothing. Shared
 * through Redis like RateLimiter, with the same fallback to memory.
 */
export class FailureLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly setting: RateLimitSetting,
    redis?: Redis,
    keyPrefix = 'cg:fail',
  ) {
    const opts = { points: setting.points, duration: setting.seconds, keyPrefix };
    const memory = new RateLimiterMemory(opts);
    this.limiter = redis ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: memory }) : memory;
  }

  /** Throws 429 `exceptions.rateLimit.exceeded` when `who` has no failures left in this window. */
  async check(who: string): Promise<void> {
    const res = await this.limiter.get(who);
    if (res && res.consumedPoints >= this.setting.points) {
      throw new AppError('exceptions.rateLimit.exceeded', { msBeforeNext: res.msBeforeNext });
    }
  }

  /** Counts one failed attempt of `who`. */
  async fail(who: string): Promise<void> {
    await this.limiter.penalty(who, 1);
  }
}
