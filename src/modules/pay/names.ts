/**
 * How the payment page names what it offers: a currency in plain words with its network spelled out
 * ("Tether USD" on "Tron", TRC-20) rather than its code (`USDT_TRC20`), the networks where the same
 * coin also exists (the page warns the customer to send on the right one), the common coins first,
 * and a transaction's page on a public block explorer.
 */
import { CURRENCIES, type ApiNetwork, type CryptoCode, type CurrencyDef, type TokenType } from '../../lib/currencies/catalogue.ts';

/** The coin behind a ticker, as people call it. */
const ASSET_NAMES: Record<string, string> = {
  USDT: 'Tether USD',
  USDC: 'USD Coin',
  EURC: 'Euro Coin',
  LINK: 'Chainlink',
  ETH: 'Ether',
  BNB: 'BNB',
  TRX: 'TRX',
  BTC: 'Bitcoin',
};

/** A network as wallets name it (the API's `BNB` is the BNB Smart Chain). */
const NETWORK_NAMES: Record<ApiNetwork, string> = {
  Tron: 'Tron',
  Ethereum: 'Ethereum',
  BNB: 'BNB Smart Chain',
  Base: 'Base',
  BTC: 'Bitcoin',
  Solana: 'Solana',
};

const STANDARDS: Record<TokenType, string> = { trc20: 'TRC-20', erc20: 'ERC-20', bep20: 'BEP-20' };

/**
 * The page's order: the coins customers pay with most (the dollar stablecoins on their busiest
 * networks, Bitcoin, Ether), then the others. A currency missing here follows in catalogue order.
 */
const PAGE_ORDER: readonly CryptoCode[] = [
  'USDT_TRC20',
  'USDT_ERC20',
  'USDT_BEP20',
  'USDC_ERC20',
  'USDC_BASE',
  'USDC_BEP20',
  'BTC',
  'ETH',
  'ETH_BASE',
  'BNB',
  'TRX',
  'EURC_BASE',
  'LINK_ERC20',
  'LINK_BEP20',
];

/** The currencies in the page's order. */
export function pageOrder<C extends Pick<CurrencyDef, 'code'>>(currencies: readonly C[]): C[] {
  const rank = (c: C) => {
    const at = PAGE_ORDER.indexOf(c.code);
    return at === -1 ? PAGE_ORDER.length + CURRENCIES.findIndex((d) => d.code === c.code) : at;
  };
  return [...currencies].sort((a, b) => rank(a) - rank(b));
}

/** A currency in the page's words; the page puts them together in the customer's language ("{name} on {network}"). */
export interface PlainName {
  /** The coin: "Tether USD", "Bitcoin". */
  assetName: string;
  /** Its network: "Tron", "BNB Smart Chain". */
  networkName: string;
  /** The token standard ("TRC-20"), null for a network's own coin. */
  standard: string | null;
  /** Other networks where a coin of the same ticker exists: sent there, it does not pay this invoice. */
  otherNetworks: string[];
}

export function plainName(currency: CurrencyDef): PlainName {
  return {
    assetName: ASSET_NAMES[currency.symbol] ?? currency.name,
    networkName: NETWORK_NAMES[currency.network],
    standard: currency.tokenType ? STANDARDS[currency.tokenType] : null,
    otherNetworks: CURRENCIES.filter((c) => c.symbol === currency.symbol && c.network !== currency.network).map(
      (c) => NETWORK_NAMES[c.network],
    ),
  };
}

const EXPLORERS: Partial<Record<ApiNetwork, string>> = {
  Ethereum: 'https://etherscan.io/tx/',
  BNB: 'https://bscscan.com/tx/',
  Base: 'https://basescan.org/tx/',
  Tron: 'https://tronscan.org/#/transaction/',
  BTC: 'https://mempool.space/tx/',
};

/** A transaction's page on a public explorer of the live network; none in sandbox mode, whose chains exist only here. */
export function explorerUrl(network: ApiNetwork, txHash: string, mode: 'sandbox' | 'live'): string | null {
  const base = EXPLORERS[network];
  return mode === 'live' && base ? base + encodeURIComponent(txHash) : null;
}
