// A batch payout file as rows the batch quote takes: columns currency, address, amount and an
// optional orderId, with a header row naming them (any order) or in that order without one. What
// cannot even be sent (a missing value, an amount that is no plain decimal) is said here per row;
// everything else is the quote's to judge, and its refusals come back to the rows they name.
import { ApiError } from './api.ts';
import { parseCsv } from './csv.ts';
import { plainError } from './errors.ts';

/** Most rows one batch takes (the quote's limit). */
export const MAX_ROWS = 1000;
/** The columns, in the order a file without a header row gives them. */
export const COLUMNS = ['currency', 'address', 'amount', 'orderId'] as const;
type Column = (typeof COLUMNS)[number];

/** Header names as people write them (compared in lower case, without spaces, dashes or underscores). */
const NAMES: Record<string, Column> = {
  currency: 'currency',
  cryptocurrencycode: 'currency',
  address: 'address',
  amount: 'amount',
  orderid: 'orderId',
};
const nameOf = (cell: string): Column | undefined =>
  NAMES[
    cell
      .trim()
      .toLowerCase()
      .replace(/[\s_-]/g, '')
  ];

/** One row of the file. */
export interface BatchRow {
  /** The line of the file the row starts on. */
  line: number;
  currency: string;
  address: string;
  /** As written: a plain decimal when the row has no problem. */
  amount: string;
  orderId: string;
  /** Why the row cannot be sent as written (said before any request), else undefined. */
  problem?: string;
}

/** The rows of a file, or what makes the whole file unreadable. */
export type ReadResult = { ok: true; rows: BatchRow[]; header: boolean } | { ok: false; message: string };

/** An amount the API reads digit for digit: digits, optionally a point and more digits. */
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
/** The API's bounds: an address of at most 128 characters, an orderId of 256, an amount up to 10^15. */
const MAX_ADDRESS = 128;
const MAX_ORDER_ID = 256;
const MAX_AMOUNT_DIGITS = 15;

/** The header's columns, or why it is not one; null when the first record is no header (it names no column). */
function headerOf(cells: string[]): Column[] | string | null {
  const named = cells.map(nameOf);
  if (named.every((n) => n === undefined)) return null;
  const unknown = cells.find((_, i) => named[i] === undefined);
  if (unknown !== undefined)
    return `The header names a column "${unknown.trim()}" that batches do not have: use currency, address, amount and orderId.`;
  const columns = named as Column[];
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice) return `The header names the column ${twice} twice.`;
  const missing = COLUMNS.filter((c) => c !== 'orderId' && !columns.includes(c));
  if (missing.length > 0) return `The header has no ${missing.join(', ')} column.`;
  return columns;
}

/** Why an amount as written cannot be sent, else undefined. */
function amountProblem(amount: string): string | undefined {
  if (amount === '') return 'No amount.';
  if (/^\d+,\d+$/.test(amount)) return 'Write the amount with a decimal point (12.5), not a comma.';
  if (!PLAIN_DECIMAL.test(amount))
    return 'The amount is not a plain decimal: digits and at most one point, no currency, sign or digit groups.';
  if ((amount.split('.')[0] ?? '').replace(/^0+/, '').length > MAX_AMOUNT_DIGITS)
    return 'The amount is more than a batch item can be (10^15).';
  return undefined;
}

/** What keeps a row from being sent, else undefined. */
function problemOf(row: Omit<BatchRow, 'problem'>, extra: number): string | undefined {
  if (extra > 0) return `The row has ${extra} more value${extra === 1 ? '' : 's'} than the file has columns.`;
  if (row.currency === '') return 'No currency.';
  if (row.address === '') return 'No address.';
  if (row.address.length > MAX_ADDRESS) return `The address is longer than ${MAX_ADDRESS} characters.`;
  if (row.orderId.length > MAX_ORDER_ID) return `The order id is longer than ${MAX_ORDER_ID} characters.`;
  return amountProblem(row.amount);
}

