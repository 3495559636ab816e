import type { APIRequestContext, Page } from '@playwright/test';
import { agreementHashes } from '../helpers/booking-fixtures';
import { expect, expectFailedRequest, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { serverSql } from './booking-requests';

/**
 * The back office's retreats (admin spec sections 2 "Retreats" and "Retreat detail", 5, 8; issue "Back office III":
 * capacity) in Chromium against the real Node host, API and database: add by keyboard (the name first), search,
 * edit, the detail with its cards and bookings, delete with the spec's question, the not-found message, and a
 * confirmation past the places that needs the admin's explicit override; the early-bird price (issue 38) refused
 * unless below the price, then saved and shown; axe at two widths. Names carry a tag
 * unique to the worker, so the searches see only this file's retreats.
 */

const TAG = `R${Math.random().toString(36).slice(2, 8)}`;
// Every test here loads at least one admin screen (its own chunk) and most run axe: slow on two shared cores.
test.describe.configure({ timeout: 90_000 });

const sql = serverSql;

async function bookingOn(request: APIRequestContext, baseURL: string, retreatId: number, firstName: string, status: 'pending' | 'confirmed') {
  const response = await request.post('/api/bookings', {
    headers: { Origin: baseURL },
    data: {
      firstName, lastName: 'Kohaline', birthday: '1990-05-01', email: `${firstName.toLowerCase()}.${TAG.toLowerCase()}@example.com`, phone: '+372 5123 4567',
      retreatMonth: 'mar-2026', roomType: 'single-room', travelWith: 'alone', companions: [], experience: '', dietaryRestrictions: '', message: '', termsAccepted: true, waiverAccepted: true, agreements: agreementHashes(), website: '',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { bookingId: number }).bookingId;
  await sql('UPDATE bookings SET retreat_id = ?, status = ? WHERE id = ?', [retreatId, status, id]);
  return id;
}

fileAdmin(`retreats-${TAG.toLowerCase()}`);

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function openList(page: Page, q = TAG) {
  await page.goto(`/admin/retreats?q=${q}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Retriidid' })).toBeVisible();
  await expect(page.locator('[data-loading]')).toHaveCount(0);
}

test('add by keyboard, search, edit the price, and delete with the spec\'s question', async ({ page, consoleErrors }) => {
  test.slow();
  void consoleErrors;
  await openList(page);
  await expect(page.locator('[data-counter="upcoming"]')).not.toHaveText('…');
  await page.getByRole('button', { name: '+ Lisa uus retriit' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Lisa uus retriit' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Lisa retriit' }).press('Enter');
  await expect(dialog.getByText('Sisestage retriidi nimi')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Nimi/ })).toBeFocused();
  await page.keyboard.type(`Sügisretriit ${TAG}`);
  await dialog.getByRole('textbox', { name: 'Asukoht' }).fill('Uluwatu, Bali');
  await dialog.getByRole('textbox', { name: /Baashind/ }).fill('1299,50');
  await dialog.getByRole('textbox', { name: /Kohtade arv/ }).fill('12');
  await dialog.getByRole('button', { name: 'Lisa retriit' }).press('Enter');
  await expect(toast(page, 'Retriit lisatud')).toBeVisible();
  await expect(row(page, `Sügisretriit ${TAG}`)).toContainText('1\u00a0299,50\u00a0€');
  await expect(row(page, `Sügisretriit ${TAG}`)).toContainText('0 / 12');

  await page.getByRole('searchbox', { name: 'Otsi' }).fill('uluwatu');
  await expect(page).toHaveURL(/q=uluwatu/);
  await openList(page);

  await row(page, `Sügisretriit ${TAG}`).getByRole('button', { name: /Muuda/ }).click();
  const edit = page.getByRole('dialog', { name: 'Muuda retriiti' });
  await edit.getByRole('textbox', { name: /^Hind/ }).fill('1400');
  await edit.getByRole('button', { name: 'Salvesta' }).click();
  await expect(toast(page, 'Retriit uuendatud')).toBeVisible();
  await expect(row(page, `Sügisretriit ${TAG}`)).toContainText('1\u00a0400,00\u00a0€');

  await row(page, `Sügisretriit ${TAG}`).getByRole('button', { name: /Kustuta/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Kustuta retriit' });
  await expect(confirm).toContainText(`Kas oled kindel, et soovid kustutada retriidi "Sügisretriit ${TAG}"?`);
  await expect(confirm.getByRole('button', { name: 'Loobu' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Kustuta' }).click();
  await expect(toast(page, 'Retriit kustutatud')).toBeVisible();
  await expect(row(page, `Sügisretriit ${TAG}`)).toHaveCount(0);
});

test('the detail shows its cards, status, places and bookings; confirming past the places needs an override', async ({ page, request, baseURL, consoleErrors }) => {
  test.slow();
  const [created] = await sql(
    "INSERT INTO retreats (name, location, start_date, end_date, base_price_cents, capacity) VALUES (?, 'Uluwatu, Bali', '2027-03-14', '2027-03-24', 129900, 1) RETURNING id",
    [`Kevad ${TAG}`],
  );
  const retreatId = Number(created!.id);
  await bookingOn(request, baseURL!, retreatId, 'Esimene', 'confirmed');
  const second = await bookingOn(request, baseURL!, retreatId, 'Teine', 'pending');

  await openList(page);
  await row(page, `Kevad ${TAG}`).getByRole('link', { name: /Vaata/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/retreats/${retreatId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Kevad ${TAG}` })).toBeVisible();
  for (const card of ['Põhiandmed', 'Kuupäevad', 'Hinnad ja kohad', 'Staatus', 'Broneeringud']) {
    await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible();
  }
  await expect(page.locator('[data-fact="Staatus"]')).toHaveText('Tulevane');
  await expect(page.locator('[data-fact="Kohti võetud"]')).toHaveText('2 / 1');
  await expect(page.getByRole('table', { name: 'Retriidi broneeringud' }).getByRole('row')).toHaveCount(3);

  // The second booking: confirming it would put two people on one place.
  await page.getByRole('link', { name: 'Teine Kohaline' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${second}$`));
  await page.getByRole('button', { name: 'Muuda broneeringut' }).click();
  const dialog = page.getByRole('dialog', { name: 'Muuda broneeringut' });
  await dialog.getByRole('button', { name: /Staatus/ }).first().click();
  await page.getByRole('option', { name: 'Kinnitatud' }).click();
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  const full = dialog.locator('[data-retreat-full]');
  await expect(full).toContainText('Retriidil on vabu kohti 0, selle broneeringu kinnitamiseks on vaja 1.');
  expectFailedRequest(consoleErrors, new RegExp(`^409 .*/api/admin/bookings/${second}$`));
  await full.getByRole('button', { name: 'Kinnita siiski' }).click();
  await expect(toast(page, 'Edukalt salvestatud')).toBeVisible();
  await expect(page.getByText('Kinnitatud').first()).toBeVisible();
});

test('a retreat that does not exist says so and goes back to the list', async ({ page, consoleErrors }) => {
  await page.goto('/admin/retreats/987654321');
  await expect(toast(page, 'Retriiti ei leitud')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/retreats$/);
  expectFailedRequest(consoleErrors, /^404 .*\/api\/admin\/retreats\/987654321$/);
});

test('the early-bird price: refused unless below the price, then saved and shown on the detail', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const [created] = await sql(
    "INSERT INTO retreats (name, start_date, end_date, price_cents, base_price_cents) VALUES (?, '2027-03-14', '2027-03-24', 129900, 159900) RETURNING id",
    [`Varajane ${TAG}`],
  );
  await page.goto(`/admin/retreats/${Number(created!.id)}`);
  await expect(page.locator('[data-fact="Varajase broneerija hind"]')).toHaveText('–');
  await page.getByRole('button', { name: 'Muuda retriiti' }).click();
  const dialog = page.getByRole('dialog', { name: 'Muuda retriiti' });
  const early = dialog.getByRole('textbox', { name: /^Varajase broneerija hind inimese kohta/ });
  await early.fill('1299');
  await dialog.getByRole('group', { name: 'Varajase broneerija hind kehtib kuni (k.a)' }).getByRole('spinbutton').first().click();
  await page.keyboard.type('31122026');
  await expect(dialog.getByText('Tallinna aja järgi kuni 23.59.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(early).toHaveAccessibleDescription(/Varajase broneerija hind peab olema väiksem kui hind inimese kohta/);
  await expect(early).toBeFocused();
  await early.fill('1099');
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(toast(page, 'Retriit uuendatud')).toBeVisible();
  await expect(page.locator('[data-fact="Varajase broneerija hind"]')).toHaveText('1\u00a0099,00\u00a0€ kuni 31.12.2026');
  // The dialog opens again with what was saved.
  await page.getByRole('button', { name: 'Muuda retriiti' }).click();
  await expect(early).toHaveValue('1099,00');
  await expect(dialog.getByRole('group', { name: 'Varajase broneerija hind kehtib kuni (k.a)' })).toContainText('31.12.2026');
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on the retreat screens at ${width} px`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const [created] = await sql("INSERT INTO retreats (name, start_date, end_date, capacity) VALUES (?, '2027-05-01', '2027-05-10', 20) RETURNING id", [`Axe ${TAG} ${width}`]);
    await openList(page, `Axe ${TAG} ${width}`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: '+ Lisa uus retriit' }).click();
    await expect(page.getByRole('dialog', { name: 'Lisa uus retriit' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await page.goto(`/admin/retreats/${Number(created!.id)}`);
    await expect(page.locator('[data-fact="Staatus"]')).toHaveText('Tulevane');
    await expectNoAxeViolations(page);
  });
}
