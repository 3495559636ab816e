/**
 * The back office by keyboard alone (issue 21): on each list screen, Tab reaches the sort headers and every row's
 * actions (React Aria's grid used to reach them with the arrow keys only), Enter does the task, and whatever has the
 * focus shows a ring of at least 2 px (WCAG 2.2 focus appearance).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { extraAdmin, signInContext } from './accounts';
import { bookingRequest, letters } from './booking-requests';

const TAG = `Klav${letters()}`;
let adminEmail = '';

test.beforeAll(async ({ request, baseURL }) => {
  if (adminEmail) return;
  adminEmail = await extraAdmin(request, baseURL!, 'keyboard-admin');
  await bookingRequest(request, baseURL!, { firstName: 'Tiiu', lastName: TAG });
});

test.beforeEach(async ({ page, baseURL }) => {
  await signInContext(page, baseURL!, adminEmail);
});

/** Presses Tab (from where the focus is) until `target` has the focus; fails if it never comes. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element's outline: visible, at least 2 px. */
async function expectVisibleFocus(page: Page) {
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[data-loading]')).toHaveCount(0);
  // Start from the top of the page, as a keyboard user arriving on it does.
  await page.locator('body').focus();
}

test('bookings: sort by name and open a booking, by Tab and Enter only', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await open(page, `/admin/bookings?q=${TAG}`, 'Broneeringud');
  const sortByName = page.getByRole('columnheader', { name: /Nimi/ }).getByRole('button');
  await tabTo(page, sortByName);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByRole('columnheader', { name: /Nimi/ })).toHaveAttribute('aria-sort', 'ascending');
  const view = page.getByRole('link', { name: `Tiiu ${TAG}` });
  await tabTo(page, view);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/bookings\/\d+$/);
});

test('clients: open a client from the list by keyboard', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await open(page, `/admin/clients?q=${TAG}`, 'Kliendid');
  const view = page.getByRole('button', { name: `Vaata klienti: Tiiu ${TAG}` });
  await tabTo(page, view);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(view).toBeFocused();
});

test('retreats and the audit trail: a row action by keyboard', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await open(page, '/admin/retreats?q=2026', 'Retriidid');
  const retreat = page.getByRole('link', { name: /^Vaata retriiti:/ }).first();
  await tabTo(page, retreat);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/retreats\/\d+$/);

  await open(page, '/admin/audit', 'Auditilogi');
  const record = page.getByRole('button', { name: /^Vaata kirjet:/ }).first();
  await tabTo(page, record);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Auditikirje' })).toBeVisible();
});