/** A batch file's rows: each with its line and, when it cannot be sent as written, why. */
export function readBatch(text: string): ReadResult {
  const csv = parseCsv(text);
  if (!csv.ok) return { ok: false, message: `Line ${csv.line}: ${csv.message}.` };
  const [first, ...rest] = csv.records;
  if (!first) return { ok: false, message: 'There are no rows: choose a file or paste the rows.' };
  const header = headerOf(first.cells);
  if (typeof header === 'string') return { ok: false, message: `Line ${first.line}: ${header}` };
  const columns: readonly Column[] = header ?? COLUMNS;
  const records = header ? rest : csv.records;
  if (records.length === 0) return { ok: false, message: 'The file has a header row and no rows under it.' };
  if (records.length > MAX_ROWS)
    return { ok: false, message: `The file has ${records.length} rows; a batch takes at most ${MAX_ROWS}: split it into several files.` };
  const rows = records.map(({ line, cells }) => {
    const value = (c: Column) => (cells[columns.indexOf(c)] ?? '').trim();
    const row = { line, currency: value('currency'), address: value('address'), amount: value('amount'), orderId: value('orderId') };
    const problem = problemOf(row, cells.length - columns.length);
    return problem ? { ...row, problem } : row;
  });
  return { ok: true, rows, header: header !== null };
}

/** One refusal of the batch quote (`extension.errors` of exceptions.withdrawal.batchInvalid). */
interface RowRefusal {
  index: number;
  code: string;
  message: string;
  extension?: Record<string, unknown>;
}

/**
 * The quote's refusals by the row they are about (its place in `rows`), or null when the error is
 * about the whole batch (a balance, a daily limit, the service away). `sent` is the row of each item
 * sent, in order: rows with a problem were left out of the request.
 */
export function refusalsByRow(error: ApiError, sent: number[], rows: BatchRow[]): Map<number, string> | null {
  const out = new Map<number, string>();
  const rowOf = (index: number) => sent[index];
  if (error.code === 'exceptions.withdrawal.batchInvalid') {
    for (const r of (error.extension?.errors ?? []) as RowRefusal[]) {
      const row = rowOf(r.index);
      if (row !== undefined)
        out.set(
          row,
          refusalText(new ApiError(error.status, r.code, r.message, r.extension), (i) => rows[rowOf(i) ?? -1]?.line),
        );
    }
  } else if (error.code === 'exceptions.validation.failed') {
    for (const f of (error.extension?.fields ?? []) as Array<{ field?: string; message?: string }>) {
      const m = /^items\.(\d+)\.(\w+)$/.exec(f.field ?? '');
      const row = m ? rowOf(Number(m[1])) : undefined;
      if (m && row !== undefined && !out.has(row))
        out.set(row, plainError(new ApiError(400, error.code, '', { fields: [{ field: m[2], message: f.message }] })).text);
    }
  }
  return out.size > 0 ? out : null;
}

/** A row's refusal in plain words; another row it names is named by its line. */
export function refusalText(error: ApiError, lineOf: (index: number) => number | undefined): string {
  const e = error.extension ?? {};
  if (error.code === 'exceptions.withdrawal.orderIdAlreadyExists') {
    const other = typeof e.sameAsIndex === 'number' ? lineOf(e.sameAsIndex) : undefined;
    return other !== undefined
      ? `Line ${other} has this order id too: each payout needs its own.`
      : 'A withdrawal with this order id was committed already: each payout needs its own.';
  }
  if (error.code === 'exceptions.withdrawal.currencyNotFound')
    return `${String(e.cryptoCurrencyCode ?? 'This')} is not a currency code of this gateway (USDT_TRC20, ETH, …).`;
  return plainError(error).text;
}

/** The columns of a batch's results CSV (GET /v1/withdrawal/batch/results.csv), in its order. */
export const RESULT_COLUMNS = [
  'index',
  'withdrawalId',
  'orderId',
  'status',
  'cryptoCurrencyCode',
  'network',
  'address',
  'amount',
  'fee',
  'debitedAmount',
  'transactionHash',
  'createdAt',
  'updatedAt',
] as const;

/** One item of a batch as its results CSV gives it: every value as written (amounts exact). */
export type ResultItem = Record<(typeof RESULT_COLUMNS)[number], string>;

/** The items of a batch's results CSV; throws when its header is not the one this page reads. */
export function readResults(text: string): ResultItem[] {
  const csv = parseCsv(text, ',');
  if (!csv.ok) throw new ApiError(0, 'client', `The results cannot be read (line ${csv.line}): ${csv.message}`);
  const [header, ...records] = csv.records;
  if (header?.cells.join(',') !== RESULT_COLUMNS.join(','))
    throw new ApiError(0, 'client', 'The results have columns this page does not know: reload it.');
  return records.map(({ cells }) => {
    const item = Object.fromEntries(RESULT_COLUMNS.map((c, i) => [c, cells[i] ?? ''])) as ResultItem;
    // The CSV guards text a spreadsheet would run as a formula with a leading quote; the page shows it as given.
    return { ...item, orderId: item.orderId.replace(/^'(?=[=+\-@\t\r])/, '') };
  });
}
