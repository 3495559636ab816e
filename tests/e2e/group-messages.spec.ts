import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, serverLog, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { serverNow } from './clock';
import { signFeedbackToken } from '../../worker/domain/feedback-token';

/**
 * Talking to the group and to visitors (issue 24) in Chromium against the real Node host, API and database: a
 * message to an edition's group (preview, confirmation, one e-mail per guest in the server's mail log, listed on the
 * booking's e-mails, never to the cancelled), the "Sõnumid" screen's reply to a contact-form message, the public
 * feedback form opened from its signed link and the answer on the retreat's detail, and axe at 1280 and 390 px. The edition is made for this file, with guests whose surname is unique to the run.
 */

const TAG = `Laine${letters()}`;
const email = (firstName: string) => `${firstName.toLowerCase()}.${TAG.toLowerCase()}@example.com`;

let retreatId = 0;
const bookings: Record<string, number> = {};
test.describe.configure({ timeout: 90_000 });

fileAdmin('messages-admin', async (request, baseURL) => {
  const [retreat] = await serverSql("INSERT INTO retreats (name, start_date, end_date) VALUES (?, '2026-06-01', '2026-06-11') RETURNING id", [`Suvi ${TAG}`]);
  retreatId = Number(retreat!.id);
  for (const name of ['Aili', 'Birgit', 'Cärolin']) {
    bookings[name] = await bookingRequest(request, baseURL, { firstName: name, lastName: TAG, email: email(name.replace('ä', 'a')) });
    await serverSql('UPDATE bookings SET retreat_id = ? WHERE id = ?', [retreatId, bookings[name]!]);
  }
  await serverSql("UPDATE bookings SET status = 'confirmed' WHERE id = ?", [bookings.Aili!]);
  await serverSql("UPDATE bookings SET status = 'cancelled' WHERE id = ?", [bookings['Cärolin']!]);
});

/** The mails the server's local mail log printed to `to` with `subject`. */
async function loggedMails(to: string, subject: string) {
  return (await serverLog()).split('──── e-mail (local mail log) ────').filter((m) => m.includes(`To: ${to}\n`) && m.includes(`Subject: ${subject}\n`));
}

async function openRetreat(page: Page) {
  await page.goto(`/admin/retreats/${retreatId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Suvi ${TAG}` })).toBeVisible();
}

