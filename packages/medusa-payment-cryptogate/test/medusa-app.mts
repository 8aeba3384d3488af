import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../src/lib/net.ts';

/** The package's own directory: its dist holds the built provider. */
export const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
/** The node_modules that holds Medusa, as Node resolves it from the package (npm workspaces hoist it to the root's). */
const MODULES = (() => {
  try {
    return join(dirname(createRequire(join(PACKAGE_DIR, 'package.json')).resolve('@medusajs/medusa/package.json')), '..', '..');
  } catch {
    return join(PACKAGE_DIR, 'node_modules'); // not installed: medusaMissing says so
  }
})();
const CLI = join(MODULES, '@medusajs', 'cli', 'cli.js');

/** Why the Medusa application tests cannot run here, or null when they can. */
export function medusaMissing(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'Medusa needs PostgreSQL: set TEST_DATABASE_URL';
  if (!existsSync(join(MODULES, '@medusajs', 'medusa', 'package.json')) || !existsSync(CLI)) {
    return 'Medusa is not installed: npm ci at the repository root installs it with the package';
  }
  return null;
}

/** Builds the provider (`dist/`) with the package's own TypeScript, as `npm test` does first. */
export async function buildProvider(): Promise<void> {
  await run(process.execPath, [join(MODULES, 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], PACKAGE_DIR, {});
}

/** A Medusa application directory made by the test: config, package.json and the package's node_modules. */
export interface MedusaApp {
  dir: string;
  databaseUrl: string;
  /** Runs `medusa <args>` in the application, as `npx medusa` would. */
  cli(args: string[]): Promise<string>;
  /** `medusa start` on a free port, waiting for `/health`. */
  start(): Promise<MedusaServer>;
  remove(): void;
}

export interface MedusaServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * A plain `.js` config: Medusa loads a `.ts` one only through ts-node, which a production install
 * does not have. No Redis: Medusa's in-memory event bus, cache, locking and workflow engine.
 * The payment module's webhook delay is short, so the test waits seconds, not tens of them.
 */
function configText(providerOptions: Record<string, unknown>, storeCors: string): string {
  const payment = {
    resolve: '@medusajs/medusa/payment',
    options: { webhook_delay: 200, providers: [{ resolve: PACKAGE_DIR, id: 'cryptogate', options: providerOptions }] },
  };
  return `const { defineConfig } = require("@medusajs/framework/utils")
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { storeCors: ${JSON.stringify(storeCors)}, adminCors: "*", authCors: "*", jwtSecret: "medusa-test-jwt", cookieSecret: "medusa-test-cookie" },
  },
  admin: { disable: true },
  modules: [${JSON.stringify(payment)}],
})
`;
}

/** Writes a Medusa application that registers the provider with `providerOptions`; `storeCors` is the storefront's origin. */
export function createMedusaApp(databaseUrl: string, providerOptions: Record<string, unknown>, storeCors: string): MedusaApp {
  const dir = mkdtempSync(join(tmpdir(), 'medusa-app-'));
  const pkg = {
    name: 'medusa-test-shop',
    private: true,
    dependencies: { '@medusajs/medusa': '2.21.2', '@medusajs/framework': '2.21.2', '@medusajs/cli': '2.21.2' },
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(join(dir, 'medusa-config.js'), configText(providerOptions, storeCors));
  symlinkSync(MODULES, join(dir, 'node_modules'), 'dir');
  const env = { DATABASE_URL: databaseUrl };
  return {
    dir,
    databaseUrl,
    cli: (args) => run(process.execPath, [CLI, ...args], dir, env),
    start: () => startMedusa(dir, env),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment of every Medusa process: production (no ts-node), no telemetry, no .env of the user's. */
function medusaEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    MEDUSA_DISABLE_TELEMETRY: 'true',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/** Runs a command to its end; fails with its output when it exits non-zero. */
function run(cmd: string, args: string[], cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(cmd, args, { cwd, env: medusaEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
    proc.once('error', reject);
    proc.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}:\n${out.slice(-3000)}`))));
  });
}

async function startMedusa(dir: string, env: Record<string, string>): Promise<MedusaServer> {
  const port = await freePort();
  const proc: ChildProcess = spawn(process.execPath, [CLI, 'start'], {
    cwd: dir,
    env: medusaEnv({ ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone) throw new Error(`medusa start exited:\n${out.slice(-3000)}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`medusa start not ready in time:\n${out.slice(-3000)}`);
    }
    if (
      await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => out,
    async stop() {
      if (!gone) proc.kill('SIGTERM');
      await exited;
    },
  };
}
