import { expect, test } from './fixtures';

test.describe('navigation bar', () => {
  const background = (page: import('@playwright/test').Page) =>
    page.locator('[data-site-nav]').evaluate((el) => getComputedStyle(el).backgroundColor);

  test('is transparent at the top, still at 40 px, solid after 50 px', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/');
    expect(await background(page)).toBe('rgba(0, 0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(350);
    expect(await background(page)).toBe('rgba(0, 0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect.poll(() => background(page)).not.toBe('rgba(0, 0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => background(page)).toBe('rgba(0, 0, 0, 0)');
  });

  test('is solid on a page that opens scrolled, without the visitor scrolling', async ({ page, consoleErrors }) => {
    void consoleErrors;
    // The first read of the scroll position waits for a frame (Nav.astro): a page that opens at a section must
    // still get the solid bar, and one that opens at the top must still be transparent after that frame.
    await page.goto('/kkk');
    await page.goto('/#hinnad');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    await expect.poll(() => background(page)).not.toBe('rgba(0, 0, 0, 0)');
    await expect(page.locator('[data-site-nav]')).toHaveAttribute('data-solid', 'true');
    await page.goto('/');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.locator('[data-site-nav]')).toHaveAttribute('data-solid', 'false');
  });

  test('rewrites in-page anchors to the landing page when off it', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/');
    await expect(page.locator('[data-site-nav]').getByRole('link', { name: 'Programm', exact: true })).toHaveAttribute('href', '#programm');
    await page.goto('/kkk');
    const programm = page.locator('[data-site-nav]').getByRole('link', { name: 'Programm', exact: true });
    await expect(programm).toHaveAttribute('href', '/#programm');
    await programm.click();
    await expect(page).toHaveURL(/\/#programm$/);
  });

  test('lands a link from another page on its landing-page section, just under the bar, at both widths', async ({ page, consoleErrors }) => {
    void consoleErrors;
    // A section's place depends on the layout of everything above it: anything that skips or defers that layout
    // (content-visibility, lazily drawn sections) puts the target thousands of pixels off.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const id of ['programm', 'hinnad', 'tiim', 'kkk']) {
        await page.goto('/kkk');
        await page.goto(`/#${id}`);
        // Both bounds in one poll: a top read once after the first bound held may still be on its way (or above -2).
        await expect
          .poll(
            async () => {
              const top = await page.locator(`#${id}`).evaluate((el) => Math.round(el.getBoundingClientRect().top));
              return top >= -2 && top <= 150 ? 'just under the bar' : top;
            },
            { message: `${width} px #${id}` },
          )
          .toBe('just under the bar');
      }
    }
  });

  test('has the spec\'s buttons and the sign-in link', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/galerii');
    const nav = page.locator('[data-site-nav]');
    await expect(nav.getByRole('link', { name: 'Broneeri', exact: true })).toHaveAttribute('href', '/broneering');
    await expect(nav.getByRole('link', { name: 'Logi sisse' })).toHaveAttribute('href', '/auth');
    await expect(nav.getByRole('link', { name: /Helista/ })).toHaveAttribute('href', /^tel:/);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('opens and closes with its button, closes on Escape and on navigation', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menüü' });
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await menu.getByRole('link', { name: 'Programm', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#programm$/);
  });
});

test.describe('gallery viewer', () => {
  test('opens full screen at the clicked image, wraps both ways, counts, and gives focus back', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/galerii');
    const thumbs = page.locator('[data-gallery-thumb]');
    const total = await thumbs.count();
    const counter = page.locator('[data-viewer-counter]');
    const dialog = page.getByRole('dialog');

    await thumbs.nth(2).click();
    await expect(dialog).toBeVisible();
    await expect(counter).toHaveText(`3 / ${total}`);
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.width).toBeGreaterThanOrEqual(viewport.width - 1);
    expect(box!.height).toBeGreaterThanOrEqual(viewport.height - 1);

    await dialog.getByRole('button', { name: 'Järgmine pilt' }).click();
    await expect(counter).toHaveText(`4 / ${total}`);
    await dialog.getByRole('button', { name: 'Eelmine pilt' }).click();
    await dialog.getByRole('button', { name: 'Eelmine pilt' }).click();
    await dialog.getByRole('button', { name: 'Eelmine pilt' }).click();
    await expect(counter).toHaveText(`1 / ${total}`);
    await dialog.getByRole('button', { name: 'Eelmine pilt' }).click();
    await expect(counter).toHaveText(`${total} / ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(`1 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(`${total} / ${total}`);

    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(thumbs.nth(2)).toBeFocused();

    await thumbs.nth(0).click();
    await dialog.getByRole('button', { name: 'Sulge pildivaatur' }).click();
    await expect(dialog).toBeHidden();
    await expect(thumbs.nth(0)).toBeFocused();
  });
});

test.describe('gallery thumbnails', () => {
  test('a thumbnail reached with Tab shows its whole focus ring, on every side', async ({ page, consoleErrors }) => {
    void consoleErrors;
    // A tile paints only inside itself (content-visibility): the ring, drawn outside the button, must still fit.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/galerii');
      const thumb = page.locator('[data-gallery-thumb]').nth(1);
      for (let i = 0; i < 80 && !(await thumb.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      await expect(thumb).toBeFocused();
      await thumb.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      const box = (await thumb.boundingBox())!;
      // Strips 1-4 px outside each edge of the button, where the 3 px ring at 2 px offset is drawn.
      const strips = [
        { x: box.x - 4, y: box.y + 8, width: 3, height: box.height - 16 },
        { x: box.x + box.width + 1, y: box.y + 8, width: 3, height: box.height - 16 },
        { x: box.x + 8, y: box.y - 4, width: box.width - 16, height: 3 },
        { x: box.x + 8, y: box.y + box.height + 1, width: box.width - 16, height: 3 },
      ];
      const shots = () => Promise.all(strips.map((clip) => page.screenshot({ clip, animations: 'disabled' })));
      const focused = await shots();
      await thumb.evaluate((el) => el.blur());
      const blurred = await shots();
      strips.forEach((_, side) => expect(focused[side]!.equals(blurred[side]!), `${width} px, side ${side}: the ring is drawn`).toBe(false));
    }
  });
});

test('FAQ keeps only one answer open at a time', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/kkk');
  const items = page.locator('details[name="kkk"]');
  await items.nth(0).locator('summary').click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await items.nth(4).locator('summary').click();
  await expect(items.nth(4)).toHaveAttribute('open', '');
  await expect(items.nth(0)).not.toHaveAttribute('open');
  expect(await page.locator('details[name="kkk"][open]').count()).toBe(1);
});

test.describe('videos', () => {
  test('landing players load only when at least half visible', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/');
    const facades = page.locator('[data-video-facade]');
    await expect(facades.locator('iframe')).toHaveCount(0);
    await facades.first().scrollIntoViewIfNeeded();
    await expect(facades.first().locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toHaveCount(1);
  });

  test('the video gallery opens the chosen player above the list', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto('/kliendikogemused');
    const stage = page.locator('[data-video-stage]');
    await expect(stage.locator('iframe')).toHaveCount(0);
    await page.locator('[data-video-select]').nth(3).click();
    const iframe = stage.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    await expect(iframe).toHaveCount(1);
    await expect(iframe).toHaveAttribute('src', /autoplay=1/);
    const stageBox = await stage.boundingBox();
    const listBox = await page.locator('[data-video-select]').first().boundingBox();
    expect(stageBox!.y).toBeLessThan(listBox!.y);
  });
});
