import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';

/**
 * The invoices screen "Arved" (/admin/invoices) in Chromium against the real Node host: every invoice and credit note
 * with its state, searched by buyer, filtered by state and issue period in the URL, the sums of the filtered set, the
 * way into one invoice's print view and back, and the accountant's two CSVs. The documents are this file's own (issued
 * through the API for buyers named with the file's TAG); each test has its own buyers, so no count depends on another.
 */

const TAG = `Lõvi${letters()}`;

test.describe.configure({ timeout: 90_000 });

fileAdmin('invoice-list-admin');

/** A booking of 1 299 € with a 45,50 € service: 1 344,50 € to invoice. */
async function pricedBooking(request: APIRequestContext, baseURL: string, lastName: string) {
  const id = await bookingRequest(request, baseURL, { firstName: 'Õnne', lastName, email: `onne.${letters()}@example.com` });
  await serverSql(`UPDATE bookings SET total_amount_cents = 129900, additional_services = '[{"name":"Massaaž","price_cents":4550}]' WHERE id = ?`, [id]);
  return id;
}

interface Issued {
  id: number;
  number: string;
  issuedOn: string;
}

/** Issues the booking's invoice through the API, as the create dialog would (the booking's version from its preview). */
async function issueInvoice(page: Page, baseURL: string, bookingId: number, buyer: string): Promise<Issued> {
  const headers = { Origin: baseURL };
  const preview = await page.request.get(`/api/admin/bookings/${bookingId}/invoices`);
  expect(preview.status()).toBe(200);
  const { version } = (await preview.json()) as { version: number };
  const issued = await page.request.post(`/api/admin/bookings/${bookingId}/invoices`, { headers, data: { version, buyer: { name: buyer, email: '' } } });
  expect(issued.status(), await issued.text()).toBe(201);
  return ((await issued.json()) as { invoice: Issued }).invoice;
}

/**
 * This test's documents: A's invoice taken back by a credit note, B's invoice left open after a 300 € payment. In all
 * 1 344,50 € issued (two invoices less one credit note) and 1 044,50 € still to pay.
 */
async function invoicedPair(page: Page, request: APIRequestContext, baseURL: string, name: string) {
  const headers = { Origin: baseURL };
  const [bookingA, bookingB] = [await pricedBooking(request, baseURL, name), await pricedBooking(request, baseURL, name)];
  const a = await issueInvoice(page, baseURL, bookingA, `Aino ${name}`);
  const b = await issueInvoice(page, baseURL, bookingB, `Berit ${name}`);
  const credited = await page.request.post(`/api/admin/invoices/${a.id}/credit-note`, { headers, data: { reason: 'Test' } });
  expect(credited.status(), await credited.text()).toBe(201);
  const credit = ((await credited.json()) as { invoice: Issued }).invoice;
  // Paid on the issue day (the server's Tallinn day), so the period of the documents holds the payment too.
  const paid = await page.request.post(`/api/admin/bookings/${bookingB}/payments`, { headers, data: { kind: 'payment', method: 'bank_transfer', receivedOn: b.issuedOn, amount: '300' } });
  expect(paid.status(), await paid.text()).toBe(201);
  return { bookingA, bookingB, a, b, credit };
}

const table = (page: Page) => page.getByRole('table', { name: 'Arved' });
const rowOf = (page: Page, number: string) => table(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });

/** React Aria's live announcer keeps closed overlays' texts for a few seconds (axe: role-img-alt): wait it out. */
async function announcerQuiet(page: Page) {
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0);
}

async function downloadText(page: Page, link: string | RegExp) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  const text = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
  return { name: download.suggestedFilename(), text };
}

