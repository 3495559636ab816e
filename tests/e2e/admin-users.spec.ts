import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedUser, expectNoAxeViolations, fileAdmin, PASSWORD, toast } from './accounts';

/**
 * The back office's users and roles (admin spec sections 2 "Users", 5, 8) in Chromium against the real Node host,
 * API and database: the list with its badges and search, the new-password box with the spec's two messages and
 * toast, a role change through its confirmation ending the user's session, all by keyboard; axe at two widths.
 * Accounts are made per run with a tag in their address, so the search sees only this file's users.
 */

const TAG = `kasutajad${Math.random().toString(36).slice(2, 8)}`;
/** The role test's own user, outside TAG's search, so the list test's row count holds in any order. */
const ROLE_TAG = `rollid${Math.random().toString(36).slice(2, 8)}`;
// Every test here loads at least one admin screen (its own chunk) and most run axe: slow on two shared cores.
test.describe.configure({ timeout: 90_000 });

let targetEmail = '';

const admin = fileAdmin(`${TAG}-admin`, async (request, baseURL) => {
  targetEmail = await confirmedUser(request, baseURL, `${TAG}-user`, { firstName: 'Tiina', lastName: 'Tamm' });
});

const targetRow = (page: Page) => page.getByRole('row').filter({ hasText: targetEmail });

async function openUsers(page: Page, q = TAG) {
  await page.goto(`/admin/users?q=${q}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kasutajad' })).toBeVisible();
  await expect(page.locator('[data-loading]')).toHaveCount(0);
}

test('lists the users with names, join dates and role badges, and searches on the server', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await openUsers(page);
  await expect(page.getByRole('row')).toHaveCount(1 + 2);
  await expect(targetRow(page)).toContainText('Tiina Tamm');
  await expect(targetRow(page)).toContainText('kasutaja');
  await expect(page.getByRole('row').filter({ hasText: admin.email })).toContainText('admin');
  await expect(page.locator('[data-counter="admins"]')).not.toHaveText('…');

  await page.getByRole('searchbox', { name: 'Otsi' }).fill(`${TAG}-user`);
  await expect(page).toHaveURL(new RegExp(`q=${TAG}-user`));
  await expect(page.getByRole('row')).toHaveCount(1 + 1);
  await page.getByRole('searchbox', { name: 'Otsi' }).fill('ei-ole-sellist-kasutajat');
  await expect(page.getByText('Otsingule vastavaid kasutajaid ei leitud')).toBeVisible();
});

test('an admin sets a new password by keyboard: the spec\'s messages first, then the toast, and the user signs in with it', async ({ page, baseURL, playwright }) => {
  await openUsers(page);
  const box = page.getByLabel('Uus salasõna: Tiina Tamm');
  await box.focus();
  await page.keyboard.press('Enter');
  await expect(targetRow(page)).toContainText('Sisesta uus salasõna');
  await page.keyboard.type('lühike');
  await page.keyboard.press('Enter');
  await expect(targetRow(page)).toContainText('Salasõna ei vasta nõuetele');
  await expect(toast(page, 'Viga salasõna muutmisel')).toBeVisible();

  await box.fill('');
  await page.keyboard.type('UusAlgus2026');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Muuda salasõna: Tiina Tamm' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Edukas!')).toContainText('Kasutaja salasõna on edukalt muudetud');
  await expect(box).toHaveValue('');

  const other = await playwright.request.newContext({ baseURL });
  const headers = { Origin: baseURL! };
  expect((await other.post('/api/auth/signin', { headers, data: { email: targetEmail, password: PASSWORD } })).status()).toBe(401);
  expect((await other.post('/api/auth/signin', { headers, data: { email: targetEmail, password: 'UusAlgus2026' } })).status()).toBe(200);
  await other.dispose();
});

test('a role change goes through its confirmation, shows the new badge and ends the user\'s session', async ({ page, request, baseURL, playwright }) => {
  // Made through the test's own request context: confirmedUser signs out, which must not sign the page's admin out.
  const roleUser = await confirmedUser(request, baseURL!, ROLE_TAG, { firstName: 'Rolf', lastName: 'Roll' });
  const theirs = await playwright.request.newContext({ baseURL });
  expect((await theirs.post('/api/auth/signin', { headers: { Origin: baseURL! }, data: { email: roleUser, password: PASSWORD } })).status()).toBe(200);
  expect(await (await theirs.get('/api/auth/session')).json()).toMatchObject({ user: { email: roleUser } });

  await openUsers(page, ROLE_TAG);
  const select = page.getByRole('button', { name: /Roll: Rolf Roll/ });
  await select.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Admin' }).press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Muuda kasutaja rolli' });
  await expect(dialog).toContainText(`Kasutaja ${roleUser} uus roll on „Admin“`);
  await expect(dialog.getByRole('button', { name: 'Loobu' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Kasutaja roll muudetud: Admin')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: roleUser })).toContainText('admin');

  expect(await (await theirs.get('/api/auth/session')).json()).toMatchObject({ user: null });
  await theirs.dispose();
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on the users screen at ${width} px, with the role confirmation open too`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width, height: 900 });
    await openUsers(page);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: /Roll: Tiina Tamm/ }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Muuda kasutaja rolli' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Loobu' }).click();
    await expect(targetRow(page)).toContainText('kasutaja');
  });
}
