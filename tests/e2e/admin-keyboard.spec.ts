/**
 * The back office by keyboard alone (issue 21): on each list screen, Tab reaches the sort headers and every row's
 * actions (React Aria's grid used to reach them with the arrow keys only), Enter does the task, and whatever has the
 * focus shows a ring of at least 2 px (WCAG 2.2 focus appearance). One task on each admin screen.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fileAdmin } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { serverNow } from './clock';

const TAG = `Klav${letters()}`;

// Each walk is a whole task by keyboard, some across two screens.
test.describe.configure({ timeout: 60_000 });

const admin = fileAdmin('keyboard-admin', async (request, baseURL) => {
  await bookingRequest(request, baseURL, { firstName: 'Tiiu', lastName: TAG });
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

test('dashboard: a quick action opens its list', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await open(page, '/dashboard', 'Töölaud');
  const users = page.getByRole('link', { name: /Halda kasutajaid/ });
  await tabTo(page, users);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Kasutajad' })).toBeVisible();
});

test("users: open a user's role list and close it, by keyboard", async ({ page, consoleErrors }) => {
  void consoleErrors;
  await open(page, `/admin/users?q=${encodeURIComponent(admin.email)}`, 'Kasutajad');
  const role = page.getByRole('button', { name: /Roll: / }).first();
  await tabTo(page, role);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(role).toBeFocused();
});

test('a booking: record a payment with the keyboard alone, then find the new booking form', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await open(page, `/admin/bookings?q=${TAG}`, 'Broneeringud');
  await page.getByRole('link', { name: `Tiiu ${TAG}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Broneering #\d+$/);
  await expect(page.locator('[data-loading]')).toHaveCount(0);
  await page.locator('body').focus();
  const add = page.getByRole('button', { name: '+ Lisa makse' });
  await tabTo(page, add);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Lisa makse' });
  await expect(dialog).toBeVisible();
  // The dialog itself has the focus; Tab walks into its fields.
  await tabTo(page, dialog.getByRole('textbox', { name: /Summa/ }), 10);
  await expectVisibleFocus(page);
  await page.keyboard.type('12,50');
  // The day the money came, into the date's segments: the server's today (its clock is set for the content's
  // editions; the field offers the browser's today, which the server would call the future).
  await tabTo(page, dialog.getByRole('spinbutton').first(), 10);
  const [year, month, day] = serverNow().toISOString().slice(0, 10).split('-');
  await page.keyboard.type(`${day}${month}${year}`);
  await tabTo(page, dialog.getByRole('button', { name: 'Salvesta makse' }), 20);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Maksed', exact: true }).getByRole('row').nth(1)).toContainText('12,50');

  await open(page, '/admin/bookings', 'Broneeringud');
  const create = page.getByRole('link', { name: '+ Lisa uus broneering' });
  await tabTo(page, create);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Uus broneering' })).toBeVisible();
  // The client is chosen from the server's search by typing, the arrow keys and Enter.
  const client = page.getByRole('combobox', { name: /Klient/ });
  await tabTo(page, client);
  await expectVisibleFocus(page);
  await page.keyboard.type(TAG);
  await expect(page.getByRole('option', { name: new RegExp(`Tiiu ${TAG}`) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(client).toHaveValue(new RegExp(`Tiiu ${TAG}`));
});

test('invoices: open an invoice from the list, by keyboard', async ({ page, baseURL, consoleErrors }) => {
  void consoleErrors;
  // An invoice of this test's own: a priced booking, invoiced through the API as the dialog would.
  const bookingId = await bookingRequest(page.request, baseURL!, { firstName: 'Arve', lastName: TAG, email: `arve.${letters()}@example.com` });
  await serverSql('UPDATE bookings SET total_amount_cents = 129900 WHERE id = ?', [bookingId]);
  const detail = (await (await page.request.get(`/api/admin/bookings/${bookingId}`)).json()) as { booking: { version: number } };
  const issued = await page.request.post(`/api/admin/bookings/${bookingId}/invoices`, { headers: { Origin: baseURL! }, data: { version: detail.booking.version, buyer: { name: `Arve ${TAG}` } } });
  expect(issued.status()).toBe(201);

  await open(page, `/admin/invoices?q=${TAG}`, 'Arved');
  const invoice = page.getByRole('region', { name: /Arved/ }).getByRole('link').first();
  await tabTo(page, invoice);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^(Arve|Kreeditarve) / })).toBeVisible();
  await page.locator('body').focus();
  const pdf = page.getByRole('link', { name: 'Laadi PDF alla' });
  await tabTo(page, pdf);
  await expectVisibleFocus(page);
});

test('a retreat: open its edit dialog by keyboard', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await open(page, '/admin/retreats?q=2026', 'Retriidid');
  await page.getByRole('link', { name: /^Vaata retriiti:/ }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Põhiandmed' })).toBeVisible();
  await page.locator('body').focus();
  const edit = page.getByRole('button', { name: 'Muuda retriiti' });
  await tabTo(page, edit);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeFocused();
});
