import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { serverNow } from './clock';
import { tallinnDay } from '../../src/lib/format';

/**
 * The go/no-go (issue 24) in Chromium against the real Node host, API and database: an edition below its minimum
 * shows its counts and decision day on the retreat's detail; "Tühista retriit" states the numbers first, asks for the
 * reason, and cancels: the bookings are cancelled, the payment comes back in the ledger, and the guest's e-mail is in
 * the booking's e-mails. axe at 1280 and 390 px, with the dialog open and after.
 */

test.describe.configure({ timeout: 120_000 });

fileAdmin(`gonogo-${letters()}`);

/** An edition (min 8) with a confirmed booking (300 € paid, invoiced) and a pending request. */
async function editionBelowMinimum(page: Page, baseURL: string) {
  const tag = letters();
  const headers = { Origin: baseURL };
  const created = await page.request.post('/api/admin/retreats', {
    headers,
    data: { name: `Tühistatav ${tag}`, location: 'Uluwatu, Bali', startDate: '2026-05-14', endDate: '2026-05-24', price: '1299', capacity: '' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const retreatId = ((await created.json()) as { retreat: { id: number } }).retreat.id;
  const paid = await bookingRequest(page.request, baseURL, { firstName: 'Mari', lastName: `Maks${tag}`, email: `mari.${tag}@example.com` });
  const waiting = await bookingRequest(page.request, baseURL, { firstName: 'Jüri', lastName: `Ootel${tag}`, email: `juri.${tag}@example.com` });
  await serverSql("UPDATE bookings SET retreat_id = ?, status = 'confirmed', total_amount_cents = 129900 WHERE id = ?", [retreatId, paid]);
  await serverSql('UPDATE bookings SET retreat_id = ? WHERE id = ?', [retreatId, waiting]);
  const payment = await page.request.post(`/api/admin/bookings/${paid}/payments`, {
    headers,
    data: { kind: 'payment', method: 'bank_transfer', receivedOn: tallinnDay(serverNow()), amount: '300' },
  });
  expect(payment.status(), await payment.text()).toBe(201);
  const [{ version }] = (await serverSql('SELECT version FROM bookings WHERE id = ?', [paid])) as unknown as [{ version: number }];
  const invoice = await page.request.post(`/api/admin/bookings/${paid}/invoices`, { headers, data: { version: Number(version), buyer: { name: `Mari Maks${tag}`, email: 'mari@example.com' } } });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return { retreatId, paid, waiting, name: `Tühistatav ${tag}` };
}

test('cancel an edition below its minimum: the numbers first, the reason, then the refunds and the e-mails', async ({ page, baseURL, consoleErrors }) => {
  void consoleErrors;
  const { retreatId, paid, waiting } = await editionBelowMinimum(page, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/retreats/${retreatId}`);
  const section = page.locator('[data-section="retreat-decision"]');
  await expect(section.getByRole('heading', { level: 2, name: 'Toimumine' })).toBeVisible();
  await expect(section.locator('[data-fact="Kinnitatud osalejaid"]')).toHaveText('1 / 8 (alla miinimumi)');
  await expect(section.locator('[data-fact="Makstud osalejaid"]')).toHaveText('1 / 8 (alla miinimumi)');
  // The balance due day: 60 days before 14.05.2026.
  await expect(section.locator('[data-fact="Otsuse päev"]')).toHaveText('15.03.2026 (lõppmakse päev)');
  await expect(section.locator('[data-decision-state="open"]')).toContainText('Otsustamata');
  await expectNoAxeViolations(page);

  await section.getByRole('button', { name: 'Tühista retriit' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Tühista retriit' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-cancel-numbers]')).toHaveText(
    /^Tühistatakse 2 broneeringut \(2 inimest\), tagastatakse 300,00\s€ ja 1 arve krediteeritakse\./,
  );
  await expect(dialog.locator('[data-fact="Tagastatakse"]')).toHaveText(/300,00\s€/);
  await expectNoAxeViolations(page);
  // No reason: refused under the field, nothing sent.
  await dialog.getByRole('button', { name: 'Tühista retriit' }).click();
  const reason = dialog.getByRole('textbox', { name: /Tühistamise põhjus/ });
  await expect(reason).toBeFocused();
  await expect(dialog.getByText('Kirjutage tühistamise põhjus')).toBeVisible();
  await reason.fill('Osalejaid on alla miinimumi (8).');
  await dialog.getByRole('button', { name: 'Tühista retriit' }).click();
  await expect(toast(page, 'Retriit tühistatud')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section.locator('[data-decision-state="cancelled"]')).toContainText('Retriit tühistatud');
  await expect(section.locator('[data-fact="Tühistamise põhjus"]')).toHaveText('Osalejaid on alla miinimumi (8).');
  await expect(section.getByRole('button', { name: 'Tühista retriit' })).toHaveCount(0);
  await expect(page.locator('[data-sale-state]')).toHaveText('Retriit on tühistatud: seda ei müüda');

  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoAxeViolations(page);

  // The booking that had paid: cancelled, the 300 € back in its ledger, the e-mail with the reason in its e-mails.
  await page.goto(`/admin/bookings/${paid}`);
  const ledger = page.locator('[data-section="booking-payments"]');
  await expect(ledger.getByRole('table', { name: 'Maksed', exact: true })).toContainText(/−300,00\s€|-300,00\s€/);
  const emails = page.locator('[data-section="booking-emails"]');
  await expect(emails.locator('[data-email]').filter({ hasText: 'Retriit jääb ära' })).toHaveCount(1);
  await expectNoAxeViolations(page);
  const rows = await serverSql(`SELECT id, status FROM bookings WHERE id IN (${paid}, ${waiting}) ORDER BY id`);
  expect(rows.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
});

test('confirm an edition: the dialog states who is told; afterwards only the cancellation is offered', async ({ page, baseURL, consoleErrors }) => {
  void consoleErrors;
  const { retreatId } = await editionBelowMinimum(page, baseURL!);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/retreats/${retreatId}`);
  const section = page.locator('[data-section="retreat-decision"]');
  await section.getByRole('button', { name: 'Kinnita toimumine' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Kinnita toimumine' });
  await expect(dialog).toContainText('Toimumise kinnituse saab e-kirjaga 2 külalist. Osalejaid on 2, miinimum 8.');
  // The safe choice has the focus first.
  await expect(dialog.getByRole('button', { name: 'Loobu' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Kinnita toimumine' }).click();
  await expect(toast(page, 'Toimumine kinnitatud')).toBeVisible();
  await expect(section.locator('[data-decision-state="confirmed"]')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Kinnita toimumine' })).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Tühista retriit' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoAxeViolations(page);
  expect(Number((await serverSql("SELECT count(*) AS n FROM email_outbox WHERE kind = 'retreat_confirmed' AND booking_id IN (SELECT id FROM bookings WHERE retreat_id = ?)", [retreatId]))[0]!.n)).toBe(2);
});
