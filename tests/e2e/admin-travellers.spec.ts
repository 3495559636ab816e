import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';

/**
 * Travel details on the admin's booking detail (issue "Guest portal") in Chromium against the real Node host: the
 * completeness and due day, each person's details, what is missing and the passport warning; health information
 * only after "Näita terviseandmeid", with one audit record per read; the guest's cancellation request; the list's
 * "Reisiandmed: Puudu" filter. The details are written straight into the database (the portal's form is
 * tests/e2e/portal.spec.ts's). axe at 1280 px.
 */

const TAG = `Reisija${letters()}`;

test.describe.configure({ timeout: 90_000 });

fileAdmin('travellers-admin');

/** Travel details of one person, complete, as the portal saves them. */
async function completeDetails(bookingId: number, position: number, extra: { passportNumber: string; passportExpiry: string; healthAllergies: string | null }) {
  await serverSql(
    `INSERT INTO booking_travellers (booking_id, position, date_of_birth, nationality, passport_number, passport_expiry, emergency_name, emergency_phone,
       emergency_relationship, health_allergies, complete, updated_at) VALUES (?, ?, '1988-04-12', 'Eesti', ?, ?, 'Mari Tamm', '+372 5555 1234', 'õde', ?, 1, ?)`,
    [bookingId, position, extra.passportNumber, extra.passportExpiry, extra.healthAllergies, new Date().toISOString()],
  );
}

const healthReads = async (bookingId: number) =>
  Number((await serverSql("SELECT COUNT(*) AS n FROM audit_logs WHERE action = 'travellers.health_read' AND resource_type = 'booking' AND resource_id = ?", [String(bookingId)]))[0]!.n);

/** React Aria's live announcer keeps closed dialogs' titles for a few seconds (axe: role-img-alt): wait it out. */
async function announcerQuiet(page: Page) {
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0);
}

test('travel details: completeness, details, passport warning, health only on request (audited), the cancellation request', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = await bookingRequest(request, baseURL!, {
    firstName: 'Maarja',
    lastName: TAG,
    travelWith: 'with-companions',
    companions: [{ firstName: 'Toomas', lastName: TAG, birthday: '1986-11-02' }],
  });
  // The March edition ends 24.03.2026: a passport that runs out on 01.08.2026 is not valid 6 months after it.
  await completeDetails(id, 0, { passportNumber: 'KX7654321', passportExpiry: '2026-08-01', healthAllergies: 'Pähklid ja mesi' });
  await serverSql('UPDATE bookings SET cancellation_requested_at = ?, cancellation_request_refund_cents = ? WHERE id = ?', ['2026-01-05T10:00:00.000Z', 123450, id]);

  // The due day as the API gives it (the edition's first day less the settings' days), shown as dd.mm.yyyy.
  const travellers = (await (await page.request.get(`/api/admin/bookings/${id}/travellers`)).json()) as { dueOn: string };
  const [y, m, d] = travellers.dueOn.split('-');

  await page.goto(`/admin/bookings/${id}`);
  const section = page.locator('[data-section="booking-travellers"]');
  await expect(section.getByRole('heading', { level: 2, name: 'Reisiandmed' })).toBeVisible();
  await expect(section.getByText('1 / 2 täidetud')).toBeVisible();
  await expect(section.getByText(`Tähtaeg: ${d}.${m}.${y}`)).toBeVisible();

  const main = section.getByRole('article', { name: new RegExp(`^Maarja ${TAG}`) });
  await expect(main.getByRole('heading', { level: 3 })).toContainText('Peamine külaline');
  await expect(main.getByText('Täidetud')).toBeVisible();
  await expect(main.locator('[data-fact="Passi number"]')).toHaveText('KX7654321');
  await expect(main.locator('[data-fact="Pass kehtib kuni"]')).toHaveText('01.08.2026');
  await expect(main.locator('[data-fact="Toitumisvajadused"]')).toHaveText('–');
  await expect(main.getByRole('note')).toContainText('Pass peab kehtima vähemalt 6 kuud pärast reisi lõppu');

  const companion = section.getByRole('article', { name: new RegExp(`^Toomas ${TAG}`) });
  await expect(companion.getByRole('heading', { level: 3 })).toContainText('Kaasreisija');
  await expect(companion.getByText('Puudu:')).toBeVisible();
  await expect(companion.locator('[data-traveller-status]')).toContainText('passi number');
  await expect(companion.locator('[data-fact="Passi number"]')).toHaveText('–');

  // The guest's request to cancel, near the top, with the refund the terms gave that day.
  const requested = page.locator('[data-cancellation-request]');
  await expect(requested).toHaveRole('status');
  await expect(requested).toContainText('Klient soovib broneeringu tühistada (saadetud 05.01.2026). Tingimuste järgi tagastus: 1\u00a0234,50\u00a0€.');
  await expect(requested).toContainText('Tühista broneering');

  // Health information: not on the page, not read, until the admin asks (from the keyboard); then read once.
  await expect(page.getByText('Pähklid ja mesi')).toHaveCount(0);
  await expect(section.getByText('Terviseandmed on eriliiki isikuandmed: iga vaatamine logitakse.')).toBeVisible();
  expect(await healthReads(id)).toBe(0);
  const show = section.getByRole('button', { name: 'Näita terviseandmeid' });
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(main.locator('[data-fact="Allergiad"]')).toHaveText('Pähklid ja mesi');
  await expect(main.locator('[data-fact="Ravimid"]')).toHaveText('–');
  await expect(companion.locator('[data-traveller-health]')).toContainText('Terviseandmeid ei ole sisestatud.');
  const hide = section.getByRole('button', { name: 'Peida terviseandmeid' });
  await expect(hide).toBeFocused();
  await expect.poll(() => healthReads(id)).toBe(1);

  await announcerQuiet(page);
  await expectNoAxeViolations(page);

  // Hidden again: off the page; nothing more was read meanwhile.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pähklid ja mesi')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Näita terviseandmeid' })).toBeFocused();
  expect(await healthReads(id)).toBe(1);
});

test('the list: "Reisiandmed: Puudu" shows the bookings someone still has to fill in', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const missing = await bookingRequest(request, baseURL!, {
    firstName: 'Kadri',
    lastName: TAG,
    travelWith: 'with-companions',
    companions: [{ firstName: 'Karl', lastName: TAG, birthday: '1984-07-21' }],
  });
  await completeDetails(missing, 0, { passportNumber: 'KY1234567', passportExpiry: '2030-01-31', healthAllergies: null });
  const complete = await bookingRequest(request, baseURL!, { firstName: 'Liis', lastName: TAG });
  await completeDetails(complete, 0, { passportNumber: 'KZ1234567', passportExpiry: '2030-01-31', healthAllergies: null });

  await page.goto(`/admin/bookings?q=${TAG}&details=missing&pageSize=100`);
  await expect(page.getByRole('button', { name: /Reisiandmed/ })).toContainText('Puudu');
  await expect(page.getByRole('row').filter({ hasText: `Kadri ${TAG}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Liis ${TAG}` })).toHaveCount(0);
});
