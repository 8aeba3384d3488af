import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { BuildOptions } from 'esbuild';

/** The encodings a built file is kept in besides its plain bytes, as Accept-Encoding names them. */
export type Encoding = 'br' | 'gzip';

/** One built file of the dashboard, as served. */
export interface DashboardAsset {
  /**
   * Its name under /dashboard/assets/, from a hash of its bytes (`app-1a2b3c4d5e6f.js`): a new build
   * has a new name, so a browser may keep one for a year without asking again.
   */
  name: string;
  body: Buffer;
  /** The same bytes compressed, made once per build (and kept with it in the cache). */
  encoded: Record<Encoding, Buffer>;
  /** Strong validator of the plain bytes: a hash of the body. */
  etag: string;
  contentType: string;
}

/** The dashboard's script and style sheet. */
export interface DashboardBundle {
  js: DashboardAsset;
  css: DashboardAsset;
}

/** The dashboard's sources (Preact + TSX), read from disk and bundled in this process. */
export const DASHBOARD_SOURCE = fileURLToPath(new URL('../../../ui/dashboard/', import.meta.url));

/** Files outside ui/dashboard that the dashboard imports (the payment page's palette, for the branding preview): a change to one builds anew. */
const SHARED_SOURCES = [fileURLToPath(new URL('../pay/accent.ts', import.meta.url))];

let pending: Promise<DashboardBundle> | undefined;

const JS_TYPE = 'text/javascript; charset=utf-8';
const CSS_TYPE = 'text/css; charset=utf-8';

/**
 * Built bundles are kept here, named by a hash of the sources and options: a restart serves the
 * same build without building (esbuild costs a second of CPU and a process, brotli a third of one),
 * a changed source builds anew.
 */
const BUILD_CACHE = fileURLToPath(new URL('../../../node_modules/.cache/cryptogate/', import.meta.url));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `body` in `encoding`, at the best compression (made once per build, so its cost is paid once). */
function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(body, { level: constants.Z_BEST_COMPRESSION });
  return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/** A built file as served: named by its hash, its compressed forms read from beside `file` in the cache or made now (and kept there). */
async function asset(contents: Uint8Array, contentType: string, file: string): Promise<DashboardAsset> {
  const body = Buffer.from(contents);
  const hash = createHash('sha256').update(body).digest();
  const encoded = {} as Record<Encoding, Buffer>;
  for (const encoding of ['br', 'gzip'] as const) {
    try {
      encoded[encoding] = readFileSync(`${file}.${encoding}`);
    } catch {
      encoded[encoding] = await compress(body, encoding);
      keep(`${file}.${encoding}`, encoded[encoding]);
    }
  }
  const ext = file.slice(file.lastIndexOf('.'));
  return { name: `app-${hash.toString('hex').slice(0, 12)}${ext}`, body, encoded, contentType, etag: `"${hash.toString('base64url').slice(0, 27)}"` };
}

/**
 * Bundles ui/dashboard in memory with esbuild (nothing fetched): the script from src/main.tsx, the
 * style sheet from src/app.css; or reads the same build from the cache.
 */
async function buildBundle(): Promise<DashboardBundle> {
  const options = buildOptions();
  const key = createHash('sha256').update(`esbuild ${esbuildVersion()}\n${JSON.stringify(options)}\n`);
  for (const file of [...filesUnder(DASHBOARD_SOURCE), ...SHARED_SOURCES]) key.update(`${file}\n`).update(readFileSync(file));
  const cached = join(BUILD_CACHE, `dashboard-${key.digest('hex').slice(0, 16)}`);
  const built = readBuild(cached) ?? (await compile(options, cached));
  return { js: await asset(built.js, JS_TYPE, `${cached}.js`), css: await asset(built.css, CSS_TYPE, `${cached}.css`) };
}

/** A build kept in the cache, or undefined when there is none for these sources. */
function readBuild(cached: string): { js: Uint8Array; css: Uint8Array } | undefined {
  try {
    // The style sheet is written first and the script last: with the script there, both are.
    return { js: readFileSync(`${cached}.js`), css: readFileSync(`${cached}.css`) };
  } catch {
    return undefined;
  }
}

/** Builds with esbuild (its service process ended once built) and keeps the build in the cache. */
async function compile(options: BuildOptions & { write: false }, cached: string): Promise<{ js: Uint8Array; css: Uint8Array }> {
  const { build, stop } = await import('esbuild');
  const result = await build(options).finally(() => void stop());
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  if (!js || !css) throw new Error('the dashboard bundle lacks its script or style sheet');
  keep(`${cached}.css`, css.contents);
  keep(`${cached}.js`, js.contents);
  return { js: js.contents, css: css.contents };
}

/** Every file under `dir`, sorted, but installed packages. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules')
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}

/** Writes one file of a build to the cache (renamed into place whole); a cache that cannot be written is done without. */
function keep(path: string, body: Uint8Array): void {
  try {
    mkdirSync(BUILD_CACHE, { recursive: true });
    writeFileSync(`${path}.${process.pid}`, body);
    renameSync(`${path}.${process.pid}`, path);
  } catch {
    // read-only installation: built on every start
  }
}

function esbuildVersion(): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8')) as { version: string }).version;
}

function buildOptions(): BuildOptions & { write: false } {
  return {
    absWorkingDir: DASHBOARD_SOURCE,
    entryPoints: [
      { in: 'src/main.tsx', out: 'app' },
      { in: 'src/app.css', out: 'app' },
    ],
    outdir: 'out',
    bundle: true,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    target: 'es2020',
    charset: 'utf8',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  };
}

/**
 * The bundle, built once per process on first use and then served from memory. A failed build is
 * not cached: the next request tries again (and reports the same error while the source is broken).
 */
export function dashboardBundle(): Promise<DashboardBundle> {
  pending ??= buildBundle().catch((err: unknown) => {
    pending = undefined;
    throw err;
  });
  return pending;
}
