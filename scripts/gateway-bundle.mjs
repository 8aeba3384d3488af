// The gateway compiled once: src/ (TypeScript) bundled by esbuild into one ES module under
// node_modules/.cache/cryptogate/, which `npm start` runs with plain Node instead of transpiling
// every file on every start (tsx). The file is named by a hash of the sources and of how they
// are built, so a changed source is rebuilt on the next start and a stale bundle is never run.
// Packages stay external (loaded from node_modules as usual); nothing is fetched.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const ENTRY = join(SRC, 'main.ts');
const WORKER_ENTRY = join(SRC, 'chains', 'offload-worker.ts');
/** The operator's commands (src/cli/<name>.ts), each compiled beside the gateway: `npm run <name>` runs it (scripts/cli.mjs). */
export const COMMANDS = ['backup', 'restore', 'move-to-postgres', 'migrate'];
const PREFIX = 'gateway-';

/** Every file under `dir`, sorted (the hash must not depend on the order the disk lists them in). */
function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}

/** A hash of what the bundle is made of: the sources, tsconfig, esbuild's version and this script. */
export function sourceHash(esbuildVersion) {
  const hash = createHash('sha256')
    .update(`esbuild ${esbuildVersion}\n`)
    .update(readFileSync(fileURLToPath(import.meta.url)));
  for (const path of [...filesUnder(SRC), join(ROOT, 'tsconfig.json')]) {
    hash.update(`\n${relative(ROOT, path)}\n`).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where bundles are kept: node_modules/.cache, or the OS temporary directory where that is read-only. */
function cacheDirs() {
  return [join(ROOT, 'node_modules', '.cache', 'cryptogate'), join(tmpdir(), `cryptogate-${process.getuid?.() ?? 'user'}`)];
}

/**
 * Each of the project's sources keeps its own `import.meta.url`: the gateway finds migrations/,
 * contracts/ and ui/dashboard/ (and the tests their fixtures) relative to the file that names
 * them, wherever the bundle lies. Packages are left as they are.
 */
export const ownUrlPlugin = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (!args.path.startsWith(ROOT) || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      const contents = text.includes('import.meta.url')
        ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        : text;
      const ts = /\.[cm]?tsx?$/.test(args.path);
      return { contents, loader: args.path.endsWith('x') ? (ts ? 'tsx' : 'jsx') : ts ? 'ts' : 'js' };
    });
  },
};

/**
 * Builds `entry` into `outfile`. The gateway's bundle is told where its helper thread's own bundle
 * is (`define`): the thread then loads compiled JavaScript too, not the TypeScript through tsx.
 */
async function build(esbuild, entry, outfile, define = {}) {
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    define,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    external: externalPackages(),
    // CommonJS code bundled in (none is meant to be) still finds Node's require.
    banner: { js: "import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);" },
    sourcemap: true,
    sourcesContent: false,
    keepNames: true,
    logLevel: 'silent',
    plugins: [ownUrlPlugin],
  });
}

/**
 * Packages compiled into the bundle: ES modules used only by the gateway's sources, whose unused
 * parts the bundle leaves out (viem alone is a thousand files, most never used by the gateway).
 * Every other package stays external, loaded from node_modules as it is (those that find files
 * beside themselves, CommonJS ones, and those shared with other external packages).
 */
const BUNDLED = [
  'viem',
  'ox',
  'abitype',
  '@x402/core',
  '@x402/evm',
  '@noble/curves',
  '@noble/hashes',
  '@scure/base',
  '@scure/bip32',
  '@scure/bip39',
  '@scure/btc-signer',
  'kysely',
  'lossless-json',
  'isows',
];

function externalPackages() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies, ...pkg.devDependencies });
  return [...names.filter((n) => !BUNDLED.includes(n)), 'ws', 'zod'];
}

/** How long another bundle is kept: a gateway started from it may still start its helper thread's. */
const KEEP_OTHERS_MS = 3_600_000;

/**
 * Removes the other bundles of `dir` (older sources) once they are an hour old. A running gateway
 * has its own bundle loaded, but starts its helper thread's bundle on its first create: a bundle
 * built for sources changed meanwhile (a second gateway, a test run) must leave that one in place.
 */
function prune(dir, keep) {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(PREFIX) || name.startsWith(keep)) continue;
    const path = join(dir, name);
    if (Date.now() - statSync(path).mtimeMs > KEEP_OTHERS_MS) rmSync(path, { force: true });
  }
}

/** The path of the helper thread's bundle that goes with the gateway's bundle at `gatewayFile`. */
export const offloadWorkerOf = (gatewayFile) => gatewayFile.replace(/\.mjs$/, '-offload-worker.mjs');

/** The path of a command's bundle (one of COMMANDS) that goes with the gateway's bundle at `gatewayFile`. */
export const commandOf = (gatewayFile, command) => gatewayFile.replace(/\.mjs$/, `-cli-${command}.mjs`);

/**
 * The path of the bundle for the current sources, built first when there is none. Written under a
 * temporary name and renamed, so gateways starting at once never run a half-written file.
 */
export async function gatewayBundle() {
  // esbuild's version from its package.json: loading esbuild itself is needed only to build.
  const require = createRequire(import.meta.url);
  const { version } = JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8'));
  const name = `${PREFIX}${sourceHash(version)}`;
  let lastError;
  for (const dir of cacheDirs()) {
    const file = join(dir, `${name}.mjs`);
    if (existsSync(file)) return file;
    const esbuild = await import('esbuild');
    if (esbuild.version !== version) throw new Error(`esbuild ${esbuild.version} loaded, ${version} expected`);
    try {
      mkdirSync(dir, { recursive: true });
      // The helper thread's bundle and the commands' first, under their final names: a gateway
      // bundle that exists has them all.
      const worker = offloadWorkerOf(file);
      const define = { CRYPTOGATE_OFFLOAD_WORKER: JSON.stringify(pathToFileURL(worker).href) };
      const outputs = [
        { entry: WORKER_ENTRY, to: worker },
        ...COMMANDS.map((command) => ({ entry: join(SRC, 'cli', `${command}.ts`), to: commandOf(file, command) })),
        { entry: ENTRY, to: file, define },
      ].map((o) => ({ ...o, temp: join(dir, `tmp-${process.pid}-${basename(o.to)}`) }));
      // esbuild's service process is ended once built: the gateway runs in this process.
      await Promise.all(outputs.map((o) => build(esbuild, o.entry, o.temp, o.define))).finally(() => esbuild.stop());
      for (const { temp: from, to } of outputs) {
        renameSync(`${from}.map`, `${to}.map`);
        writeFileSync(from, readFileSync(from, 'utf8').replace(/sourceMappingURL=.*$/m, `sourceMappingURL=${basename(to)}.map`));
      }
      for (const { temp: from, to } of outputs) renameSync(from, to);
      prune(dir, name);
      return file;
    } catch (err) {
      if (err && Array.isArray(err.errors)) throw err; // the sources do not compile: no other place helps
      lastError = err;
    }
  }
  throw lastError;
}
