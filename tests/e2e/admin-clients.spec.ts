import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectFailedRequest, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { serverNow } from './clock';

/**
 * The back office's clients (admin spec sections 2 clients, 5 customer add/edit, sync and delete, 8) in Chromium
 * against the real Node host, API and database: add with the keyboard alone (the required-fields message first, a
 * taken address under its field), search kept in the URL, the view dialog with the client's bookings, edit, sync of
 * bookers, delete of a client with bookings, and axe at 1280 and 390 px. Clients come from bookings made through the
 * public API with a surname unique to the run, so the searches see only this file's rows.
 */

const TAG = `Saar${letters()}`;
const email = (firstName: string) => `${firstName.toLowerCase()}.${TAG.toLowerCase()}@example.com`;
const REQUIRED = 'Palun täitke kõik kohustuslikud väljad (eesnimi, perekonnanimi, e-mail)';

const makeBooking = (request: APIRequestContext, baseURL: string, firstName: string) => bookingRequest(request, baseURL, { firstName, lastName: TAG });
const sql = serverSql;

// Each test loads admin screens (their own chunks) several times: slow on two cores shared with the other worker.
test.describe.configure({ timeout: 90_000 });

const bookingsOf: Record<string, number[]> = {};

fileAdmin('clients-admin', async (request, baseURL) => {
  for (const [name, count] of [['Aino', 2], ['Birgit', 1], ['Carmen', 2], ['Diana', 1], ['Eha', 1]] as const) {
    bookingsOf[name] = [];
    for (let i = 0; i < count; i++) bookingsOf[name].push(await makeBooking(request, baseURL, name));
  }
  // Aino's first booking has money on it: 1 299 € total, 300 € paid, a 45,50 € service → 1 044,50 € to pay.
  await sql(`UPDATE bookings SET status = 'confirmed', total_amount_cents = 129900, amount_paid_cents = 30000, additional_services = '[{"name":"Massaaž","price_cents":4550}]' WHERE id = ?`, [bookingsOf.Aino![0]!]);
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Otsi' });
const counter = (page: Page, name: string) => page.locator(`[data-counter="${name}"]`);
const count = async (page: Page, name: string) => Number((await counter(page, name).textContent())!.replace(/\s/g, ''));

async function openList(page: Page, q = TAG) {
  await page.goto(`/admin/clients?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kliendid' })).toBeVisible();
  await expect(page.locator('[data-loading]')).toHaveCount(0);
}

test('add a client with the keyboard alone: the required-fields message first, then a taken address under its field', async ({ page, consoleErrors }) => {
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Kliendid' })).toBeVisible();
  await expect(counter(page, 'joinedToday')).not.toHaveText('…');

  await page.getByRole('button', { name: '+ Lisa klient' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Lisa klient' });
  await expect(dialog).toBeVisible();
  const firstName = dialog.getByRole('textbox', { name: /Eesnimi/ });
  await expect(firstName).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: /E-post/ })).toHaveAttribute('type', 'email');

  // Enter on an empty form: the spec's message under each required field and as a toast; focus on the first.
  await page.keyboard.press('Enter');
  await expect(toast(page, REQUIRED)).toBeVisible();
  await expect(dialog.getByText(REQUIRED)).toHaveCount(3);
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: /Telefon/ })).not.toHaveAttribute('aria-invalid', 'true');

  await page.keyboard.type('Frida');
  await page.keyboard.press('Tab');
  await page.keyboard.type(TAG);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`  Frida.${TAG}@Example.com `);
  await page.keyboard.press('Tab');
  await page.keyboard.type('+372 5555 0101');
  // The list (and its counters) reloads after the add. Other tests add and delete clients at the same time, so the
  // counter is compared with that reload's own answer, not with the count before.
  const reloaded = page.waitForResponse((r) => r.request().method() === 'GET' && /\/api\/admin\/clients(\?|$)/.test(r.url()));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Klient lisatud')).toBeVisible();
  await expect(dialog).toBeHidden();
  const { counts } = await (await reloaded).json();
  expect(counts.joinedToday).toBeGreaterThan(0);
  await expect.poll(() => count(page, 'joinedToday')).toBe(counts.joinedToday);

  await searchBox(page).fill(`frida.${TAG}`);
  await expect(row(page, `Frida ${TAG}`)).toContainText(email('Frida'));
  await expect(row(page, `Frida ${TAG}`)).toContainText('+37255550101');
  const today = new Intl.DateTimeFormat('et-EE', { timeZone: 'Europe/Tallinn', day: '2-digit', month: '2-digit', year: 'numeric' }).format(serverNow());
  await expect(row(page, `Frida ${TAG}`)).toContainText(today);

  // The same address again: 409, said under the e-mail field.
  await page.getByRole('button', { name: '+ Lisa klient' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Teine');
  await page.keyboard.press('Tab');
  await page.keyboard.type(TAG);
  await page.keyboard.press('Tab');
  await page.keyboard.type(email('Frida').toUpperCase());
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/clients') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(409);
  expectFailedRequest(consoleErrors, /^409 .*\/api\/admin\/clients$/);
  await expect(toast(page, 'Viga kliendi lisamisel')).toBeVisible();
  const emailField = dialog.getByRole('textbox', { name: /E-post/ });
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toBeFocused();
  await expect(dialog.getByText('Selle e-posti aadressiga klient on juba olemas.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the search runs on the server over names, e-mail and phone, and the URL keeps it', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/admin/clients');
  await expect(counter(page, 'total')).not.toHaveText('…');
  await searchBox(page).fill(TAG);
  await expect(page).toHaveURL(new RegExp(`q=${TAG}`));
  await expect(row(page, `Birgit ${TAG}`)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Counted once the rows are the search's (the list before it may show Birgit too): only the header lacks the tag.
  await expect(page.getByRole('row').filter({ hasNotText: TAG })).toHaveCount(1);
  const rows = await page.getByRole('row').count();
  expect(rows - 1).toBeGreaterThanOrEqual(4); // this worker's clients (another test may have deleted one)
  await expect(counter(page, 'results')).toHaveText(String(rows - 1));

  await searchBox(page).fill(email('Birgit'));
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, `Birgit ${TAG}`)).toBeVisible();
  // The search narrows the results counter; the total still counts everyone.
  await expect(counter(page, 'results')).toHaveText('1');
  expect(await count(page, 'total')).toBeGreaterThanOrEqual(rows - 1);
  await page.reload();
  await expect(searchBox(page)).toHaveValue(email('Birgit'));
  await expect(page.getByRole('row')).toHaveCount(2);

  // The CSV download has exactly the list's search: this one client, with their one booking.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Laadi alla CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^kliendid-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
  const csvRows = text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
  expect(csvRows).toHaveLength(2);
  expect(csvRows[1]!.split(';').slice(0, 3)).toEqual(['Birgit', TAG, email('Birgit')]);

  // A phone number typed with spaces finds the number as stored (without them).
  const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  const created = await page.request.post('/api/admin/clients', {
    headers: { Origin: new URL(page.url()).origin },
    data: { firstName: 'Helmi', lastName: TAG, email: email('Helmi'), phone: `+3725${digits}` },
  });
  expect(created.status()).toBe(201);
  await searchBox(page).fill(`+372 5${digits.slice(0, 3)} ${digits.slice(3)}`);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, `Helmi ${TAG}`)).toContainText(`+3725${digits}`);

  await searchBox(page).fill(`${TAG}-ei-kedagi`);
  await expect(page.getByText('Otsingule vastavaid kliente ei leitud')).toBeVisible();
  await expect(counter(page, 'results')).toHaveText('0');
});

test('view: the client and their bookings, with what each still owes, linking to the booking', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await openList(page);
  await row(page, `Aino ${TAG}`).getByRole('button', { name: /Vaata/ }).click();
  const dialog = page.getByRole('dialog', { name: `Aino ${TAG}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-fact="E-post"]')).toHaveText(email('Aino'));
  await expect(dialog.locator('[data-fact="Broneeringuid"]')).toHaveText('2');
  const [first, second] = bookingsOf.Aino!;
  await expect(dialog.locator('[data-client-booking]')).toHaveCount(2);
  const paid = dialog.locator(`[data-client-booking="${first}"]`);
  await expect(paid).toContainText('Kinnitatud');
  await expect(paid).toContainText('1\u00a0299,00\u00a0€');
  await expect(paid).toContainText('300,00\u00a0€');
  await expect(paid.locator('[data-remaining]')).toHaveText('1\u00a0044,50\u00a0€');
  await expect(dialog.locator(`[data-client-booking="${second}"]`)).toContainText('Ootel');

  await dialog.getByRole('link', { name: `#${first}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${first}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Broneering #${first}` })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('edit: the dialog starts with the client as stored and saves the change', async ({ page, consoleErrors }) => {
  void consoleErrors;
  // A client without bookings: "Sync bookers" (another worker may run it meanwhile) writes bookers' names back from
  // their bookings, which would undo an edit of a booker.
  await page.goto('/admin/clients');
  const created = await page.request.post('/api/admin/clients', {
    headers: { Origin: new URL(page.url()).origin },
    data: { firstName: 'Inga', lastName: TAG, email: email('Inga'), phone: '+372 5123 4567' },
  });
  expect(created.status()).toBe(201);
  await openList(page, email('Inga'));
  await row(page, `Inga ${TAG}`).getByRole('button', { name: /Muuda/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Muuda klienti' });
  await expect(dialog.getByRole('textbox', { name: /Eesnimi/ })).toHaveValue('Inga');
  await expect(dialog.getByRole('textbox', { name: /Telefon/ })).toHaveValue('+37251234567');
  await dialog.getByRole('textbox', { name: /Eesnimi/ }).fill('Inga-Maria');
  await dialog.getByRole('textbox', { name: /Telefon/ }).fill('');
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(toast(page, 'Klient uuendatud')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, `Inga-Maria ${TAG}`)).toBeVisible();
  await expect(row(page, `Inga-Maria ${TAG}`).getByRole('cell').nth(1)).toHaveText('–');
});

test('sync bookers: a booker without a client becomes one; a guest the client rules refuse is counted', async ({ page, consoleErrors, request, baseURL }) => {
  void consoleErrors;
  // Greta booked, but has no client (as if the client had never been made).
  const booking = await makeBooking(request, baseURL!, 'Greta');
  await sql('UPDATE bookings SET customer_id = NULL WHERE id = ?', [booking]);
  await sql('DELETE FROM customers WHERE email = ?', [email('Greta')]);
  await openList(page, `greta.${TAG}`);
  await expect(page.getByText('Otsingule vastavaid kliente ei leitud')).toBeVisible();

  const synced = page.waitForResponse((r) => r.url().endsWith('/api/admin/clients/sync'));
  await page.getByRole('button', { name: 'Sünkroniseeri broneerijad' }).click();
  const first = (await (await synced).json()) as { synced: number; inserted: number; updated: number; failed: number };
  expect(first.inserted).toBeGreaterThanOrEqual(1);
  await expect(
    toast(page, first.failed > 0 ? `${first.synced} külalist sünkroniseeriti edukalt, ${first.failed} vigasega` : 'Sünkroniseerimine lõpetatud'),
  ).toBeVisible();
  await expect(row(page, `Greta ${TAG}`)).toBeVisible();

  // A booker with an address the client rules refuse: skipped and counted, the toast is the destructive one.
  const guestId = crypto.randomUUID();
  await sql("INSERT INTO guests (id, first_name, last_name, email) VALUES (?, 'Vigane', ?, ?)", [guestId, TAG, `vigane.${TAG.toLowerCase()}@@example.com`]);
  await sql('INSERT INTO bookings (guest_id) VALUES (?)', [guestId]);
  try {
    const again = page.waitForResponse((r) => r.url().endsWith('/api/admin/clients/sync'));
    await page.getByRole('button', { name: 'Sünkroniseeri broneerijad' }).click();
    const second = (await (await again).json()) as { synced: number; failed: number };
    expect(second.failed).toBeGreaterThanOrEqual(1);
    const partial = toast(page, `${second.synced} külalist sünkroniseeriti edukalt, ${second.failed} vigasega`);
    await expect(partial).toBeVisible();
    await expect(partial).toHaveAttribute('data-toast', 'destructive');
  } finally {
    await sql('DELETE FROM bookings WHERE guest_id = ?', [guestId]);
  }
});

test('delete a client with bookings: the confirmation gives the count, then the client and the bookings are gone', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await openList(page);
  await row(page, `Carmen ${TAG}`).getByRole('button', { name: /Kustuta/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Kustuta klient' });
  await expect(confirm.locator('[data-delete-question]')).toHaveText(
    `Kliendil Carmen ${TAG} on 2 broneeringut. Kas olete kindel, et soovite kliendi kustutada? Klient ja kõik tema broneeringud kustutatakse jäädavalt, seda ei saa tagasi võtta.`,
  );
  await expect(confirm.getByRole('button', { name: 'Loobu' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Kustuta' }).click();
  await expect(toast(page, 'Klient kustutatud')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row(page, `Carmen ${TAG}`)).toHaveCount(0);
  for (const id of bookingsOf.Carmen!) expect((await page.request.get(`/api/admin/bookings/${id}`)).status()).toBe(404);

  // A client without bookings gets the plain question.
  const created = await page.request.post('/api/admin/clients', {
    headers: { Origin: new URL(page.url()).origin },
    data: { firstName: 'Ilma', lastName: TAG, email: email('Ilma') },
  });
  expect(created.status()).toBe(201);
  await openList(page, email('Ilma'));
  await row(page, `Ilma ${TAG}`).getByRole('button', { name: /Kustuta/ }).click();
  await expect(confirm.locator('[data-delete-question]')).toHaveText(`Kas olete kindel, et soovite kliendi Ilma ${TAG} kustutada?`);
  await confirm.getByRole('button', { name: 'Kustuta' }).click();
  await expect(toast(page, 'Klient kustutatud')).toBeVisible();
  await expect(page.getByText('Otsingule vastavaid kliente ei leitud')).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on the clients screen and its dialogs at ${width} px`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await openList(page);
    await expect(row(page, `Birgit ${TAG}`)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: '+ Lisa klient' }).click();
    const add = page.getByRole('dialog', { name: 'Lisa klient' });
    await add.getByRole('button', { name: 'Salvesta' }).click();
    await expect(add.getByText(REQUIRED).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();

    await row(page, `Birgit ${TAG}`).getByRole('button', { name: /Vaata/ }).click();
    const view = page.getByRole('dialog', { name: `Birgit ${TAG}` });
    await expect(view.locator('[data-client-booking]')).toHaveCount(1);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(view).toBeHidden();

    await row(page, `Birgit ${TAG}`).getByRole('button', { name: /Kustuta/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Kustuta klient' });
    await expect(confirm.locator('[data-delete-question]')).toContainText('1 broneering');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Loobu' }).click();
    await expect(confirm).toBeHidden();
  });
}
