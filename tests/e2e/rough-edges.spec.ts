import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { serverNow } from './clock';
import { addDays, tallinnDay } from '../../src/lib/format';

/**
 * The rough edges an organiser met (issue 37) in Chromium against the real Node host: an edition that has begun or
 * was cancelled is never "Müügil"; the dashboard's upcoming editions fit 1280 px and leave the cancelled one out; the
 * audit trail names its objects in Estonian and links them; a booking without refunds shows no "Tagastatud
 * −0,00 €"; the invoice dialog's preview shows the buyer's address as typed. axe at 1280 and 390 px.
 */

const TAG = `Serv${letters()}`;
test.describe.configure({ timeout: 120_000 });

fileAdmin('rough-edges');

async function bothWidths(page: Page, check?: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await check?.();
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an edition that has begun, or was cancelled, is not on sale; the dashboard leaves the cancelled one out and fits', async ({ page }) => {
  const today = tallinnDay(serverNow());
  const edition = async (name: string, start: string, cancelledAt: string | null = null) =>
    (await serverSql('INSERT INTO retreats (name, start_date, end_date, published, cancelled_at) VALUES (?, ?, ?, 1, ?) RETURNING id', [name, start, addDays(start, 10), cancelledAt]))[0]!.id as number;
  const begun = await edition(`Alanud ${TAG}`, addDays(today, -2));
  const selling = await edition(`Tulemas ${TAG}`, addDays(today, 1));
  const cancelled = await edition(`Tühistatud ${TAG}`, addDays(today, 1), serverNow().toISOString());

  await page.goto(`/admin/retreats?q=${TAG}`);
  const sale = (name: string) => page.getByRole('row').filter({ hasText: name }).locator('[data-sale]');
  await expect(sale(`Alanud ${TAG}`)).toHaveText('Müük on läbi');
  await expect(sale(`Tulemas ${TAG}`)).toHaveText('Müügil');
  await expect(sale(`Tühistatud ${TAG}`)).toHaveText('Tühistatud');
  await bothWidths(page);

  await page.goto(`/admin/retreats/${begun}`);
  await expect(page.locator('[data-sale-state]')).toHaveText('Retriit on alanud või läbi: seda enam ei müüda');
  await expect(page.getByRole('button', { name: /müüki|müügilt/ })).toHaveCount(0);
  await page.goto(`/admin/retreats/${selling}`);
  await expect(page.locator('[data-sale-state]')).toHaveText('Retriit on müügil: see on broneerimisvormis ja avalehel');

  await page.goto('/dashboard');
  const upcoming = page.locator('section[aria-labelledby="upcoming-retreats"]');
  await expect(upcoming.locator(`[data-retreat="${selling}"]`)).toBeVisible();
  await expect(upcoming.locator(`[data-retreat="${cancelled}"]`)).toHaveCount(0);
  await expect(upcoming.locator(`[data-retreat="${begun}"]`)).toHaveCount(0);
  await bothWidths(page, async () => {
    if ((await page.viewportSize())!.width !== 1280) return;
    const table = upcoming.locator('table');
    const sticking = await table.evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth);
    expect(sticking, 'the upcoming retreats table at 1280 px').toBeLessThanOrEqual(0);
  });
});

test('the audit trail names its objects in Estonian, linked; a booking without refunds shows no "Tagastatud"; the invoice preview shows the typed address', async ({ page, request, baseURL }) => {
  const id = await bookingRequest(request, baseURL!, { firstName: 'Liisa', lastName: TAG });
  await serverSql('UPDATE bookings SET total_amount_cents = 129900 WHERE id = ?', [id]);

  await page.goto(`/admin/bookings/${id}`);
  const payments = page.locator('[data-section="booking-payments"]');
  await expect(payments.locator('[data-fact="Laekunud"]')).toBeVisible();
  await expect(payments.locator('[data-fact="Tagastatud"]')).toHaveCount(0);

  // The invoice dialog: the address typed shows in the preview before the invoice is issued.
  await page.getByRole('button', { name: 'Koosta arve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Koosta arve' });
  await dialog.getByLabel('Nimi').fill(`Päikese OÜ ${TAG}`);
  await dialog.getByRole('textbox', { name: /Tänav ja maja/ }).fill('Pärnu mnt 1');
  await dialog.getByRole('textbox', { name: /Postiindeks/ }).fill('10141');
  await dialog.getByRole('textbox', { name: /Linn/ }).fill('Tallinn');
  await expect(dialog.getByText('Pärnu mnt 1, 10141 Tallinn', { exact: true })).toBeVisible();
  await expect(dialog.getByText(`Päikese OÜ ${TAG}`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Väljasta arve' }).click();
  await expect(toast(page, 'Arve väljastatud')).toBeVisible();

  // The trail: the booking's records name it with the guest, and the link opens it.
  await page.goto('/admin/audit');
  const object = page.getByRole('link', { name: `Broneering ${id} — Liisa ${TAG}` }).first();
  await expect(object).toBeVisible();
  await expect(page.getByRole('cell', { name: /^booking \d+$/ })).toHaveCount(0);
  await bothWidths(page);
  await object.click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));
});
