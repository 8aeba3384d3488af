/** The dashboard in headless Chromium: a listening test app with workers, and pages that watch themselves. */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { SHOTS, assertAccessible, browserContexts, screenshot, type BrowserContexts } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/harness.ts';
import type { Engine } from '../../src/lib/db/index.ts';
import type { AppContext } from '../../src/context.ts';
import { startWorkers } from '../../src/worker.ts';
import { invite } from '../users/helpers.ts';

export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 900 } };
export const PASSWORD = 'a long dashboard passphrase';

/** What a page did that a test must check: requests elsewhere, console errors, failed answers. */
export interface Watched {
  page: Page;
  foreign: string[];
  errors: string[];
  /** Failed answers the test expects (`401 /auth/login`): they and their console lines are not errors. */
  expect(status: number, path: string): void;
  /** Asserts nothing went wrong so far. */
  assertClean(what: string): void;
}

export interface Dashboard {
  t: TestApp;
  origin: string;
  /** Contexts in the process's shared Chromium, closed with the dashboard. */
  browser: BrowserContexts;
  close(): Promise<void>;
}

/**
 * The app on a real port with its workers (watcher, webhooks) and contexts of the shared Chromium; `workers: false`
 * leaves the rounds to the test (one it runs with adapters it patches); the other options replace
 * parts of its context (a resolver).
 */
export async function startDashboard(
  engine: Engine = 'pglite',
  env: NodeJS.ProcessEnv = {},
  opts: Partial<AppContext> & { workers?: boolean } = {},
): Promise<Dashboard> {
  const { workers: runWorkers, ...ctx } = opts;
  mkdirSync(SHOTS, { recursive: true });
  const t = await startTestApp(engine, { config: { watchIntervalMs: 100 }, env: { WEBHOOK_ALLOW_PRIVATE: 'true', ...env }, ctx });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const workers = runWorkers === false ? { stop: async () => {} } : startWorkers(t.app.ctx, t.app.log);
  const browser = browserContexts();
  return {
    t,
    origin,
    browser,
    async close() {
      await browser.close();
      await workers.stop();
      await t.close();
    },
  };
}

/** Runs a browser test's steps; on failure the page is photographed (test-results) and its text kept in the error. */
export async function diagnosed<T>(page: Page, name: string, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (err) {
    await page.screenshot({ path: join(SHOTS, `dashboard-failed-${name}.png`), fullPage: true }).catch(() => {});
    const text = await page
      .locator('main')
      .innerText({ timeout: 1000 })
      .catch(() => '(no main)');
    if (err instanceof Error) err.message += `\n--- ${page.url()}\n${text.slice(0, 1500)}`;
    throw err;
  }
}

/** A new page in `context` that records foreign requests, console errors and failed answers. */
export async function watchedPage(context: BrowserContext, origin: string): Promise<Watched> {
  const page = await context.newPage();
  const foreign: string[] = [];
  const failures: Array<{ status: number; path: string }> = [];
  const consoleErrors: Array<{ text: string; url: string }> = [];
  const expected: Array<{ status: number; path: string }> = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push({ text: m.text(), url: m.location().url });
  });
  page.on('pageerror', (e) => consoleErrors.push({ text: e.message, url: '' }));
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push({ status: r.status(), path: new URL(r.url()).pathname });
  });
  const isExpected = (status: number, path: string) => expected.some((e) => e.status === status && e.path === path);
  const watched: Watched = {
    page,
    foreign,
    get errors() {
      const answers = failures.filter((f) => !isExpected(f.status, f.path)).map((f) => `${f.status} ${f.path}`);
      // Chromium logs every failed fetch as "Failed to load resource: … status of 401"; expected ones are fine.
      const logged = consoleErrors
        .filter((c) => !(/^Failed to load resource: the server responded with a status of (\d+)/.test(c.text) && expectedLine(c)))
        .map((c) => `${c.text} (${c.url})`);
      return [...answers, ...logged];
    },
    expect(status, path) {
      expected.push({ status, path });
    },
    assertClean(what) {
      assert.deepEqual(foreign, [], `${what}: no request to another origin`);
      assert.deepEqual(watched.errors, [], `${what}: no console errors or failed answers`);
    },
  };
  function expectedLine(c: { text: string; url: string }): boolean {
    const status = Number(/status of (\d+)/.exec(c.text)?.[1]);
    return c.url !== '' && isExpected(status, new URL(c.url).pathname);
  }
  return watched;
}

