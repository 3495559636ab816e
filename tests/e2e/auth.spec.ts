import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * /auth and the account menu (visitor spec sections 2, 4, 5 and 8; issue 5) against the real Node host and API.
 * E-mailed links come from the server's local mail log (E2E_SERVER_LOG, see playwright.config.ts). Tests run in
 * parallel against one server and database, so every test uses its own e-mail addresses.
 */

const PASSWORD = 'Alguseks1';
const NEW_PASSWORD = 'Uuskevad22';

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

/** The newest link of a kind (`confirm` or `reset`) mailed to `to`, as a path: `/auth#confirm=…`. */
async function mailedLink(to: string, kind: 'confirm' | 'reset'): Promise<string> {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set (playwright.config.ts sets it)');
  const pattern = new RegExp(`https?://[^\\s/]+(/auth#${kind}=[A-Za-z0-9_-]+)`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const log = await readFile(logFile, 'utf8').catch(() => '');
        const mails = log.split('──── e-mail (local mail log) ────').filter((m) => m.includes(`To: ${to}\n`));
        link = mails.map((m) => pattern.exec(m)?.[1]).filter(Boolean).at(-1);
        return link;
      },
      { message: `a ${kind} link mailed to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** An account with a confirmed address, made through the API (its own cookie jar, not the page's). */
async function confirmedUser(request: APIRequestContext, baseURL: string, tag: string) {
  const email = uniqueEmail(tag);
  const headers = { Origin: baseURL };
  const signUp = await request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, firstName: 'Kati', lastName: 'Karu' } });
  expect(signUp.status()).toBe(201);
  const token = (await mailedLink(email, 'confirm')).split('=')[1];
  expect((await request.post('/api/auth/confirm', { headers, data: { token } })).status()).toBe(200);
  await request.post('/api/auth/signout', { headers, data: { scope: 'local' } });
  return email;
}

const toast = (page: Page, title: string) => page.locator('.toast', { hasText: title });
const nav = (page: Page) => page.locator('[data-site-nav]');
const accountButton = (page: Page) => nav(page).locator('[data-account-button]');

async function openAuth(page: Page, path = '/auth') {
  await page.goto(path);
  await expect(page.getByRole('tab', { name: 'Logi sisse' })).toBeVisible();
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr');
  await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeEnabled();
}

async function signIn(page: Page, email: string, password: string) {
  const panel = page.getByRole('tabpanel', { name: 'Logi sisse' });
  await panel.getByLabel('E-post').fill(email);
  await panel.getByLabel('Salasõna').fill(password);
  await panel.getByRole('button', { name: 'Logi sisse', exact: true }).click();
}

async function signOutFromMenu(page: Page) {
  await accountButton(page).click();
  await page.getByRole('menuitem', { name: 'Logi välja' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(nav(page).getByRole('link', { name: 'Logi sisse' })).toBeVisible();
}

test('sign up → confirm from the mailed link → account menu → sign out → sign in → sign out', async ({ page, context, consoleErrors }) => {
  void consoleErrors;
  const email = uniqueEmail('signup');
  await openAuth(page);
  await expect(nav(page).getByRole('link', { name: 'Logi sisse' })).toBeVisible();

  // Sign up: the "check your e-mail" step.
  await page.getByRole('tab', { name: 'Registreeru' }).click();
  const signUp = page.getByRole('tabpanel', { name: 'Registreeru' });
  await signUp.getByLabel('Eesnimi').fill('Mari-Liis');
  await signUp.getByLabel('Perekonnanimi').fill('Tamm');
  await signUp.getByLabel('E-post').fill(email);
  await signUp.getByLabel('Salasõna').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Registreeru' }).click();
  await expect(toast(page, 'Konto edukalt loodud!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontrollige oma e-posti' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The link from the mail log confirms and signs in; the token leaves the address bar at once.
  await page.goto(await mailedLink(email, 'confirm'));
  await expect(page.getByText('E-posti aadress on kinnitatud. Olete sisse logitud.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(accountButton(page)).toContainText('Mari-Liis Tamm');

  // A signed-in visitor opening /auth goes to /.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);

  // Account menu: keyboard first (Enter opens with focus on the first item, arrows wrap, Escape closes and returns focus).
  await expect(accountButton(page)).toContainText('Mari-Liis Tamm');
  await expect(nav(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Logi sisse' })).toHaveCount(0);
  await accountButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Minu broneeringud' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Logi välja' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Minu broneeringud' })).toBeFocused();
  await expect(accountButton(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(accountButton(page)).toBeFocused();

  // A second tab hears the sign-out.
  const other = await context.newPage();
  await other.goto('/kkk');
  await expect(other.locator('[data-site-nav] [data-account-button]')).toContainText('Mari-Liis Tamm');
  await signOutFromMenu(page);
  await expect(other.locator('[data-site-nav]').getByRole('link', { name: 'Logi sisse' })).toBeVisible();
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();

  // Sign in with the password: welcome toast, then the landing page with the account menu.
  await openAuth(page);
  await signIn(page, email, PASSWORD);
  await expect(toast(page, 'Tere tulemast tagasi!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page)).toContainText('Mari-Liis Tamm');
  await expect(other.locator('[data-site-nav] [data-account-button]')).toContainText('Mari-Liis Tamm');
  await signOutFromMenu(page);
});

test('a visitor who never signed in gets "Logi sisse" with no account script and no session call; a sign-in in another tab brings the menu', async ({ page, context, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const email = await confirmedUser(request, baseURL!, 'hint');
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/kkk');
  await expect(nav(page).getByRole('link', { name: 'Logi sisse' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The content page's only scripts are inline: the account corner's waits for the signed-in hint cookie.
  expect(asked.filter((path) => path.endsWith('.js') || path.startsWith('/api/auth'))).toEqual([]);

  const other = await context.newPage();
  await openAuth(other);
  await signIn(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/$/);
  // The first tab heard it on the tabs' channel: it loads the account script, which reads the session.
  await expect(accountButton(page)).toContainText('Kati Karu');
  await expect(nav(page).getByRole('link', { name: 'Logi sisse' })).toBeHidden();
  expect(asked).toContain('/api/auth/session');
  // A page opened now has the hint and shows the account menu straight away.
  await page.goto('/galerii');
  await expect(accountButton(page)).toContainText('Kati Karu');
});

test('forgot password → reset link → new password → sign in with it', async ({ page, request, baseURL }) => {
  const email = await confirmedUser(request, baseURL!, 'reset');
  await openAuth(page);
  await page.getByRole('button', { name: 'Unustasite salasõna?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salasõna lähtestamine' })).toBeFocused();
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Saada lähtestamise link' }).click();
  await expect(toast(page, 'Salasõna lähtestamise link saadetud!')).toBeVisible();

  await page.goto(await mailedLink(email, 'reset'));
  await expect(page.getByRole('heading', { level: 1, name: 'Uue salasõna määramine' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  const newPassword = page.getByLabel('Uus salasõna');
  await newPassword.fill('lühike');
  await page.getByRole('button', { name: 'Salvesta uus salasõna' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await newPassword.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Salvesta uus salasõna' }).click();
  await expect(toast(page, 'Salasõna muudetud!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page)).toContainText('Kati Karu');
  await signOutFromMenu(page);

  // The link is single-use.
  await page.goto(await mailedLink(email, 'reset'));
  await page.getByLabel('Uus salasõna').fill('Teinekord33');
  await page.getByRole('button', { name: 'Salvesta uus salasõna' }).click();
  await expect(toast(page, 'Salasõna lähtestamine ebaõnnestus')).toBeVisible();

  await openAuth(page);
  await signIn(page, email, NEW_PASSWORD);
  await expect(toast(page, 'Tere tulemast tagasi!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page)).toContainText('Kati Karu');
});

test('sign-up shows "Sisestus ebakorrektne" with the first error, errors under the fields; sign-in checks the e-mail', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await openAuth(page);
  await page.getByRole('tab', { name: 'Registreeru' }).click();
  const signUp = page.getByRole('tabpanel', { name: 'Registreeru' });
  await signUp.getByLabel('Perekonnanimi').fill('Tamm');
  await signUp.getByLabel('E-post').fill('pole-aadress');
  await signUp.getByLabel('Salasõna').fill('nõrk');
  await signUp.getByRole('button', { name: 'Registreeru' }).click();
  const invalid = toast(page, 'Sisestus ebakorrektne');
  await expect(invalid).toBeVisible();
  await expect(invalid).toContainText('Name is required');
  await expect(signUp.getByLabel('Eesnimi')).toBeFocused();
  await expect(signUp.getByLabel('Eesnimi')).toHaveAttribute('aria-invalid', 'true');
  await expect(signUp.getByText('Please enter a valid email address')).toBeVisible();
  await expect(signUp.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByRole('tab', { name: 'Logi sisse' }).click();
  const signIn = page.getByRole('tabpanel', { name: 'Logi sisse' });
  await signIn.getByLabel('E-post').fill('vale@');
  await signIn.getByRole('button', { name: 'Logi sisse', exact: true }).click();
  await expect(toast(page, 'Sisestus ebakorrektne')).toContainText('Vigane e-posti aadress');
  await expect(signIn.getByText('Vigane e-posti aadress')).toBeVisible();
  await expect(signIn.getByLabel('E-post')).toBeFocused();
});

test('tabs follow the WAI-ARIA pattern', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await openAuth(page);
  const signInTab = page.getByRole('tab', { name: 'Logi sisse' });
  const signUpTab = page.getByRole('tab', { name: 'Registreeru' });
  await expect(page.getByRole('tablist')).toBeVisible();
  await expect(signInTab).toHaveAttribute('aria-selected', 'true');
  await signInTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(signUpTab).toBeFocused();
  await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Registreeru' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Logi sisse' })).toBeHidden();
  await page.keyboard.press('Home');
  await expect(signInTab).toBeFocused();
  await expect(signInTab).toHaveAttribute('aria-selected', 'true');
});

test('the fourth wrong sign-in attempt shows "Liiga palju katseid"', async ({ page }) => {
  const email = uniqueEmail('limit');
  await openAuth(page);
  for (let attempt = 1; attempt <= 3; attempt++) {
    await signIn(page, email, `Vale-salasona${attempt}`);
    const failed = toast(page, 'Sisselogimine ebaõnnestus');
    await expect(failed).toContainText('Vale e-posti aadress või salasõna');
    await failed.getByRole('button', { name: 'Sulge' }).click();
  }
  await signIn(page, email, 'Vale-salasona4');
  const limited = toast(page, 'Liiga palju katseid');
  await expect(limited).toBeVisible();
  await expect(limited).toContainText('Palun oodake 15 minutit enne uut katset');
});

test('signing up with a registered address says "Konto juba eksisteerib" and opens sign-in with it', async ({ page, request, baseURL }) => {
  const email = await confirmedUser(request, baseURL!, 'exists');
  await openAuth(page, '/auth?tab=signup');
  const signUp = page.getByRole('tabpanel', { name: 'Registreeru' });
  await signUp.getByLabel('Eesnimi').fill('Teine');
  await signUp.getByLabel('Perekonnanimi').fill('Inimene');
  await signUp.getByLabel('E-post').fill(email);
  await signUp.getByLabel('Salasõna').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Registreeru' }).click();
  await expect(toast(page, 'Konto juba eksisteerib')).toContainText('Palun logige sisse.');
  await expect(page.getByRole('tab', { name: 'Logi sisse' })).toHaveAttribute('aria-selected', 'true');
  const signIn = page.getByRole('tabpanel', { name: 'Logi sisse' });
  await expect(signIn.getByLabel('E-post')).toHaveValue(email);
  await expect(signIn.getByLabel('Salasõna')).toBeFocused();
});

test('a broken confirmation link says so and leaves the address bar clean', async ({ page }) => {
  await page.goto('/auth#confirm=' + 'x'.repeat(43));
  await expect(page.getByRole('heading', { level: 1, name: 'E-posti aadressi kinnitamine' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /Link/ })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on /auth (both tabs, forgot panel) at ${width} px`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width, height: 900 });
    await openAuth(page);
    const check = async () => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await check();
    await page.getByRole('tab', { name: 'Registreeru' }).click();
    await page.getByRole('tabpanel', { name: 'Registreeru' }).getByRole('button', { name: 'Registreeru' }).click();
    await expect(toast(page, 'Sisestus ebakorrektne')).toBeVisible();
    await check();
    await page.getByRole('tab', { name: 'Logi sisse' }).click();
    await page.getByRole('button', { name: 'Unustasite salasõna?' }).click();
    await check();
  });
}
