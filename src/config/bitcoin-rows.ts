/** The documentation rows of the Bitcoin settings (read in config.ts and chains.ts). */
import type { SettingRow } from './settings-rows.ts';

export const BITCOIN_SETTING_ROWS: readonly SettingRow[] = [
  {
    vars: { BTC_BACKEND: 'esplora' },
    doc: 'what `BTC_RPC_URL` points at: `esplora` (REST API) or `core` (Bitcoin Core JSON-RPC)',
  },
  {
    vars: { BTC_BATCH_WINDOW_S: '60' },
    doc: 'seconds Bitcoin withdrawals wait to share a transaction: once the oldest pending one has waited this long, every pending one that can be paid goes in one transaction (an output each, change last) whose fee is split over them; `0` pays each alone at once. At most 3600',
  },
  {
    vars: { BTC_MAX_FEE_RATE: '500' },
    doc: 'the most a Bitcoin payout or its replacement may bid, in sat/vB; above it the payout waits (`withdrawals_fee_capped`)',
  },
];