/** A tenant with a name people read (screenshots), its first account and a full-scope key bound to it. */
export async function namedTenant(t: TestApp, name: string): Promise<{ tenantId: string; accountId: string; key: string }> {
  const tenant = await t.admin('POST', '/admin/tenants', { name });
  assert.equal(tenant.status, 201, JSON.stringify(tenant.body));
  const { id: tenantId, accountId } = tenant.body.data;
  const key = await t.admin('POST', '/admin/api-keys', { tenantId, accountId, scopes: ['*'] });
  assert.equal(key.status, 201, JSON.stringify(key.body));
  return { tenantId, accountId, key: key.body.data.key };
}

/** Invites a user of the tenant with the operator API: the invitation token. */
export async function inviteUser(t: TestApp, tenantId: string, email: string, role: string): Promise<string> {
  return (await invite(t, { tenantId, email, role })).token;
}

/** Signs in on /dashboard/login as a person would and waits for the overview. */
export async function signIn(w: Watched, origin: string, email: string, password = PASSWORD): Promise<void> {
  await w.page.goto(`${origin}/dashboard/login`);
  await w.page.getByLabel('Email').fill(email);
  await w.page.getByLabel('Password').fill(password);
  await w.page.getByRole('button', { name: 'Sign in' }).click();
  await w.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
}

/** A main-nav link by its accessible name. */
export function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** On a phone, opens the header's menu (the navigation folds behind it) unless it is open; elsewhere nothing. */
export async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Follows a main-nav link (through the menu on a phone) and waits for the page's heading. */
export async function go(page: Page, name: string, heading = name): Promise<void> {
  await openMenu(page);
  await navLink(page, name).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The page fits a phone: the document never scrolls sideways. */
export async function assertNoSideScroll(page: Page, what: string): Promise<void> {
  const [scroll, width] = (await page.evaluate('[document.scrollingElement.scrollWidth, window.innerWidth]')) as [number, number];
  assert.ok(scroll <= width, `${what}: scrollWidth ${scroll} > innerWidth ${width}`);
}

/** Nothing but the page's content makes it scroll: the document ends where the content does. */
export async function assertNoPhantomScroll(page: Page, what: string): Promise<void> {
  const [scroll, height, end] = (await page.evaluate(
    '[document.scrollingElement.scrollHeight, window.innerHeight, Math.ceil(document.querySelector("main").getBoundingClientRect().bottom + window.scrollY)]',
  )) as [number, number, number];
  assert.ok(scroll <= Math.max(height, end), `${what}: scrollHeight ${scroll} > innerHeight ${height} and main's end ${end}`);
}

/**
 * axe-core clean, then a screenshot in test-results (when SCREENSHOTS); with UPDATE_DOCS_SCREENSHOTS=1 also copied to
 * docs/dashboard-<doc>.png when `doc` names one (the docs show those).
 */
export async function checkAndShoot(page: Page, name: string, doc?: string): Promise<void> {
  await assertAccessible(page, name);
  // A page the docs show keeps the device's pixels; the others are saved at CSS pixels (a quarter
  // of a phone's: the console test's 28 screenshots took 9.1 s at device pixels, 5.4 s so).
  const path = await screenshot(page, `dashboard-${name}.png`, { scale: doc ? 'device' : 'css' });
  if (path && doc && process.env.UPDATE_DOCS_SCREENSHOTS === '1') copyFileSync(path, join('docs', `dashboard-${doc}.png`));
}
