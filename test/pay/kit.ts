import { copyFileSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { Engine } from '../../src/lib/db/index.ts';
import { startWorkers } from '../../src/worker.ts';
import { SHOTS, browserContexts, noChromium, screenshot, type BrowserContexts } from '../helpers/browser.ts';
import { describeEngines, startTestApp, type TestApp } from '../helpers/harness.ts';

/** The payment page's two sizes: a phone at 390 px and a desktop at 1280 px. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** What a browser suite of the payment page works with. */
export interface PageSuite {
  t: TestApp;
  /** Contexts in the process's shared Chromium, closed after the suite. */
  browser: BrowserContexts;
  /** Where the gateway listens: http://127.0.0.1:<port>. */
  origin: string;
}

/**
 * Call inside a suite: a sandbox gateway on the engine, listening, with its workers (watching every
 * 100 ms), and contexts of the process's shared headless Chromium, started before the suite's tests
 * and closed after. Returns a getter.
 */
export function usePageSuite(engine: Engine): () => PageSuite {
  let suite: PageSuite | undefined;
  let workers: { stop(): Promise<void> } | undefined;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const t = await startTestApp(engine, { config: { watchIntervalMs: 100 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    workers = startWorkers(t.app.ctx, t.app.log);
    suite = { t, browser: browserContexts(), origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
  });
  after(async () => {
    await suite?.browser.close();
    await workers?.stop();
    await suite?.t.close();
  });
  return () => {
    if (!suite) throw new Error('the page suite has not started yet');
    return suite;
  };
}

/** A browser suite of the payment page on each engine (usePageSuite), or one skipped test saying Chromium is missing. */
export function describePages(name: string, body: (engine: Engine, suite: () => PageSuite) => void): void {
  describeEngines(name, (engine) => {
    if (noChromium) {
      it('needs Chromium', { skip: noChromium }, () => {});
      return;
    }
    body(engine, usePageSuite(engine));
  });
}

/** A page of the gateway at `origin`, with what it asked of other hosts, its console errors and failed answers. */
export interface WatchedPage {
  page: Page;
  foreign: string[];
  errors: string[];
  /** The last status of each path the page loaded. */
  loaded: Map<string, number>;
  /** Answers to the page's state poll so far (a poll renders once it is answered). */
  polls: () => number;
}

/** Opens `path` in a new page of the context and watches it (see WatchedPage). */
export async function openWatched(context: BrowserContext, origin: string, path: string): Promise<WatchedPage> {
  const page = await context.newPage();
  const foreign: string[] = [];
  const errors: string[] = [];
  const loaded = new Map<string, number>();
  let polls = 0;
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    loaded.set(pathname, r.status());
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    if (pathname.endsWith('/state')) polls++;
  });
  await page.goto(`${origin}${path}`);
  return { page, foreign, errors, loaded, polls: () => polls };
}

/**
 * A full-page screenshot in test-results (when SCREENSHOTS); with UPDATE_DOCS_SCREENSHOTS=1 also
 * the docs' picture of it, docs/payment-page<doc>.png, when `doc` names one ('' is the main one).
 */
export async function payScreenshot(page: Page, file: string, doc?: string): Promise<void> {
  await docsScreenshot(page, file, doc === undefined ? undefined : `payment-page${doc}`);
}

/** A full-page screenshot in test-results (when SCREENSHOTS); with UPDATE_DOCS_SCREENSHOTS=1 also docs/<doc>.png when `doc` names one. */
export async function docsScreenshot(page: Page, file: string, doc?: string): Promise<void> {
  const path = await screenshot(page, file);
  if (path && doc !== undefined && process.env.UPDATE_DOCS_SCREENSHOTS === '1') copyFileSync(path, join('docs', `${doc}.png`));
}

/** Whether two elements' boxes overlap on screen (an amount running into its Copy button). */
export async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  const [x, y] = [await page.locator(a).boundingBox(), await page.locator(b).boundingBox()];
  if (!x || !y) throw new Error(`${a} or ${b} is not on the page`);
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** The rows of a description list as [term, description] pairs, in order. */
export function descriptionRows(page: Page, selector: string): Promise<Array<[string, string]>> {
  return page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(`${selector} dt`)})].map((dt) => [dt.textContent, dt.nextElementSibling.innerText.replace(/\\s+/g, ' ').trim()])`,
  ) as Promise<Array<[string, string]>>;
}

/** Computed CSS properties of the first element matching the selector (strings: the tests compile without the DOM library). */
export function style(page: Page, selector: string, ...props: string[]): Promise<string[]> {
  return page.evaluate(
    `(() => { const s = getComputedStyle(document.querySelector(${JSON.stringify(selector)})); return ${JSON.stringify(props)}.map((p) => s[p]); })()`,
  ) as Promise<string[]>;
}
