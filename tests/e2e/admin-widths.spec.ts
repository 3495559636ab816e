/**
 * Screens that fit (issue 21): at 1280 px every admin list shows all its columns without scrolling sideways; on a
 * phone (390 px) every section of the back office can be reached from its navigation. axe checks each list at both
 * widths, and a screenshot of each is kept with the test's results.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin } from './accounts';
import { bookingRequest, letters } from './booking-requests';

const TAG = `Laius${letters()}`;

// Seven screens, each with a screenshot and an axe run, in one test per width.
test.describe.configure({ timeout: 120_000 });

fileAdmin('widths-admin', async (request, baseURL) => {
  await bookingRequest(request, baseURL, { firstName: 'Kristiina-Marleen', lastName: `${TAG}-Õunapuu`, email: `kristiina.${TAG.toLowerCase()}@example.com` });
  // A long contact-form message for "Sõnumid".
  const contact = await request.post('/api/contact', {
    headers: { Origin: baseURL },
    data: { name: `Kristiina-Marleen ${TAG}-Õunapuu`, email: `kristiina.${TAG.toLowerCase()}@example.com`, subject: 'Küsimus toa ja lendude kohta', message: 'Tere! '.repeat(80), website: '' },
  });
  expect(contact.status()).toBe(201);
});

const LISTS: [path: string, heading: string][] = [
  ['/admin/bookings', 'Broneeringud'],
  ['/admin/invoices', 'Arved'],
  ['/admin/clients', 'Kliendid'],
  ['/admin/sonumid', 'Sõnumid'],
  ['/admin/users', 'Kasutajad'],
  ['/admin/retreats', 'Retriidid'],
  ['/admin/liidesed', 'Liidesed'],
  ['/admin/audit', 'Auditilogi'],
];

/** How far the page and each table stick out sideways, in px (0 = it fits). */
async function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll('[role="region"]')].map((region) => region.scrollWidth - region.clientWidth),
  }));
}

test('at 1280 px every list fits without scrolling sideways', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1280, height: 900 });
  const tooWide: string[] = [];
  for (const [path, heading] of LISTS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('[data-loading]')).toHaveCount(0);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const sticking = await overflow(page);
    if (sticking.page > 0) tooWide.push(`${path}: the page by ${sticking.page} px`);
    for (const table of sticking.tables) if (table > 0) tooWide.push(`${path}: a table by ${table} px`);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_')}-1280.png`) });
  }
  expect(tooWide).toEqual([]);
});

test('on a phone every section of the back office is in sight, and the lists scroll only inside their tables', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, heading] of LISTS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('[data-loading]')).toHaveCount(0);
    const tabs = page.getByRole('navigation', { name: 'Haldus' }).getByRole('link');
    // Every entry of the navigation (src/islands/admin/routes.ts NAV_SECTIONS).
    await expect(tabs).toHaveCount(11);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      const name = (await tab.textContent()) ?? '';
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    expect((await overflow(page)).page, path).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${path.replaceAll('/', '_')}-390.png`) });
  }
});
