/** What the operator commands share: their configuration, one-line refusals, and how they print. */
import { existsSync, readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { onlyRow, type Database } from '../lib/db/index.ts';
import { schemaVersion } from '../lib/db/snapshot.ts';

/** A command's refusal: printed as one line, `name: message`, and the exit code. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Refuses (1: refused or failed; 2: wrong usage or setting). Thrown, so cleanups on the way out run. */
export function fail(message: string, code = 1): never {
  throw new Refusal(message, code);
}

/** Runs a command: a refusal or any error is one line on stderr and a non-zero exit. */
export function runCommand(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      const code = err instanceof Refusal ? err.exitCode : 1;
      console.error(`${name}: ${(err as Error)?.message ?? String(err)}`);
      process.exit(code);
    },
  );
}

export function commandConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`configuration error: ${err.message}`, 2);
    throw err;
  }
}

/** True when the directory does not exist or holds nothing. */
export function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** A connection string without its password, to print. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the database';
  }
}

/** One line on what a database holds: its schema version and the counts an operator recognises. */
export async function describeDatabase(database: Database): Promise<string> {
  const version = await schemaVersion(database);
  const counts = await sql<Record<string, string>>`
    select (select count(*) from tenants)::text as tenants, (select count(*) from invoices)::text as invoices,
           (select count(*) from deposits)::text as deposits, (select count(*) from withdrawals)::text as withdrawals`.execute(database.db);
  const c = onlyRow(counts);
  return `schema ${version}; ${c.tenants} tenants, ${c.invoices} invoices, ${c.deposits} deposits, ${c.withdrawals} withdrawals`;
}
