// The currency catalogue (GET /v1/currencies), loaded once per page load, and block explorers.
import { api, type Data } from './api.ts';

/** One currency as the API lists it. */
export type Currency = Data<'get', '/v1/currencies'>[number];

/** One fiat currency invoices can be priced in. */
export type FiatCurrency = Data<'get', '/v1/currencies/fiat'>[number];

let catalogue: Promise<Currency[]> | undefined;
let fiatCatalogue: Promise<FiatCurrency[]> | undefined;

/** Every currency the service offers (cached; a failure is retried on the next call). */
export function currencies(): Promise<Currency[]> {
  catalogue ??= api.get('/v1/currencies').then(
    (res) => res.data,
    (err: unknown) => {
      catalogue = undefined;
      throw err;
    },
  );
  return catalogue;
}

/** The fiat currencies (GET /v1/currencies/fiat), cached like the crypto ones. */
export function fiatCurrencies(): Promise<FiatCurrency[]> {
  fiatCatalogue ??= api.get('/v1/currencies/fiat').then(
    (res) => res.data,
    (err: unknown) => {
      fiatCatalogue = undefined;
      throw err;
    },
  );
  return fiatCatalogue;
}

const EXPLORERS: Record<string, string> = {
  Ethereum: 'https://etherscan.io/tx/',
  BNB: 'https://bscscan.com/tx/',
  Base: 'https://basescan.org/tx/',
  Tron: 'https://tronscan.org/#/transaction/',
  BTC: 'https://mempool.space/tx/',
};

/** A public block explorer's page of a transaction; none in sandbox mode (its chain is simulated). */
export function explorerUrl(network: string | undefined, txHash: string, mode: 'sandbox' | 'live'): string | null {
  if (mode === 'sandbox' || !network) return null;
  const base = EXPLORERS[network];
  return base ? base + encodeURIComponent(txHash) : null;
}