test('send a message to the group: preview, confirm, one e-mail each in the mail log and on each booking', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const subject = `Pakkimisnimekiri ${TAG}`;
  await openRetreat(page);
  const form = page.locator('[data-group-message-form]');
  await form.getByRole('button', { name: 'Eelvaade' }).click();
  await expect(form.getByText('Sisestage kirja teema.')).toBeVisible();

  await form.getByRole('textbox', { name: 'Teema' }).fill(subject);
  await form.getByRole('textbox', { name: 'Tekst' }).fill('Võtke kaasa päikesekreem.\n\nNäeme Balil!');
  await form.getByRole('button', { name: 'Eelvaade' }).click();
  const preview = page.locator('[data-group-message-preview]');
  await expect(preview.getByText('Kiri läheb 2 inimesele.')).toBeVisible();
  await expect(preview.locator('[data-sample-text]')).toContainText('Tere, Aili!');
  await expect(preview.locator('[data-sample-text]')).toContainText('Näeme Balil!');

  await preview.getByRole('button', { name: 'Saada 2 inimesele' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Saada kiri grupile?' });
  await confirm.getByRole('button', { name: 'Saada' }).click();
  await expect(toast(page, 'Kiri saadetud')).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(page.getByRole('table', { name: 'Grupile saadetud kirjad' }).getByRole('row').filter({ hasText: subject })).toBeVisible();

  // In the mail log: Aili and Birgit once each, never Cärolin (cancelled).
  await expect.poll(async () => (await loggedMails(email('Aili'), subject)).length, { timeout: 15_000 }).toBe(1);
  await expect.poll(async () => (await loggedMails(email('Birgit'), subject)).length, { timeout: 15_000 }).toBe(1);
  expect(await loggedMails(email('Carolin'), subject)).toHaveLength(0);

  // On the booking's e-mails.
  await page.goto(`/admin/bookings/${bookings.Birgit}`);
  await expect(page.locator('[data-section="booking-emails"]').getByText(subject, { exact: true })).toBeVisible();
});

test('Sõnumid: a contact-form message is answered by e-mail from the back office', async ({ page, baseURL, consoleErrors }) => {
  void consoleErrors;
  const from = `kylaline.${TAG.toLowerCase()}@example.com`;
  const sent = await page.request.post('/api/contact', { headers: { Origin: baseURL! }, data: { name: `Külli ${TAG}`, email: from, subject: 'Toad', message: 'Kas toad on konditsioneeriga?', website: '' } });
  expect(sent.status()).toBe(201);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Sõnumid' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sõnumid' })).toBeVisible();
  await page.getByRole('searchbox').fill(TAG);
  const row = page.getByRole('row').filter({ hasText: `Külli ${TAG}` });
  await expect(row.locator('[data-message-state="new"]')).toBeVisible();
  await row.getByRole('button', { name: /Ava/ }).click();

  const dialog = page.getByRole('dialog', { name: `Sõnum: Külli ${TAG}` });
  await expect(dialog.getByText('Kas toad on konditsioneeriga?')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Teema' })).toHaveValue('Re: Toad');
  await dialog.getByRole('textbox', { name: 'Vastus' }).fill('Tere!\n\nJah, kõik toad on konditsioneeriga.');
  await dialog.getByRole('button', { name: 'Saada vastus' }).click();
  await expect(toast(page, 'Vastus saadetud')).toBeVisible();
  await expect(dialog.locator('[data-contact-reply]')).toContainText('Jah, kõik toad on konditsioneeriga.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-message-state="answered"]')).toContainText('Abi Admin');
  await expect.poll(async () => (await loggedMails(from, 'Re: Toad')).length, { timeout: 15_000 }).toBe(1);
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on Sõnumid and the group message at ${width} px`, async ({ page, baseURL, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const first = width === 1280 ? 'Lai' : 'Kitsas';
    const name = `${first} ${TAG}`;
    const sent = await page.request.post('/api/contact', { headers: { Origin: baseURL! }, data: { name, email: `${first.toLowerCase()}.${TAG.toLowerCase()}@example.com`, message: 'Tere!', website: '' } });
    expect(sent.status(), await sent.text()).toBe(201);
    await page.goto(`/admin/sonumid?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: /Ava/ }).click();
    await expect(page.getByRole('dialog', { name: `Sõnum: ${name}` }).getByRole('button', { name: 'Saada vastus' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await openRetreat(page);
    const form = page.locator('[data-group-message-form]');
    await form.getByRole('textbox', { name: 'Teema' }).fill('Teade');
    await form.getByRole('textbox', { name: 'Tekst' }).fill('Tere!');
    await form.getByRole('button', { name: 'Eelvaade' }).click();
    await expect(page.locator('[data-group-message-preview]').getByText('Kiri läheb 2 inimesele.')).toBeVisible();
    await expectNoAxeViolations(page);

    // The public feedback form (Birgit's link; nothing is sent).
    await page.goto(`/tagasiside#token=${await signFeedbackToken(process.env.E2E_AUTH_SECRET!, bookings.Birgit!, serverNow())}`);
    await expect(page.getByText('Tere, Birgit!')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('feedback: the signed link opens the form, the answer is stored once and listed on the retreat', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const token = await signFeedbackToken(process.env.E2E_AUTH_SECRET!, bookings.Aili!, serverNow());
  await page.goto(`/tagasiside#token=${token}`);
  await expect(page.getByText(`Tere, Aili!`)).toBeVisible();
  // The token leaves the address bar.
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  const form = page.locator('[data-feedback-form]');
  await expect(form.getByRole('checkbox', { name: /tsiteerida/ })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Saada tagasiside' }).click();
  await expect(form.getByText('Valige hinne 1 kuni 5.')).toBeVisible();
  await form.getByRole('radio', { name: '5 – suurepärane' }).check();
  await form.getByRole('textbox', { name: 'Teie tagasiside' }).fill(`Imeline nädal ${TAG}!`);
  await form.getByRole('checkbox', { name: /tsiteerida/ }).check();
  await form.getByRole('button', { name: 'Saada tagasiside' }).click();
  await expect(page.getByRole('heading', { name: 'Aitäh tagasiside eest!' })).toBeVisible();

  // The same link again (a new page load: from the same page it would be a fragment change only): already answered.
  await page.goto('about:blank');
  await page.goto(`/tagasiside#token=${token}`);
  await expect(page.locator('[data-feedback-state="invalid"]')).toContainText('juba tagasisidet andnud');
  await page.goto('about:blank');
  await page.goto('/tagasiside');
  await expect(page.locator('[data-feedback-state="invalid"]')).toContainText('Link on vigane');

  await openRetreat(page);
  const table = page.getByRole('table', { name: 'Retriidi tagasiside' });
  await expect(table.getByRole('row').filter({ hasText: `Imeline nädal ${TAG}!` })).toContainText('5 / 5');
  await expect(page.locator('[data-section="retreat-feedback"]').getByRole('link', { name: /Laadi alla CSV/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
