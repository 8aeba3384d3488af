import { benchCurrencies } from './currencies.ts';
import { benchInvoices } from './invoices.ts';
import { benchWebhooks } from './webhooks.ts';
import { benchX402 } from './x402.ts';
import { benchEvmWatcher } from './evm-watcher.ts';

/** `npm run bench`: every benchmark, each against its baseline in the same run. BENCH_SECONDS sets the length. */
const benches: Array<[string, () => Promise<void>]> = [
  ['currencies', benchCurrencies],
  ['invoices', benchInvoices],
  ['webhooks', benchWebhooks],
  ['x402', benchX402],
  ['evm-watcher', benchEvmWatcher],
];
const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && only !== name) continue;
  await run();
}
