import { createClient } from '@libsql/client';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectFailedRequest, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { bookingRequest, letters } from './booking-requests';
import { serverNow } from './clock';

/**
 * The back office's bookings (admin spec section 2 bookings screens, 4, 5, 8, 9) in Chromium against the real Node
 * host, API and database: list search, filters, sort and paging kept in the URL; the detail with its edit dialog
 * (a stale edit gets 409), services, companion prices, e-mails and delete; the admin-made booking through the
 * calendar; the e-mail test. Bookings are made through the public API with a surname unique to the run, so the
 * searches see only this file's rows while other tests add theirs.
 */

const TAG = `Kask${letters()}`;
const FIRST_NAMES = ['Aino', 'Birgit', 'Carmen', 'Diana', 'Eha', 'Fanny', 'Grete'];

const makeBooking = (request: APIRequestContext, baseURL: string, firstName: string, extra: Record<string, unknown> = {}) =>
  bookingRequest(request, baseURL, { firstName, lastName: TAG, ...extra });

/** A retreat in the future, written straight into the test server's database (retreat screens come later). */
async function futureRetreat(name: string) {
  const db = createClient({ url: process.env.E2E_DATABASE_URL! });
  // The server writes to the same file at the same time: wait for its lock instead of failing at once.
  await db.execute('PRAGMA busy_timeout = 10000');
  const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 50 * 86_400_000).toISOString().slice(0, 10);
  const result = await db.execute({
    sql: 'INSERT INTO retreats (name, location, start_date, end_date, arrival_date, departure_date) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
    args: [name, 'Uluwatu, Bali', start, end, start, end],
  });
  db.close();
  return { id: Number(result.rows[0]!.id), start, end };
}

// Each test loads admin screens (their own chunks) several times: slow on two cores shared with the other worker.
test.describe.configure({ timeout: 90_000 });

let ids: number[] = [];
let withCompanions = 0;

fileAdmin('bookings-admin', async (request, baseURL) => {
  ids = [];
  for (const name of FIRST_NAMES) ids.push(await makeBooking(request, baseURL, name));
  withCompanions = await makeBooking(request, baseURL, 'Helju', {
    travelWith: 'with-companions',
    companions: [
      { firstName: 'Jaan', lastName: TAG, birthday: '1985-09-30' },
      { firstName: 'Liisa', lastName: TAG, birthday: '1992-02-01' },
    ],
  });
  // One booking the search must not find, so the whole table always holds more than the search's 8.
  const other = `Muu${letters()}`;
  await makeBooking(request, baseURL, 'Ilse', { lastName: other, email: `ilse.${other.toLowerCase()}@example.com` });
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Otsi' });

test('the list searches, filters, sorts and pages on the server, and the URL keeps it all', async ({ page, consoleErrors }) => {
  // Four full page loads (first visit, a shared link, a reload, the back button): more than the default 30 s when
  // the whole suite shares two cores.
  test.slow();
  void consoleErrors;
  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Broneeringud' })).toBeVisible();
  await expect(page.locator('[data-counter="total"]')).not.toHaveText('…');
  const total = Number((await page.locator('[data-counter="total"]').textContent())!.replace(/\s/g, ''));
  expect(total).toBeGreaterThan(8);

  await searchBox(page).fill(TAG);
  await expect(page).toHaveURL(new RegExp(`q=${TAG}`));
  await expect(page.getByRole('row')).toHaveCount(1 + 8); // header + this file's bookings
  // The counters count the whole table, not the search: never fewer than before it (the other worker may be adding
  // bookings meanwhile, so not exactly the same number either), and so more than the search's 8.
  await expect(async () => {
    const after = Number((await page.locator('[data-counter="total"]').textContent())!.replace(/\s/g, ''));
    expect(after).toBeGreaterThanOrEqual(total);
  }).toPass({ timeout: 15_000 });

  // Sort by name, ascending then descending: the header says so (aria-sort) and the URL too.
  const nameHeader = page.getByRole('columnheader', { name: /Nimi/ });
  await nameHeader.click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').nth(1)).toContainText(`Aino ${TAG}`);
  await nameHeader.click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('row').nth(1)).toContainText(`Helju ${TAG}`);

  // Paging: five per page, the second page holds the remaining three.
  await page.goto(`/admin/bookings?q=${TAG}&sort=name&pageSize=5`);
  await expect(page.getByRole('row')).toHaveCount(1 + 5);
  await page.getByRole('button', { name: /Järgmine/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('row')).toHaveCount(1 + 3);
  await expect(page.getByRole('row').nth(1)).toContainText(`Fanny ${TAG}`);

  // A reload keeps the state; the back button returns to page 1.
  await page.reload();
  await expect(searchBox(page)).toHaveValue(TAG);
  await expect(page.getByRole('row')).toHaveCount(1 + 3);
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByRole('row')).toHaveCount(1 + 5);

  // A filter that matches none of them: the search-specific empty text.
  await page.getByRole('search').getByRole('button', { name: /Staatus/ }).click();
  await page.getByRole('option', { name: 'Tühistatud' }).click();
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByText('Otsingule vastavaid broneeringuid ei leitud')).toBeVisible();

  // Search by the Estonian status text.
  await page.goto(`/admin/bookings?q=${encodeURIComponent('ootel')}&pageSize=100`);
  await expect(row(page, `Aino ${TAG}`)).toBeVisible();
});

