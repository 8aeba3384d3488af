import { after, before } from 'node:test';
import type { Engine } from '../../src/lib/db/index.ts';
import { rateJobs } from '../../src/modules/rates/jobs.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { fixture, useReplayServer, type Replay } from './replay.ts';

/** Coinbase's documented answer (test/fixtures) with some rates (units of the asset per one USD) replaced. */
export function coinbaseWith(perUsd: Record<string, string> = {}): Replay {
  const body = JSON.parse(fixture('coinbase-exchange-rates-usd.json'));
  Object.assign(body.data.rates, perUsd);
  return { status: 200, body: JSON.stringify(body) };
}

/** Kraken's documented answer (test/fixtures) with some pairs' best ask and bid replaced. */
export function krakenWith(book: Record<string, [ask: string, bid: string]> = {}): Replay {
  const body = JSON.parse(fixture('kraken-ticker.json'));
  for (const [pair, [ask, bid]] of Object.entries(book)) {
    body.result[pair].a[0] = ask;
    body.result[pair].b[0] = bid;
  }
  return { status: 200, body: JSON.stringify(body) };
}

/** A provider that is down. */
export const DOWN: Replay = { status: 503, body: '' };

/** A logger that keeps the warnings it is given, to see what the worker tells the operator. */
export function warnings() {
  const seen: { fields: any; message: string }[] = [];
  const log = { warn: (fields: unknown, message: string) => void seen.push({ fields, message }) };
  return { seen, log: log as never };
}

/**
 * Call inside a suite: an app whose rates come from Coinbase and Kraken replayed locally (each
 * answer changeable), and a round of its exchange-rates job as the worker runs it. The job is built
 * afresh for every round, as another worker would be, so only what the database holds carries over.
 */
export function useReplayedRates(engine: Engine, env: Record<string, string> = {}) {
  const coinbase = useReplayServer(coinbaseWith());
  const kraken = useReplayServer(krakenWith());
  let t: TestApp | undefined;
  before(async () => {
    t = await startTestApp(engine, { env: { RATES_URL: coinbase.base, RATES_KRAKEN_URL: kraken.base, ...env } });
  });
  after(async () => t?.close());
  const app = () => t!;
  const round = async (log = warnings().log) => {
    const [job] = rateJobs({ ctx: app().ctx, log });
    await job!.round();
  };
  return { app, round, coinbase, kraken };
}
