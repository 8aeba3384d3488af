/**
 * Every environment variable the gateway reads, with its default written once: the readers in
 * env.ts take defaults from here, and docs/configuration.md's tables are rendered from it
 * (`npm run -s config:docs`; a test keeps the two equal). A name missing here is refused by the
 * readers, so no setting goes undocumented.
 */

import { SETTINGS as GENERAL_SETTINGS, type SettingRow } from './settings-rows.ts';
import { SUBSCRIPTION_SETTING_ROWS } from './subscription-rows.ts';
import { SOLANA_X402_SETTING_ROWS, X402_NETWORK_ROWS, X402_SETTING_ROWS } from './x402-rows.ts';
import { BITCOIN_SETTING_ROWS } from './bitcoin-rows.ts';

export type { SettingRow } from './settings-rows.ts';
/** Every documented setting: the general rows, then Bitcoin's, the x402 facilitator's (EVM, then Solana), then subscription billing's. */
export const SETTINGS: readonly SettingRow[] = [
  ...GENERAL_SETTINGS,
  ...BITCOIN_SETTING_ROWS,
  ...X402_SETTING_ROWS,
  ...SOLANA_X402_SETTING_ROWS,
  ...SUBSCRIPTION_SETTING_ROWS,
];

/** The networks' own settings: each variable exists once per network as `<NET>_<name>`. */
export interface NetworkSettingRow {
  name: string;
  /** Default per network (absent: none, or `shown` says what applies). */
  defaults?: Partial<Record<'BTC' | 'ETHEREUM' | 'BNB' | 'BASE' | 'TRON', string>>;
  shown?: string;
  doc: string;
}

export const NETWORK_SETTINGS: readonly NetworkSettingRow[] = [
  {
    name: 'RPC_URL',
    doc: "the network's node: JSON-RPC for the EVM networks, Esplora's REST API or Bitcoin Core's JSON-RPC for `BTC` (see `BTC_BACKEND`), TronGrid's REST API for `TRON`. Setting it makes the installation live",
  },
  {
    name: 'XPUB',
    doc: "the deposit account's extended public key: BIP84 `m/84'/0'/0'` for `BTC`, BIP44 `m/44'/60'/0'` for the EVM networks, `m/44'/195'/0'` for `TRON`; deposit addresses are its children `/0/i`. A live network needs it",
  },
  {
    name: 'HOT_WALLET_KEY',
    doc: 'the key that signs payouts; better `<NET>_HOT_WALLET_KEY_FILE`, a file readable only by the worker. Read only where the workers run: an API process never holds it',
  },
  {
    name: 'SWEEP_XPRV',
    doc: "the private side of `<NET>_XPUB` (checked against it; better `<NET>_SWEEP_XPRV_FILE`), for sweeping deposit addresses into the hot wallet; worker role only. Without it (or the hot wallet key) that network's deposits stay where they are, and `sweeper_enabled{network}` is 0",
  },
  {
    name: 'CONFIRMATIONS',
    shown: "the network's",
    doc: 'confirmations a payment needs before it counts as final',
  },
  {
    name: 'REPLACE_AFTER_BLOCKS',
    defaults: { BTC: '3', ETHEREUM: '3', BNB: '15', BASE: '20', TRON: '20' },
    doc: 'blocks a payout may wait unconfirmed before it is replaced with a higher fee',
  },
  {
    name: 'MAX_FEE_GWEI',
    defaults: { ETHEREUM: '200', BNB: '20', BASE: '5' },
    doc: 'EVM networks: the most a payout or its replacement may bid per gas, a decimal in gwei; above it the payout waits (`withdrawals_fee_capped`). Bitcoin has `BTC_MAX_FEE_RATE`',
  },
  {
    name: 'COLD_ADDRESS',
    doc: 'cold storage: an address of the network whose key is kept offline. The worker moves what the hot wallet holds above `<NET>_HOT_MAX_USD` there (down to `<NET>_HOT_TARGET_USD`), and solvency reads its balance from the chain as custody. Checked at start: an address the network would refuse stops the gateway. Live networks only',
  },
  {
    name: 'HOT_MAX_USD',
    doc: "the hot wallet's ceiling per currency, in US dollars (at most 2 decimals; needs `<NET>_COLD_ADDRESS`): above it the worker moves the excess to cold storage. Funds the withdrawal queue needs stay. Unset: nothing is moved",
  },
  {
    name: 'HOT_TARGET_USD',
    shown: 'half of `<NET>_HOT_MAX_USD`',
    doc: "what a move to cold storage leaves in the hot wallet per currency, in US dollars, besides what the withdrawal queue needs: above zero, below the ceiling (it also pays the move's own fee)",
  },
  ...X402_NETWORK_ROWS,
  {
    name: 'SWEEP_MAX_COST_SHARE',
    shown: '`SWEEP_MAX_COST_SHARE`',
    doc: 'the same as `SWEEP_MAX_COST_SHARE`, for this network alone',
  },
];

const NETWORKS = ['BTC', 'ETHEREUM', 'BNB', 'BASE', 'TRON'] as const;

const DEFAULTS = new Map<string, string | null>([
  ...SETTINGS.flatMap((row) => Object.entries(row.vars)),
  ...NETWORK_SETTINGS.flatMap((row) => NETWORKS.map((net): [string, string | null] => [`${net}_${row.name}`, row.defaults?.[net] ?? null])),
]);

/** The default of a setting (undefined when it has none); a name that is not a setting is a programming error. */
export function settingDefault(name: string): string | undefined {
  if (!DEFAULTS.has(name)) throw new Error(`${name} is not a setting: list it in src/config/settings.ts`);
  return DEFAULTS.get(name) ?? undefined;
}

/** A setting's value: the environment's when set and not empty, else its default. */
export function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const fallback = settingDefault(name);
  const raw = env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}
