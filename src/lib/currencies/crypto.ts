// The catalogue's crypto currencies as data: their codes, the API's network names and each
// currency's definition. catalogue.ts has the networks and the lookups, and exports these too.

/** The API's crypto currency codes. */
export const CRYPTO_CODES = [
  'USDT_TRC20',
  'USDT_ERC20',
  'USDT_BEP20',
  'USDC_ERC20',
  'USDC_BEP20',
  'USDC_BASE',
  'EURC_BASE',
  'LINK_ERC20',
  'LINK_BEP20',
  'ETH',
  'TRX',
  'BNB',
  'BTC',
  'ETH_BASE',
] as const;
export type CryptoCode = (typeof CRYPTO_CODES)[number];

/** The network enum as the API writes it. */
export const API_NETWORKS = ['Tron', 'Solana', 'Ethereum', 'BNB', 'BTC', 'Base'] as const;
export type ApiNetwork = (typeof API_NETWORKS)[number];

/** Token standard of a contract currency; native coins have none. */
export type TokenType = 'erc20' | 'bep20' | 'trc20';

/** One crypto currency of the catalogue. Amounts are decimal strings in whole units. */
export interface CurrencyDef {
  code: CryptoCode;
  name: string;
  /** Ticker shown to people (USDT, ETH …). */
  symbol: string;
  network: Exclude<ApiNetwork, 'Solana'>;
  tokenType?: TokenType;
  /** On-chain decimals: the atomic unit is 10^-decimals. */
  decimals: number;
  /** Mainnet token contract; null for native coins. */
  contractAddress: string | null;
  /** Fiat the coin is pegged to (conversions with it are refused while its market price is off the peg by more than STABLECOIN_DEPEG_BAND); null when it floats. */
  peg: 'USD' | 'EUR' | null;
  /** Smallest credited deposit before the network fee is added (see minDepositAmount). */
  baseMinDeposit: string;
  /** Smallest accepted withdrawal. */
  minWithdrawal: string;
  /** Sandbox deposit network fee until the operator sets another. */
  sandboxFee: string;
  color: string;
}

const usdt = { symbol: 'USDT', peg: 'USD', baseMinDeposit: '1', minWithdrawal: '5', color: '#26A17B' } as const;
const usdc = { symbol: 'USDC', peg: 'USD', baseMinDeposit: '1', minWithdrawal: '5', color: '#2775CA' } as const;
const link = { symbol: 'LINK', peg: null, baseMinDeposit: '0.1', minWithdrawal: '0.5', color: '#2A5ADA' } as const;

export const CURRENCIES: readonly CurrencyDef[] = [
  {
    code: 'USDT_TRC20',
    name: 'Tether USD (TRC-20)',
    ...usdt,
    network: 'Tron',
    tokenType: 'trc20',
    decimals: 6,
    contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    sandboxFee: '1',
  },
  {
    code: 'USDT_ERC20',
    name: 'Tether USD (ERC-20)',
    ...usdt,
    network: 'Ethereum',
    tokenType: 'erc20',
    decimals: 6,
    contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    sandboxFee: '2',
    minWithdrawal: '20',
  },
  {
    code: 'USDT_BEP20',
    name: 'Tether USD (BEP-20)',
    ...usdt,
    network: 'BNB',
    tokenType: 'bep20',
    decimals: 18,
    contractAddress: '0x55d398326f99059fF775485246999027B3197955',
    sandboxFee: '0.1',
  },
  {
    code: 'USDC_ERC20',
    name: 'USD Coin (ERC-20)',
    ...usdc,
    network: 'Ethereum',
    tokenType: 'erc20',
    decimals: 6,
    contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    sandboxFee: '2',
    minWithdrawal: '20',
  },
  {
    code: 'USDC_BEP20',
    name: 'USD Coin (BEP-20)',
    ...usdc,
    network: 'BNB',
    tokenType: 'bep20',
    decimals: 18,
    contractAddress: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
    sandboxFee: '0.1',
  },
  {
    code: 'USDC_BASE',
    name: 'USD Coin (Base)',
    ...usdc,
    network: 'Base',
    tokenType: 'erc20',
    decimals: 6,
    contractAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    sandboxFee: '0.01',
  },
  {
    code: 'EURC_BASE',
    name: 'Euro Coin (Base)',
    symbol: 'EURC',
    peg: 'EUR',
    baseMinDeposit: '1',
    minWithdrawal: '5',
    color: '#1E4FBF',
    network: 'Base',
    tokenType: 'erc20',
    decimals: 6,
    contractAddress: '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42',
    sandboxFee: '0.01',
  },
  {
    code: 'LINK_ERC20',
    name: 'Chainlink (ERC-20)',
    ...link,
    network: 'Ethereum',
    tokenType: 'erc20',
    decimals: 18,
    contractAddress: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
    sandboxFee: '0.15',
    minWithdrawal: '2',
  },
  {
    code: 'LINK_BEP20',
    name: 'Chainlink (BEP-20)',
    ...link,
    network: 'BNB',
    tokenType: 'bep20',
    decimals: 18,
    contractAddress: '0xF8A0BF9cF54Bb92F17374d9e9A321E6a111a51bD',
    sandboxFee: '0.01',
  },
  {
    code: 'ETH',
    name: 'Ether',
    symbol: 'ETH',
    peg: null,
    network: 'Ethereum',
    decimals: 18,
    contractAddress: null,
    baseMinDeposit: '0.001',
    minWithdrawal: '0.005',
    sandboxFee: '0.0003',
    color: '#627EEA',
  },
  {
    code: 'TRX',
    name: 'TRON',
    symbol: 'TRX',
    peg: null,
    network: 'Tron',
    decimals: 6,
    contractAddress: null,
    baseMinDeposit: '10',
    minWithdrawal: '20',
    sandboxFee: '1',
    color: '#FF060A',
  },
  {
    code: 'BNB',
    name: 'BNB',
    symbol: 'BNB',
    peg: null,
    network: 'BNB',
    decimals: 18,
    contractAddress: null,
    baseMinDeposit: '0.005',
    minWithdrawal: '0.01',
    sandboxFee: '0.0001',
    color: '#F0B90B',
  },
  {
    code: 'BTC',
    name: 'Bitcoin',
    symbol: 'BTC',
    peg: null,
    network: 'BTC',
    decimals: 8,
    contractAddress: null,
    baseMinDeposit: '0.0001',
    minWithdrawal: '0.0005',
    sandboxFee: '0.00002',
    color: '#F7931A',
  },
  {
    code: 'ETH_BASE',
    name: 'Ether (Base)',
    symbol: 'ETH',
    peg: null,
    network: 'Base',
    decimals: 18,
    contractAddress: null,
    baseMinDeposit: '0.0005',
    minWithdrawal: '0.001',
    sandboxFee: '0.000005',
    color: '#0052FF',
  },
];
