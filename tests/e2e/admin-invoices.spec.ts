import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectFailedRequest, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { serverNow } from './clock';

/**
 * Invoices in the back office (issue "Back office II") in Chromium against the real Node host: the create dialog
 * with its preview, the issued invoice in the table, the A4 print view (what prints is the invoice alone), the PDF
 * download (read back with pdftotext), the e-mail with the spec's texts, and a credit note. axe on each screen.
 */

const TAG = `Žukova${letters()}`;

test.describe.configure({ timeout: 90_000 });

fileAdmin('invoices-admin');

/** A booking of 1 299 € with a 45,50 € service: 1 344,50 € to invoice. Each test has its own. */
async function pricedBooking(request: APIRequestContext, baseURL: string) {
  const id = await bookingRequest(request, baseURL, { firstName: 'Õnne', lastName: TAG, email: `onne.${letters()}@example.com` });
  await serverSql(`UPDATE bookings SET total_amount_cents = 129900, additional_services = '[{"name":"Massaaž","price_cents":4550}]' WHERE id = ?`, [id]);
  return id;
}

const invoicesSection = (page: Page) => page.locator('[data-section="booking-invoices"]');

/** React Aria's live announcer keeps closed dialogs' titles for a few seconds (axe: role-img-alt): wait it out. */
async function announcerQuiet(page: Page) {
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0);
}

