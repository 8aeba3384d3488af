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
  return ajv;
}

// Query strings, params and headers arrive as text and are coerced to their declared types; JSON
// bodies are validated strictly, so `"amount": "12"` is refused rather than quietly taken as 12.
const textAjv = makeAjv(true);
const bodyAjv = makeAjv(false);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema) as ValidateFunction;
};

/** One offending field as the validation error's `extension.fields` lists it. */
export interface FieldError {
  location: string;
  field: string;
  message: string;
}

export function describeValidationErrors(errors: ErrorObject[] | readonly unknown[], location: string): FieldError[] {
  return (errors as ErrorObject[]).map((e) => {
    let field = (e.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && e.params && 'missingProperty' in e.params) {
      const missing = String((e.params as { missingProperty: string }).missingProperty);
      field = field ? `${field}.${missing}` : missing;
    }
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'enum' && e.params && 'allowedValues' in e.params) {
      message += `: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    }
    return { location, field, message };
  });
}

/** A NUL character anywhere in the value (PostgreSQL text cannot hold one). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
