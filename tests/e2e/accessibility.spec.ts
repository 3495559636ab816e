import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_ROUTES, expect, test } from './fixtures';

// axe-core on every route, at desktop and phone widths: zero violations.
const ROUTES = [...PUBLIC_ROUTES.map(([path]) => path), '/kogemus/keegi-tundmatu', '/see-lehte-pole-olemas'];

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of ROUTES) {
      test(`axe finds nothing on ${path}`, async ({ page, consoleErrors }) => {
        void consoleErrors;
        await page.goto(path);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  });
}

test('axe finds nothing with the gallery viewer open', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/galerii');
  await page.locator('[data-gallery-thumb]').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});