test('issue an invoice from its preview, print it, download the PDF, e-mail it, and take it back with a credit note', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  test.slow();
  const bookingId = await pricedBooking(request, baseURL!);
  await page.goto(`/admin/bookings/${bookingId}`);
  const section = invoicesSection(page);
  await expect(section.getByRole('heading', { level: 2, name: 'Arved' })).toBeVisible();
  await expect(section.getByText('Arveid ei ole veel koostatud.')).toBeVisible();

  // The create dialog: the buyer from the guest, and the invoice it will be, before it has a number.
  await section.getByRole('button', { name: 'Koosta arve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Koosta arve' });
  await expect(dialog.getByRole('textbox', { name: /Nimi/ })).toHaveValue(`Õnne ${TAG}`);
  await expect(dialog.getByText('Number antakse väljastamisel')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Uus algus retriit Balis' })).toBeVisible();
  await expect(dialog.locator('[data-total="Kokku"]')).toHaveText('1\u00a0344,50\u00a0€');
  await expect(dialog.locator('[data-total="Jääk pärast ettemaksu"]')).toHaveText('1\u00a0044,50\u00a0€');
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await dialog.getByRole('textbox', { name: /Tänav ja maja/ }).fill('Jõe tänav 5');
  await dialog.getByRole('textbox', { name: /Linn/ }).fill('Pärnu');
  await dialog.getByRole('button', { name: 'Väljasta arve' }).click();
  await expect(toast(page, 'Arve väljastatud')).toBeVisible();
  await expect(dialog).toBeHidden();
  const invoiceRow = section.getByRole('row').nth(1);
  await expect(invoiceRow).toContainText('1\u00a0344,50\u00a0€');
  const number = (await invoiceRow.getByRole('rowheader').textContent())!.trim();
  expect(number).toMatch(/^\d{4}-\d{4,}$/);

  // The print view: the same invoice on an A4 sheet; printed, only the sheet shows.
  await invoiceRow.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Arve ${number}` })).toBeVisible();
  const sheet = page.locator('[data-print-area]');
  await expect(sheet).toContainText(`Õnne ${TAG}`);
  await expect(sheet).toContainText('Jõe tänav 5, Pärnu');
  await expect(sheet.locator('[data-invoice-number]')).toHaveText(`Nr ${number}`);
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prindi' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The PDF, made on the server: pdftotext reads the number and the Estonian letters back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Laadi PDF alla' }).click()]);
  expect(download.suggestedFilename()).toBe(`arve-${number}.pdf`);
  const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
  expect(text).toContain(`Nr ${number}`);
  expect(text).toContain(`Õnne ${TAG}`);

  // Issue 39: the same document as an e-invoice (UBL XML), named by its number.
  const [xmlDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Laadi alla e-arve (XML)' }).click()]);
  expect(xmlDownload.suggestedFilename()).toBe(`arve-${number}.xml`);
  const xml = Buffer.concat(await (await xmlDownload.createReadStream()).toArray()).toString('utf8');
  expect(xml).toContain(`<cbc:ID>${number}</cbc:ID>`);
  expect(xml).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>');

  // E-mail: 'Saadan arvet meilile...' while it goes (the request is held a moment to see it), then 'Arve saadetud!'.
  await page.route('**/api/admin/invoices/*/send', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.getByRole('button', { name: /Saada e-postiga/ }).click();
  await expect(page.getByRole('button', { name: /Saadan arvet meilile\.\.\./ })).toBeVisible();
  await expect(toast(page, 'Arve saadetud!')).toBeVisible();
  await expect(toast(page, 'Arve saadetud!')).toContainText(/Arve saadeti aadressile onne\.[a-z]+@example\.com/);

  // Back on the booking: the e-mail is among its e-mails; the credit note takes the invoice back.
  await page.getByRole('link', { name: '← Tagasi broneeringu juurde' }).click();
  await expect(page.locator('[data-section="booking-emails"]')).toContainText(`arve nr ${number}`);
  await section.getByRole('button', { name: new RegExp(`^Krediteeri\\s*:\\s*arve ${number}$`) }).click();
  const credit = page.getByRole('alertdialog', { name: 'Krediteeri arve' });
  await expect(credit).toContainText('−1\u00a0344,50\u00a0€');
  await credit.getByRole('textbox', { name: 'Põhjus' }).fill('Vale summa');
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await credit.getByRole('button', { name: 'Koosta kreeditarve' }).click();
  await expect(toast(page, 'Kreeditarve väljastatud')).toBeVisible();
  await expect(section.getByRole('row')).toHaveCount(3);
  await expect(section.getByRole('row').nth(1)).toContainText('Kreeditarve');
  await expect(section.getByRole('row').nth(1)).toContainText('−1\u00a0344,50\u00a0€');
  await expect(section.getByRole('row').nth(2)).toContainText('Krediteeritud');
  await expect(section.getByRole('button', { name: /^Krediteeri/ })).toHaveCount(0);
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
});

test('cancel: the refund the terms give today, confirmed, recorded with a credit note; the booking shows it all', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const bookingId = await pricedBooking(request, baseURL!);
  await page.goto(`/admin/bookings/${bookingId}`);
  // 300 € paid and the invoice issued, through the API as the screens would.
  const headers = { Origin: baseURL! };
  const paid = await page.request.post(`/api/admin/bookings/${bookingId}/payments`, { headers, data: { kind: 'payment', method: 'bank_transfer', receivedOn: serverNow().toISOString().slice(0, 10), amount: '300' } });
  expect(paid.status()).toBe(201);
  const version = ((await paid.json()) as { booking: { version: number } }).booking.version;
  expect((await page.request.post(`/api/admin/bookings/${bookingId}/invoices`, { headers, data: { version, buyer: { name: `Õnne ${TAG}`, email: '' } } })).status()).toBe(201);
  await page.reload();

  await page.getByRole('button', { name: 'Tühista broneering' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tühista broneering' });
  // The March edition is months away: all of it back less the 5% fee.
  await expect(dialog.locator('[data-refund-quote]')).toContainText('Tingimuste järgi tagastatakse 100% tasutud summast, millest arvatakse maha 5% menetlustasu.');
  await expect(dialog.getByRole('textbox', { name: /Tagastatav summa/ })).toHaveValue('285,00');
  await expect(dialog.locator('[data-fact="Arve"]')).toContainText('krediteeritakse');
  await dialog.getByRole('textbox', { name: /Põhjus/ }).fill('Haigestumine');
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Tühista broneering' }).click();
  await expect(toast(page, 'Broneering tühistatud')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Tühistatud').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tühista broneering' })).toHaveCount(0);
  const ledger = page.locator('[data-section="booking-payments"]');
  const entries = ledger.getByRole('table', { name: 'Maksed', exact: true });
  await expect(entries.getByRole('row')).toHaveCount(3);
  await expect(entries.getByRole('row').nth(2)).toContainText('−285,00\u00a0€');
  await expect(page.locator('[data-fact="Makstud"]')).toHaveText('15,00\u00a0€');
  const invoices = invoicesSection(page);
  await expect(invoices.getByRole('row')).toHaveCount(3);
  // The invoice of 1 344,50 € is credited down to the 15 € kept.
  await expect(invoices.getByRole('row').nth(1)).toContainText('Kreeditarve');
  await expect(invoices.getByRole('row').nth(1)).toContainText('−1\u00a0329,50\u00a0€');
  await expect(page.locator('[data-payment-schedule]')).toContainText('Tühistatud broneeringul maksegraafikut ei ole.');
  // Nothing more is owed: 0 on the detail, the payment settled; the list's CSV says the same.
  await expect(page.locator('[data-remaining]')).toHaveText('0,00\u00a0€');
  await expect(page.locator('[data-section="payment-info"]')).toContainText('Tasaarveldatud');
  await page.goto(`/admin/bookings?q=${TAG}&status=cancelled`);
  await expect(page.getByRole('row').nth(1)).toContainText(TAG);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Laadi alla CSV/ }).click()]);
  const csv = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
  const row = csv.split('\r\n').find((line) => line.split(';')[0] === String(bookingId))!.split(';');
  expect(row[10]).toBe('Tasaarveldatud');
  // The column "Tagastada (€)" (the discount code's two columns follow it).
  const header = csv.replace(/^\uFEFF/, '').split('\r\n')[0]!.split(';');
  expect(row[header.indexOf('Tagastada (€)')]).toBe('0,00');
});

test("the invoice's e-mail: 'Saatmisel…' while the outbox still tries it, settling by itself; a refused one says why and goes again", async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  test.slow();
  const bookingId = await pricedBooking(request, baseURL!);
  await page.goto(`/admin/bookings/${bookingId}`);
  const headers = { Origin: baseURL! };
  const to = `arve.${letters()}@example.com`;
  const toPattern = to.replace(/\./g, '\\.');
  const version = Number((await serverSql('SELECT version FROM bookings WHERE id = ?', [bookingId]))[0]!.version);
  const issued = await page.request.post(`/api/admin/bookings/${bookingId}/invoices`, { headers, data: { version, buyer: { name: `Õnne ${TAG}`, email: to } } });
  expect(issued.status()).toBe(201);
  const invoiceId = ((await issued.json()) as { invoice: { id: number } }).invoice.id;
  await page.goto(`/admin/invoices/${invoiceId}`);
  const state = page.locator('[data-invoice-emails] [role="status"]');
  await expect(state).toHaveText('Arvet ei ole veel e-postiga saadetud.');

  // Sent (here into the server's mail log): the answer's state at once, and the line under the buttons.
  await page.getByRole('button', { name: /^Saada e-postiga/ }).click();
  await expect(toast(page, 'Arve saadetud!')).toBeVisible();
  await expect(state).toHaveText(new RegExp(`^Saadetud \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2} aadressile ${toPattern}$`));
  const [{ id: outboxId }] = (await serverSql("SELECT id FROM email_outbox WHERE kind = 'invoice' AND to_address = ?", [to])) as unknown as [{ id: number }];

  // SendGrid timed out: the outbox keeps the message and tries again later. The screen says so, keeps the button
  // off (a second message would reach the buyer twice), and follows the message until it goes.
  await serverSql("UPDATE email_outbox SET status = 'pending', sent_at = NULL, attempts = 1, last_error = 'SendGrid request failed: timed out', next_attempt_at = '2999-01-01T00:00:00.000Z' WHERE id = ?", [outboxId]);
  await page.reload();
  await expect(state).toContainText(`Saatmisel… aadressile ${to}. Eelmine katse ebaõnnestus; järgmine katse 01.01.2999`);
  await expect(page.getByRole('button', { name: /^Saada uuesti/ })).toBeDisabled();
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await serverSql("UPDATE email_outbox SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", [outboxId]);
  await expect(state).toHaveText(new RegExp(`^Saadetud .* aadressile ${toPattern}$`), { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Saada uuesti/ })).toBeEnabled();

  // Refused for good: why, and the way to send it again (by keyboard).
  await serverSql("UPDATE email_outbox SET status = 'failed', sent_at = NULL, last_error = 'SendGrid answered 400: The from address does not match a verified Sender Identity.' WHERE id = ?", [outboxId]);
  await page.reload();
  await expect(state).toHaveText('Saatmine ebaõnnestus: SendGrid answered 400: The from address does not match a verified Sender Identity.');
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Saada uuesti/ }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Arve saadetud!')).toBeVisible();
  await expect(state).toHaveText(/^Saadetud /);
  await page.locator('[data-invoice-emails] summary').click();
  await expect(page.locator('[data-invoice-emails] li')).toHaveText(/^Saatmine ebaõnnestus: SendGrid answered 400/);

  // The booking's invoices show the latest e-mail's state too.
  await page.getByRole('link', { name: '← Tagasi broneeringu juurde' }).click();
  await expect(invoicesSection(page).getByRole('row').nth(1).locator('[data-invoice-email]')).toContainText('Saadetud');
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
});

test('an invoice that does not exist says so', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/admin/invoices/99999999');
  await expect(page.getByText('Arvet ei leitud').first()).toBeVisible();
  expectFailedRequest(consoleErrors, /^404 .*\/api\/admin\/invoices\/99999999$/);
});

test('axe finds nothing on the invoice dialog and print view at 390 px', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/admin/bookings/${await pricedBooking(request, baseURL!)}`);
  await invoicesSection(page).getByRole('button', { name: 'Koosta arve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Koosta arve' });
  await expect(dialog.locator('[data-total="Kokku"]')).toBeVisible();
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Väljasta arve' }).click();
  await expect(toast(page, 'Arve väljastatud')).toBeVisible();
  await invoicesSection(page).getByRole('row').nth(1).getByRole('rowheader').getByRole('link').click();
  await expect(page.locator('[data-print-area]')).toBeVisible();
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
});

