/**
 * Writes docs/performance.md from the benchmarks' own output, so no figure in it is typed by hand:
 *   npm run -s bench -- --json > bench/results/bench.json
 *   npm run -s bench -- scale --json > bench/results/scale.json
 *   npm run perf:docs
 * `--check` writes nothing and exits 1 when the page differs from what the results give
 * (test/structure/performance-docs.test.ts runs it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performanceMarkdown } from './report.ts';
import { scaleMarkdown } from './scale-report.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PERFORMANCE_DOC = join(ROOT, 'docs', 'performance.md');

/** A results file: `npm run` without -s prints its banner before the object, which is skipped. */
function results(name: string): { [k: string]: any } {
  const text = readFileSync(join(ROOT, 'bench', 'results', name), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{')));
}

const INTRO = `# Performance

This page is written by \`npm run perf:docs\` from the JSON the benchmarks print
(\`bench/results/bench.json\` and \`bench/results/scale.json\`); edit \`bench/docs.ts\` for its
words and run the benchmarks again for its figures. A test keeps the page and the results equal.

## Benchmarks

\`npm run bench\` runs each benchmark against a baseline measured in the same run on the same
machine, and checks the status and body of every answer on both sides: one wrong answer fails that
benchmark and the run exits 1. Ratios travel between machines; absolute figures do not (machines of
the same nominal size here have differed twofold). \`npm run bench -- <name>…\` runs some of them;
\`--json\` prints one JSON object on stdout and nothing else. \`BENCH_SECONDS\` sets each timed run
(default 5); \`BENCH_DATABASE_URL=postgres://…\` adds PostgreSQL (a scratch database, dropped
after) to the per-engine benchmarks, which otherwise run on PGlite; \`BENCH_ROUNDS\` alternates
gateway and baseline that many times and keeps the median ratio; \`BENCH_PROFILE=<regex>\` writes a
CPU profile of the load runs whose label matches.

- \`currencies\`: authenticated \`GET /v1/currencies\` against a bare Fastify route serving the same bytes.
- \`invoices\`: \`POST /v1/invoice\` against a bare route doing one \`INSERT\` of the same row into the
  same table, and against one \`INSERT\` into a minimal table with the same unique key (the floor of
  any create endpoint); on each engine.
- \`deposits\`: \`POST /v1/deposit\` (a fresh derived address and the PNG QR code in the answer)
  against a bare route doing the route's two \`INSERT\`s, with and without the QR code.
- \`invoiceList\`: \`GET /v1/invoice/list?limit=20\` over 60 invoices against one \`SELECT\` of the page.
- \`withdrawals\`: commits of one account, each its own transaction queued on the account, 10 at a
  time, after their quotes; no target.
- \`withdrawalBatch\`: a batch of 1,000 withdrawals (\`BENCH_BATCH_ITEMS\`): its quote, its commit, and its
  payout on the sandbox chain until every item is final, against as many withdrawals quoted and
  committed one by one, 10 at a time, and paid out the same way, in the same round; on each engine;
  every payout checked paid exactly once; no target.
- \`x402\`: verify and settle over HTTP against the official \`@x402/evm\` facilitator behind a bare
  route, same local anvil chain, same signed payloads, 10 concurrent callers.
- \`webhooks\`: 2,000 events from the outbox to a local receiver against the same signed POSTs sent
  straight to it; on each engine; every event must arrive exactly once, signed.
- \`startup\`: exactly what \`npm start\` runs, to the first \`/healthz\` 200, a restart on the same
  data, then CPU and resident memory over 20 s of idling.
- \`evmWatcher\`: one watcher round over 200 anvil blocks with 1,000 and with 1,000,000 watched addresses.

`;

const LOAD = `## Load and crash safety

Not part of \`npm run bench\`, and their figures are not kept here: \`npm run bench:load\` runs an
API and a worker process as deployed and drives each route over HTTP at a fixed concurrency
(\`BENCH_CONNECTIONS\`, default 16) next to the raw inserts on the same PostgreSQL database
(\`BENCH_LOAD_MINUTES\` keeps the load on and reports memory growth); \`npm run test:chaos\` kills the
gateway and restarts its database at random moments under a mixed load (some kills while a batch
of withdrawals is being paid out), then checks that every object answered 201 exists, the journal
sums to the balances, no withdrawal was paid twice, every batch completed with each item paid and
every event reached its receiver. Both print their tally.
`;

const SCALE = `## Scale table

\`npm run bench -- scale\` grows one account to each of \`BENCH_SCALE_SIZES\` invoices (a tenth of
that in deposits, withdrawals and delivered webhooks, one every 9 s back from now), then \`VACUUM
ANALYZE\`, and times \`BENCH_SCALE_SAMPLES\` sequential calls of each read, of invoice creation and of
the deliverer's claim, checking every answer, on PostgreSQL and PGlite. Later pages of each list are
timed right after their page 1, the ratio in brackets. Target: every read at the largest size within
2× of its figure at the smallest, a later page within 2× of page 1, and under 20 ms p50 on PostgreSQL.

`;

/** The page as the results give it. */
export function performanceDoc(): string {
  return (
    [INTRO, '## Performance table\n', performanceMarkdown(results('bench.json')), '', LOAD, SCALE, scaleMarkdown(results('scale.json'))]
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const page = performanceDoc();
  if (process.argv.includes('--check')) {
    if (readFileSync(PERFORMANCE_DOC, 'utf8') !== page) {
      console.error('docs/performance.md differs from bench/results: run `npm run perf:docs`');
      process.exit(1);
    }
  } else {
    writeFileSync(PERFORMANCE_DOC, page);
  }
}
