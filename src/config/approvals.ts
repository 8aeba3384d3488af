/** When withdrawals need an operator's approval, and how long one may await approval. */
import { ConfigError, int, setting } from './env.ts';

export interface ApprovalSettings {
  /** US cents above which an operator approves too; null: never. */
  operatorAboveUsdCents: bigint | null;
  ttlHours: number;
}

export function approvalSettings(env: NodeJS.ProcessEnv): ApprovalSettings {
  const raw = setting(env, 'WITHDRAWAL_OPERATOR_APPROVAL_ABOVE_USD')?.trim();
  let cents: bigint | null = null;
  if (raw !== undefined) {
    const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(raw);
    if (!m)
      throw new ConfigError(`WITHDRAWAL_OPERATOR_APPROVAL_ABOVE_USD must be a US dollar amount with at most 2 decimals, got "${raw}"`);
    cents = BigInt((m[1] ?? '') + (m[2] ?? '').padEnd(2, '0'));
  }
  return { operatorAboveUsdCents: cents, ttlHours: int(env, 'WITHDRAWAL_APPROVAL_TTL_H', 1) };
}
