import { stringify } from 'lossless-json';
import { JsonDecimal } from './money.ts';

// JSON.stringify cannot write a number's digits raw on Node 20 (JSON.rawJSON came with Node 21), so
// JSON without a schema (event payloads, audit details, error bodies) is written by lossless-json's
// writer, which is JSON.stringify's output but for the numbers it is told how to write.
const EXACT_NUMBERS = [
  { test: (value: unknown) => value instanceof JsonDecimal, stringify: (value: unknown) => (value as JsonDecimal).text },
];

/**
 * JSON.stringify's text of `value`, with every JsonDecimal written as the JSON number it holds,
 * every digit kept (JSON.stringify would write its decimal as a string). For JSON that has no
 * response schema; a route's answer is written by its schema's serializer (http/serialization.ts).
 */
export function stringifyExact(value: unknown): string {
  return stringify(value, undefined, undefined, EXACT_NUMBERS) as string;
}
