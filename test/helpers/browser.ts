import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after } from 'node:test';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Debian's Chromium, driven by playwright-core: its headless shell (`apt-get install
 * chromium-headless-shell`, the same Blink and V8 without the desktop browser around them, which is
 * what Playwright itself runs headless) where it is installed, else the full browser in its headless
 * mode. Measured on checkout-browser.test.ts: Chromium's CPU 16.2 s with the full browser, 8.6 s
 * with the shell (its renderer alone 9.8 → 4.5 s). CHROMIUM_PATH names another binary.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
/** Headless, and nothing that would reach the network on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Where browser tests save their screenshots (git-ignored). */
export const SHOTS = join('test-results', 'screenshots');
/**
 * Whether the pages are photographed as the tests go: with TEST_SCREENSHOTS=1, or
 * UPDATE_DOCS_SCREENSHOTS=1 (which also copies the ones the docs show to docs/). A screenshot asserts
 * nothing, and a full page costs Chromium a quarter to half a second of CPU to render and encode:
 * over the eight browser files, Chromium's CPU 91 s with the 79 screenshots, 72 s without (`perf
 * record -a`). A failing dashboard or console page is photographed either way.
 */
export const SCREENSHOTS = process.env.TEST_SCREENSHOTS === '1' || process.env.UPDATE_DOCS_SCREENSHOTS === '1';

/** A full-page screenshot to test-results/screenshots/<file> when SCREENSHOTS; its path, or undefined. */
export async function screenshot(page: Page, file: string, opts: { scale?: 'css' | 'device' } = {}): Promise<string | undefined> {
  if (!SCREENSHOTS) return undefined;
  const path = join(SHOTS, file);
  await page.screenshot({ path, fullPage: true, ...opts });
  return path;
}
/** Why browser tests cannot run here, or false. */
export const noChromium = existsSync(CHROMIUM) ? false : `chromium is not installed at ${CHROMIUM}`;

let shared: Promise<Browser> | undefined;

/**
 * The process's one Chromium, launched on first use and closed when the process's tests end. A
 * launch costs about a second of Chromium's CPU, and a shard runs several browser files (each on
 * both engines) in one process; each test keeps its own fresh context (see browserContexts). A
 * browser that went away (crashed) is launched again on the next use.
 */
export function sharedBrowser(): Promise<Browser> {
  if (shared) return shared;
  const launching = chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const forget = () => {
    if (shared === launching) shared = undefined;
  };
  shared = launching;
  launching.then((browser) => browser.on('disconnected', forget), forget);
  return launching;
}

// A hook of the root test (this module is first imported at a file's top level): the browser goes
// once every file of the process is done with it.
after(async () => {
  const browser = shared;
  shared = undefined;
  await (await browser?.catch(() => undefined))?.close();
});

/** Contexts of the shared browser that one suite opens: those still open are closed with it. */
export interface BrowserContexts {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes every context opened here and not closed yet. */
  close(): Promise<void>;
}

/** A suite's contexts in the shared browser (sharedBrowser), which is launched with the first of them. */
export function browserContexts(): BrowserContexts {
  const open = new Set<BrowserContext>();
  return {
    async newContext(options) {
      const context = await (await sharedBrowser()).newContext(options);
      open.add(context);
      context.on('close', () => open.delete(context));
      return context;
    },
    async close() {
      await Promise.all([...open].map((context) => context.close().catch(() => {})));
    },
  };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2 A/AA and best-practice checks on the page as it is now; fails on any violation. */
export async function assertAccessible(page: Page, what: string): Promise<void> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) stays as it is.
  // Injected once per document: a page's client-side navigations keep it.
  if (!(await page.evaluate('typeof axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  )) as string[];
  assert.deepEqual(violations, [], `axe-core on ${what}`);
}

/**
 * Waits until `expression` (evaluated in the page) is true, polling from here. Playwright's waitForFunction
 * polls inside the page through eval, which the gateway's CSP (no 'unsafe-eval') refuses as soon as
 * the first look fails; page.evaluate goes through the DevTools protocol, which the CSP leaves be.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
