import { expect, holdRequests, test } from './fixtures';
import { PASSWORD, confirmedUser, expectNoAxeViolations, extraAdmin, firstAdmin, nav, signInContext } from './accounts';

/**
 * The admin app's guard, the setup screens, the Admin button and the dashboard (admin spec sections 2 and 6, visitor
 * spec section 6) against the real Node host and API. The first admin is made from the link the server prints at
 * start, by the `first-admin` project (first-admin.setup.ts) that runs before this one.
 */

test.describe('guard', () => {
  test('the API description (GET /api/openapi.json) is for admins: 401 signed out, 403 for a guest, the OpenAPI 3.1 document for an admin', async ({
    page,
    request,
    baseURL,
  }) => {
    expect((await page.request.get('/api/openapi.json')).status()).toBe(401);
    await signInContext(page, baseURL!, await confirmedUser(request, baseURL!, 'openapi'));
    expect((await page.request.get('/api/openapi.json')).status()).toBe(403);
    await signInContext(page, baseURL!, await extraAdmin(request, baseURL!, 'openapi'));
    const res = await page.request.get('/api/openapi.json');
    expect(res.status()).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/admin/webhooks'].post.summary).toBe('Liidese lisamine (salajane võti vastuses ainult siin)');
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });

  test('shows "Laadimine..." while the session loads, then sends an anonymous visitor to /auth', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const release = await holdRequests(page, '**/api/auth/session');
    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Laadimine...' })).toBeVisible();
    // The waiting state is the interface too: Estonian, nothing in it marked as another language.
    await expect(page.locator('[data-loading] [lang]:not([lang="et"])')).toHaveCount(0);
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
      // The admin interface is Estonian (admin spec), in every state: nothing in it is marked as another language.
      await expect(page.locator('[data-access-denied] [lang]:not([lang="et"])')).toHaveCount(0);
    }
    await expect(nav(page).locator('[data-account-button]')).toContainText('Tavaline Kasutaja');
    await expect(nav(page).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('an unknown admin path answers 404 and shows the 404 text', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const response = await page.goto('/admin/no-such-screen/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.locator('[data-not-found] [lang]:not([lang="et"])')).toHaveCount(0);
  });
});

test.describe('the first admin', () => {
  // Read when a test runs: the `first-admin` project writes it after this file is collected.
  const admin = { get email() { return firstAdmin().email; } };

  test('the admin gets the Admin button and a dashboard with real counts and status', async ({ page, consoleErrors }) => {
    // Sign-in, the dashboard, a client-side route, back, and a content page: several loads on two shared cores.
    test.slow();
    void consoleErrors;
    await page.goto('/auth?next=%2Fdashboard');
    // The counts the page itself received: other tests create users in parallel, so a later request may differ.
    const dashboardResponse = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/dashboard' && r.status() === 200);
    await expect(page.getByRole('button', { name: 'Logi sisse', exact: true })).toBeEnabled();
    const panel = page.getByRole('tabpanel', { name: 'Logi sisse' });
    await panel.getByLabel('E-post').fill(admin.email);
    await panel.getByLabel('Salasõna').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Logi sisse', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Töölaud' })).toBeVisible();
    // The interface is Estonian (admin spec): nothing on the screen is marked as another language.
    await expect(page.locator('html')).toHaveAttribute('lang', 'et');
    await expect(page.locator('[data-admin-app] [lang]:not([lang="et"])')).toHaveCount(0);

    const counts = await (await dashboardResponse).json();
    for (const key of ['users', 'clients', 'bookings', 'retreats', 'newMessages'] as const) {
      await expect(page.locator(`[data-count="${key}"]`)).toHaveText(String(counts.counts[key]));
    }
    expect(counts.counts.users).toBeGreaterThanOrEqual(1);
    await expect(page.locator('[data-status="Andmebaas"]')).toContainText('Töötab');
    await expect(page.locator('[data-status="API"]')).toContainText('Töötab');
    await expect(page.locator('[data-status="Veebirakendus"]')).toContainText('Töötab');
    for (const href of ['/admin/users', '/admin/clients', '/admin/bookings', '/admin/bookings/new', '/admin/retreats', '/admin/sonumid?state=new']) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // Client-side routes: a card opens its screen without a page load; back returns.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: /Halda kasutajaid/ }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kasutajad' })).toBeFocused();
    await expect(page.getByRole('table', { name: 'Kasutajad' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Töölaud' })).toBeVisible();

    // The Admin button in the top bar, on a content page too.
    await page.goto('/kkk');
    const adminButton = nav(page).getByRole('link', { name: 'Admin', exact: true });
    await expect(adminButton).toHaveAttribute('href', '/dashboard');
    await adminButton.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Töölaud' })).toBeVisible();
    // A deep link straight into the app is served the shell.
    await page.goto('/admin/retreats/3');
    await expect(page.getByRole('heading', { level: 1, name: 'Retriit' })).toBeVisible();
  });

  test('sign-out in another tab sends the admin screen to /auth', async ({ page, context, request, baseURL }) => {
    // Its own admin: the account menu signs out everywhere, which would end other tests' sessions of a shared one.
    await signInContext(page, baseURL!, await extraAdmin(request, baseURL!, 'signout'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Töölaud' })).toBeVisible();
    const other = await context.newPage();
    await other.goto('/');
    await other.locator('[data-site-nav] [data-account-button]').click();
    await other.getByRole('menuitem', { name: 'Logi välja' }).click();
    await expect(other).toHaveURL(/\/auth$/);
    await expect(page).toHaveURL(/\/auth(\?next=%2Fdashboard)?$/);
  });

  test('signs out after 8 hours without activity and logs the timeout', async ({ page, request, baseURL }) => {
    await page.clock.install();
    await signInContext(page, baseURL!, await extraAdmin(request, baseURL!, 'idle'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Töölaud' })).toBeVisible();
    const timeout = page.waitForRequest((r) => r.url().endsWith('/api/admin/session-timeout') && r.method() === 'POST');
    await page.clock.fastForward('07:59:00');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.fastForward('00:06:00');
    expect((await (await timeout).response())?.status()).toBe(204);
    await expect(page).toHaveURL(/\/auth(\?next=%2Fdashboard)?$/);
    expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
  });
});
