import { PUBLIC_ROUTES, expect, holdRequests, test } from './fixtures';

for (const [path, h1] of PUBLIC_ROUTES) {
  test(`${path} renders its heading with status 200`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page.locator('h1')).toHaveCount(1);
  });
}

test('the hero\'s three dates take the place kept for them: nothing under them moves when they arrive', async ({ page, consoleErrors }) => {
  void consoleErrors;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const release = await holdRequests(page, '**/api/availability');
    await page.goto('/');
    const book = page.locator('main').getByRole('link', { name: 'Broneeri koht' }).first();
    await expect(page.locator('[data-edition-dates-placeholder]')).toHaveCount(3);
    const before = (await book.boundingBox())!.y;
    release();
    await expect(page.locator('[data-edition-dates] time')).toHaveCount(3);
    expect((await book.boundingBox())!.y, `${width} px`).toBe(before);
    await page.unroute('**/api/availability');
  }
});

test('the landing page has every section in the spec\'s order and its counts', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/');
  const ids = await page.locator('main section[id]').evaluateAll((sections) => sections.map((s) => s.id));
  const order = ['programm', 'kliendikogemused', 'videod', 'kehahooldus', 'hinnad', 'tiim', 'maksmine', 'kkk'];
  expect(ids.filter((id) => order.includes(id))).toEqual(order);
  await expect(page.locator('[data-edition-dates] li')).toHaveText(['14.-24.11.2025', '14.-24.01.2026', '14.-24.03.2026'].map((d) => new RegExp(d.replace(/\./g, '\\.'))));
  await expect(page.locator('[data-programme-day]')).toHaveCount(10);
  await expect(page.locator('[data-testimonial]')).toHaveCount(7);
  await expect(page.locator('[data-team-member="main"]')).toHaveCount(3);
  await expect(page.locator('[data-team-member="support"]')).toHaveCount(5);
  await expect(page.locator('details[name="kkk"]')).toHaveCount(20);
  await expect(page.locator('[data-video-facade]')).toHaveCount(2);
  for (const stat of ['100+', '6 kg', '5+']) await expect(page.locator('#kliendikogemused').getByText(stat, { exact: true })).toBeVisible();
  await expect(page.locator('#hinnad')).toContainText('1299');
  await expect(page.locator('#hinnad')).toContainText('1599');
  await expect(page.locator('a[href^="tel:"]').first()).toBeAttached();
  await expect(page.locator('a[href^="mailto:"]').first()).toBeAttached();
  await expect(page.locator('a[href^="https://wa.me/"][href*="text="]').first()).toBeAttached();
});

test('the programme button scrolls to the programme', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/');
  await page.getByRole('link', { name: /päevakava/i }).first().click();
  await expect(page).toHaveURL(/#programm$/);
  await expect(page.locator('#programm')).toBeInViewport();
});

test('content pages show their counts', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/kehahooldus');
  await expect(page.locator('[data-treatment]')).toHaveCount(9);
  await page.goto('/lisateenused');
  await expect(page.locator('[data-extra]')).toHaveCount(6);
  await page.goto('/kkk');
  await expect(page.locator('details[name="kkk"]')).toHaveCount(20);
  await page.goto('/kliendikogemused');
  await expect(page.locator('[data-video-select]')).toHaveCount(8);
  await expect(page.locator('[data-testimonial]')).toHaveCount(6);
  await page.goto('/galerii');
  const thumbs = await page.locator('[data-gallery-thumb]').count();
  expect(thumbs).toBeGreaterThanOrEqual(65);
  expect(thumbs).toBeLessThanOrEqual(75);
  await expect(page.locator('main img:not([alt])')).toHaveCount(0);
});

test('a story page links back to the testimonials and on to booking', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/kogemus/kadri-tamm');
  await expect(page.locator('[data-back-link]')).toHaveAttribute('href', '/#kliendikogemused');
  await expect(page.locator('main a[href="/broneering"]').first()).toBeVisible();
});

test('an unknown story slug shows "Tunnistust ei leitud" with status 404 and a way back', async ({ page }) => {
  const response = await page.goto('/kogemus/keegi-tundmatu');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tunnistust ei leitud');
  await expect(page.locator('main a[href="/kliendikogemused"]').first()).toBeVisible();
});

test('the booking and contact pages carry their facts and blocks', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/broneering');
  await expect(page.locator('main')).toContainText('14.-24.11.2025');
  await expect(page.locator('main')).toContainText('Uluwatu');
  await expect(page.locator('main')).toContainText('1299');
  await expect(page.locator('[data-early-registration]')).toContainText('Piiratud kohtade arv');
  await page.goto('/kontakt');
  await expect(page.locator('[data-emergency-contact]')).toContainText('24/7');
  await expect(page.locator('main a[href="/kkk"]').first()).toBeVisible();
  await expect(page.locator('main')).toContainText('Tallinn');
  await page.goto('/tingimused');
  await expect(page.locator('[data-agreement-version]')).toContainText('Versioon 2026-11, kehtib alates 01.11.2026');
  for (const rule of ['300 eurot', '60 päeva', '8 ']) await expect(page.locator('main')).toContainText(rule);
  // The version in force names its permanent address, where it stays readable after a newer one (issue 42).
  await page.getByRole('link', { name: '/tingimused/2026-11' }).click();
  await expect(page).toHaveURL(/\/tingimused\/2026-11$/);
  await expect(page.locator('[data-agreement-text]')).toContainText('1.1. Retriit kestab 10 päeva');
  await page.goto('/loobumisavaldus');
  for (const part of ['Tervisedeklaratsioon', 'Vastutus tegevuste eest', 'Nõusolek esmaabiks']) await expect(page.getByRole('heading', { name: new RegExp(part) })).toBeVisible();
});

test('SEO: unique titles and descriptions, canonical URLs, sitemap and robots', async ({ page, request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const [path] of PUBLIC_ROUTES) {
    await page.goto(path);
    titles.add(await page.title());
    descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/$' : `${path}$`}`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-image\.jpg$/);
  }
  expect(titles.size).toBe(PUBLIC_ROUTES.length);
  expect(descriptions.size).toBe(PUBLIC_ROUTES.length);

  await page.goto('/');
  const offers = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = JSON.stringify(offers.map((o) => JSON.parse(o)));
  expect(data).toContain('TouristTrip');
  // No dates in a page built once: the editions are shown at run time.
  expect(data).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  expect(data).toContain('1299');
  expect(data).toContain('Uluwatu');

  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/Sitemap: .*\/sitemap-index\.xml/);
  expect((await request.get('/sitemap-index.xml')).status()).toBe(200);
});
