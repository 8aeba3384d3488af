// x402 settlements of any network without a chain: written through the facilitator's own writers
// (the claim of a settle, then the final move with its event), as a settle and its receipt would.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../src/lib/db/index.ts';
import { claimSettlement } from '../../src/modules/x402/payment-id.ts';
import { finishSettlement } from '../../src/modules/x402/follow.ts';
import type { SettlementRow } from '../../src/modules/x402/record.ts';

export const BASE_MAINNET = 'eip155:8453';
export const BSC_MAINNET = 'eip155:56';
export const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
/** Circle's USDC on Base (6 decimals) and Binance-peg USDT on BNB Smart Chain (18), as settlements store them. */
export const BASE_USDC = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
export const BSC_USDT = '0x55d398326f99059ff775485246999027b3197955';
export const SOLANA_DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A random EVM address, lowercase as stored. */
export const evmAddress = () => `0x${randomBytes(20).toString('hex')}`;
/** A random base58 text of `length` characters (a Solana address: 44, a signature: 88). */
export const base58 = (length = 44) => Array.from(randomBytes(length), (b) => BASE58[b % 58]).join('');

export interface SettlementSpec {
  network: string;
  asset: string;
  amount: string;
  payer?: string;
  payTo?: string;
  status?: 'submitted' | 'confirmed' | 'failed';
  transaction?: string;
  gasCost?: bigint | null;
}

/** One settlement of the tenant, claimed and (unless it stays submitted) finished with the given status. */
export async function recordSettlement(db: Db, tenantId: string, spec: SettlementSpec): Promise<SettlementRow> {
  const evm = spec.network.startsWith('eip155:');
  const { claimed } = await claimSettlement(
    db,
    {
      id: randomUUID(),
      tenant_id: tenantId,
      network: spec.network,
      asset: spec.asset,
      payer: spec.payer ?? (evm ? evmAddress() : base58()),
      pay_to: spec.payTo ?? (evm ? evmAddress() : base58()),
      nonce: evm ? `0x${randomBytes(32).toString('hex')}` : base58(88),
      amount: spec.amount,
      status: 'submitted',
      transaction: spec.transaction ?? (evm ? `0x${randomBytes(32).toString('hex')}` : base58(88)),
    },
    undefined,
  );
  if (!claimed) throw new Error('the settlement was claimed before');
  const status = spec.status ?? 'confirmed';
  if (status === 'submitted') return claimed;
  return finishSettlement(db, claimed, status, status === 'failed' ? 'invalid_transaction_state' : null, spec.gasCost ?? null);
}