test('detail: every section, an edit that saves exact cents, and a stale edit answered with 409', async ({ page, consoleErrors }) => {
  const id = ids[0]!;
  await page.goto(`/admin/bookings?q=${TAG}&sort=name`);
  await row(page, `Aino ${TAG}`).getByRole('link', { name: `Aino ${TAG}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Broneering #${id}` })).toBeFocused();
  for (const section of ['Külalise andmed', 'Broneeringu andmed', 'Märkmed', 'Lisateenused', 'Makseinfo', 'Ajatemplid', 'Allkirjad', 'E-kirjad']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.locator('[data-fact="Majutuse tüüp"]')).toHaveText('Ühekohaline');
  // Issue 42: the booker signed both texts in the form; the evidence says when, which version and which text.
  const signatures = page.locator(`[data-agreements="Aino ${TAG}"]`);
  for (const kind of ['terms', 'waiver']) {
    await expect(signatures.locator(`[data-agreement="${kind}"]`)).toContainText(/Allkirjastatud \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} · versioon 2026-11 · sha256 [0-9a-f]{12}…/);
  }
  await expect(signatures).toContainText(`Aino ${TAG}, broneerimisvormis`);
  await expectNoAxeViolations(page);

  // Edit: a refused amount first, then exact cents. The amount paid is the ledger's: shown, not editable.
  await page.getByRole('button', { name: 'Muuda broneeringut' }).click();
  const dialog = page.getByRole('dialog', { name: 'Muuda broneeringut' });
  await expect(dialog).toBeVisible();
  const paid = dialog.getByRole('textbox', { name: /Makstud/ });
  await expect(paid).toHaveAttribute('readonly', '');
  await expect(paid).toHaveAccessibleDescription(/Makstud summa tuleb maksetest/);
  await dialog.getByRole('textbox', { name: /Kogusumma/ }).fill('12.345');
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(dialog.getByRole('textbox', { name: /Kogusumma/ })).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('textbox', { name: /Kogusumma/ }).fill('1299.50');
  await dialog.getByRole('button', { name: /Staatus/ }).first().click();
  await page.getByRole('option', { name: 'Kinnitatud' }).click();
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(toast(page, 'Edukalt salvestatud')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Muuda broneeringut' })).toBeFocused(); // focus returned
  await expect(page.locator('[data-fact="Makstud"]')).toHaveText('–');
  await expect(page.locator('[data-remaining]')).toHaveText('1\u00a0299,50\u00a0€');

  // Stale edit: the dialog opens, someone else saves, then this save is refused with 409 and says so.
  await page.getByRole('button', { name: 'Muuda broneeringut' }).click();
  const current = (await (await page.request.get(`/api/admin/bookings/${id}`)).json()).booking;
  const other = await page.request.patch(`/api/admin/bookings/${id}`, {
    headers: { Origin: new URL(page.url()).origin },
    data: { version: current.version, status: 'confirmed', paymentStatus: 'partial', roomType: current.roomType, roomSharingPreference: null, bedTypePreference: null, totalAmount: '1299', amountPaid: '0', depositAmount: '300', specialRequests: null, comments: 'Teise admini muudatus', extraFood: null },
  });
  expect(other.status()).toBe(200);
  const save = page.waitForResponse((r) => r.url().endsWith(`/api/admin/bookings/${id}`) && r.request().method() === 'PATCH');
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  expect((await save).status()).toBe(409);
  expectFailedRequest(consoleErrors, new RegExp(`^409 .*/api/admin/bookings/${id}$`));
  await expect(dialog.locator('[data-conflict]')).toBeVisible();
  await dialog.getByRole('button', { name: 'Laadi uusimad andmed' }).click();
  await expect(dialog.getByRole('textbox', { name: /Ettemaks/ })).toHaveValue('300,00');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-fact="Kommentaarid"]')).toHaveText('Teise admini muudatus');
});

