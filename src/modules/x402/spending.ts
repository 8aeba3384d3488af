import { sql } from 'kysely';
import type { Address } from 'viem';
import type { Db } from '../../lib/db/index.ts';
import type { X402Settings } from '../../config.ts';
import type { X402Chain } from '../../chains/x402/chain.ts';
import type { Fees, Spend } from '../../chains/x402/sender.ts';
import { Invalid } from './reasons.ts';
import type { Settleable } from './settleable.ts';

export type SpendingLimits = Pick<
  X402Settings,
  'receiptTimeoutMs' | 'gasCeiling' | 'feePayerReserveWei' | 'gasBudgetWei' | 'tenantGasBudgetWei'
>;

/**
 * How long the fees and the fee payer's balance are shared by the settlements sent meanwhile (one
 * read, not one each). The balance only guards the operator's reserve; the fees allow for a base fee
 * that doubles meanwhile (six full blocks of the steepest EIP-1559 rise, 12.5 % each).
 */
const SHARED_READ_TTL_MS = 1000;
const sharedReads = new WeakMap<X402Chain, Map<string, { at: number; value: Promise<unknown> }>>();

/** A chain read shared for SHARED_READ_TTL_MS; a failed read is not kept. */
function sharedRead<T>(chain: X402Chain, name: string, read: () => Promise<T>): Promise<T> {
  let reads = sharedReads.get(chain);
  if (!reads) sharedReads.set(chain, (reads = new Map()));
  const cached = reads.get(name);
  if (cached && Date.now() - cached.at < SHARED_READ_TTL_MS) return cached.value as Promise<T>;
  const value = read();
  const entry = { at: Date.now(), value };
  reads.set(name, entry);
  value.catch(() => reads.get(name) === entry && reads.delete(name));
  return value;
}

/**
 * EIP-1559 fees: the node's tip, and twice the latest base fee plus the tip as the cap (the
 * transaction pays the base fee of its block, not the cap). Undefined where the chain has no base
 * fee or the node failed: the wallet then asks for fees itself when it sends.
 */
export function currentFees(chain: X402Chain): Promise<Fees> {
  const client = chain.publicClient;
  return sharedRead(chain, 'fees', () =>
    Promise.all([client.getBlock(), client.estimateMaxPriorityFeePerGas()]).then(
      ([block, tip]): Fees =>
        block.baseFeePerGas === null ? undefined : { maxFeePerGas: 2n * block.baseFeePerGas + tip, maxPriorityFeePerGas: tip },
      () => undefined,
    ),
  );
}

/** Wei of gas spent by the network's settlements in the last 24 h (each network pays in its own coin), of one tenant or of all. */
async function gasSpent(db: Db, network: string, tenantId?: string): Promise<bigint> {
  let q = db
    .selectFrom('x402_settlements')
    .select(sql<string>`coalesce(sum(gas_cost), 0)`.as('s'))
    .where('network', '=', network)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`);
  if (tenantId) q = q.where('tenant_id', '=', tenantId);
  return BigInt((await q.executeTakeFirstOrThrow()).s);
}

/**
 * The operator's limits, checked before anything is written or sent: the fee payer's reserve,
 * the daily gas budgets (all tenants, this tenant), and the gas ceiling on this settlement's
 * estimate. The reads go out together (one batched RPC round trip); the fee payer's balance and
 * the fees are shared for a second. Returns the estimate and the fees to send the transaction with; an estimate that
 * reverts is thrown as the node's error.
 */
export async function spendingCheck(
  db: Db,
  chain: X402Chain,
  feePayer: Address,
  limits: SpendingLimits,
  tenantId: string,
  s: Settleable,
): Promise<Spend> {
  const { publicClient } = chain;
  const { gasBudgetWei, tenantGasBudgetWei } = limits;
  const [balance, gas, spent, tenantSpent, fees] = await Promise.all([
    limits.feePayerReserveWei > 0n ? sharedRead(chain, 'feePayerBalance', () => publicClient.getBalance({ address: feePayer })) : undefined,
    publicClient.estimateContractGas({ ...s.call, account: feePayer }),
    gasBudgetWei !== null ? gasSpent(db, chain.network) : undefined,
    tenantGasBudgetWei !== null ? gasSpent(db, chain.network, tenantId) : undefined,
    currentFees(chain),
  ]);
  if (balance !== undefined && balance < limits.feePayerReserveWei)
    throw new Invalid('fee_payer_reserve_low', 'the fee payer is below its reserve', s.key.payer);
  if (spent !== undefined && gasBudgetWei !== null && spent >= gasBudgetWei) {
    throw new Invalid('gas_budget_exhausted', 'the daily gas budget of this facilitator is spent', s.key.payer);
  }
  if (tenantSpent !== undefined && tenantGasBudgetWei !== null && tenantSpent >= tenantGasBudgetWei) {
    throw new Invalid('tenant_gas_budget_exhausted', 'the daily gas budget of this merchant is spent', s.key.payer);
  }
  if (gas > limits.gasCeiling) throw new Invalid('gas_ceiling_exceeded', `the settlement needs ${gas} gas, above the ceiling`, s.key.payer);
  return { gas, fees };
}
