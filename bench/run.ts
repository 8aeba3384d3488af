import os from 'node:os';
import { benchBtcBatch } from './btc-batch.ts';
import { benchCurrencies } from './currencies.ts';
import { benchDeposits } from './deposits.ts';
import { benchEvmWatcher } from './evm-watcher.ts';
import { benchInvoiceList } from './invoice-list.ts';
import { benchInvoices } from './invoices.ts';
import { progress, seconds, type Figures } from './lib.ts';
import { benchScale } from './scale.ts';
import { benchStartup } from './startup.ts';
import { benchWebhooks } from './webhooks.ts';
import { benchWithdrawalBatch } from './withdrawal-batch.ts';
import { benchWithdrawals } from './withdrawals.ts';
import { benchX402 } from './x402.ts';
import { benchX402Permit2 } from './x402-permit2.ts';
import { benchX402Svm } from './x402-svm.ts';
import { benchX402Upto } from './x402-upto.ts';

/**
 * `npm run bench`: every benchmark, each against its baseline in the same run; progress on stderr,
 * tables on stdout. `npm run bench -- <name>` runs one. `npm run bench -- --json` prints one JSON
 * object on stdout (every figure under `<bench>.<name>`, plus machine and date) and nothing else;
 * the tables then go to stderr. BENCH_SECONDS sets the length of each timed run (default 5).
 */
const benches: Array<[string, () => Promise<Figures>]> = [
  ['currencies', benchCurrencies],
  ['invoices', benchInvoices],
  ['deposits', benchDeposits],
  ['invoiceList', benchInvoiceList],
  ['withdrawals', benchWithdrawals],
  ['withdrawalBatch', benchWithdrawalBatch],
  ['x402', benchX402],
  ['x402Permit2', benchX402Permit2],
  ['x402Svm', benchX402Svm],
  ['x402Upto', benchX402Upto],
  ['webhooks', benchWebhooks],
  ['startup', benchStartup],
  ['evmWatcher', benchEvmWatcher],
  ['btcBatch', benchBtcBatch],
];
/** Benches that run only when named (`npm run bench -- scale`): minutes of seeding, not the performance table's. */
const namedOnly: Array<[string, () => Promise<Figures>]> = [['scale', benchScale]];

const args = process.argv.slice(2);
const json = args.includes('--json');
const only = args.filter((a) => !a.startsWith('--'));
const unknown = only.filter((name) => ![...benches, ...namedOnly].some(([n]) => n === name));
if (unknown.length) {
  console.error(`unknown bench ${unknown.join(', ')}; one of ${[...benches, ...namedOnly].map(([n]) => n).join(', ')}`);
  process.exit(2);
}

// With --json, stdout carries the JSON object alone: everything else written there goes to stderr.
const writeStdout = process.stdout.write.bind(process.stdout);
if (json) process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

const cpus = os.cpus();
const report: Figures = {
  date: new Date().toISOString(),
  machine: {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    memoryMb: Math.round(os.totalmem() / 2 ** 20),
    loadAverageAtStart: Number(os.loadavg()[0]!.toFixed(1)),
  },
  settings: { benchSeconds: seconds(), postgres: process.env.BENCH_DATABASE_URL ? 'yes' : 'no' },
};
const failed: string[] = [];
const t0 = performance.now();
for (const [name, run] of [...benches, ...namedOnly]) {
  if (only.length ? !only.includes(name) : namedOnly.some(([n]) => n === name)) continue;
  progress(`${name}: starting`);
  const s = performance.now();
  try {
    report[name] = await run();
    progress(`${name}: done in ${((performance.now() - s) / 1000).toFixed(0)} s`);
  } catch (err) {
    failed.push(name);
    // A bench that measured part of its work before failing hands its figures on with the error.
    report[name] = { ...((err as { figures?: Figures }).figures ?? {}), error: (err as Error).message };
    progress(`${name}: FAILED: ${(err as Error).stack ?? err}`);
  }
}
report.totalSeconds = Math.round((performance.now() - t0) / 1000);
(report.machine as Figures).loadAverageAtEnd = Number(os.loadavg()[0]!.toFixed(1));
if (failed.length) report.failed = failed.join(',');
if (json) writeStdout(JSON.stringify(report, null, 2) + '\n');
progress(failed.length ? `FAILED: ${failed.join(', ')}` : `all done in ${report.totalSeconds} s`);
process.exitCode = failed.length ? 1 : 0;
