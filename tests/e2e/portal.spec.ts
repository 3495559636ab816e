/**
 * The guest portal in Chromium (issue "Guest portal"): sign up → book while signed in → "Minu broneeringud" from the
 * account menu (keyboard) → travel details for the guest and a companion over two visits (the passport warning on
 * the way) → the invoice as a PDF download → a cancellation request (keyboard only) → the admin sees completeness and
 * the request. Axe on the portal at 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { extraAdmin, PASSWORD, signInContext, toast, uniqueEmail } from './accounts';
import { letters, serverSql } from './booking-requests';
import { expect, expectFailedRequest, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

async function confirmLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const log = await readFile(process.env.E2E_SERVER_LOG!, 'utf8').catch(() => '');
        const mails = log.split('──── e-mail (local mail log) ────').filter((m) => m.includes(`To: ${email}\n`));
        link = mails.map((m) => /https?:\/\/[^\s/]+(\/auth#confirm=[A-Za-z0-9_-]+)/.exec(m)?.[1]).filter(Boolean).at(-1);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

async function axeClean(page: Page) {
  // React Aria's and the toasts' live regions come and go; wait for a quiet page.
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 10_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const person = (page: Page, name: string): Locator => page.getByRole('article', { name: new RegExp(`^${name}`) });

async function openPortalBooking(page: Page, id: number) {
  await page.goto(`/minu-broneeringud?broneering=${id}`);
  await expect(page.getByRole('heading', { level: 2, name: /retriit/i })).toBeFocused();
}

test('sign up, book, fill travel details in two visits, download the invoice, ask to cancel; the admin sees it', async ({ page, browser, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const surname = `Portaal${letters()}`;
  const email = uniqueEmail('portaal');

  // Sign up and confirm.
  await page.goto('/auth');
  await expect(page.locator('astro-island')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Registreeru' }).click();
  const signUp = page.getByRole('tabpanel', { name: 'Registreeru' });
  await signUp.getByLabel('Eesnimi').fill('Kertu');
  await signUp.getByLabel('Perekonnanimi').fill(surname);
  await signUp.getByLabel('E-post').fill(email);
  await signUp.getByLabel('Salasõna').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Registreeru' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontrollige oma e-posti' })).toBeVisible();
  await page.goto(await confirmLink(email));
  await expect(page.getByText('E-posti aadress on kinnitatud. Olete sisse logitud.')).toBeVisible();

  // Book while signed in, with another address: the booking is hers because she was signed in.
  await page.goto('/broneering');
  const form = page.getByRole('form', { name: 'Broneeringu taotlus' });
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole('button', { name: 'Saada broneeringu taotlus' })).toBeEnabled();
  const you = page.getByRole('group', { name: 'Teie andmed' });
  await you.getByLabel('Eesnimi').fill('Kertu');
  await you.getByLabel('Perekonnanimi').fill(surname);
  await you.getByLabel('Sünnikuupäev').fill('1991-06-15');
  await you.getByLabel('E-post').fill(`teine.${email}`);
  await you.getByLabel('Telefon').fill('+372 5123 4567');
  await page.getByLabel('Retriidi aeg').selectOption('mar-2026');
  // The plans arrive with their own chunk and push the fields below them down: wait, so a click lands where aimed.
  await expect(page.locator('[data-plan]').first()).toBeVisible();
  await page.getByRole('radio', { name: 'Koos kaaslastega' }).check();
  const companion = page.getByRole('group', { name: 'Kaasreisija 1' });
  await companion.getByLabel('Eesnimi').fill('Rasmus');
  await companion.getByLabel('Perekonnanimi').fill(surname);
  await companion.getByLabel('Sünnikuupäev').fill('1989-01-20');
  await page.getByRole('checkbox', { name: 'Nõustun tingimustega' }).check();
  await page.getByRole('checkbox', { name: /^Kinnitan osaleja deklaratsiooni/ }).check();
  await form.getByRole('button', { name: 'Saada broneeringu taotlus' }).click();
  await expect(toast(page, 'Broneering edukalt salvestatud')).toBeVisible();
  const [row] = await serverSql('SELECT b.id FROM bookings b JOIN guests g ON g.id = b.guest_id WHERE g.last_name = ? AND g.is_companion = 0', [surname]);
  const id = Number(row!.id);

  // The account menu leads to the portal (keyboard: Enter opens, arrows move, Enter follows).
  await page.goto('/kkk');
  const accountButton = page.locator('[data-site-nav] [data-account-button]');
  await expect(accountButton).toContainText('Kertu');
  await accountButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Minu broneeringud' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/minu-broneeringud$/);
  const card = page.getByRole('article', { name: /retriit/i });
  await expect(card).toContainText(`nr ${id}`);
  await expect(card).toContainText('Ootab kinnitust');
  await expect(card).toContainText('0 / 2 täidetud');
  await page.setViewportSize({ width: 1280, height: 900 });
  await axeClean(page);
  await card.getByRole('link', { name: new RegExp(`Ava broneering`) }).click();
  await expect(page).toHaveURL(new RegExp(`broneering=${id}$`));
  await expect(page.getByRole('heading', { level: 2, name: /retriit/i })).toBeFocused();

  // First visit: her passport, which runs out too early (the retreat ends 24.03.2026: valid until 24.09.2026 needed).
  const kertu = person(page, `Kertu ${surname}`);
  await expect(kertu.getByLabel('Sünnikuupäev')).toHaveValue('1991-06-15');
  await kertu.getByLabel('Passi number').fill('ab 123 4567');
  await kertu.getByLabel('Pass kehtib kuni').fill('2026-06-01');
  await expect(kertu.getByRole('note')).toHaveText('Pass peab kehtima vähemalt 6 kuud pärast reisi lõppu (vähemalt 24.09.2026). Uuendage pass enne reisi.');
  // A wrong phone number is caught before sending, with the focus on it.
  await kertu.getByLabel('Hädaabikontakti telefon').fill('helista');
  await kertu.getByRole('button', { name: /Salvesta andmed/ }).click();
  await expect(kertu.getByLabel('Hädaabikontakti telefon')).toBeFocused();
  await expect(kertu.getByText('Sisestage kehtiv telefoninumber, nt +372 5123 4567')).toBeVisible();
  await kertu.getByLabel('Hädaabikontakti telefon').fill('');
  await kertu.getByRole('button', { name: /Salvesta andmed/ }).click();
  await expect(toast(page, 'Andmed salvestatud')).toBeVisible();
  await expect(kertu.getByTestId('traveller-status')).toContainText('Puudu: kodakondsus, hädaabikontakti nimi');

  // Second visit: what was saved is there; the rest for both.
  await openPortalBooking(page, id);
  await expect(kertu.getByLabel('Passi number')).toHaveValue('AB1234567');
  await kertu.getByLabel('Pass kehtib kuni').fill('2030-06-01');
  await expect(kertu.getByRole('note')).toHaveCount(0);
  await kertu.getByLabel('Kodakondsus').fill('Eesti');
  await kertu.getByLabel('Hädaabikontakti nimi').fill('Malle Tamm');
  await kertu.getByLabel('Hädaabikontakti telefon').fill('+372 5555 1234');
  await kertu.getByLabel('Seos reisijaga').fill('ema');
  // Food allergies are the kitchen's, and the form says so; the other allergies are health information.
  const food = kertu.getByLabel('Toiduallergiad ja -talumatused');
  await expect(food).toHaveAccessibleDescription(/See läheb köögile/);
  await food.fill('Laktoos');
  await kertu.getByLabel('Allergiad', { exact: true }).fill('Maapähklid');
  await kertu.getByRole('button', { name: /Salvesta andmed/ }).click();
  await expect(kertu.getByTestId('traveller-status')).toHaveText(/^Täidetud/);

  const rasmus = person(page, `Rasmus ${surname}`);
  await rasmus.getByLabel('Sünnikuupäev').fill('1989-01-20');
  await rasmus.getByLabel('Kodakondsus').fill('Läti');
  await rasmus.getByLabel('Passi number').fill('LV998877');
  await rasmus.getByLabel('Pass kehtib kuni').fill('2031-01-01');
  await rasmus.getByLabel('Hädaabikontakti nimi').fill('Anna Berzina');
  await rasmus.getByLabel('Hädaabikontakti telefon').fill('+371 2000 1234');
  await rasmus.getByLabel('Seos reisijaga').fill('õde');
  await rasmus.getByRole('button', { name: /Salvesta andmed/ }).click();
  await expect(rasmus.getByTestId('traveller-status')).toHaveText(/^Täidetud/);
  await expect(page.getByRole('region', { name: 'Reisiandmed' })).toContainText('2 / 2 täidetud');

  // Issue 42: Kertu signed both texts in the form; Rasmus signs here, on her device, typing his own full name.
  const signatures = page.locator('[data-agreements-panel]');
  await expect(signatures.locator(`[data-traveller="Kertu ${surname}"] [data-agreement="waiver"]`)).toContainText('allkirjastatud');
  const rasmusSigns = signatures.locator(`[data-traveller="Rasmus ${surname}"]`);
  await expect(rasmusSigns.locator('[data-agreement="terms"]')).toContainText('Ootab');
  await rasmusSigns.getByRole('button', { name: /^Allkirjasta ise/ }).click();
  const signForm = rasmusSigns.getByRole('form', { name: `Allkirjasta: Rasmus ${surname}` });
  await expect(signForm.getByRole('region', { name: /Osaleja deklaratsioon \(versioon 2026-11\)/ })).toContainText('Nõusolek esmaabiks');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await axeClean(page);
  }
  await signForm.getByLabel(`Rasmus ${surname}: täisnimi (allkirjaks)`).fill(`Kertu ${surname}`);
  await signForm.getByRole('button', { name: 'Allkirjastan' }).click();
  await expect(signForm.getByLabel(`Rasmus ${surname}: täisnimi (allkirjaks)`)).toHaveAccessibleDescription('Sisestage oma täisnimi nii, nagu see on broneeringus.');
  expectFailedRequest(consoleErrors, /^422 .*\/agreements\/sign$/);
  await signForm.getByLabel(`Rasmus ${surname}: täisnimi (allkirjaks)`).fill(`Rasmus ${surname}`);
  await signForm.getByRole('button', { name: 'Allkirjastan' }).click();
  await expect(toast(page, 'Allkirjastatud')).toBeVisible();
  await expect(rasmusSigns.locator('[data-agreement="waiver"]')).toContainText('allkirjastatud');
  await expect(rasmusSigns.getByRole('button', { name: /Allkirjasta ise/ })).toHaveCount(0);

  // The admin prices the booking and issues the invoice (through the API, as the invoices spec does it on screen).
  // (Its own request context: the page's would carry the admin's cookies into the guest's browser.)
  const adminEmail = await extraAdmin(request, baseURL!, 'portaal-admin');
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInContext(admin, baseURL!, adminEmail);
  await serverSql('UPDATE bookings SET total_amount_cents = 129900 WHERE id = ?', [id]);
  const version = Number((await serverSql('SELECT version FROM bookings WHERE id = ?', [id]))[0]!.version);
  const issued = await admin.request.post(`/api/admin/bookings/${id}/invoices`, {
    headers: { Origin: baseURL! },
    data: { version, buyer: { name: `Kertu ${surname}`, email } },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const invoiceNumber = ((await issued.json()) as { invoice: { number: string } }).invoice.number;

  // The invoice downloads as a PDF.
  await openPortalBooking(page, id);
  const invoices = page.getByRole('region', { name: 'Arved' });
  await expect(invoices).toContainText(`Arve nr ${invoiceNumber}`);
  const [download] = await Promise.all([page.waitForEvent('download'), invoices.getByRole('link', { name: /Laadi alla \(PDF\)/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^arve-.+\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('region', { name: 'Maksed' })).toContainText('Viitenumber');
  await axeClean(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await axeClean(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Cancellation request, keyboard only: the terms' refund today, the confirmation box refused empty, then sent.
  const cancel = page.getByRole('region', { name: 'Tühistamine' });
  await expect(cancel).toContainText('tagastame tingimuste järgi');
  await cancel.getByRole('button', { name: 'Soovin broneeringu tühistada' }).focus();
  await page.keyboard.press('Enter');
  const confirmBox = cancel.getByRole('checkbox', { name: `Kinnitan, et soovin broneeringu nr ${id} tühistada.` });
  await confirmBox.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Töö tõttu ei saa tulla');
  await page.keyboard.press('Tab');
  await expect(cancel.getByRole('button', { name: 'Saada tühistamise soov' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cancel.getByText('Kinnitage, et soovite broneeringu tühistada')).toBeVisible();
  await expect(confirmBox).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(cancel.getByRole('status')).toContainText('Tühistamise soov saadetud');
  expect(await serverSql('SELECT status, cancellation_requested_at IS NOT NULL AS requested FROM bookings WHERE id = ?', [id])).toEqual([
    expect.objectContaining({ status: 'pending', requested: 1 }),
  ]);

  // The admin sees the people complete and the request on the booking.
  await admin.goto(`/admin/bookings/${id}`);
  await expect(admin.getByText('2 / 2 täidetud')).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByText(/Klient soovib broneeringu tühistada/)).toBeVisible();
  await expect(admin.getByText('AB1234567')).toBeVisible();
  await expect(admin.getByText('Maapähklid')).toHaveCount(0);
  await expect(admin.getByText('Laktoos')).toBeVisible();
  await adminContext.close();
});

test('signed out, the portal asks to sign in and comes back after it', async ({ page, baseURL, consoleErrors }) => {
  void consoleErrors;
  const email = uniqueEmail('portaal-valjas');
  await page.request.post('/api/auth/signup', { headers: { Origin: baseURL! }, data: { email, password: PASSWORD, firstName: 'Olev', lastName: 'Väljas' } });
  const token = (await confirmLink(email)).split('=')[1];
  await page.request.post('/api/auth/confirm', { headers: { Origin: baseURL! }, data: { token } });
  await page.request.post('/api/auth/signout', { headers: { Origin: baseURL! }, data: { scope: 'local' } });
  await page.goto('/minu-broneeringud');
  await expect(page.getByRole('heading', { name: 'Logige sisse, et näha oma broneeringuid' })).toBeVisible();
  await page.getByRole('link', { name: 'Logi sisse' }).last().click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fminu-broneeringud$/);
  const panel = page.getByRole('tabpanel', { name: 'Logi sisse' });
  await expect(panel.getByRole('button', { name: 'Logi sisse', exact: true })).toBeEnabled();
  await panel.getByLabel('E-post').fill(email);
  await panel.getByLabel('Salasõna').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Logi sisse', exact: true }).click();
  await expect(page).toHaveURL(/\/minu-broneeringud$/);
  await expect(page.getByText('Teil ei ole veel broneeringuid.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Minu andmed' })).toBeVisible();
  await axeClean(page);
  // On a phone the mobile menu leads here too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/kkk');
  await page.getByRole('button', { name: 'Menüü' }).click();
  await page.locator('#mobile-menu').getByRole('link', { name: 'Minu broneeringud' }).click();
  await expect(page).toHaveURL(/\/minu-broneeringud$/);
  await expect(page.getByText('Teil ei ole veel broneeringuid.')).toBeVisible();
});
