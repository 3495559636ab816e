/**
 * Gift vouchers (issue 38) in Chromium against the real Node host, API and database: the organiser issues a 100 €
 * voucher in "Kinkekaardid" and opens its printable PDF; a guest with an account pays 60 € of their booking with it in
 * the portal ("Kasuta kinkekaarti"), a mistyped code refused under the field first; the booking's ledger in the back
 * office shows the voucher's payment; the organiser pays the rest (40 €) from the booking's own "Kasuta kinkekaarti"
 * after being told under the amount what is left, and a second try is refused as used up under the code; the voucher's
 * page lists both payments; the booking's invoice says "sh kinkekaardiga <code>". Axe at 1280 and 390 px on the
 * list, the issuing dialog, the booking's dialog and the portal's form.
 */
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { confirmedUser, expectNoAxeViolations, extraAdmin, signInContext, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { expect, expectFailedRequest, test } from './fixtures';

// One voucher through its life: the steps run in order, each on what the one before left.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const TAG = letters();
const RECIPIENT = `Mari Kink${TAG}`;
const money = (text: string) => new RegExp(text.replace(/ /g, '[\\s\\u00a0\\u202f]'));
const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes })
    .toString()
    .replace(/\u00a0/g, ' ');

const state = { adminEmail: '', code: '', voucherId: 0, bookingId: 0, guestEmail: '' };
const DISCOUNT_CODE = `KINK${TAG}`.toUpperCase().replace(/[^A-Z0-9]/g, '');

test.beforeAll(async ({ request, baseURL }) => {
  state.adminEmail = await extraAdmin(request, baseURL!, `kinkekaart-${TAG}`);
});

/** React Aria's live announcer keeps closed dialogs' titles for a few seconds (axe: role-img-alt), toasts come and go. */
async function quiet(page: Page) {
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0);
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
}

async function axeAtBothWidths(page: Page) {
  await quiet(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The organiser in a browser of their own. */
async function adminPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInContext(page, baseURL, state.adminEmail);
  return { page, context };
}

test('the organiser issues a voucher in "Kinkekaardid", reads its code and opens its printable PDF', async ({ page, baseURL, consoleErrors }) => {
  test.slow();
  await signInContext(page, baseURL!, state.adminEmail);
  await page.goto(`/admin/gift-vouchers?q=${TAG}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kinkekaardid' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kinkekaardid', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Otsingule vastavaid kinkekaarte ei leitud')).toBeVisible();
  await axeAtBothWidths(page);

  // By keyboard: the empty form names what is missing and puts the focus on the first of it.
  await page.getByRole('button', { name: '+ Väljasta kinkekaart' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Väljasta kinkekaart' });
  const amount = dialog.getByRole('textbox', { name: /^Summa/ });
  await expect(amount).toBeFocused();
  await expect(dialog.getByRole('group', { name: 'Kehtib kuni (k.a)' })).toBeVisible();
  await expect(dialog).toContainText('Tühi: 3 aastat tänasest.');
  await dialog.getByRole('button', { name: 'Väljasta kinkekaart' }).press('Enter');
  await expect(amount).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: /^Saaja nimi/ })).toHaveAccessibleDescription(/Sisestage kinkekaardi saaja nimi\./);
  await axeAtBothWidths(page);

  await amount.fill('100');
  await dialog.getByRole('textbox', { name: /^Saaja nimi/ }).fill(RECIPIENT);
  await dialog.getByRole('textbox', { name: /^Ostja nimi/ }).fill(`Jaan Kink${TAG}`);
  await dialog.getByRole('textbox', { name: /^Ostja e-post/ }).fill(`jaan.${TAG}@example.com`);
  await dialog.getByRole('textbox', { name: /^Märkus/ }).fill('Jõulukink');
  await dialog.getByRole('button', { name: 'Väljasta kinkekaart' }).click();
  await expect(toast(page, 'Kinkekaart väljastatud')).toBeVisible();
  const issued = page.getByRole('dialog', { name: 'Kinkekaart väljastatud' });
  const code = (await issued.locator('[data-gift-voucher-code]').textContent())!.trim();
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  state.code = code;
  const print = issued.getByRole('link', { name: /^Prindi kinkekaart \(PDF\)/ });
  await expect(print).toBeFocused();

  // The printable page opens in a tab of its own: a PDF with the recipient, the value and the code.
  const [pdf] = await Promise.all([
    page.context().waitForEvent('response', (r) => /\/api\/admin\/gift-vouchers\/\d+\/pdf$/.test(r.url())),
    print.click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  state.voucherId = Number(/gift-vouchers\/(\d+)\/pdf/.exec(pdf.url())![1]);
  // The tab's own copy may be a viewer's or a download's: read the same file through the page's session.
  const bytes = await (await page.request.get(pdf.url())).body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = pdfText(bytes);
  for (const expected of ['KINKEKAART', RECIPIENT, '100,00 €', code]) expect(text, expected).toContain(expected);
  for (const other of page.context().pages()) if (other !== page) await other.close();

  // The dialog's own "Sulge" after the ✕ in its corner.
  await issued.getByRole('button', { name: 'Sulge', exact: true }).last().click();
  await expect(issued).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
  for (const text of [RECIPIENT, `Jaan Kink${TAG}`, `jaan.${TAG}@example.com`, 'Kehtiv']) await expect(row).toContainText(text);
  await expect(row.getByRole('cell').nth(2)).toHaveText(money('100,00 €'));
  await expect(row.getByRole('cell').nth(3)).toHaveText(money('100,00 €'));

  // Its page: the facts, no payments yet, and the PDF.
  await row.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Kinkekaart ${code}` })).toBeVisible();
  await expect(page.locator('[data-fact="Saaja"]')).toHaveText(RECIPIENT);
  await expect(page.locator('[data-fact="Märkus"]')).toHaveText('Jõulukink');
  await expect(page.getByText('Kinkekaardiga ei ole veel tasutud.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Laadi PDF alla' })).toHaveAttribute(
    'href',
    `/api/admin/gift-vouchers/${state.voucherId}/pdf?download=1`,
  );
  void consoleErrors;
});

