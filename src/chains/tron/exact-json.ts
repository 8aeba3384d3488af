import { isInteger, isSafeNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

/**
 * TronGrid answers amounts (sun, token units, chain parameters) as bare JSON integers that can pass
 * 2^53; those that a JS number cannot hold exactly are read as bigint, and bigints are written as
 * bare integers, so no amount is ever rounded on its way in or out.
 */
export function parseExact(text: string): unknown {
  return parseLossless(text, undefined, (v) => (isSafeNumber(v) ? Number(v) : isInteger(v) ? BigInt(v) : Number(v)));
}

/** JSON text of a request body, bigints as bare integers. */
export function stringifyExact(body: unknown): string {
  return stringifyLossless(body) ?? 'null';
}
