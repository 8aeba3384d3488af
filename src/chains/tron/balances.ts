import { tronAddressToHex } from './transaction.ts';

/** A TronGrid `/wallet/*` call (POST, JSON body), as the adapter makes it. */
export type TronCall = <T>(path: string, body: unknown) => Promise<T>;

/**
 * An account's balance at the latest block, in atomic units: TRX from `getaccount` (sun), a TRC-20
 * token from its contract's `balanceOf` through `triggerconstantcontract` (no transaction, no fee).
 * An account the chain has never seen answers `{}`: 0.
 */
export async function tronBalance(call: TronCall, address: string, contract: string | null): Promise<bigint> {
  if (!contract) {
    const account = await call<{ balance?: number | bigint }>('/wallet/getaccount', { address, visible: true });
    return BigInt(account.balance ?? 0);
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
