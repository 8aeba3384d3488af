// The browser code's API types, generated from the service's own OpenAPI document:
// `npm run openapi:types` writes ui/dashboard/src/api-types.ts, the payment page's
// ui/pay/src/api-types.ts and the customer portal's ui/portal/src/api-types.ts (run with `node --import tsx`). test/dashboard/openapi-types.test.ts
// regenerates them in memory and fails when a file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/** Where the generated types live. */
export const API_TYPES_FILE = fileURLToPath(new URL('../ui/dashboard/src/api-types.ts', import.meta.url));
/** Where the payment page's generated types live. */
export const PAY_TYPES_FILE = fileURLToPath(new URL('../ui/pay/src/api-types.ts', import.meta.url));
/** Where the customer portal's generated types live. */
export const PORTAL_TYPES_FILE = fileURLToPath(new URL('../ui/portal/src/api-types.ts', import.meta.url));

const HEADER = `// Generated from GET /openapi.json by scripts/openapi-types.mjs (npm run openapi:types).
// Do not edit: change the route schemas and regenerate; test/dashboard/openapi-types.test.ts
// fails while this file is stale.
/* eslint-disable */
import type { Decimal } from '../../shared/exact-json.ts';
`;

/**
 * A response's exact decimal (`format: decimal`, money written with every digit) is typed as a
 * Decimal, the string the client keeps it as; a request's stays a number (the client writes it from
 * an ExactNumber or a number).
 */
function decimalAsString(schema, options) {
  if (schema.format === 'decimal' && options.path?.includes('/responses/')) return ts.factory.createTypeReferenceNode('Decimal');
  return undefined;
}

/** openapi-typescript over some of the document's paths, exact decimals typed as Decimals. */
async function typesOf(document, paths) {
  return astToString(await openapiTS({ ...document, paths }, { alphabetize: true, transform: decimalAsString }));
}

/**
 * The names of the properties that hold numbers in the answers of these paths: `decimal`, those
 * that are exact decimals, which the client parses as Decimals (ui/shared/exact-json.ts), and
 * `number`, the other numbers, which it parses as numbers; the parser sees a number's name but not
 * the schema it belongs to. That is sound only while no name is both and every number has a name,
 * so a document where it is not is refused here.
 */
export function numberFields(paths) {
  const kinds = new Map();
  const note = (name, kind, where) => {
    if (!kinds.has(name)) kinds.set(name, new Map());
    kinds.get(name).set(kind, where);
  };
  const walk = (schema, name, where) => {
    if (!schema || typeof schema !== 'object') return;
    const types = [schema.type].flat();
    if (types.includes('number') || types.includes('integer')) {
      if (name === undefined) throw new Error(`${where}: a number without a property name cannot be read exactly; give it one`);
      note(name, schema.format === 'decimal' ? 'decimal' : 'number', where);
    }
    for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(branch, name, where);
    if (schema.items) walk(schema.items, undefined, `${where}[]`);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, undefined, `${where}{}`);
    for (const [key, value] of Object.entries(schema.properties ?? {})) walk(value, key, `${where}.${key}`);
  };
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        for (const media of Object.values(response.content ?? {}))
          walk(media.schema, undefined, `${method.toUpperCase()} ${path} ${status}`);
      }
    }
  }
  const fields = { decimal: [], number: [] };
  for (const [name, kind] of kinds) {
    if (kind.has('decimal') && kind.has('number'))
      throw new Error(
        `"${name}" is an exact decimal at ${kind.get('decimal')} but another number at ${kind.get('number')}; name one of them otherwise`,
      );
    fields[kind.has('decimal') ? 'decimal' : 'number'].push(name);
  }
  return { decimal: fields.decimal.sort(), number: fields.number.sort() };
}

/** The runtime lists of `numberFields`, for the client's parser. */
function numberFieldsSource(paths) {
  const fields = numberFields(paths);
  const list = (names) => names.map((name) => `    ${JSON.stringify(name)},`).join('\n');
  return `
/** The properties whose numbers are exact decimals in these answers: the client parses them as Decimals. */
export const decimalFields: ReadonlySet<string> = new Set([
${list(fields.decimal)}
]);

/** The properties whose numbers are other numbers (counts, heights, places) in these answers: parsed as numbers. */
export const numberFields: ReadonlySet<string> = new Set([
${list(fields.number)}
]);
`;
}

/**
 * The OpenAPI document of a service built in memory: an empty embedded database (the document
 * comes from the route schemas alone) and a fixed configuration, so the output is reproducible.
 */
export function openapiDocument() {
  built ??= buildDocument();
  return built;
}
/** The document, built once per process (both files are generated from the same one). */
let built;

