import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { serverNow } from './clock';
import { addDays } from '../../src/lib/format';

/**
 * E-invoices (issue 39) in Chromium against the real host: the organiser marks a company as wanting e-invoices in the
 * invoice dialog (its address in parts, its e-invoice address), issues, downloads the XML from the invoice's page,
 * e-mails it (the message carries the XML beside the PDF) and finds it in the period's archive. axe at 1280 and 390 px.
 */
test.describe.configure({ timeout: 120_000 });

fileAdmin(`e-invoices-${letters()}`);

async function quiet(page: Page) {
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0);
}

test('a company that wants e-invoices gets the XML: downloaded, e-mailed beside the PDF, in the period’s archive', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const tag = letters();
  const id = await bookingRequest(request, baseURL!, { firstName: 'Firma', lastName: `Tellija${tag}`, email: `firma.${tag}@example.com` });
  await serverSql('UPDATE bookings SET total_amount_cents = 129900 WHERE id = ?', [id]);
  await page.goto(`/admin/bookings/${id}`);
  await page.locator('[data-section="booking-invoices"]').getByRole('button', { name: 'Koosta arve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Koosta arve' });
  await dialog.getByRole('textbox', { name: /^Nimi/ }).fill(`Sõbralik Firma ${tag} OÜ`);
  await dialog.getByRole('textbox', { name: /^E-post/ }).fill(`arved.${tag}@example.com`);
  await dialog.getByRole('textbox', { name: /^Registrikood/ }).fill('12345678');
  await dialog.getByRole('textbox', { name: /Tänav ja maja/ }).fill('Tartu mnt 1');
  await dialog.getByRole('textbox', { name: /Postiindeks/ }).fill('10115');
  await dialog.getByRole('textbox', { name: /^Linn/ }).fill('Tallinn');
  await dialog.getByRole('textbox', { name: /E-arve aadress/ }).fill('0191:12345678');
  await dialog.getByText('Soovib e-arvet', { exact: true }).click();
  await expect(dialog.getByRole('switch', { name: 'Soovib e-arvet' })).toBeChecked();
  await expect(dialog.getByText('Tartu mnt 1, 10115 Tallinn', { exact: true })).toBeVisible();
  await quiet(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Väljasta arve' }).click();
  await expect(toast(page, 'Arve väljastatud')).toBeVisible();
  const [invoice] = await serverSql('SELECT id, number FROM invoices WHERE booking_id = ?', [id]);
  const number = String(invoice!.number);

  // The invoice's page: "Laadi alla e-arve (XML)".
  await page.goto(`/admin/invoices/${invoice!.id}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Laadi alla e-arve (XML)' }).click()]);
  expect(download.suggestedFilename()).toBe(`arve-${number}.xml`);
  const xml = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  expect(xml).toContain('<cbc:EndpointID schemeID="0191">12345678</cbc:EndpointID>');
  expect(xml).toContain(`<cbc:RegistrationName>Sõbralik Firma ${tag} OÜ</cbc:RegistrationName>`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // E-mailed: the message names both files.
  await page.getByRole('button', { name: /Saada e-postiga/ }).click();
  await expect(toast(page, 'Arve saadetud!')).toBeVisible();
  const [mail] = await serverSql(`SELECT attachments FROM email_outbox WHERE kind = 'invoice' AND booking_id = ? ORDER BY id DESC LIMIT 1`, [id]);
  expect(JSON.parse(String(mail!.attachments))).toEqual([
    { type: 'invoice_pdf', invoiceId: Number(invoice!.id) },
    { type: 'invoice_ubl', invoiceId: Number(invoice!.id) },
  ]);

  // The period's archive holds it.
  // The server's day, give or take one (its clock is Tallinn's, ours UTC).
  const day = serverNow().toISOString().slice(0, 10);
  const zip = await page.request.get(`/api/admin/exports/e-invoices.zip?from=${addDays(day, -1)}&to=${addDays(day, 1)}`);
  expect(zip.headers()['content-type']).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await zip.body()));
  expect(strFromU8(files[`arve-${number}.xml`]!)).toBe(xml);
});
