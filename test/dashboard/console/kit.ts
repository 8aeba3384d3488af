/** The operator console in headless Chromium: the dashboard's kit, plus what the console's tests add. */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assertAccessible, screenshot, waitInPage } from '../../helpers/browser.ts';
import { assertNoSideScroll, navLink, openMenu } from '../kit.ts';

/** The console's main pages: nav link → heading. */
export const CONSOLE_PAGES: Array<[link: string, heading: string]> = [
  ['Overview', 'Overview'],
  ['Tenants', 'Tenants'],
  ['Users', 'Users'],
  ['Networks', 'Networks'],
  ['Hot and cold', 'Hot and cold'],
  ['Withdrawals', 'Withdrawals'],
  ['Approvals', 'Approvals'],
  ['Unlisted tokens', 'Unlisted tokens'],
  ['Held payments', 'Held payments'],
  ['Webhooks', 'Webhooks'],
  ['Rates', 'Rates'],
  ['Sandbox', 'Sandbox tools'],
  ['Audit log', 'Audit log'],
];

/** Follows a main-nav link (through the menu on a phone), waits for the page's heading, and checks the heading took the focus. */
export async function open(page: Page, link: string, heading = link): Promise<void> {
  await openMenu(page);
  await navLink(page, link).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await waitInPage(page, `document.activeElement?.tagName === 'H1' && document.activeElement.textContent === ${JSON.stringify(heading)}`);
}

/**
 * axe-core clean, no sideways scroll, then a screenshot in test-results (console-<name>.png, when SCREENSHOTS); with
 * UPDATE_DOCS_SCREENSHOTS=1 also copied to docs/console-<doc>.png when `doc` names one.
 */
export async function checkAndShoot(page: Page, name: string, doc?: string): Promise<void> {
  await assertNoSideScroll(page, name);
  await assertAccessible(page, name);
  // A page the docs show keeps the device's pixels; the others are saved at CSS pixels (a quarter
  // of a phone's: the console test's 28 screenshots took 9.1 s at device pixels, 5.4 s so).
  const path = await screenshot(page, `console-${name}.png`, { scale: doc ? 'device' : 'css' });
  if (path && doc && process.env.UPDATE_DOCS_SCREENSHOTS === '1') copyFileSync(path, join('docs', `console-${doc}.png`));
}

/** The text of the row of a table (by its caption) that contains `text`. */
export async function rowText(page: Page, table: string, text: string | RegExp): Promise<string> {
  const row = page.getByRole('table', { name: table, exact: true }).getByRole('row').filter({ hasText: text }).first();
  await row.waitFor();
  const content = await row.textContent();
  assert.ok(content);
  return content;
}
