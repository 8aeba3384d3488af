import type { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import fastJson from 'fast-json-stringify';
import { JsonDecimal } from '../money.ts';

/** Fastify's serializer compiler factory (`schemaController.compilersFactory.buildSerializer`). */
type SerializerFactory = ReturnType<typeof SerializerSelector>;

type Schema = Record<string, unknown>;

/** What fast-json-stringify's debug mode gives: the generated code and what it runs with. */
interface DebugBuild {
  code: string;
  validator: unknown;
  serializer: { asNumber(value: unknown): string };
}

/** The format of money in the response schemas (lib/http/schemas.ts `Money`). */
export const DECIMAL_FORMAT = 'decimal';

/**
 * Every response is written by fast-json-stringify from its route's schema, as Fastify would, with
 * one difference: a JsonDecimal where the schema says `number` is written as the JSON number it
 * holds, every digit kept (1.234567890123456789), where the stock writer would take it through a
 * double (1.2345678901234567). The code generated is fast-json-stringify's own; only the function
 * that writes a number is ours (its documented debug build and `restore`), and it costs one type
 * check per number.
 *
 * Each serializer is built on its route's first answer of that status instead of while the app
 * starts: building them all took some 0.25 s of CPU at every start, mostly for routes and statuses
 * a given deployment rarely sees.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const shared = (externalSchemas ?? {}) as Record<string, object>;
  let context: string | undefined;
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    const build = () => {
      const schema = (route.schema ?? {}) as Schema;
      const make = () => exactSerializer(schema, { ...options, schema: withoutOwn(shared, schema) });
      const key = jsonOf(schema);
      context ??= jsonOf([shared, options ?? null]);
      if (key === undefined || context === undefined) return make();
      const text = `${context}\u0000${key}`;
      let fn = serializersBySchema.get(text);
      if (!fn) serializersBySchema.set(text, (fn = make()));
      return fn;
    };
    return (doc) => (serialize ??= build())(doc);
  };
};

/** Serializers by the text of their schema and context: an app built again in this process (the tests, the bench) builds none twice. */
const serializersBySchema = new Map<string, (doc: unknown) => string>();

/** The JSON text of a value, or undefined when it has none (a cycle, a function). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** The shared schemas less the route's own (as Fastify's compiler hands them to fast-json-stringify). */
function withoutOwn(shared: Record<string, object>, schema: Schema): Record<string, object> {
  if (typeof schema.$id !== 'string' || !(schema.$id in shared)) return shared;
  const { [schema.$id]: _own, ...rest } = shared;
  return rest;
}

/** The serializer of `schema` (see lazySerializers). */
export function exactSerializer(schema: object, options: object = {}): (doc: unknown) => string {
  // The validator that picks a union's branch knows the money format (no "unknown format" warnings).
  const ajv = { ...(options as { ajv?: object }).ajv, formats: { [DECIMAL_FORMAT]: true } };
  const built = fastJson(writableSchema(schema as Schema) as never, { ...options, ajv, mode: 'debug' } as never) as unknown as DebugBuild;
  const stock = built.serializer;
  const serializer = Object.create(stock) as DebugBuild['serializer'];
  serializer.asNumber = (value) => (value instanceof JsonDecimal ? value.text : stock.asNumber(value));
  return fastJson.restore({ ...built, serializer } as never) as unknown as (doc: unknown) => string;
}

/**
 * The schema as the serializer reads it. fast-json-stringify picks a branch of `anyOf` by
 * validating the value against it, which a JsonDecimal never passes as a `number`; so `T | null`
 * whose `T` holds money becomes `T` marked `nullable` (written as null, else as `T`, which is what
 * the union meant). Money left under any other union, or under if/then/else, is refused when the
 * serializer is built, which the first call of the route (every route in the fuzz test) reports.
 * The route's own schema, which OpenAPI shows, is not changed.
 */
export function writableSchema(schema: Schema, underUnion = false): Schema {
  if (typeof schema !== 'object' || schema === null) return schema;
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union) {
    const others = union.filter((s) => s.type !== 'null');
    const [only] = others;
    if (only && others.length === 1 && union.length === 2 && holdsMoney(only)) {
      const { anyOf: _a, oneOf: _o, ...siblings } = schema;
      return writableSchema({ ...siblings, ...only, nullable: true }, underUnion);
    }
  }
  if (underUnion && schema.type === 'number' && schema.format === DECIMAL_FORMAT) {
    throw new Error('money under a union a serializer cannot tell apart: declare it as Nullable(T) or outside the union');
  }
  let out: Schema | undefined;
  for (const [key, value] of Object.entries(schema)) {
    const next = writableChild(
      key,
      value,
      underUnion || key === 'anyOf' || key === 'oneOf' || key === 'if' || key === 'then' || key === 'else',
    );
    if (next !== value) (out ??= { ...schema })[key] = next;
  }
  return out ?? schema;
}

/** A keyword's value with its subschemas made writable (the same object when nothing changes). */
function writableChild(key: string, value: unknown, underUnion: boolean): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === '$defs') {
    let out: Schema | undefined;
    for (const [name, sub] of Object.entries(value as Record<string, Schema>)) {
      const next = writableSchema(sub, underUnion);
      if (next !== sub) (out ??= { ...(value as Schema) })[name] = next;
    }
    return out ?? value;
  }
  if (Array.isArray(value)) {
    if (!['anyOf', 'oneOf', 'allOf', 'items', 'prefixItems'].includes(key)) return value;
    const next = value.map((s: Schema) => writableSchema(s, underUnion));
    return next.some((s, i) => s !== value[i]) ? next : value;
  }
  if (['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'].includes(key))
    return writableSchema(value as Schema, underUnion);
  return value;
}

/** Whether a JsonDecimal may appear anywhere in values of `schema`. */
function holdsMoney(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const s = schema as Schema;
  if (s.type === 'number' && s.format === DECIMAL_FORMAT) return true;
  return Object.entries(s).some(
    ([key, value]) =>
      key !== 'const' && key !== 'enum' && key !== 'default' && key !== 'examples' && typeof value === 'object' && holdsMoney(value),
  );
}
