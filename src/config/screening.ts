/** Screening of withdrawal destinations and of payments' senders: a denylist file and/or a provider, and what an unanswered provider means. */
import { ConfigError, httpUrl, int, setting } from './env.ts';

export interface ScreeningSettings {
  denylistFile?: string;
  url?: string;
  timeoutMs: number;
  /** What an unanswered provider means: refuse (`closed`) or pass (`open`). */
  fail: 'closed' | 'open';
}

export function screeningSettings(env: NodeJS.ProcessEnv, mode: 'sandbox' | 'live'): ScreeningSettings {
  const fail = setting(env, 'SCREENING_FAIL') ?? (mode === 'live' ? 'closed' : 'open');
  if (fail !== 'closed' && fail !== 'open') throw new ConfigError(`SCREENING_FAIL must be closed or open, got "${fail}"`);
  return {
    denylistFile: setting(env, 'SCREENING_DENYLIST_FILE'),
    url: httpUrl(env, 'SCREENING_URL'),
    timeoutMs: int(env, 'SCREENING_TIMEOUT_MS', 100),
    fail,
  };
}
