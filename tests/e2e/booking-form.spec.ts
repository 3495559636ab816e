import type { Page, Request } from '@playwright/test';
import { agreementHashes } from '../helpers/booking-fixtures';
import { MIGRATED_EDITIONS } from '../helpers/test-clock';
import { expectNoAxeViolations } from './accounts';
import { expect, holdRequests, openFormIsland, test } from './fixtures';
import { serverSql } from './booking-requests';

/**
 * The booking form island on /broneering (visitor spec sections 2-5 and 8; issue 4), against the real Node host and
 * API. Toasts that need the server to fail or to report a queued e-mail are produced with page.route.
 */

const TOAST = {
  invalidTitle: 'Viga vormis',
  invalidText: 'Palun täitke kõik kohustuslikud väljad (*)',
  sentTitle: 'Broneering edukalt salvestatud!',
  sentText: 'Saatsime Teile kinnitusmeili. Võtame Teiega ühendust 24 tunni jooksul.',
  queuedTitle: 'Broneering edukalt salvestatud',
  queuedText: 'Broneering on salvestatud, kuid kinnitusmeili saatmisel tekkis viga. Võtame Teiega siiski ühendust.',
  failedTitle: 'Viga broneeringu saatmisel',
  failedFallback: 'Palun proovige hiljem uuesti või võtke meiega ühendust.',
};

/** Opens /broneering with its form ready (hydrated). */
const openForm = (page: Page) => openFormIsland(page, '/broneering', 'Broneeringu taotlus', 'Saada broneeringu taotlus');

const you = (page: Page) => page.getByRole('group', { name: 'Teie andmed' });
const companion = (page: Page, n: number) => page.getByRole('group', { name: `Kaasreisija ${n}` });
const companionGroups = (page: Page) => page.getByRole('group', { name: /^Kaasreisija \d+$/ });
const removeButtons = (page: Page) => page.getByRole('button', { name: /^Eemalda kaasreisija/ });

async function fillMainGuest(page: Page, overrides: { birthday?: string } = {}) {
  const g = you(page);
  await g.getByLabel('Eesnimi').fill('Mari-Liis');
  await g.getByLabel('Perekonnanimi').fill('Tamm');
  await g.getByLabel('Sünnikuupäev').fill(overrides.birthday ?? '1988-04-12');
  await g.getByLabel('E-post').fill(`  Mari.Tamm+${Date.now()}@Example.com `);
  await g.getByLabel('Telefon').fill('+372 5123 4567');
  await page.getByLabel('Retriidi aeg').selectOption('mar-2026');
  // The plans arrive with their own chunk and push the fields below them down: wait, so a click lands where aimed.
  await expect(page.locator('[data-plan]').first()).toBeVisible();
  await consent(page).check();
  await waiver(page).check();
}

const consent = (page: Page) => page.getByRole('checkbox', { name: 'Nõustun tingimustega' });
/** Issue 42: the waiver every traveller signs, the booker in the form. */
const waiver = (page: Page) => page.getByRole('checkbox', { name: /^Kinnitan osaleja deklaratsiooni/ });

async function fillCompanion(page: Page, n: number, first: string, last: string, birthday: string, age?: string) {
  const c = companion(page, n);
  await c.getByLabel('Eesnimi').fill(first);
  await c.getByLabel('Perekonnanimi').fill(last);
  await c.getByLabel('Sünnikuupäev').fill(birthday);
  if (age !== undefined) await c.getByLabel('Vanus').fill(age);
}

/**
 * The fixture fails a test on every 4xx/5xx answer to a non-document request. The error answers these tests make on
 * purpose are expected: check they happened, then take them out of its list.
 */
function acceptApiErrors(consoleErrors: string[], statuses: number[]) {
  const expected = statuses.map((status) => new RegExp(`^${status} http://[^/]+/api/bookings$`));
  for (const pattern of expected) {
    const index = consoleErrors.findIndex((e) => pattern.test(e));
    expect(index, `expected a ${pattern} answer`).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(index, 1);
  }
}

const submitButton = (page: Page) => page.getByRole('button', { name: /^(Saada broneeringu taotlus|Saadan\.\.\.)$/ });