test("a guest pays 60 € of their booking with the voucher in the portal; the back office's ledger shows it", async ({
  page,
  browser,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  expect(state.code, 'the voucher of the first step').not.toBe('');
  const lastName = `Kinkija${TAG}`;
  state.guestEmail = await confirmedUser(request, baseURL!, 'kinkekaart', { firstName: 'Kertu', lastName });
  // The guest books with the organiser's discount code (issue 38: the code and the voucher on one invoice).
  await serverSql('INSERT INTO discount_codes (code, percent, note) VALUES (?, 10, ?)', [DISCOUNT_CODE, 'Kinkekaardi test']);
  state.bookingId = await bookingRequest(request, baseURL!, { firstName: 'Kertu', lastName, email: state.guestEmail, discountCode: DISCOUNT_CODE.toLowerCase() });
  expect(await serverSql('SELECT discount_code_id IS NOT NULL AS coded FROM bookings WHERE id = ?', [state.bookingId])).toEqual([{ coded: 1 }]);
  await signInContext(page, baseURL!, state.guestEmail);
  await page.goto(`/minu-broneeringud?broneering=${state.bookingId}`);
  await expect(page.getByRole('heading', { level: 2, name: /retriit/i })).toBeFocused();

  const payments = page.getByRole('region', { name: 'Maksed' });
  await payments.getByRole('button', { name: 'Kasuta kinkekaarti' }).click();
  const form = payments.getByRole('form', { name: 'Kasuta kinkekaarti' });
  const code = form.getByRole('textbox', { name: /^Kinkekaardi kood/ });
  const amount = form.getByRole('textbox', { name: /^Summa/ });
  await expect(code).toBeFocused();
  // What is still owed, to begin with.
  await expect(amount).toHaveValue('1169,10');
  await axeAtBothWidths(page);

  // A code that is no voucher: refused under the field, nothing paid.
  await code.fill('AAAA-BBBB-CCCC-DDDD');
  await amount.fill('60');
  await form.getByRole('button', { name: 'Tasu kinkekaardiga' }).click();
  await expect(code).toHaveAccessibleDescription(/Sellist kinkekaarti ei ole\. Kontrollige koodi\./);
  await expect(code).toBeFocused();
  expectFailedRequest(consoleErrors, /^422 .*\/api\/me\/bookings\/\d+\/gift-vouchers$/);

  // As a person types it from the card: small letters, spaces for the dashes.
  await code.fill(state.code.toLowerCase().replaceAll('-', ' '));
  await form.getByRole('button', { name: 'Tasu kinkekaardiga' }).click();
  await expect(payments.locator('[data-gift-voucher-paid]')).toHaveText(money('Kinkekaardiga tasutud 60,00 €. Kinkekaardile jäi 40,00 €.'));
  await expect(form).toBeHidden();
  await expect(payments.locator('dl > div').filter({ hasText: /^Makstud/ })).toContainText(money('60,00 €'));
  await expect(payments.locator('dl > div').filter({ hasText: /^Tasuda/ })).toContainText(money('1 109,10 €'));
  await expect(payments.getByRole('button', { name: 'Kasuta kinkekaarti' })).toBeFocused();

  // The organiser's ledger: the voucher's payment, its method and its code.
  const { page: admin, context } = await adminPage(browser, baseURL!);
  await admin.goto(`/admin/bookings/${state.bookingId}`);
  const ledger = admin.locator('[data-section="booking-payments"]');
  const entry = ledger.getByRole('row').filter({ hasText: 'Kinkekaart' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(money('60,00 €'));
  await expect(entry).toContainText(`Kinkekaart ${state.code}`);
  await context.close();
});

test('the organiser pays the rest from the booking\'s "Kasuta kinkekaarti"; a second use is refused as used up', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  expect(state.bookingId, 'the booking of the step before').toBeGreaterThan(0);
  await signInContext(page, baseURL!, state.adminEmail);
  await page.goto(`/admin/bookings/${state.bookingId}`);
  const ledger = page.locator('[data-section="booking-payments"]');
  const use = ledger.getByRole('button', { name: 'Kasuta kinkekaarti' });
  await use.click();
  const dialog = page.getByRole('dialog', { name: 'Kasuta kinkekaarti' });
  const code = dialog.getByRole('textbox', { name: /^Kinkekaardi kood/ });
  const amount = dialog.getByRole('textbox', { name: /^Summa/ });
  await expect(code).toBeFocused();
  await expect(amount).toHaveValue('1109,10');
  await axeAtBothWidths(page);

  // More than the voucher holds: the API's answer names what is left, under the amount.
  await code.fill(state.code);
  await amount.fill('50');
  await dialog.getByRole('button', { name: 'Tasu kinkekaardiga' }).click();
  await expect(amount).toHaveAccessibleDescription(money('Kinkekaardil on alles 40,00 €: rohkem sellega tasuda ei saa.'));
  expectFailedRequest(consoleErrors, /^409 .*\/api\/admin\/bookings\/\d+\/gift-vouchers$/);

  await amount.fill('40');
  await dialog.getByRole('button', { name: 'Tasu kinkekaardiga' }).click();
  await expect(toast(page, 'Kinkekaardiga tasutud')).toContainText(money('Kinkekaardiga tasutud 40,00 €'));
  await expect(dialog).toBeHidden();
  await expect(ledger.getByRole('row').filter({ hasText: 'Kinkekaart' })).toHaveCount(2);
  await expect(ledger.locator('[data-fact="Makstud kokku"]')).toHaveText(money('100,00 €'));

  // Nothing is left on it: refused under the code.
  await use.click();
  await code.fill(state.code);
  await amount.fill('1');
  await dialog.getByRole('button', { name: 'Tasu kinkekaardiga' }).click();
  await expect(code).toHaveAccessibleDescription(/Kinkekaart on juba täielikult kasutatud\./);
  await expect(code).toBeFocused();
  expectFailedRequest(consoleErrors, /^422 .*\/api\/admin\/bookings\/\d+\/gift-vouchers$/);
  await dialog.getByRole('button', { name: 'Loobu' }).click();
  await expect(dialog).toBeHidden();

  // The voucher's page: used, both payments leading to the booking.
  await page.goto(`/admin/gift-vouchers/${state.voucherId}`);
  await expect(page.locator('[data-fact="Olek"]')).toHaveText('Kasutatud');
  await expect(page.locator('[data-fact="Jääk"]')).toHaveText(money('0,00 €'));
  const uses = page.getByRole('table', { name: 'Maksed kinkekaardiga' });
  await expect(uses.getByRole('link', { name: `Broneering #${state.bookingId}` })).toHaveCount(2);
  await uses
    .getByRole('link', { name: `Broneering #${state.bookingId}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${state.bookingId}$`));
});

test('the booking\'s invoice shows the voucher as a payment ("sh kinkekaardiga <code>") and the discount code as its own line', async ({ page, baseURL }) => {
  expect(state.bookingId, 'the booking of the steps before').toBeGreaterThan(0);
  await signInContext(page, baseURL!, state.adminEmail);
  const headers = { Origin: baseURL! };
  const detail = await page.request.get(`/api/admin/bookings/${state.bookingId}`);
  const { version } = ((await detail.json()) as { booking: { version: number } }).booking;
  const issued = await page.request.post(`/api/admin/bookings/${state.bookingId}/invoices`, {
    headers,
    data: { version, buyer: { name: `Kertu Kinkija${TAG}`, email: '' } },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { invoice } = (await issued.json()) as { invoice: { id: number } };
  const pdf = await page.request.get(`/api/admin/invoices/${invoice.id}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  expect(text).toContain(`sh kinkekaardiga ${state.code}`);
  expect(text).toContain(`Soodustus ${DISCOUNT_CODE} −10 %`);
});
