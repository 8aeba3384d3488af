import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { executeRound } from './execute.ts';
import { expireApprovals } from './approvals.ts';

/** With only sandbox signers, a round without a change to wake it runs this often. */
const SANDBOX_IDLE_MS = 120_000;
/** What brings a sandbox payout work: a new or moved withdrawal, a block, a transfer, a balance, a network fee set again. */
const SANDBOX_WAKE_TABLES = [
  'withdrawals',
  'sandbox_blocks',
  'sandbox_transfers',
  'ledger_balances',
  'ledger_balance_deltas',
  'network_fee_quotes',
];

/**
 * Signs, broadcasts, replaces and confirms withdrawals on the networks `signers` can sign for: only
 * a process holding a network's hot-wallet key (the signer role) does; sandbox networks sign
 * without one. A payout its node failed this round is logged and tried again next round. Every
 * worker runs the round, a keyless one too: it marks the payouts of networks nobody signs for.
 */
export function withdrawalJobs({ ctx, log }: JobEnv<AppContext>, signers: ChainAdapter[]): JobSpec[] {
  const round = async () => {
    const out = await executeRound(ctx, signers);
    for (const f of out.failures)
      log.warn({ withdrawalId: f.payoutId, error: f.error }, 'withdrawal round: node error, retried next round');
    if (out.replaced) log.info({ replaced: out.replaced }, 'withdrawal round: stuck payouts replaced with higher fees');
    return out;
  };
  // Sandbox networks change only through the database: the round can wait for a change there.
  const idle =
    signers.length > 0 && signers.every((s) => s.sandbox) ? { idleIntervalMs: SANDBOX_IDLE_MS, wakeTables: SANDBOX_WAKE_TABLES } : {};
  // Approvals that ran out give their funds back; checked once a minute by whichever worker runs it.
  const expire = { name: 'withdrawal-approvals', intervalMs: 60_000, round: () => expireApprovals(ctx) };
  return [{ name: 'withdrawals', intervalMs: ctx.config.watchIntervalMs, round, ...idle }, expire];
}
