import { test as base, expect, type Page, type Request } from '@playwright/test';

/**
 * Pages as a visitor gets them, minus the outside world: this machine has no internet, so requests to other hosts
 * (the YouTube player) are answered with an empty page instead of hanging. Every console error and every failed
 * asset load fails the test: a CSP violation or a broken script shows up there first.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      // Failed loads are judged below by what failed: a page may be a 404 on purpose, its assets never.
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
    });
    page.on('response', (res) => {
      if (res.status() >= 400 && res.request().resourceType() !== 'document') errors.push(`${res.status()} ${res.url()}`);
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>offline stand-in</title>' }),
    );
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

/**
 * Holds every request to `url` until the returned function is called, to look at what a page shows while it waits;
 * `seen` is told of each request as it arrives.
 */
export async function holdRequests(page: Page, url: string, seen?: (request: Request) => void): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    seen?.(route.request());
    await held;
    await route.continue();
  });
  return release;
}

/** A failed request the test provokes on purpose: asserted, then taken off the list the fixture checks at the end. */
export function expectFailedRequest(errors: string[], pattern: RegExp): void {
  const index = errors.findIndex((entry) => pattern.test(entry));
  expect(index, `an error matching ${pattern} among ${JSON.stringify(errors)}`).toBeGreaterThanOrEqual(0);
  errors.splice(index, 1);
}

/** Every public content route with its h1 (visitor spec section 2). */
export const PUBLIC_ROUTES: [path: string, h1: string | RegExp][] = [
  ['/', 'Uus algus retriit Balis'],
  ['/kehahooldus', 'Kehahooldused'],
  ['/lisateenused', 'Lisateenused'],
  ['/galerii', 'Galerii'],
  ['/kkk', 'Korduma kippuvad küsimused'],
  ['/kliendikogemused', 'Kliendikogemused'],
  ['/kogemus/kadri-tamm', 'Kadri Tamm'],
  ['/kontakt', 'Võtke meiega ühendust'],
  ['/privaatsus', 'Privaatsuspoliitika'],
  ['/tingimused', 'Kasutus- ja osalemistingimused'],
  // Issue 42: the waiver, and each version of a signed text at its own address.
  ['/loobumisavaldus', 'Osaleja deklaratsioon ja vastutusest loobumine'],
  ['/tingimused/2026-11', 'Kasutus- ja osalemistingimused'],
  ['/facebook-reklaam', 'Reklaami eelvaade'],
  ['/broneering', 'Broneerige oma koht'],
];

/**
 * Opens the page at `path`, scrolls its form (named `name`) into view (an island hydrates when visible) and waits
 * until React owns it: the submit button `submit` is enabled.
 */
export async function openFormIsland(page: Page, path: string, name: string, submit: string) {
  await page.goto(path);
  const form = page.getByRole('form', { name });
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr');
  await expect(form.getByRole('button', { name: submit })).toBeEnabled();
  return form;
}
