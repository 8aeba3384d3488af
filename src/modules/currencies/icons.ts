import { CURRENCIES, NETWORKS, type CurrencyDef, type NetworkDef } from '../../lib/currencies/catalogue.ts';

/**
 * Icons drawn by the service itself, so the catalogue and the payment page load nothing from
 * other hosts: a disc in the coin's colour with its ticker, and a rounded square per network.
 */
function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function currencyIcon(c: CurrencyDef): string {
  const label = c.symbol.length > 4 ? c.symbol.slice(0, 4) : c.symbol;
  const size = label.length >= 4 ? 17 : label.length === 3 ? 20 : 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(c.name)}"><circle cx="32" cy="32" r="31" fill="${c.color}"/><circle cx="32" cy="32" r="26" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/><text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(label)}</text></svg>`;
}

function networkIcon(n: NetworkDef): string {
  const label = n.api === 'Ethereum' ? 'ETH' : n.api === 'Base' ? 'B' : n.api === 'Tron' ? 'TRX' : n.api;
  const size = label.length >= 3 ? 18 : 26;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(n.api)}"><rect x="1" y="1" width="62" height="62" rx="14" fill="${n.color}"/><text x="32" y="32" dy=".35em" text-anchor="middle" font-family="Helvetica,Arial,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(label)}</text></svg>`;
}

export const CURRENCY_ICONS: ReadonlyMap<string, string> = new Map(CURRENCIES.map((c) => [c.code, currencyIcon(c)]));
export const NETWORK_ICONS: ReadonlyMap<string, string> = new Map(Object.values(NETWORKS).map((n) => [n.api, networkIcon(n)]));

export function currencyIconPath(code: string): string {
  return `/assets/icons/${code}.svg`;
}

export function networkIconPath(network: string): string {
  return `/assets/networks/${network}.svg`;
}
