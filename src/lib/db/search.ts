import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { getAddress } from 'viem';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a uuid (any letter case): what an id column can hold, checked before a query casts it. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
const HEX = /^(0x)?([0-9a-f]+)$/i;

/** The search text as a uuid (lowercase), or null when it is not one (then no id can match). */
export function searchUuid(text: string): string | null {
  return UUID.test(text) ? text.toLowerCase() : null;
}

/**
 * The stored forms a searched address or transaction hash may have, for exact (index-served)
 * matches: the text as typed; for hex, also all-lowercase and all-uppercase digits and, for a
 * 20-byte EVM address, its EIP-55 checksum form (the way addresses we hand out are stored). Other
 * text (base58, bech32) is case-sensitive and matched as typed.
 */
export function searchForms(text: string): string[] {
  const forms = new Set([text]);
  const hex = HEX.exec(text);
  const digits = hex?.[2];
  if (hex && digits !== undefined) {
    const prefix = hex[1] ? '0x' : '';
    forms.add(prefix + digits.toLowerCase());
    forms.add(prefix + digits.toUpperCase());
    if (prefix && digits.length === 40) forms.add(getAddress(prefix + digits.toLowerCase()));
  }
  return [...forms];
}

/**
 * An instant as PostgreSQL reads it: its ISO form, with a year past 9999 written plainly
 * ('10000-01-01…', where toISOString writes '+010000-01-01…', which PostgreSQL refuses). A range's
 * end can be there: `to=9999-12-31` ends at the next midnight.
 */
export function pgInstant(at: Date): string {
  return at.toISOString().replace(/^\+0*(\d{5,})/, '$1');
}

/** A list's time range on `column` as one SQL condition (`true` when the range is open on both ends). */
export function inRange(column: string, r: { from?: Date; before?: Date; inclusive: boolean }): RawBuilder<SqlBool> {
  const parts = [sql`true`];
  const at = (d: Date) => sql`${pgInstant(d)}::timestamptz`;
  if (r.from) parts.push(sql`${sql.ref(column)} >= ${at(r.from)}`);
  if (r.before) parts.push(r.inclusive ? sql`${sql.ref(column)} <= ${at(r.before)}` : sql`${sql.ref(column)} < ${at(r.before)}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}
