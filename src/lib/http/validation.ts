import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  // Money (`Money`, `MoneyInput` in schemas.ts): any number is a decimal as a schema goes; its exact
  // text is checked against the currency by the route (exactNumber), where the decimals are known.
  ajv.addFormat('decimal', { type: 'number', validate: () => true });
  return ajv;
}

// Query strings, params and headers arrive as text and are coerced to their declared types; JSON
// bodies are validated strictly, so `"amount": "12"` is refused rather than quietly taken as 12.
const textAjv = makeAjv(true);
const bodyAjv = makeAjv(false);

/**
 * Fastify compiles every route's validators while the app starts: some 0.4 s of CPU for routes a
 * given deployment may never see. Each is compiled instead on its route's first request (a few
 * milliseconds once; the fuzz test calls every route), and answers exactly as the compiled function does, `errors` included.
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    const fn = (compiled ??= compileOnce(ajv, schema));
    const ok = fn(data);
    validate.errors = fn.errors;
    return ok;
  }) as ValidateFunction;
  return validate;
};

/** Validators by Ajv instance and schema text: an app built again in this process (the tests, the bench) compiles no schema twice. */
const compiledBySchema = new WeakMap<Ajv, Map<string, ValidateFunction>>();

/** Ajv's validator of `schema`, compiled once per equal schema; a schema that is not JSON is compiled each time. */
function compileOnce(ajv: Ajv, schema: object): ValidateFunction {
  let known = compiledBySchema.get(ajv);
  if (!known) compiledBySchema.set(ajv, (known = new Map()));
  let text: string;
  try {
    text = JSON.stringify(schema);
  } catch {
    return ajv.compile(schema) as ValidateFunction;
  }
  let fn = known.get(text);
  if (!fn) known.set(text, (fn = ajv.compile(schema) as ValidateFunction));
  return fn;
}

/** One offending field as the validation error's `extension.fields` lists it. */
export interface FieldError {
  location: string;
  field: string;
  message: string;
}

export function describeValidationErrors(errors: ErrorObject[] | readonly unknown[], location: string): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of collapseUnions(errors as ErrorObject[])) {
    let field = (e.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && e.params && 'missingProperty' in e.params) {
      const missing = String((e.params as { missingProperty: string }).missingProperty);
      field = field ? `${field}.${missing}` : missing;
    }
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'enum' && e.params && 'allowedValues' in e.params) {
      message += `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    }
    const id = `${field}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ location, field, message });
  }
  return out;
}

/**
 * Ajv reports a value that matches no branch of a union (`anyOf`, TypeBox's Union and its enums of
 * literals) as one error per branch plus "must match a schema in anyOf". Each union becomes one
 * error instead: "must be one of: Tron, Solana, …" for literals, "must be number, or must be null"
 * otherwise; when branches failed on nested fields, those nested errors are what is reported.
 * Innermost unions first, so an outer union sees the inner one already summarised.
 */
function collapseUnions(errors: ErrorObject[]): ErrorObject[] {
  let list = [...errors];
  const unions = list
    .filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')
    .sort((a, b) => b.schemaPath.length - a.schemaPath.length);
  for (const union of unions) {
    const prefix = `${union.schemaPath}/`;
    const branches = list.filter((e) => e !== union && e.schemaPath.startsWith(prefix) && e.instancePath.startsWith(union.instancePath));
    if (branches.length === 0) continue;
    const own = branches.filter((e) => e.instancePath === union.instancePath);
    const deeper = branches.filter((e) => e.instancePath !== union.instancePath);
    let replacement: ErrorObject[];
    if (deeper.length > 0) {
      replacement = deeper;
    } else {
      const message = own.every((e) => e.keyword === 'const')
        ? `must be one of: ${own.map((e) => String((e.params as { allowedValue: unknown }).allowedValue)).join(', ')}`
        : [...new Set(own.map((e) => e.message ?? 'is invalid'))].join(', or ');
      replacement = [{ ...union, keyword: 'union', message }];
    }
    const at = list.indexOf(union);
    const removed = new Set<ErrorObject>([union, ...branches]);
    list = [...list.slice(0, at).filter((e) => !removed.has(e)), ...replacement, ...list.slice(at + 1).filter((e) => !removed.has(e))];
  }
  return list;
}

/** Deepest nesting of objects and arrays a request value may have. */
export const MAX_INPUT_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must be well-formed Unicode (no lone surrogates)';
  return undefined;
}

/**
 * Why a request value (query, params or body) cannot be taken, or undefined when it can:
 * PostgreSQL text and jsonb hold neither NUL nor a lone UTF-16 surrogate, and nesting deeper than
 * MAX_INPUT_DEPTH is refused before anything recursive (JSON.stringify, jsonb) meets it. Walks the
 * value iteratively, every key and string at any depth, so no input can exhaust the stack here.
 */
export function inputProblem(value: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [v, depth] = next;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return problem;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return `must not be nested more than ${MAX_INPUT_DEPTH} levels deep`;
    if (Array.isArray(v)) {
      for (const item of v) stack.push([item, depth + 1]);
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      const problem = textProblem(k);
      if (problem) return problem;
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}
