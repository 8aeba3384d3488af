import { formatUnits } from '../lib/money.ts';
import type { CurrencyDef } from '../lib/currencies/catalogue.ts';

/** EIP-155 chain ids of the EVM networks. */
export const EVM_CHAIN_IDS = { Ethereum: 1, BNB: 56, Base: 8453 } as const;

/**
 * The payment URI a wallet understands for sending `units` (optional) of a currency to `address`:
 * BIP21 for Bitcoin, EIP-681 for EVM coins and tokens (with the chain id, and for tokens the
 * contract's `transfer` in atomic units), and the `tron:` form Tron wallets read.
 */
export function paymentUri(currency: CurrencyDef, address: string, units?: bigint): string {
  switch (currency.network) {
    case 'BTC':
      return `bitcoin:${address}${units !== undefined ? `?amount=${formatUnits(units, currency.decimals)}` : ''}`;
    case 'Ethereum':
    case 'BNB':
    case 'Base': {
      const chainId = EVM_CHAIN_IDS[currency.network];
      if (currency.contractAddress) {
        const amount = units !== undefined ? `&uint256=${units}` : '';
        return `ethereum:${currency.contractAddress}@${chainId}/transfer?address=${address}${amount}`;
      }
      return `ethereum:${address}@${chainId}${units !== undefined ? `?value=${units}` : ''}`;
    }
    case 'Tron': {
      const params = new URLSearchParams();
      if (currency.contractAddress) params.set('token', currency.contractAddress);
      if (units !== undefined) params.set('amount', formatUnits(units, currency.decimals));
      const query = params.toString();
      return `tron:${address}${query ? `?${query}` : ''}`;
    }
    default: {
      const never: never = currency.network;
      throw new Error(`no payment URI for network ${String(never)}`);
    }
  }
}