test.describe('booking form', () => {
  test('submits with two companions: one request with an Idempotency-Key, full-success toast, form reset', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await openForm(page);
    await fillMainGuest(page);
    await page.getByRole('radio', { name: 'Jagatud tuba' }).check();
    await page.getByRole('radio', { name: 'Koos kaaslastega' }).check();
    await fillCompanion(page, 1, 'Jaan', 'Tamm', '1985-09-30', '40');
    await page.getByRole('button', { name: 'Lisa kaasreisija' }).click();
    await expect(companion(page, 2).getByLabel('Eesnimi')).toBeFocused();
    await fillCompanion(page, 2, 'Liisa', 'Tamm', '2010-02-01');
    await page.getByLabel('Kogemus joogaga').selectOption('beginner');
    await page.getByLabel('Toitumispiirangud').fill('Vegan');
    await page.getByLabel('Sõnum').fill('Ootame väga!');

    const requests: Request[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/bookings')) requests.push(r);
    });
    const responsePromise = page.waitForResponse((r) => r.url().endsWith('/api/bookings'));
    await submitButton(page).click();
    const response = await responsePromise;
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ bookingId: expect.any(Number), email: 'sent' });

    const request = response.request();
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(request.headers()['content-type']).toContain('application/json');
    const body = request.postDataJSON();
    expect(body).toMatchObject({
      firstName: 'Mari-Liis',
      lastName: 'Tamm',
      birthday: '1988-04-12',
      phone: '+37251234567',
      retreatMonth: 'mar-2026',
      roomType: 'shared-room',
      travelWith: 'with-companions',
      experience: 'beginner',
      dietaryRestrictions: 'Vegan',
      message: 'Ootame väga!',
      termsAccepted: true,
      waiverAccepted: true,
      // The hashes of the texts the form links, as this test computes them over the texts themselves.
      agreements: agreementHashes(),
      website: '',
      companions: [
        { firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-09-30', age: 40 },
        { firstName: 'Liisa', lastName: 'Tamm', birthday: '2010-02-01', age: null },
      ],
    });
    expect(body.email).toMatch(/^mari\.tamm\+\d+@example\.com$/);

    const status = page.getByRole('status');
    await expect(status).toContainText(TOAST.sentTitle);
    await expect(status).toContainText(TOAST.sentText);

    // Back to the defaults: empty fields, single room, travelling alone, no companion block.
    await expect(you(page).getByLabel('Eesnimi')).toHaveValue('');
    await expect(you(page).getByLabel('E-post')).toHaveValue('');
    await expect(page.getByLabel('Retriidi aeg')).toHaveValue('');
    await expect(page.getByRole('radio', { name: 'Ühekohaline tuba' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Üksi' })).toBeChecked();
    await expect(companionGroups(page)).toHaveCount(0);
    await expect(page.getByLabel('Sõnum')).toHaveValue('');
    await expect(consent(page)).not.toBeChecked();
    await expect(waiver(page)).not.toBeChecked();
    await expect(submitButton(page)).toHaveText('Saada broneeringu taotlus');
    await expect(submitButton(page)).toBeEnabled();
    expect(requests).toHaveLength(1);

    // The toast closes itself after 5 s.
    await expect(status).not.toContainText(TOAST.sentTitle, { timeout: 8000 });
  });

  test('missing required fields: "Viga vormis" toast, messages under the fields, focus on the first invalid one, nothing sent', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    await openForm(page);
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/bookings')) sent++;
    });
    await you(page).getByLabel('Perekonnanimi').fill('Tamm');
    await submitButton(page).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(TOAST.invalidTitle);
    await expect(alert).toContainText(TOAST.invalidText);

    const firstName = you(page).getByLabel('Eesnimi');
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription('Name is required');
    await expect(you(page).getByLabel('Perekonnanimi')).not.toHaveAttribute('aria-invalid');
    await expect(you(page).getByLabel('Sünnikuupäev')).toHaveAccessibleDescription('Sünnikuupäev on kohustuslik');
    await expect(you(page).getByLabel('E-post')).toHaveAccessibleDescription('Email is required');
    await expect(you(page).getByLabel('Telefon')).toHaveAccessibleDescription('Please enter a valid phone number');
    await expect(page.getByLabel('Retriidi aeg')).toHaveAccessibleDescription('Valige retriidi toimumisaeg');
    await expect(consent(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(consent(page)).toHaveAccessibleDescription('Broneerimiseks nõustuge palun tingimustega');
    await expect(waiver(page)).toHaveAccessibleDescription('Palun kinnitage osaleja deklaratsioon.');
    // Optional fields carry no error.
    await expect(page.getByLabel('Kogemus joogaga')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('Sõnum')).not.toHaveAttribute('aria-invalid');
    await expect(submitButton(page)).toHaveText('Saada broneeringu taotlus');
    await expect(submitButton(page)).toBeEnabled();

    // Fixing a field clears its message; the next failed submit focuses the next invalid field.
    await firstName.fill('Mari');
    await expect(firstName).not.toHaveAttribute('aria-invalid');
    await submitButton(page).click();
    await expect(you(page).getByLabel('Sünnikuupäev')).toBeFocused();
    expect(sent).toBe(0);
  });

  test('rejects e-mail and phone formats with the shared rules', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await openForm(page);
    await fillMainGuest(page);
    await you(page).getByLabel('E-post').fill('not-an-address');
    await you(page).getByLabel('Telefon').fill('012');
    await submitButton(page).click();
    await expect(you(page).getByLabel('E-post')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(you(page).getByLabel('Telefon')).toHaveAccessibleDescription('Please enter a valid phone number');
    await expect(you(page).getByLabel('E-post')).toBeFocused();
  });

  test('companion block: only for "Koos kaaslastega", starts with one empty companion, remove only when more than one', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    await openForm(page);
    await expect(page.getByRole('radio', { name: 'Üksi' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Ühekohaline tuba' })).toBeChecked();
    await expect(companionGroups(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lisa kaasreisija' })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Koos kaaslastega' }).check();
    await expect(companionGroups(page)).toHaveCount(1);
    await expect(companion(page, 1).getByLabel('Eesnimi')).toHaveValue('');
    await expect(companion(page, 1).getByLabel('Vanus')).toHaveValue('');
    await expect(removeButtons(page)).toHaveCount(0);

    await fillCompanion(page, 1, 'Jaan', 'Tamm', '1985-09-30');
    await page.getByRole('button', { name: 'Lisa kaasreisija' }).click();
    await expect(companionGroups(page)).toHaveCount(2);
    // The new companion starts empty.
    await expect(companion(page, 2).getByLabel('Eesnimi')).toHaveValue('');
    await expect(companion(page, 2).getByLabel('Sünnikuupäev')).toHaveValue('');
    await expect(removeButtons(page)).toHaveCount(2);

    await page.getByRole('button', { name: 'Lisa kaasreisija' }).click();
    await expect(companionGroups(page)).toHaveCount(3);
    await fillCompanion(page, 3, 'Kati', 'Kask', '1990-01-01');

    // Removing the first keeps the others, in order.
    await companion(page, 1).getByRole('button', { name: /^Eemalda kaasreisija/ }).click();
    await expect(companionGroups(page)).toHaveCount(2);
    await expect(companion(page, 1).getByLabel('Eesnimi')).toHaveValue('');
    await expect(companion(page, 2).getByLabel('Eesnimi')).toHaveValue('Kati');
    await expect(page.getByRole('button', { name: 'Lisa kaasreisija' })).toBeFocused();

    await removeButtons(page).first().click();
    await expect(companionGroups(page)).toHaveCount(1);
    await expect(removeButtons(page)).toHaveCount(0);
    await expect(companion(page, 1).getByLabel('Eesnimi')).toHaveValue('Kati');

    // Hidden again when travelling alone.
    await page.getByRole('radio', { name: 'Üksi' }).check();
    await expect(companionGroups(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lisa kaasreisija' })).toHaveCount(0);
  });

  test('companion fields are required when travelling with companions', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await openForm(page);
    await fillMainGuest(page);
    await page.getByRole('radio', { name: 'Koos kaaslastega' }).check();
    await companion(page, 1).getByLabel('Vanus').fill('12.5');
    await submitButton(page).click();
    await expect(page.getByRole('alert')).toContainText(TOAST.invalidTitle);
    const c = companion(page, 1);
    await expect(c.getByLabel('Eesnimi')).toBeFocused();
    await expect(c.getByLabel('Eesnimi')).toHaveAccessibleDescription('Name is required');
    await expect(c.getByLabel('Perekonnanimi')).toHaveAccessibleDescription('Name is required');
    await expect(c.getByLabel('Sünnikuupäev')).toHaveAccessibleDescription('Sünnikuupäev on kohustuslik');
    await expect(c.getByLabel('Vanus')).toHaveAccessibleDescription(/Vanus peab olema täisarv/);
  });

  test('a guest or companion under 14 on the retreat start date is refused', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await openForm(page);
    await fillMainGuest(page, { birthday: '2013-01-01' });
    await submitButton(page).click();
    const birthday = you(page).getByLabel('Sünnikuupäev');
    await expect(birthday).toBeFocused();
    await expect(birthday).toHaveAccessibleDescription('Osaleja peab retriidi alguseks olema vähemalt 14-aastane');

    await birthday.fill('1988-04-12');
    await page.getByRole('radio', { name: 'Koos kaaslastega' }).check();
    await fillCompanion(page, 1, 'Mia', 'Tamm', '2015-06-01');
    await submitButton(page).click();
    await expect(companion(page, 1).getByLabel('Sünnikuupäev')).toHaveAccessibleDescription(
      'Osaleja peab retriidi alguseks olema vähemalt 14-aastane',
    );
    await expect(companion(page, 1).getByLabel('Sünnikuupäev')).toBeFocused();
  });

  test('shows "Saadan..." and is disabled while sending; a double click sends once', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await openForm(page);
    const keys: string[] = [];
    const release = await holdRequests(page, '**/api/bookings', (request) => keys.push(request.headers()['idempotency-key'] ?? ''));
    await fillMainGuest(page);
    await submitButton(page).dblclick();
    const sending = page.getByRole('button', { name: 'Saadan...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByRole('status')).toContainText(TOAST.sentTitle);
    await expect(page.getByRole('button', { name: 'Saada broneeringu taotlus' })).toBeEnabled();
    expect(keys).toHaveLength(1);
  });

  test('e-mail queued: the saved-but-e-mail-failed toast, form reset', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await openForm(page);
    await page.route('**/api/bookings', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ bookingId: 1, email: 'queued' }) }),
    );
    await fillMainGuest(page);
    await submitButton(page).click();
    const status = page.getByRole('status');
    await expect(status).toContainText(TOAST.queuedTitle);
    await expect(status).toContainText(TOAST.queuedText);
    await expect(status).not.toContainText(TOAST.sentTitle);
    await expect(you(page).getByLabel('Eesnimi')).toHaveValue('');
  });

  test('server failure: destructive toast with the server message, values kept; retry reuses the key until an edit', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    await openForm(page);
    const keys: string[] = [];
    await page.route('**/api/bookings', (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal_error', message: 'Serveris tekkis viga. Palun proovige hiljem uuesti.' } }),
      });
    });
    await fillMainGuest(page);
    await submitButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(TOAST.failedTitle);
    await expect(alert).toContainText('Serveris tekkis viga. Palun proovige hiljem uuesti.');
    await expect(you(page).getByLabel('Eesnimi')).toHaveValue('Mari-Liis');
    await expect(submitButton(page)).toHaveText('Saada broneeringu taotlus');
    await expect(submitButton(page)).toBeEnabled();

    await submitButton(page).click();
    await expect.poll(() => keys.length).toBe(2);
    expect(keys[1]).toBe(keys[0]);

    await page.getByLabel('Sõnum').fill('Uus katse');
    await submitButton(page).click();
    await expect.poll(() => keys.length).toBe(3);
    expect(keys[2]).not.toBe(keys[0]);
    await expect(submitButton(page)).toBeEnabled();
    acceptApiErrors(consoleErrors, [500, 500, 500]);
  });

  test('failure without a usable answer: the generic description', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await openForm(page);
    await page.route('**/api/bookings', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await fillMainGuest(page);
    await submitButton(page).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(TOAST.failedTitle);
    await expect(alert).toContainText(TOAST.failedFallback);
    await alert.getByRole('button', { name: 'Sulge' }).click();
    await expect(alert).not.toContainText(TOAST.failedTitle);
    acceptApiErrors(consoleErrors, [502]);
  });

  test('422 from the API: its details land under their fields, rate limit message shown', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await openForm(page);
    await page.route('**/api/bookings', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'validation_failed',
            message: 'Sisestus ebakorrektne.',
            details: [{ path: 'phone', message: 'Please enter a valid phone number' }],
          },
        }),
      }),
    );
    await fillMainGuest(page);
    await submitButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Sisestus ebakorrektne.');
    await expect(you(page).getByLabel('Telefon')).toHaveAccessibleDescription('Please enter a valid phone number');
    await expect(you(page).getByLabel('Telefon')).toBeFocused();

    await page.unroute('**/api/bookings');
    await page.route('**/api/bookings', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '60' },
        body: JSON.stringify({ error: { code: 'rate_limited', message: 'Liiga palju päringuid. Palun proovige mõne minuti pärast uuesti.' } }),
      }),
    );
    await you(page).getByLabel('Telefon').fill('+372 5555 1234');
    await submitButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Liiga palju päringuid');
    acceptApiErrors(consoleErrors, [422, 429]);
  });

  test('honeypot is off-screen, out of the tab order and hidden from assistive technology', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const form = await openForm(page);
    const honeypot = form.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    await expect(form.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
    const box = await honeypot.boundingBox();
    expect(box === null || box.x + box.width <= 0).toBe(true);
    await expect(form.getByRole('textbox', { name: 'Veebileht' })).toHaveCount(0);
  });
});