test('lists the invoices and the credit note with their states, filters them, opens one, and downloads the CSVs', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  test.slow();
  const name = `${TAG}${letters()}`;
  const { bookingB, a, b, credit } = await invoicedPair(page, request, baseURL!, name);

  // From the navigation: "Arved" is its own section.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Haldus' }).getByRole('link', { name: 'Arved' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Arved' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Haldus' }).getByRole('link', { name: 'Arved' })).toHaveAttribute('aria-current', 'page');

  // The search finds this test's three documents by the buyer's name, newest first; the URL keeps it.
  await page.getByRole('searchbox', { name: 'Otsi' }).fill(name);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name)}`));
  const rows = table(page).getByRole('row');
  await expect(rows).toHaveCount(4); // the header and three documents
  await expect(table(page).getByRole('rowheader')).toHaveText([credit.number, b.number, a.number]);

  const rowA = rowOf(page, a.number);
  await expect(rowA).toContainText(`Aino ${name}`);
  await expect(rowA).toContainText('1\u00a0344,50\u00a0€');
  await expect(rowA.locator('[data-state]')).toHaveAttribute('data-state', 'credited');
  await expect(rowA.locator('[data-state]')).toContainText('Krediteeritud');
  const rowB = rowOf(page, b.number);
  await expect(rowB.locator('[data-state]')).toContainText('Tasumata');
  // Issued today by the server's clock, due in the future: not overdue, whatever the browser's own date.
  await expect(rowB.locator('[data-state]')).toContainText('tähtaeg');
  await expect(rowB.locator('[data-state]')).not.toContainText('möödus');
  await expect(rowB.locator('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
  await expect(rowB.getByRole('cell').nth(4)).toHaveText('1\u00a0044,50\u00a0€'); // Tasumata: less the 300 € paid
  await expect(rowB.getByRole('link', { name: `Broneering #${bookingB}` })).toHaveAttribute('href', `/admin/bookings/${bookingB}`);
  const rowCredit = rowOf(page, credit.number);
  await expect(rowCredit.locator('[data-state]')).toContainText('Kreeditarve');
  await expect(rowCredit.locator('[data-state]')).toContainText(`arvele nr ${a.number}`);
  await expect(rowCredit).toContainText('−1\u00a0344,50\u00a0€');
  await expect(rowA.getByRole('cell').first()).toHaveText(`${a.issuedOn.slice(8, 10)}.${a.issuedOn.slice(5, 7)}.${a.issuedOn.slice(0, 4)}`);

  // The sums are over what the filters match.
  await expect(page.locator('[data-sum="total"]')).toHaveText('1\u00a0344,50\u00a0€');
  await expect(page.locator('[data-sum="open"]')).toHaveText('1\u00a0044,50\u00a0€');

  // The state filter, by keyboard: only the open invoice, then only the credit note, then all again.
  const state = page.getByRole('button', { name: /Staatus/ });
  await state.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Tasumata' }).press('Enter');
  await expect(page).toHaveURL(/state=open/);
  await expect(rows).toHaveCount(2);
  await expect(table(page).getByRole('rowheader')).toHaveText([b.number]);
  await expect(page.locator('[data-sum="total"]')).toHaveText('1\u00a0344,50\u00a0€');
  await state.click();
  await page.getByRole('option', { name: 'Kreeditarve' }).click();
  await expect(page).toHaveURL(/state=credit_note/);
  await expect(table(page).getByRole('rowheader')).toHaveText([credit.number]);
  await expect(page.locator('[data-sum="open"]')).toHaveText('0,00\u00a0€');
  await state.click();
  await page.getByRole('option', { name: 'Kõik' }).click();
  await expect(rows).toHaveCount(4);
  await expect(page).not.toHaveURL(/state=/);

  // The period: from the issue day on, all three; up to the day before, none.
  const [year, month, day] = a.issuedOn.split('-');
  await page.getByRole('group', { name: 'Alates' }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
  await expect(page).toHaveURL(new RegExp(`from=${a.issuedOn}`));
  await expect(rows).toHaveCount(4);
  const dayBefore = new Date(Date.parse(`${a.issuedOn}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/admin/invoices?q=${encodeURIComponent(name)}&to=${dayBefore}`);
  await expect(page.getByText('Arveid ei leitud')).toBeVisible();
  await expect(page.locator('[data-sum="total"]')).toHaveText('0,00\u00a0€');
  await page.goto(`/admin/invoices?q=${encodeURIComponent(name)}&from=${a.issuedOn}&to=${a.issuedOn}`);
  await expect(rows).toHaveCount(4);

  // One invoice by its number: the print view; back again, the list as it was.
  await rowOf(page, b.number).getByRole('link', { name: b.number, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Arve ${b.number}` })).toBeVisible();
  await expect(page.locator('[data-print-area]')).toContainText(`Berit ${name}`);
  await expect(page.getByRole('navigation', { name: 'Haldus' }).getByRole('link', { name: 'Arved' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Arved' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Otsi' })).toHaveValue(name);
  await expect(rows).toHaveCount(4);

  // The accountant's invoices: the documents the filters select, in a CSV Excel opens (BOM, ';').
  const invoicesLink = page.getByRole('link', { name: /Laadi arved alla \(CSV\)/ });
  await expect(invoicesLink).toHaveAttribute('href', `/api/admin/exports/invoices.csv?q=${encodeURIComponent(name)}&from=${a.issuedOn}&to=${a.issuedOn}`);
  const invoicesCsv = await downloadText(page, /Laadi arved alla \(CSV\)/);
  expect(invoicesCsv.name).toMatch(/\.csv$/);
  expect(invoicesCsv.text.startsWith('\uFEFFNumber')).toBe(true);
  const lines = invoicesCsv.text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(lines).toHaveLength(4); // the header and the three documents, in series order
  const byNumber = new Map(lines.slice(1).map((line) => [line.split(';')[0], line]));
  expect([...byNumber.keys()]).toEqual([a.number, b.number, credit.number]);
  expect(byNumber.get(a.number)).toContain('Krediteeritud');
  expect(byNumber.get(b.number)).toContain('1044,50');
  expect(byNumber.get(credit.number)).toContain(`;${a.number};`); // the invoice it credits

  // The payments ledger of the period: B's 300 € is in it.
  const paymentsLink = page.getByRole('link', { name: /Laadi maksed alla \(CSV\)/ });
  await expect(paymentsLink).toHaveAttribute('href', `/api/admin/exports/payments.csv?from=${a.issuedOn}&to=${a.issuedOn}`);
  const paymentsCsv = await downloadText(page, /Laadi maksed alla \(CSV\)/);
  expect(paymentsCsv.name).toMatch(/\.csv$/);
  expect(paymentsCsv.text.startsWith('\uFEFFKuupäev;')).toBe(true);
  const payment = paymentsCsv.text.split('\r\n').find((line) => line.includes(`Õnne ${name}`));
  expect(payment).toContain(`;${bookingB};`);
  expect(payment).toContain('300,00');
});

test('a search that matches nothing says so', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto(`/admin/invoices?q=${encodeURIComponent(TAG)}-ei-ole`);
  await expect(page.getByRole('heading', { level: 1, name: 'Arved' })).toBeVisible();
  await expect(page.getByText('Arveid ei leitud')).toBeVisible();
  await expect(page.locator('[data-sum="total"]')).toHaveText('0,00\u00a0€');
  await expect(page.getByRole('navigation', { name: 'Lehekülgede vahel liikumine' })).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on the invoices screen at ${width} px`, async ({ page, request, baseURL, consoleErrors }) => {
    void consoleErrors;
    const name = `${TAG}${letters()}`;
    await invoicedPair(page, request, baseURL!, name);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/invoices?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Arved' })).toBeVisible();
    await expect(table(page).getByRole('row')).toHaveCount(4);
    await expect(page.locator('[data-loading]')).toHaveCount(0);
    await announcerQuiet(page);
    await expectNoAxeViolations(page);
  });
}