async function buildDocument() {
  const { openDatabase } = await import('../src/lib/db/index.ts');
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig({ ADMIN_TOKEN: 'openapi-types-'.padEnd(48, 'x'), PUBLIC_BASE_URL: 'http://localhost:8080' });
  const app = await buildApp({ config, database, db: database.db }, { logger: false });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /openapi.json answered ${res.statusCode}`);
    return JSON.parse(res.body);
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * The calls the dashboard makes: the session routes, the merchant API (not its event references),
 * the payment page's state (what a customer's payment waits for) and, for the operator console, the
 * operator API (its hidden routes are not in the document at all).
 */
function dashboardPath(path) {
  return (
    path.startsWith('/auth/') ||
    (path.startsWith('/v1/') && !path.startsWith('/v1/webhooks/')) ||
    path === '/pay/{id}/state' ||
    path.startsWith('/admin/')
  );
}

/** An operator call: it names its tenant and account itself, the client never adds the selected one. */
function operatorPath(path) {
  return path.startsWith('/admin/');
}

/**
 * Whether an operation takes `accountId` (it acts on one account, not on the tenant), in its query
 * or body. A deprecated `accountId` is an older client's name for something else (POST
 * /v1/api-keys: the new key's account), which the dashboard never sends.
 */
function namesAccount(operation) {
  const inQuery = (operation.parameters ?? []).some((p) => p.in === 'query' && p.name === 'accountId');
  const body = operation.requestBody?.content?.['application/json']?.schema;
  return inQuery || Boolean(body?.properties?.accountId && !body.properties.accountId.deprecated);
}

/**
 * The TypeScript source of `paths`, `components` and `operations` for the dashboard's part of a
 * document; `accountOperations`: the calls to which the client adds the selected account; and
 * `operatorRoles`: the operator roles that may make each operator call (its `x-operator-roles`).
 */
export async function renderApiTypes(document) {
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => dashboardPath(path)));
  const types = await typesOf(document, paths);
  const account = [];
  const roles = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const op = `${method.toUpperCase()} ${path}`;
      if (namesAccount(operation) && !operatorPath(path)) account.push(op);
      if (operatorPath(path) && operation['x-operator-roles'])
        roles.push(`    ${JSON.stringify(op)}: ${JSON.stringify(operation['x-operator-roles']).replaceAll(',', ', ')},`);
    }
  }
  const list = account
    .sort()
    .map((op) => `    ${JSON.stringify(op)},`)
    .join('\n');
  return `${HEADER}${types}${numberFieldsSource(paths)}
/** The calls that act on one merchant account: the client names it (\`accountId\`) in the query of a read, the body of a write. */
export const accountOperations: ReadonlySet<string> = new Set([
${list}
]);

/** The operator roles that may make each operator call (the console hides what a role cannot do). */
export const operatorRoles = {
${roles.sort().join('\n')}
} as const satisfies Record<string, readonly string[]>;
`;
}

/** The TypeScript source of `paths` for the payment page's own calls (every documented route under /pay/). */
export async function renderPayTypes(document) {
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith('/pay/')));
  return `${HEADER}${await typesOf(document, paths)}${numberFieldsSource(paths)}`;
}

/** The TypeScript source of `paths` for the customer portal's calls (every documented route under /portal/). */
export async function renderPortalTypes(document) {
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => path.startsWith('/portal/')));
  return `${HEADER}${await typesOf(document, paths)}${numberFieldsSource(paths)}`;
}

/** The dashboard's file as it should be now, generated from a freshly built app. */
export async function currentApiTypes() {
  return renderApiTypes(await openapiDocument());
}

/** The payment page's file as it should be now. */
export async function currentPayTypes() {
  return renderPayTypes(await openapiDocument());
}

/** The customer portal's file as it should be now. */
export async function currentPortalTypes() {
  return renderPortalTypes(await openapiDocument());
}

/** A file as committed, or '' when it does not exist yet. */
function committed(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The dashboard's file as committed. */
export const committedApiTypes = () => committed(API_TYPES_FILE);
/** The payment page's file as committed. */
export const committedPayTypes = () => committed(PAY_TYPES_FILE);
/** The customer portal's file as committed. */
export const committedPortalTypes = () => committed(PORTAL_TYPES_FILE);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [file, text] of [
    [API_TYPES_FILE, await currentApiTypes()],
    [PAY_TYPES_FILE, await currentPayTypes()],
    [PORTAL_TYPES_FILE, await currentPortalTypes()],
  ]) {
    const changed = text !== committed(file);
    if (changed) writeFileSync(file, text);
    console.log(`${file}: ${changed ? 'written' : 'up to date'} (${text.split('\n').length} lines)`);
  }
}