/**
 * The editions at run time (GET /api/availability). Other files book 'mar-2026'; these tests give places to
 * 'jan-2026' only, so a full edition here turns nobody else's booking into a waiting-list request.
 */
test.describe('booking form: places and the waiting list', () => {
  const sql = serverSql;
  /** Leaves `left` places on the January edition's retreat (made here if no booking has made it yet). */
  async function placesLeft(left: number) {
    const jan = MIGRATED_EDITIONS.find((edition) => edition.id === 'jan-2026')!;
    await sql(`INSERT INTO retreats (edition, name, start_date, end_date) VALUES ('jan-2026', 'Jaanuar', ?, ?) ON CONFLICT (edition) DO NOTHING`, [jan.startDate, jan.endDate]);
    await sql(
      `UPDATE retreats SET capacity = ? + (SELECT coalesce(sum(1 + coalesce(json_array_length(b.companions), 0)), 0) FROM bookings AS b
         WHERE b.retreat_id = retreats.id AND (b.status = 'confirmed' OR (b.status = 'pending' AND b.waiting_list = 0))) WHERE edition = 'jan-2026'`,
      [left],
    );
  }
  const option = (page: Page) => page.getByLabel('Retriidi aeg').locator('option[value="jan-2026"]');

  test.describe.configure({ mode: 'serial' });

  test('few places left: the choice says how many; a full edition takes the request onto its waiting list', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await placesLeft(2);
    await openForm(page);
    await expect(option(page)).toHaveText('14.-24.01.2026 (jaanuar 2026) – 2 kohta vaba');

    await placesLeft(0);
    await page.reload();
    await openForm(page);
    await expect(option(page)).toHaveText('14.-24.01.2026 (jaanuar 2026) – Kohad on täis – ootejärjekorda');
    await fillMainGuest(page);
    await page.getByLabel('Retriidi aeg').selectOption('jan-2026');
    // The plans arrive with their own chunk and push the fields below them down: wait, so a click lands where aimed.
    await expect(page.locator('[data-plan]').first()).toBeVisible();
    await expect(page.locator('[data-waiting-list-note]')).toHaveText(/kohad täis\. Saatke taotlus ootejärjekorda/);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/bookings'));
    await submitButton(page).click();
    const created = (await (await response).json()) as { bookingId: number; waitingList: boolean };
    expect(created.waitingList).toBe(true);
    await expect(page.getByRole('status')).toContainText('Olete ootejärjekorras');
    expect(await sql('SELECT waiting_list FROM bookings WHERE id = ?', [created.bookingId])).toEqual([expect.objectContaining({ waiting_list: 1 })]);
  });
});

