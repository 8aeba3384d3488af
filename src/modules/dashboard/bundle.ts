import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import type { BuildOptions } from 'esbuild';

/** One built file of the dashboard, as served. */
export interface DashboardAsset {
  body: Buffer;
  /** Strong validator: a hash of the body. */
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

function asset(contents: Uint8Array, contentType: string): DashboardAsset {
  const body = Buffer.from(contents);
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
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
  try {
    return { js: asset(readFileSync(`${cached}.js`), JS_TYPE), css: asset(readFileSync(`${cached}.css`), CSS_TYPE) };
  } catch {
    // not built for these sources yet
  }
  // esbuild (and its service process, ended once built) only when a build is needed.
  const { build, stop } = await import('esbuild');
  const result = await build(options).finally(() => void stop());
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  if (!js || !css) throw new Error('the dashboard bundle lacks its script or style sheet');
  keep(cached, js.contents, css.contents);
  return { js: asset(js.contents, JS_TYPE), css: asset(css.contents, CSS_TYPE) };
}

const JS_TYPE = 'text/javascript; charset=utf-8';
const CSS_TYPE = 'text/css; charset=utf-8';

/**
 * Built bundles are kept here, named by a hash of the sources and options: a restart serves the
 * same build without building (esbuild costs a second of CPU and a process), a changed source builds anew.
 */
const BUILD_CACHE = fileURLToPath(new URL('../../../node_modules/.cache/cryptogate/', import.meta.url));

/** Every file under `dir`, sorted, but installed packages. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules')
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : []));
}

/** Writes a build to the cache (the style sheet, then the script, each renamed into place); a cache that cannot be written is done without. */
function keep(base: string, js: Uint8Array, css: Uint8Array): void {
  try {
    mkdirSync(BUILD_CACHE, { recursive: true });
    for (const [ext, body] of [['css', css], ['js', js]] as const) {
      writeFileSync(`${base}.${ext}.${process.pid}`, body);
      renameSync(`${base}.${ext}.${process.pid}`, `${base}.${ext}`);
    }
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
