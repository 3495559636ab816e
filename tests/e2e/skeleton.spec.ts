import { expect, test } from '@playwright/test';

test('home page renders in Estonian with the navigation and the retreat dates', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'et');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation').first();
  for (const link of ['Programm', 'Kogemused', 'KKK', 'Galerii', 'Lisateenused', 'Kontakt']) {
    await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expect(page.getByText('14.-24.11.2025').first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // A CSP violation (a blocked inline script or style) shows up as a console error.
  expect(errors).toEqual([]);
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/see-lehte-pole-olemas');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /avalehele/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('pages carry the security headers, with a CSP that allows no inline script', async ({ request }) => {
  const res = await request.get('/');
  const headers = res.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  const scriptSrc = headers['content-security-policy']?.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain('unsafe-inline');
});