test.describe('booking page when no edition takes requests (its own server, clock past every edition)', () => {
  const closedSite = process.env.E2E_CLOSED_URL!;

  test('says so and offers the contact form instead of a form for a past date', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto(`${closedSite}/broneering`);
    const slot = page.locator('[data-island-slot="booking-form"]');
    await slot.scrollIntoViewIfNeeded();
    await expect(slot.getByText('Praegu ei ole ühtegi retriiti, kuhu saaks registreeruda')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Broneeringu taotlus' })).toHaveCount(0);
    const contact = page.getByRole('form', { name: 'Kontaktivorm' });
    await expect(contact).toBeVisible();
    await expect(contact.getByRole('button', { name: /Saada/ })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test('the landing hero and the booking page\'s facts say no dates are open and offer the contact form', async ({ page, consoleErrors }) => {
    void consoleErrors;
    for (const path of ['/', '/broneering']) {
      await page.goto(`${closedSite}${path}`);
      const dates = page.locator('[data-edition-dates]').first();
      await expect(dates).toContainText('Uued ajad avaldame peagi.');
      await expect(dates.getByRole('link', { name: 'Küsi järgmiste aegade kohta' })).toHaveAttribute('href', '/kontakt');
      await expect(dates.locator('time')).toHaveCount(0);
    }
  });

  test('the API refuses a request for a closed edition with its message under the retreat field', async ({ request }) => {
    const response = await request.post(`${closedSite}/api/bookings`, {
      headers: { Origin: closedSite },
      data: { firstName: 'Mari', lastName: 'Tamm', birthday: '1990-05-01', email: 'hiline@example.com', phone: '+372 5123 4567', retreatMonth: 'mar-2026', roomType: 'single-room', travelWith: 'alone', companions: [], termsAccepted: true, waiverAccepted: true, agreements: agreementHashes() },
    });
    expect(response.status()).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
    expect(error.code).toBe('edition_closed');
    expect(error.details[0]).toEqual({ path: 'retreatMonth', message: 'Registreerimine sellele retriidile on suletud. Valige mõni teine aeg või kirjutage meile.' });
  });
});
