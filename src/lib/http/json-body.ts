import { MAX_INPUT_DEPTH } from './validation.ts';

// RFC 8259 §8.1: JSON exchanged between systems is UTF-8. `utf8` is accepted too: it names the same
// encoding (a WHATWG label of UTF-8) and clients send it, so nothing is decoded differently for it.
const UTF8_LABELS = new Set(['utf-8', 'utf8']);

// One `name=value` parameter of a media type, value a token or a quoted string (RFC 9110 §5.6.6);
// the same grammar Fastify uses to pick the parser.
const PARAMETER =
  /(?:^|;)\s*([\w!#$%&'*+.^`|~-]+)=("(?:[\t\u0020\u0021\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\t\u0020-\u00ff])*"|[\w!#$%&'*+.^`|~-]+)/gu;

/**
 * The charset a `Content-Type` header declares when it is not UTF-8 (each `charset` parameter
 * counts, case-insensitive, quoted or not), or undefined when it declares UTF-8 or none.
 */
export function foreignCharset(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const semicolon = contentType.indexOf(';');
  if (semicolon === -1) return undefined;
  const params = contentType.slice(semicolon);
  PARAMETER.lastIndex = 0;
  for (let m = PARAMETER.exec(params); m; m = PARAMETER.exec(params)) {
    if ((m[1] ?? '').toLowerCase() !== 'charset') continue;
    let value = m[2] ?? '';
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\([\t\u0020-\u00ff])/gu, '$1');
    if (!UTF8_LABELS.has(value.toLowerCase())) return value;
  }
  return undefined;
}

/**
 * Each JSON request's body as the client sent it (decoded text), for the request log's excerpt
 * (modules/request-log/bodies.ts): the parsed body has lost what a double cannot hold.
 */
export const sentBodies = new WeakMap<object, string>();

// Fatal: a byte sequence that is not UTF-8 is refused instead of becoming U+FFFD, which would let
// different bodies read as the same text. ignoreBOM keeps a BOM in the text, where the JSON
// parser handles it exactly as it did when Fastify decoded the body.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body as text, or undefined when its bytes are not well-formed UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Where a JSON text repeats a key within one object: the path to it, the repeated key last. */
export type DuplicateKeyPath = Array<string | number>;

/** What one pass over a JSON body finds: a repeated key, and the numbers a double does not hold as written. */
export interface JsonScan {
  repeated?: DuplicateKeyPath;
  /**
   * Number literals whose value a double changes (`1.000000000000000001` reads as 1, a 20-digit
   * integer loses its last digits), by path (`items.0.cost`), as plain decimals without exponent.
   */
  inexact?: Map<string, string>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
// Objects with up to this many keys are searched linearly (no allocation); wider ones get a Set.
const LINEAR_KEYS = 16;

/** The first key that appears twice in one object anywhere in `text`, as its path, or undefined (see scanJson). */
export function duplicateKey(text: string): DuplicateKeyPath | undefined {
  return scanJson(text).repeated;
}

/**
 * One pass over a JSON text that already parsed (this scanner trusts its syntax), for what
 * JSON.parse does not tell:
 * - the first key that appears twice in one object, as its path. JSON.parse keeps the last of
 *   repeated keys silently; two parsers that disagree on which one wins read different requests
 *   from the same bytes, so a repeat is refused instead. Keys compare after unescaping (`"a"` and
 *   `"\u0061"` are the same key);
 * - every number whose value a double changes, with its exact text, so that money is read as the
 *   client wrote it, not as the nearest double (`exactNumber`).
 * Nesting deeper than MAX_INPUT_DEPTH is left to `inputProblem`, which refuses it, so the scan stops
 * there and its stack stays small. It runs on every JSON body, so it allocates nothing per object
 * but the keys themselves, and looks closer only at a number of more than 15 digits or with an exponent.
 */
export function scanJson(text: string): JsonScan {
  // Without an object there is no key to repeat, and no field of ours to hold a number.
  if (text.indexOf('{') === -1) return {};
  const out: JsonScan = {};
  // The keys of every open object, innermost last: keys[0 .. count); frame f's keys are
  // keys[starts[f] .. starts[f + 1]) (the array is reused, not cut). Per open object or array,
  // outermost first: where its keys start, whether it is an array, the index of the element being
  // read (arrays), and a Set of its keys once it is wide.
  const f: Frames = { keys: [], starts: [], isArray: [], index: [], wide: [] };
  const { keys, starts, isArray, index } = f;
  let count = 0;
  let depth = 0;
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i); // strings are skipped whole
      if (expectKey) {
        expectKey = false;
        const key = keyAt(text, i, end);
        if (seenInFrame(f, count, depth - 1, key)) return { ...out, repeated: pathTo(f, depth, key) };
        keys[count++] = key;
      }
      i = end;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const end = numberEnd(text, i);
      const exact = inexactLiteral(text, i, end);
      if (exact !== undefined && depth > 0) (out.inexact ??= new Map()).set(valuePath(f, depth, count).join('.'), exact);
      i = end - 1;
      continue;
    }
    switch (c) {
      case 0x7b: // {
      case 0x5b: // [
        if (depth >= MAX_INPUT_DEPTH) return out;
        openFrame(f, depth++, count, c === 0x5b);
        expectKey = c === 0x7b;
        break;
      case 0x7d: // }
      case 0x5d: // ]
        depth--;
        count = starts[depth] ?? 0;
        expectKey = false;
        break;
      case 0x2c: // ,
        if (isArray[depth - 1]) index[depth - 1] = (index[depth - 1] ?? 0) + 1;
        else expectKey = true;
        break;
      default:
    }
  }
  return out;
}

