import type { AppContext } from '../../context.ts';
import type { JobEnv, JobSpec } from '../../lib/jobs.ts';
import { facilitatorsOf } from './networks.ts';

/** Settlements broadcast but not yet mined are confirmed (or failed) from their receipts, on every x402 network. */
export function x402Jobs({ ctx }: JobEnv<AppContext>): JobSpec[] {
  const facilitator = facilitatorsOf(ctx);
  if (!facilitator) return [];
  // Settlements are only ever submitted by this gateway's own writes: idle until one is, then every
  // 2 s while any still waits for its receipt.
  return [
    {
      name: 'x402-confirm',
      intervalMs: 2000,
      round: () => facilitator.confirmPending(),
      idleIntervalMs: 30_000,
      wakeTables: ['x402_settlements'],
      busy: () => facilitator.awaitingReceipts > 0,
    },
  ];
}
