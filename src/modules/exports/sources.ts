import { conversions } from './kinds/conversions.ts';
import { deposits } from './kinds/deposits.ts';
import { invoices } from './kinds/invoices.ts';
import { withdrawals } from './kinds/withdrawals.ts';
import { x402Settlements } from './kinds/x402.ts';

export type { Cursor, ExportRange, ExportSource } from './page.ts';

/** Every export, by the name its URL uses (`/export/<kind>.csv`). */
export const EXPORTS = { invoices, deposits, withdrawals, conversions, x402: x402Settlements } as const;
export type ExportKind = keyof typeof EXPORTS;
