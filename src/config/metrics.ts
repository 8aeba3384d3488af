import { ConfigError, optionalInt, secret, required } from './env.ts';

/** Where and to whom `/metrics` is served (METRICS_TOKEN, METRICS_HOST, METRICS_PORT). */
export interface MetricsSettings {
  /** Bearer token every scrape must send, wherever /metrics is served (METRICS_TOKEN or METRICS_TOKEN_FILE). */
  token?: string;
  /** A listener of its own that serves /metrics alone; the public port then serves none. */
  port?: number;
  /** Its address (default 127.0.0.1: the host's own Prometheus or agent). */
  host: string;
}

/** As for ADMIN_TOKEN: a token shorter than this could be guessed. */
const TOKEN_MIN_LENGTH = 32;

export function metricsSettings(env: NodeJS.ProcessEnv, publicPort: number): MetricsSettings {
  const token = secret(env, 'METRICS_TOKEN');
  if (token !== undefined && token.length < TOKEN_MIN_LENGTH) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${TOKEN_MIN_LENGTH} characters, got ${token.length}`);
  }
  const port = optionalInt(env, 'METRICS_PORT', 1);
  if (port !== undefined && (port > 65_535 || port === publicPort)) {
    throw new ConfigError(`METRICS_PORT must be a port from 1 to 65535 other than PORT (${publicPort}), got ${port}`);
  }
  return { token, port, host: required(env, 'METRICS_HOST') };
}

/**
 * How the public port answers GET /metrics: `open` to anyone (the sandbox's default), `token` with
 * METRICS_TOKEN alone, or `off` (404) when the metrics have a listener of their own (METRICS_PORT),
 * and in a live installation that set neither: custody and liabilities per currency are no one's
 * business but the operator's, and a scrape that cannot be told from anyone else's is not served.
 */
export function publicMetrics(mode: 'sandbox' | 'live', settings: MetricsSettings): 'open' | 'token' | 'off' {
  if (settings.port !== undefined) return 'off';
  if (settings.token !== undefined) return 'token';
  return mode === 'live' ? 'off' : 'open';
}
