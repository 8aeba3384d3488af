/**
 * Screening of the addresses money goes to and comes from (withdrawal destinations, payments'
 * senders): a denylist file the operator keeps, and/or a provider asked over HTTP. A provider that
 * does not answer in time, or answers what this does not read, is `unavailable`, which
 * SCREENING_FAIL turns into a refusal (closed) or a pass (open).
 */
import { readFile, stat } from 'node:fs/promises';
import type { ScreeningSettings } from '../../config.ts';
import { addressKey } from '../../chains/address-validation.ts';
import type { NetworkEnvName } from '../../config.ts';

export type Decision = 'allow' | 'review' | 'deny';

export interface Verdict {
  decision: Decision;
  /** Who decided: the denylist, the provider, or the fail mode standing in for a provider that did not answer. */
  source: 'denylist' | 'provider' | 'failClosed' | 'failOpen' | 'none';
  reason?: string;
}

export interface ScreeningRequest {
  network: NetworkEnvName;
  /** The network as the API names it (`Tron`), sent to the provider. */
  apiNetwork: string;
  address: string;
  direction: 'in' | 'out';
  /** A decimal string of the currency's units. */
  amount: string;
  cryptoCurrencyCode: string;
}

/** The denylist as last read, and when its file last changed. */
interface Loaded {
  mtimeMs: number;
  size: number;
  entries: Set<string>;
}

/** One line's entry: `address` for every network, or `NETWORK:address` for one. */
function entryKeys(line: string): string | null {
  const text = line.replace(/#.*/, '').trim();
  if (!text) return null;
  const m = /^([A-Za-z]+):(.+)$/.exec(text);
  return m ? `${(m[1] ?? '').toUpperCase()}:${(m[2] ?? '').trim()}` : `*:${text}`;
}

export class Screener {
  private loaded: Loaded | null = null;

  constructor(private readonly settings: ScreeningSettings) {}

  /** Whether anything screens at all (no file, no provider: every address passes without a look). */
  get enabled(): boolean {
    return Boolean(this.settings.denylistFile || this.settings.url);
  }

  async screen(req: ScreeningRequest): Promise<Verdict> {
    const { denylistFile, url } = this.settings;
    if (denylistFile && (await this.denied(denylistFile, req.network, req.address)))
      return { decision: 'deny', source: 'denylist', reason: 'listed in the denylist' };
    if (!url) return { decision: 'allow', source: 'none' };
    try {
      return await this.ask(url, req);
    } catch (err) {
      const reason = `screening provider unavailable: ${(err as Error).message}`;
      return this.settings.fail === 'closed'
        ? { decision: 'deny', source: 'failClosed', reason }
        : { decision: 'allow', source: 'failOpen', reason };
    }
  }

  private async denied(file: string, network: NetworkEnvName, address: string): Promise<boolean> {
    const entries = await this.entries(file);
    // Entries are compared as the network compares addresses (case, where it ignores case).
    const key = addressKey(network, address);
    for (const candidate of [`*:${key}`, `${network}:${key}`, `*:${address}`, `${network}:${address}`])
      if (entries.has(candidate)) return true;
    return false;
  }

  private async entries(file: string): Promise<Set<string>> {
    // Looked at on every check (a stat is cheap): an address listed takes effect at once.
    const { mtimeMs, size } = await stat(file);
    if (this.loaded && this.loaded.mtimeMs === mtimeMs && this.loaded.size === size) return this.loaded.entries;
    const entries = new Set<string>();
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      const entry = entryKeys(line);
      if (!entry) continue;
      entries.add(entry);
      const [net, addr] = [entry.slice(0, entry.indexOf(':')), entry.slice(entry.indexOf(':') + 1)];
      // Lower case too, so an EVM address listed with its checksum matches however it is written.
      entries.add(`${net}:${addr.toLowerCase()}`);
    }
    this.loaded = { mtimeMs, size, entries };
    return entries;
  }

  private async ask(url: string, req: ScreeningRequest): Promise<Verdict> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        network: req.apiNetwork,
        address: req.address,
        direction: req.direction,
        amount: req.amount,
        cryptoCurrencyCode: req.cryptoCurrencyCode,
      }),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { decision?: unknown; reason?: unknown };
    if (body.decision !== 'allow' && body.decision !== 'review' && body.decision !== 'deny') throw new Error('no decision in the answer');
    return {
      decision: body.decision,
      source: 'provider',
      ...(typeof body.reason === 'string' ? { reason: body.reason.slice(0, 200) } : {}),
    };
  }
}

const screeners = new WeakMap<ScreeningSettings, Screener>();

/** The installation's screener (one per configuration, so the denylist is read once). */
export function screenerOf(settings: ScreeningSettings): Screener {
  let s = screeners.get(settings);
  if (!s) screeners.set(settings, (s = new Screener(settings)));
  return s;
}
