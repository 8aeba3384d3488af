/**
 * CSV as RFC 4180 writes it: CRLF line ends; a field holding a comma, a quote, CR or LF is quoted,
 * its quotes doubled. Text that a spreadsheet would read as a formula (starting with = + - @, or a
 * tab or CR that some strip first) is prefixed with ' (OWASP's CSV injection guard); numbers
 * (amounts as exact decimal strings) are written as they are.
 */

/** A cell: text (guarded), a number as its exact decimal string (not guarded), or empty. */
export type Cell = { text: string } | { number: string } | null;

export const text = (value: string | null | undefined): Cell => (value === null || value === undefined ? null : { text: value });
export const num = (value: string | null | undefined): Cell => (value === null || value === undefined ? null : { number: value });
export const time = (value: Date | null | undefined): Cell => (value ? { number: value.toISOString() } : null);

const FORMULA = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, guarded and quoted as needed. */
export function csvField(cell: Cell): string {
  if (cell === null) return '';
  const value = 'text' in cell ? (FORMULA.test(cell.text) ? `'${cell.text}` : cell.text) : cell.number;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record, CRLF-terminated. */
export function csvRow(cells: readonly Cell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** The header record. */
export function csvHeader(names: readonly string[]): string {
  return csvRow(names.map((n) => ({ text: n })));
}
