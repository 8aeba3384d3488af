import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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

let pending: Promise<DashboardBundle> | undefined;

function asset(contents: Uint8Array, contentType: string): DashboardAsset {
  const body = Buffer.from(contents);
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * Bundles ui/dashboard in memory with esbuild (no output on disk, nothing fetched): the script
 * from src/main.tsx, the style sheet from src/app.css.
 */
async function buildBundle(): Promise<DashboardBundle> {
  const result = await build({
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
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'));
  if (!js || !css) throw new Error('the dashboard bundle lacks its script or style sheet');
  return {
    js: asset(js.contents, 'text/javascript; charset=utf-8'),
    css: asset(css.contents, 'text/css; charset=utf-8'),
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