test('payments: the ledger records a payment (the spec messages first), derives what is paid, and a reversal undoes it', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const id = await makeBooking(request, baseURL!, 'Pille');
  const db = createClient({ url: process.env.E2E_DATABASE_URL! });
  await db.execute('PRAGMA busy_timeout = 10000');
  await db.execute({ sql: 'UPDATE bookings SET total_amount_cents = 129900 WHERE id = ?', args: [id] });
  db.close();
  await page.goto(`/admin/bookings/${id}`);
  const ledger = page.locator('[data-section="booking-payments"]');
  const entries = ledger.getByRole('table', { name: 'Maksed', exact: true });
  await expect(ledger.getByRole('heading', { level: 2, name: 'Maksed' })).toBeVisible();
  await expect(ledger.getByText('Makseid ei ole veel sisestatud.')).toBeVisible();
  await expect(ledger.locator('[data-reference-number]')).toHaveText(/^1\d+$/);

  await ledger.getByRole('button', { name: '+ Lisa makse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lisa makse' });
  await dialog.getByRole('button', { name: 'Salvesta makse' }).click();
  const amount = dialog.getByRole('textbox', { name: /Summa/ });
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAccessibleDescription(/Sisestage summa eurodes/);
  await amount.fill('300');
  // The day the money came, typed into the date segments (dd.mm.yyyy): the server's today, whose clock is set for
  // the content's editions (the field offers the browser's today, which the server would call the future).
  const [year, month, day] = serverNow().toISOString().slice(0, 10).split('-');
  await dialog.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Salvesta makse' }).click();
  await expect(toast(page, 'Makse salvestatud')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(entries.getByRole('row')).toHaveCount(2);
  await expect(entries.getByRole('row').nth(1)).toContainText('300,00\u00a0€');
  await expect(entries.getByRole('row').nth(1)).toContainText(`${day}.${month}.${year}`);
  await expect(page.locator('[data-fact="Makstud"]')).toHaveText('300,00\u00a0€');
  await expect(page.locator('[data-remaining]')).toHaveText('999,00\u00a0€');
  await expect(page.locator('[data-fact="Ettemaks makstud"]')).toHaveText('✓ Jah');
  // The schedule: the advance is in, the rest is still to come.
  const schedule = page.locator('[data-payment-schedule]');
  await expect(schedule.getByRole('row').filter({ hasText: 'Ettemaks' })).toContainText('Tasutud');
  await expect(schedule.getByRole('row').filter({ hasText: 'Jääk' })).toContainText('999,00\u00a0€');

  await ledger.getByRole('button', { name: /Tühista vastukandega/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Tühista kanne' });
  await expect(confirm).toContainText(/tühistatakse vastukandega summas .300,00/);
  await confirm.getByRole('button', { name: 'Tühista vastukandega' }).click();
  await expect(toast(page, 'Kanne tühistati vastukandega')).toBeVisible();
  await expect(entries.getByRole('row')).toHaveCount(3);
  await expect(ledger.getByRole('button', { name: /Tühista vastukandega/ })).toHaveCount(0);
  await expect(page.locator('[data-fact="Makstud"]')).toHaveText('0,00\u00a0€');
  // React Aria's live announcer keeps its last messages for a few seconds, pointing at the closed dialogs' titles
  // (axe: role-img-alt); the page is checked once they are gone.
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('additional services: add (with the spec messages), remove, flagged until saved', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto(`/admin/bookings/${ids[1]}`);
  const services = page.locator('[data-section="additional-services"]');
  await expect(services.getByText('Lisateenuseid ei ole.')).toBeVisible();
  await services.getByRole('button', { name: 'Lisa teenus' }).click();
  await expect(services.locator('[data-service-error]')).toHaveText('Palun täitke nõutavad väljad (nimi ja hind)');
  await services.getByRole('textbox', { name: 'Nimi' }).fill('Massaaž');
  await services.getByRole('textbox', { name: /Hind/ }).fill('-5');
  await services.getByRole('button', { name: 'Lisa teenus' }).click();
  await expect(services.locator('[data-service-error]')).toHaveText('Palun sisestage kehtiv hind');
  await services.getByRole('textbox', { name: /Hind/ }).fill('45.50');
  await services.getByRole('button', { name: 'Lisa teenus' }).click();
  await expect(toast(page, 'Teenus lisatud')).toBeVisible();
  await expect(services.locator('[data-unsaved]')).toBeVisible();
  await services.getByRole('textbox', { name: 'Nimi' }).fill('Surf');
  await services.getByRole('textbox', { name: /Hind/ }).fill('60');
  await services.getByRole('button', { name: 'Lisa teenus' }).click();
  await services.getByRole('button', { name: /Eemalda teenus Surf/ }).click();
  await expect(toast(page, 'Teenus eemaldatud')).toBeVisible();
  await services.getByRole('button', { name: 'Salvesta', exact: true }).click();
  await expect(toast(page, 'Edukalt salvestatud')).toBeVisible();
  await expect(services.locator('[data-unsaved]')).toHaveCount(0);
  await expect(page.locator('[data-fact="Lisateenused kokku"]')).toHaveText('45,50\u00a0€');
  await page.reload();
  await expect(services.locator('[data-service="Massaaž"]')).toBeVisible();
  await expect(services.locator('[data-service="Surf"]')).toHaveCount(0);
});

test('companion prices: a custom price per companion, flagged until saved, counted in the balance', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto(`/admin/bookings/${withCompanions}`);
  const prices = page.locator('[data-section="companion-prices"]');
  await prices.getByRole('textbox', { name: new RegExp(`Jaan ${TAG}`) }).fill('850');
  await prices.getByRole('textbox', { name: new RegExp(`Liisa ${TAG}`) }).fill('425.25');
  await expect(prices.locator('[data-unsaved]')).toBeVisible();
  await prices.getByRole('button', { name: 'Salvesta kaasreisijate andmed' }).click();
  await expect(toast(page, 'Edukalt salvestatud')).toBeVisible();
  await expect(page.locator('[data-fact="Kaasreisijate hinnad kokku"]')).toHaveText('1\u00a0275,25\u00a0€');
});

test("the booking's e-mails show their state, and one can be sent again", async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto(`/admin/bookings/${ids[2]}`);
  const emails = page.locator('[data-section="booking-emails"]');
  await expect(emails.locator('[data-email]').first()).toBeVisible();
  await expect(emails.locator('[data-email]').first()).toContainText('Meililogis');
  await emails.getByRole('button', { name: /Saada uuesti/ }).first().click();
  await expect(toast(page, 'E-kiri saadeti uuesti')).toBeVisible();
});

test('delete asks first, then the booking is gone', async ({ page, consoleErrors }) => {
  await page.goto(`/admin/bookings?q=${TAG}`);
  await row(page, `Grete ${TAG}`).getByRole('button', { name: /Kustuta/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Kustuta broneering' });
  await expect(confirm).toContainText('Kas olete kindel, et soovite selle broneeringu kustutada?');
  await expect(confirm.getByRole('button', { name: 'Loobu' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Kustuta' }).click();
  await expect(toast(page, 'Broneering kustutatud')).toBeVisible();
  await expect(row(page, `Grete ${TAG}`)).toHaveCount(0);
  expect((await page.request.get(`/api/admin/bookings/${ids[6]}`)).status()).toBe(404);
  // A deleted booking's address: the not-found toast, then the list.
  await page.goto(`/admin/bookings/${ids[6]}`);
  await expect(toast(page, 'Broneeringut ei leitud')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  expectFailedRequest(consoleErrors, new RegExp(`^404 .*/api/admin/bookings/${ids[6]}$`));
});

test('an admin-made booking with the keyboard alone: client search, retreat, calendar, computed total', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const retreat = await futureRetreat(`Kevadretriit ${TAG}`);
  await page.goto('/admin/bookings/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Uus broneering' })).toBeVisible();

  // Submitting empty: the spec's message.
  await page.getByRole('button', { name: 'Loo broneering' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Palun täitke kõik kohustuslikud väljad')).toBeVisible();
  // Focus goes to the first field in error, a combobox whose named input is a hidden one (the form hook's fallback).
  const client = page.getByRole('combobox', { name: 'Klient' });
  await expect(client).toBeFocused();

  await page.keyboard.type(`Birgit ${TAG}`);
  await expect(page.getByRole('option', { name: new RegExp(`Birgit ${TAG}`) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(client).toHaveValue(`Birgit ${TAG}`);

  // The retreat fills the dates.
  await page.getByRole('button', { name: /Retriit/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: new RegExp(`Kevadretriit ${TAG}`) }).focus();
  await page.keyboard.press('Enter');
  const [y, m, d] = retreat.start.split('-');
  await expect(page.getByRole('group', { name: 'Saabumise kuupäev' })).toContainText(`${d}.${m}.${y}`);

  await page.getByRole('button', { name: /Majutuse tüüp/ }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown'); // the second choice: shared, 100 € a night
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-computed-total]')).toContainText('1\u00a0000,00\u00a0€');
  await expect(page.locator('[data-computed-total]')).toContainText('10 ööd');

  // Check-out through the calendar: yesterday is disabled, and the chosen day changes the total.
  await page.getByRole('group', { name: 'Lahkumise kuupäev' }).getByRole('button', { name: 'Ava kalender' }).focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Lahkumise kuupäev' });
  await expect(calendar).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(page.locator('[data-computed-total]')).toContainText('1\u00a0200,00\u00a0€');

  await page.getByRole('textbox', { name: 'Admini märkmed' }).focus();
  await page.keyboard.type('Tehtud klaviatuuriga');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/bookings') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Loo broneering' }).focus();
  await page.keyboard.press('Enter');
  const response = await created;
  expect(response.status()).toBe(201);
  await expect(toast(page, 'Broneering loodud')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  const { booking } = (await response.json()) as { booking: { id: number } };
  const detail = (await (await page.request.get(`/api/admin/bookings/${booking.id}`)).json()).booking;
  expect(detail).toMatchObject({ status: 'confirmed', amountPaidCents: 0, balancePaid: false, paymentStatus: 'pending', totalAmountCents: 120000, roomType: 'shared' });
});

test('the calendar refuses past days', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/admin/bookings/new');
  await page.getByRole('group', { name: 'Saabumise kuupäev' }).getByRole('button', { name: 'Ava kalender' }).click();
  const calendar = page.getByRole('dialog', { name: 'Saabumise kuupäev' });
  const today = Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Tallinn', day: 'numeric' }).format(new Date()));
  if (today > 1) {
    await expect(calendar.getByRole('button', { name: new RegExp(`\\b${today - 1}\\b`) }).first()).toHaveAttribute('aria-disabled', 'true');
  }
  await expect(calendar.getByRole('button', { name: new RegExp(`\\b${today}\\b`) }).first()).not.toHaveAttribute('aria-disabled', 'true');
});

test('the e-mail test sends through the outbox and shows the outcome', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/email-test');
  await expect(page.getByRole('heading', { level: 1, name: 'E-posti test' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Testi e-posti aadress/ })).toHaveValue('test@example.com');
  await page.getByRole('button', { name: 'Testi broneeringu e-kirja' }).click();
  await expect(page.locator('[data-email-test-outcome]')).toContainText('Testkiri: Kirjutatud kohalikku meililogisse');
  await page.getByRole('textbox', { name: /Testi e-posti aadress/ }).fill('ei-ole-aadress');
  await page.getByRole('button', { name: 'Testi päris broneeringu e-kirja funktsiooni' }).click();
  await expect(toast(page, 'Real booking email test failed')).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on the admin screens at ${width} px`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(120_000); // five screens and two overlays, each checked by axe
    await page.setViewportSize({ width, height: 900 });
    for (const [path, heading] of [
      ['/dashboard', 'Töölaud'],
      [`/admin/bookings?q=${TAG}`, 'Broneeringud'],
      [`/admin/bookings/${withCompanions}`, `Broneering #${withCompanions}`],
      ['/admin/bookings/new', 'Uus broneering'],
      ['/email-test', 'E-posti test'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[data-loading]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    // Open overlays too: the edit dialog and the delete confirmation.
    await page.goto(`/admin/bookings/${withCompanions}`);
    await page.getByRole('button', { name: 'Muuda broneeringut' }).click();
    await expect(page.getByRole('dialog', { name: 'Muuda broneeringut' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('the CSV download carries the list\'s current search and filters', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto(`/admin/bookings?q=${TAG}&sort=name`);
  await expect(page.getByRole('row').nth(1)).toContainText(TAG);
  // What the list shows (the delete test may have removed one of this file's bookings in this worker).
  const shown = (await page.getByRole('rowheader').getByRole('link').allTextContents()).map((name) => name.replace(` ${TAG}`, ''));
  expect(shown.length).toBeGreaterThanOrEqual(7);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Laadi alla CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^broneeringud-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
  const rows = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(rows[0]).toMatch(/^Broneeringu nr;Loodud;Eesnimi;/);
  expect(rows.slice(1).map((r) => r.split(';')[2])).toEqual(shown);
  expect(rows.slice(1).every((r) => r.split(';')[3] === TAG)).toBe(true);
});
