import type { APIRequestContext } from '@playwright/test';
import { agreementHashes } from '../helpers/booking-fixtures';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { serverSql as sql } from './booking-requests';

/**
 * An edition's run sheets (issue 24) in Chromium against the real Node host: the "Nimekirjad" section of the
 * retreat's detail, a room assigned by keyboard and saved, the rooming CSV downloaded with it, the counts' warning;
 * axe at 1280 and 390 px. The edition is this file's own (a tag unique to the worker).
 */

// Letters only: the booking form takes no digits in a name.
const TAG = `S${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
let emails = 0;
test.describe.configure({ timeout: 90_000 });

async function confirmedBooking(request: APIRequestContext, baseURL: string, retreatId: number, firstName: string, lastName: string, roomType: 'single-room' | 'shared-room') {
  const response = await request.post('/api/bookings', {
    headers: { Origin: baseURL },
    data: {
      firstName, lastName, birthday: '1990-05-01', email: `sheets.${TAG.toLowerCase()}.${++emails}.${process.pid}@example.com`, phone: '+372 5123 4567',
      retreatMonth: 'mar-2026', roomType, travelWith: 'alone', companions: [], experience: '', dietaryRestrictions: '', message: '', termsAccepted: true, waiverAccepted: true, agreements: agreementHashes(), website: '',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { bookingId: number }).bookingId;
  await sql("UPDATE bookings SET retreat_id = ?, status = 'confirmed' WHERE id = ?", [retreatId, id]);
  return id;
}

async function edition(request: APIRequestContext, baseURL: string, name: string) {
  const [created] = await sql("INSERT INTO retreats (name, start_date, end_date, capacity) VALUES (?, '2027-05-01', '2027-05-10', 20) RETURNING id", [name]);
  const id = Number(created!.id);
  await confirmedBooking(request, baseURL, id, 'Õnne', `Ülevi${TAG}`, 'single-room');
  await confirmedBooking(request, baseURL, id, 'Šarlota', `Žuk${TAG}`, 'shared-room');
  return id;
}

fileAdmin(`sheets-${TAG.toLowerCase()}`);

test('open the run sheets, assign a room by keyboard, and download the rooming CSV', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const id = await edition(request, baseURL!, `Nimekirjad ${TAG}`);
  await page.goto(`/admin/retreats/${id}`);
  const sheets = page.getByRole('region', { name: 'Nimekirjad' });
  await expect(sheets).toBeVisible();
  for (const title of ['Osalejad', 'Terviseandmed', 'Toad', 'Köök', 'Saabumised ja lahkumised']) await expect(sheets.getByRole('link', { name: new RegExp(`^PDF ?: ${title}$`) })).toBeVisible();
  await expect(sheets.getByRole('link', { name: /^CSV ?: Terviseandmed$/ })).toHaveCount(0);

  // Both start in a room of their own (the server's proposal from their bookings), nothing saved yet.
  const onne = sheets.getByRole('combobox', { name: `Õnne Ülevi${TAG}` });
  const sarlota = sheets.getByRole('combobox', { name: `Šarlota Žuk${TAG}` });
  await expect(onne).toHaveValue('1');
  await expect(sarlota).toHaveValue('2');
  await expect(sheets.locator('[data-rooming-warnings]')).toContainText('Toata: 2 inimest');

  // By keyboard: into Šarlota's field, her room becomes "A1", Tab on to Õnne's, then to the save button.
  await sarlota.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('A1');
  await page.keyboard.press('Tab');
  await expect(onne).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('A1');
  await sheets.getByRole('button', { name: 'Salvesta toad' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Toad salvestatud')).toBeVisible();
  await expect(page.locator(`[data-person] [data-roommates]`).first()).not.toHaveText('–');
  expect(await sql('SELECT room FROM room_assignments r JOIN bookings b ON b.id = r.booking_id WHERE b.retreat_id = ? ORDER BY r.booking_id', [id])).toEqual([{ room: 'A1' }, { room: 'A1' }]);
  // Õnne booked a single room and now shares: the counts say so.
  await expect(sheets.locator('[data-rooming-warnings]')).toContainText('Ühekohaline tuba: broneeritud 1 inimesele, määratud 0 inimesele');

  const [download] = await Promise.all([page.waitForEvent('download'), sheets.getByRole('link', { name: /^CSV ?: Toad$/ }).click()]);
  expect(download.suggestedFilename()).toBe(`toad-retriit-${id}.csv`);
  const text = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
  expect(text.replace(/^\uFEFF/, '').split('\r\n').slice(0, 3)).toEqual([
    'Tuba;Nimi;Broneeringu nr;Toatüüp;Toa jagamine;Voodi;Toakaaslased',
    expect.stringMatching(new RegExp(`^A1;Šarlota Žuk${TAG};\\d+;Jagatud;Jagatud;;Õnne Ülevi${TAG}$`)),
    expect.stringMatching(new RegExp(`^A1;Õnne Ülevi${TAG};\\d+;Ühekohaline;Eraldi;;Šarlota Žuk${TAG}$`)),
  ]);
});

for (const width of [1280, 390]) {
  test(`the run sheets pass axe at ${width} px`, async ({ page, request, baseURL, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width, height: 900 });
    const id = await edition(request, baseURL!, `Axe nimekirjad ${TAG} ${width}`);
    await page.goto(`/admin/retreats/${id}`);
    await expect(page.getByRole('combobox', { name: `Õnne Ülevi${TAG}` }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
