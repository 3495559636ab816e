import { expect, test } from './fixtures';
import { PASSWORD, expectNoAxeViolations, recordFirstAdmin, serverLog, toast, uniqueEmail } from './accounts';

/**
 * The first admin, made the way a newcomer makes it: from the one-time link the server prints at start. Runs as its
 * own Playwright project before the others (they depend on it), so every admin test can use this account and no
 * test can make an admin first by another route.
 */
test.describe.configure({ mode: 'serial' });

test('before any admin exists, the setup screens without a token explain where the link comes from', async ({ page, consoleErrors }) => {
  void consoleErrors;
  for (const [path, heading] of [['/create-main-admin', 'Peaadmini loomine'], ['/admin-setup', 'Admini määramine']] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('ADMIN_SETUP_TOKEN')).toBeVisible();
    // Estonian like the rest of the back office: no part of the screen is marked English.
    await expect(page.locator('main [lang="en"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
});

test('the first admin is created from the link the server printed; then the setup screens say "Admin Already Set Up"', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const admin = { email: uniqueEmail('admin'), firstName: 'Anu', lastName: 'Admin' };
  const printed = /\/create-main-admin#token=[A-Za-z0-9_-]+/.exec(await serverLog())?.[0];
  // Each run starts the server on a fresh database, and only this project ever creates the first admin.
  expect(printed, 'the first-admin link in the server log').toBeTruthy();
  await page.goto(printed!);
  await expect(page.getByRole('heading', { level: 1, name: 'Peaadmini loomine' })).toBeVisible();
  await expect(page).toHaveURL(/\/create-main-admin$/); // the token left the address bar
  await expect(page.getByRole('link', { name: 'Avalehele', exact: true })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
  await page.getByLabel('E-post').fill(admin.email);
  await page.getByLabel('Eesnimi').fill(admin.firstName);
  await page.getByLabel('Perekonnanimi').fill(admin.lastName);
  await page.getByLabel('Salasõna').fill(PASSWORD);
  await page.getByRole('button', { name: 'Loo admin' }).click();
  await expect(toast(page, 'Admin created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  recordFirstAdmin(admin);

  for (const path of ['/create-main-admin', printed!, '/admin-setup']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Already Set Up' })).toBeVisible();
    await expect(page.locator('main [lang]:not([lang="et"])')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Avalehele', exact: true })).toHaveAttribute('href', '/');
  }
});
