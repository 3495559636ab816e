import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The admin app's guard, the first-admin screens, the Admin button and the dashboard (admin spec sections 2 and 6,
 * visitor spec section 6; issue 5) against the real Node host and API. The first admin is made from the link the
 * server prints at start (read from E2E_SERVER_LOG), so everything that needs an admin runs in one serial group.
 */

const PASSWORD = 'Alguseks1';
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

async function serverLog(): Promise<string> {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set (playwright.config.ts sets it)');
  return readFile(logFile, 'utf8').catch(() => '');
}

/** An account with a confirmed address, made through the API (its own cookie jar, not the page's). */
async function confirmedUser(request: APIRequestContext, baseURL: string, tag: string) {
  const email = uniqueEmail(tag);
  const headers = { Origin: baseURL };
  expect((await request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, firstName: 'Tavaline', lastName: 'Kasutaja' } })).status()).toBe(201);
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await serverLog()).split('──── e-mail (local mail log) ────').filter((m) => m.includes(`To: ${email}\n`));
      token = mails.map((m) => /\/auth#confirm=([A-Za-z0-9_-]+)/.exec(m)?.[1]).filter(Boolean).at(-1);
      return token;
    }, { timeout: 15_000 })
    .toBeTruthy();
  expect((await request.post('/api/auth/confirm', { headers, data: { token } })).status()).toBe(200);
  await request.post('/api/auth/signout', { headers, data: { scope: 'local' } });
  return email;
}

/** Signs the page's browser context in through the API (the cookies land in the context). */
async function signInContext(page: Page, baseURL: string, email: string, password = PASSWORD) {
  const response = await page.request.post('/api/auth/signin', { headers: { Origin: baseURL }, data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

const nav = (page: Page) => page.locator('[data-site-nav]');
const toast = (page: Page, title: string) => page.locator('.toast', { hasText: title });

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('guard', () => {
  test('shows "Loading..." while the session loads, then sends an anonymous visitor to /auth', async ({ page, consoleErrors }) => {
    void consoleErrors;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/dashboard$/);
    release();
    await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard$/);
  });

  test('redirects an anonymous visitor to /auth replacing the history entry; sign-in comes back', async ({ page }) => {
    await page.goto('/kkk');
    await page.goto('/admin/bookings/42');
    await expect(page).toHaveURL(/\/auth\?next=%2Fadmin%2Fbookings%2F42$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/kkk$/);
  });

  test('a signed-in user without the admin role gets "Access Denied", and no Admin button', async ({ page, request, baseURL, consoleErrors }) => {
    void consoleErrors;
    const email = await confirmedUser(request, baseURL!, 'plain');
    await signInContext(page, baseURL!, email);
    for (const path of ['/dashboard', '/admin/users', '/admin/retreats/7']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
      await expect(page.getByText('You need admin privileges to access this page')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await expect(nav(page).locator('[data-account-button]')).toContainText('Tavaline Kasutaja');
    await expect(nav(page).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('an unknown admin path shows the 404 text', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/admin/no-such-screen/at-all');
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  });
});

test.describe('setup screens without a token', () => {
  test('explain where the setup link comes from (or that an admin exists)', async ({ page, consoleErrors }) => {
    void consoleErrors;
    for (const path of ['/create-main-admin', '/admin-setup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: /Create Main Admin|Admin Setup|Admin Already Set Up/ })).toBeVisible();
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      if (heading !== 'Admin Already Set Up') await expect(page.getByText('ADMIN_SETUP_TOKEN')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});

test.describe.serial('first admin', () => {
  const admin = { email: uniqueEmail('admin'), firstName: 'Anu', lastName: 'Admin' };

  test('is created from the link the server printed; then the setup screens say "Admin Already Set Up"', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const printed = /\/create-main-admin#token=[A-Za-z0-9_-]+/.exec(await serverLog())?.[0];
    // Each run starts the server on a fresh database, and only this serial block ever creates an admin.
    expect(printed, 'the first-admin link in the server log').toBeTruthy();
    await page.goto(printed!);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Main Admin' })).toBeVisible();
    await expect(page).toHaveURL(/\/create-main-admin$/); // the token left the address bar
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
    await page.getByLabel('E-post').fill(admin.email);
    await page.getByLabel('Eesnimi').fill(admin.firstName);
    await page.getByLabel('Perekonnanimi').fill(admin.lastName);
    await page.getByLabel('Salasõna').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create admin' }).click();
    await expect(toast(page, 'Admin created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    for (const path of ['/create-main-admin', printed!, '/admin-setup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Already Set Up' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    }
  });

  test('the admin gets the Admin button and a dashboard with real counts and status', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/auth?next=%2Fdashboard');
    await expect(page.getByRole('button', { name: 'Logi sisse', exact: true })).toBeEnabled();
    const panel = page.getByRole('tabpanel', { name: 'Logi sisse' });
    await panel.getByLabel('E-post').fill(admin.email);
    await panel.getByLabel('Salasõna').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Logi sisse', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    const counts = await (await page.request.get('/api/admin/dashboard')).json();
    for (const key of ['users', 'clients', 'bookings', 'retreats'] as const) {
      await expect(page.locator(`[data-count="${key}"]`)).toHaveText(String(counts.counts[key]));
    }
    expect(counts.counts.users).toBeGreaterThanOrEqual(1);
    await expect(page.locator('[data-status="Database"]')).toContainText('Working');
    await expect(page.locator('[data-status="API"]')).toContainText('Working');
    await expect(page.locator('[data-status="Web app"]')).toContainText('Working');
    for (const href of ['/admin/users', '/admin/clients', '/admin/bookings', '/admin/bookings/new', '/admin/retreats']) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // Client-side routes: a card opens its screen without a page load; back returns.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: /Manage users/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
    await expect(page.getByText('Tulekul')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

    // The Admin button in the top bar, on a content page too.
    await page.goto('/kkk');
    const adminButton = nav(page).getByRole('link', { name: 'Admin', exact: true });
    await expect(adminButton).toHaveAttribute('href', '/dashboard');
    await adminButton.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    // A deep link straight into the app is served the shell.
    await page.goto('/admin/retreats/3');
    await expect(page.getByRole('heading', { level: 1, name: 'Retreat' })).toBeVisible();
  });

  test('sign-out in another tab sends the admin screen to /auth', async ({ page, context, baseURL }) => {
    await signInContext(page, baseURL!, admin.email);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/');
    await other.locator('[data-site-nav] [data-account-button]').click();
    await other.getByRole('menuitem', { name: 'Logi välja' }).click();
    await expect(other).toHaveURL(/\/auth$/);
    await expect(page).toHaveURL(/\/auth(\?next=%2Fdashboard)?$/);
  });

  test('signs out after 8 hours without activity and logs the timeout', async ({ page, baseURL }) => {
    await page.clock.install();
    await signInContext(page, baseURL!, admin.email);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const timeout = page.waitForRequest((r) => r.url().endsWith('/api/admin/session-timeout') && r.method() === 'POST');
    await page.clock.fastForward('07:59:00');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.fastForward('00:06:00');
    expect((await (await timeout).response())?.status()).toBe(204);
    await expect(page).toHaveURL(/\/auth(\?next=%2Fdashboard)?$/);
    expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
  });
});
