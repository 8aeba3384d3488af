import { fileURLToPath } from 'node:url';
import { bundleFile, uiBundle, type BundleAsset } from '../../lib/http/ui-bundle.ts';

/** The dashboard's script and style sheet. */
export interface DashboardBundle {
  js: BundleAsset;
  css: BundleAsset;
}

/** The dashboard's sources (Preact + TSX), read from disk and bundled in this process. */
export const DASHBOARD_SOURCE = fileURLToPath(new URL('../../../ui/dashboard/', import.meta.url));

/**
 * The dashboard built by esbuild (`lib/http/ui-bundle.ts`): the script from src/main.tsx, the style
 * sheet from src/app.css. It also imports the payment page's palette, for the branding preview.
 */
const build = uiBundle({
  name: 'dashboard',
  sourceDir: DASHBOARD_SOURCE,
  sharedSources: [fileURLToPath(new URL('../pay/accent.ts', import.meta.url))],
  entryPoints: [
    { in: 'src/main.tsx', out: 'app' },
    { in: 'src/app.css', out: 'app' },
  ],
  options: { jsx: 'automatic', jsxImportSource: 'preact', define: { 'process.env.NODE_ENV': '"production"' } },
});

/** The bundle, built once per process on first use (a failed build is tried again on the next request). */
export async function dashboardBundle(): Promise<DashboardBundle> {
  const bundle = await build();
  return { js: bundleFile(bundle, 'app.js'), css: bundleFile(bundle, 'app.css') };
}
