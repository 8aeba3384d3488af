import { tronAddressToHex } from './transaction.ts';

/** A TronGrid `/wallet/*` call (POST, JSON body), as the adapter makes it. */
export type TronCall = <T>(path: string, body: unknown) => Promise<T>;

/** `/wallet/getaccount`'s Stake 2.0 fields (java-tron's Account, as TronGrid prints it). */
interface TronAccount {
  balance?: number | bigint;
  frozenV2?: Array<{ type?: string; amount?: number | bigint }>;
  unfrozenV2?: Array<{ type?: string; unfreeze_amount?: number | bigint }>;
  delegated_frozenV2_balance_for_bandwidth?: number | bigint;
  account_resource?: { delegated_frozenV2_balance_for_energy?: number | bigint };
}

/**
 * TRX the account has staked (Stake 2.0), still its own: frozen for bandwidth or energy, lent to
 * other accounts, or unstaking (withdrawable once its 14 days pass). Not spendable, but custody.
 */
function stakeOf(a: TronAccount): bigint {
  const n = (v: number | bigint | undefined) => BigInt(v ?? 0);
  const frozen = (a.frozenV2 ?? []).reduce((sum, f) => sum + n(f.amount), 0n);
  const unstaking = (a.unfrozenV2 ?? []).reduce((sum, u) => sum + n(u.unfreeze_amount), 0n);
  return frozen + unstaking + n(a.delegated_frozenV2_balance_for_bandwidth) + n(a.account_resource?.delegated_frozenV2_balance_for_energy);
}

/**
 * An account's balance at the latest block, in atomic units: TRX from `getaccount` (sun), a TRC-20
 * token from its contract's `balanceOf` through `triggerconstantcontract` (no transaction, no fee).
 * An account the chain has never seen answers `{}`: 0. With `staked`, TRX also counts what the
 * account has staked (the solvency view: the hot wallet's stake for energy is still the gateway's).
 */
export async function tronBalance(
  call: TronCall,
  address: string,
  contract: string | null,
  opts: { staked?: boolean } = {},
): Promise<bigint> {
  if (!contract) {
    const account = await call<TronAccount>('/wallet/getaccount', { address, visible: true });
    return BigInt(account.balance ?? 0) + (opts.staked ? stakeOf(account) : 0n);
  }
  const res = await call<{ constant_result?: string[] }>('/wallet/triggerconstantcontract', {
    owner_address: address,
    contract_address: contract,
    function_selector: 'balanceOf(address)',
    parameter: tronAddressToHex(address).slice(2).padStart(64, '0'),
    visible: true,
  });
  const word = res.constant_result?.[0];
  return word ? BigInt(`0x${word}`) : 0n;
}