test('record the advance, then issue the invoice: the paid advance is not subtracted again, and it asks for what the schedule asks', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  test.slow();
  const bookingId = await pricedBooking(request, baseURL!);
  await page.goto(`/admin/bookings/${bookingId}`);

  // The advance, by keyboard, in the payments section.
  await page.getByRole('button', { name: '+ Lisa makse' }).click();
  const pay = page.getByRole('dialog', { name: 'Lisa makse' });
  await pay.getByRole('textbox', { name: /Summa/ }).fill('300');
  const [year, month, day] = serverNow().toISOString().slice(0, 10).split('-');
  await pay.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
  await pay.getByRole('button', { name: 'Salvesta makse' }).click();
  await expect(toast(page, 'Makse salvestatud')).toBeVisible();
  await expect(pay).toBeHidden();

  // The invoice's preview and the issued PDF: paid 300 €, to pay the rest, no advance line, no "confirmed by paying".
  // On the same page, without a reload: the preview follows the payment (it once kept the old amount and version).
  const section = invoicesSection(page);
  await section.getByRole('button', { name: 'Koosta arve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Koosta arve' });
  await expect(dialog.locator('[data-total="Tasutud"]')).toHaveText('300,00\u00a0€');
  await expect(dialog.locator('[data-total="Tasuda"]')).toHaveText('1\u00a0044,50\u00a0€');
  await expect(dialog.locator('[data-total="Jääk pärast ettemaksu"]')).toHaveCount(0);
  await expect(dialog).not.toContainText('Broneering kinnitatakse');
  await dialog.getByRole('button', { name: 'Väljasta arve' }).click();
  await expect(toast(page, 'Arve väljastatud')).toBeVisible();
  const invoiceRow = section.getByRole('row').nth(1);
  const number = (await invoiceRow.getByRole('rowheader').textContent())!.trim();
  await invoiceRow.getByRole('link', { name: number, exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Laadi PDF alla' }).click()]);
  const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString().replace(/\u00a0/g, ' ');
  expect(text).toMatch(/Tasutud\s+300,00 €/);
  expect(text).toMatch(/Tasuda\s+1 044,50 €/);
  expect(text).not.toContain('Jääk pärast ettemaksu');
  expect(text).not.toContain('Broneering kinnitatakse');
  // The notes wrap across the sheet's lines: read them as one line.
  expect(text.replace(/\s+/g, ' ')).toMatch(/Palume tasuda (kogu summa|jääk) 1 044,50 € hiljemalt/);
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
});
