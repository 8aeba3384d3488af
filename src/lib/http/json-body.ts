import { MAX_INPUT_DEPTH } from './validation.ts';

// RFC 8259 §8.1: JSON exchanged between systems is UTF-8. `utf8` is accepted too: it names the same
// encoding (a WHATWG label of UTF-8) and clients send it, so nothing is decoded differently for it.
const UTF8_LABELS = new Set(['utf-8', 'utf8']);

// One `name=value` parameter of a media type, value a token or a quoted string (RFC 9110 §5.6.6);
// the same grammar Fastify uses to pick the parser.
const PARAMETER = /(?:^|;)\s*([\w!#$%&'*+.^`|~-]+)=("(?:[\t\u0020\u0021\u0023-\u005b\u005d-\u007e\u0080-\u00ff]|\\[\t\u0020-\u00ff])*"|[\w!#$%&'*+.^`|~-]+)/gu;

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
    if (m[1]!.toLowerCase() !== 'charset') continue;
    let value = m[2]!;
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\([\t\u0020-\u00ff])/gu, '$1');
    if (!UTF8_LABELS.has(value.toLowerCase())) return value;
  }
  return undefined;
}

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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
// Objects with up to this many keys are searched linearly (no allocation); wider ones get a Set.
const LINEAR_KEYS = 16;

/**
 * The first key that appears twice in one object anywhere in `text`, as its path, or undefined.
 * JSON.parse keeps the last of repeated keys silently; two parsers that disagree on which one wins
 * read different requests from the same bytes, so a repeat is refused instead. Keys compare after
 * unescaping (`"a"` and `"\u0061"` are the same key). `text` must already have parsed as JSON:
 * this scanner trusts its syntax. Nesting deeper than MAX_INPUT_DEPTH is left to `inputProblem`,
 * which refuses it, so the scan stops there and its stack stays small. It runs on every JSON body,
 * so it allocates nothing per object but the keys themselves.
 */
export function duplicateKey(text: string): DuplicateKeyPath | undefined {
  // Without an object there is no key to repeat.
  if (text.indexOf('{') === -1) return undefined;
  // The keys of every open object, innermost last: keys[0 .. count); frame f's keys are
  // keys[starts[f] .. starts[f + 1]). Closing a frame lowers `count` (the array is reused, not cut).
  const keys: string[] = [];
  let count = 0;
  // Per open object or array, outermost first: where its keys start, whether it is an array, the
  // index of the element being read (arrays), and a Set of its keys once it is wide.
  const starts: number[] = [];
  const isArray: boolean[] = [];
  const index: number[] = [];
  const wide: Array<Set<string> | undefined> = [];
  let depth = 0;
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Strings are skipped whole: the closing quote is the next one not escaped by an odd run of
      // backslashes.
      const end = stringEnd(text, i);
      if (expectKey) {
        expectKey = false;
        const raw = text.slice(i + 1, end);
        const key = raw.indexOf('\\') === -1 ? raw : (JSON.parse(text.slice(i, end + 1)) as string);
        if (seenInFrame(keys, count, starts, wide, depth - 1, key)) return pathTo(keys, starts, isArray, index, depth, key);
        keys[count++] = key;
      }
      i = end;
      continue;
    }
    switch (c) {
      case 0x7b: // {
      case 0x5b: // [
        if (depth >= MAX_INPUT_DEPTH) return undefined;
        starts[depth] = count;
        isArray[depth] = c === 0x5b;
        index[depth] = 0;
        wide[depth] = undefined;
        depth++;
        expectKey = c === 0x7b;
        break;
      case 0x7d: // }
      case 0x5d: // ]
        depth--;
        count = starts[depth]!;
        expectKey = false;
        break;
      case 0x2c: // ,
        if (isArray[depth - 1]) index[depth - 1]!++;
        else expectKey = true;
        break;
      default:
    }
  }
  return undefined;
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
function seenInFrame(keys: string[], count: number, starts: number[], wide: Array<Set<string> | undefined>, top: number, key: string): boolean {
  const from = starts[top]!;
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
function pathTo(keys: string[], starts: number[], isArray: boolean[], index: number[], depth: number, key: string): DuplicateKeyPath {
  const path: DuplicateKeyPath = [];
  for (let f = 0; f < depth - 1; f++) path.push(isArray[f] ? index[f]! : keys[starts[f + 1]! - 1]!);
  path.push(key);
  return path;
}