// An open frame's entries are always set: the `?? 0` and `?? ''` on reading them are never taken.
/** The open objects and arrays of a scan (see scanJson). */
interface Frames {
  keys: string[];
  starts: number[];
  isArray: boolean[];
  index: number[];
  wide: Array<Set<string> | undefined>;
}

/** Opens frame `depth` (an object, or an array with `isArray`), whose keys start at `count`. */
function openFrame(f: Frames, depth: number, count: number, isArray: boolean): void {
  f.starts[depth] = count;
  f.isArray[depth] = isArray;
  f.index[depth] = 0;
  f.wide[depth] = undefined;
}

/** The path of the value being read in the innermost open frame: its index in an array, or the key just read in an object. */
function valuePath(f: Frames, depth: number, count: number): DuplicateKeyPath {
  return pathTo(f, depth, f.isArray[depth - 1] ? (f.index[depth - 1] ?? 0) : (f.keys[count - 1] ?? ''));
}

/** The key whose string opens at `i` and closes at `end`, unescaped. */
function keyAt(text: string, i: number, end: number): string {
  const raw = text.slice(i + 1, end);
  return raw.indexOf('\\') === -1 ? raw : (JSON.parse(text.slice(i, end + 1)) as string);
}

/** Characters a JSON number literal is made of after its first. */
const NUMBER_CHAR: boolean[] = [];
for (const ch of '0123456789.eE+-') NUMBER_CHAR[ch.charCodeAt(0)] = true;

/** Where the number literal starting at `i` ends: the next character that cannot be part of it. */
function numberEnd(text: string, i: number): number {
  let end = i + 1;
  while (end < text.length && NUMBER_CHAR[text.charCodeAt(end)]) end++;
  return end;
}

/** The exact value of the literal text[from, to) when a double changes it (inexactDecimal); up to 15 digits without an exponent, a double holds it. */
function inexactLiteral(text: string, from: number, to: number): string | undefined {
  return to - from > 15 || hasExponent(text, from, to) ? inexactDecimal(text.slice(from, to)) : undefined;
}

function hasExponent(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k) | 0x20;
    if (c === 0x65) return true; // e or E
  }
  return false;
}

// A JSON number literal's parts.
const LITERAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** `literal` as a plain decimal (no exponent, no redundant zeros), or undefined for an exponent too large to write out. */
function plainDecimal(literal: string): string | undefined {
  const [, sign = '', whole = '', frac = '', exp = '0'] = LITERAL.exec(literal) ?? [];
  const shift = Number(exp);
  if (Math.abs(shift) > 400) return undefined;
  let digits = whole + frac;
  let point = whole.length + shift;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const int = digits.slice(0, point).replace(/^0+/, '') || '0';
  const fraction = digits.slice(point).replace(/0+$/, '');
  const body = fraction ? `${int}.${fraction}` : int;
  return body === '0' ? '0' : sign + body;
}

/**
 * The exact value of a number literal when the double JSON.parse makes of it is another number
 * (read back as its shortest decimal, as toUnits reads it), else undefined. An exponent too large
 * to write out keeps its literal, which no amount parser takes.
 */
function inexactDecimal(literal: string): string | undefined {
  const exact = plainDecimal(literal);
  if (exact === undefined) return literal;
  const read = plainDecimal(String(Number(literal)));
  return read === exact ? undefined : exact;
}

/** Where the string opening at `i` closes: the next quote not escaped by an odd run of backslashes. */
function stringEnd(text: string, i: number): number {
  let end = text.indexOf('"', i + 1);
  while (text.charCodeAt(end - 1) === BACKSLASH) {
    let k = end - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    if ((end - 1 - k) % 2 === 0) break;
    end = text.indexOf('"', end + 1);
  }
  return end;
}

/**
 * Whether frame `top` already has `key` (its keys are keys[starts[top] .. count)): a linear scan
 * while the object is narrow, a Set once it is wide (the Set then also records `key`).
 */
function seenInFrame({ keys, starts, wide }: Frames, count: number, top: number, key: string): boolean {
  const from = starts[top] ?? 0;
  const set = wide[top];
  if (set) {
    const seen = set.has(key);
    set.add(key);
    return seen;
  }
  for (let k = from; k < count; k++) if (keys[k] === key) return true;
  if (count - from >= LINEAR_KEYS) wide[top] = new Set(keys.slice(from, count)).add(key);
  return false;
}

/** The path to a repeated key: each open object's current key (its last) or array's index. */
function pathTo({ keys, starts, isArray, index }: Frames, depth: number, key: string | number): DuplicateKeyPath {
  const path: DuplicateKeyPath = [];
  for (let f = 0; f < depth - 1; f++) path.push(isArray[f] ? (index[f] ?? 0) : (keys[(starts[f + 1] ?? 0) - 1] ?? ''));
  path.push(key);
  return path;
}

/** The inexact numbers of each request's body (scanJson), kept only for a body that has any. */
const inexactOfRequest = new WeakMap<object, Map<string, string>>();

/** Keeps what scanJson found inexact in `request`'s body, for `exactNumber`. */
export function keepInexactNumbers(request: object, inexact: Map<string, string> | undefined): void {
  if (inexact) inexactOfRequest.set(request, inexact);
}

/**
 * A money field of the body as the client wrote it: its exact decimal text when a double could not
 * hold it (so `1.000000000000000001` is checked against the currency's decimals, not read as 1),
 * else the number as parsed. `path` is dot-separated (`amount`, `items.0.cost`).
 */
export function exactNumber(request: object, path: string, parsed: number): number | string {
  return inexactOfRequest.get(request)?.get(path) ?? parsed;
}
