import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectFailedRequest, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { serverNow } from './clock';
import { camt053, camtOfAccounts, STATEMENT_ACCOUNT } from '../helpers/bank-statements';
import { formatDateEt, tallinnDay } from '../../src/lib/format';
import { bookingReferenceNumber } from '../../src/lib/reference-number';

/**
 * "Pangaväljavõte" (issue "Collect") in Chromium against the real Node host: a camt.053 with this run's bookings'
 * reference numbers uploaded through the file field; the outcome per line and the totals; a payment without a
 * reference assigned from the review list by the guest's name (by keyboard), another set aside with a reason; the
 * payments on their bookings with their statement line; the same file again, every line already imported. axe, and
 * no sideways scrolling, at 1280 and 390 px.
 */

const TAG = `Pank${letters()}`;

test.describe.configure({ timeout: 120_000 });

fileAdmin('bank-admin');

/** A booking of 1 299 € for this run's guest `firstName`. */
async function pricedBooking(request: APIRequestContext, baseURL: string, firstName: string) {
  const id = await bookingRequest(request, baseURL, { firstName, lastName: TAG, email: `${letters()}.${TAG.toLowerCase()}@example.com` });
  await serverSql('UPDATE bookings SET total_amount_cents = 129900 WHERE id = ?', [id]);
  return id;
}

/** React Aria's live announcer keeps closed dialogs' titles for a few seconds (axe: role-img-alt): wait it out. */
async function announcerQuiet(page: Page) {
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0);
}

/** How far the page and each table stick out sideways, in px (0 = it fits). */
async function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: [...document.querySelectorAll('[role="region"]')].map((region) => region.scrollWidth - region.clientWidth),
  }));
}

const euro = (text: string) => text.replaceAll(' ', '\u00a0');
const row = (scope: Locator, text: string) => scope.getByRole('row').filter({ hasText: text });

async function upload(page: Page, xml: string) {
  await page.getByLabel('Väljavõtte fail').setInputFiles({ name: 'valjavote.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await page.getByRole('button', { name: 'Impordi väljavõte' }).click();
  await expect(toast(page, 'Väljavõte imporditud')).toBeVisible();
  const result = page.locator('[data-import-result]');
  await expect(result.getByRole('heading', { level: 2, name: 'Impordi tulemus: valjavote.xml' })).toBeFocused();
  return result;
}

test('import a statement: matched, partial, review and debit lines; assign one from the review list, set one aside; import it again', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  test.slow();
  const mari = await pricedBooking(request, baseURL!, 'Mari');
  const juri = await pricedBooking(request, baseURL!, 'Jüri');
  const kart = await pricedBooking(request, baseURL!, 'Kärt');
  const day = tallinnDay(serverNow());
  const run = `${Date.now()}`;
  const xml = camt053([
    { amountCents: 129_900, bookedOn: day, payerName: `Mari ${TAG}`, payerAccount: 'EE471000001020145685', reference: bookingReferenceNumber(mari), text: 'Retriit märtsis', archiveId: `${run}1` },
    { amountCents: 30_000, bookedOn: day, payerName: `Jüri ${TAG}`, payerAccount: 'EE121010220034567019', reference: bookingReferenceNumber(juri), text: 'Ettemaks', archiveId: `${run}2` },
    { amountCents: 45_000, bookedOn: day, payerName: `Kärt ${TAG}`, payerAccount: 'EE647700771001735865', text: `Kärt ${TAG} retriidi ettemaks, viitenumbrit ei leidnud ja kirjutan selle asemel pikema selgituse`, archiveId: `${run}3` },
    { direction: 'debit', amountCents: 1_500, bookedOn: day, payerName: 'Telia Eesti AS', text: 'Arve nr 9001', archiveId: `${run}4` },
    { amountCents: 2_000, bookedOn: day, payerName: `Tundmatu ${TAG}`, text: 'Annetus', archiveId: `${run}5` },
  ]);

  // The way in: the bookings list's link.
  await page.goto('/admin/bookings');
  await page.getByRole('link', { name: 'Impordi pangaväljavõte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pangaväljavõte' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Haldus' }).getByRole('link', { name: 'Broneeringud' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('ISO 20022 camt.053 või camt.054 (XML), Swedbanki, SEB või LHV CSV-väljavõte; kuni 5 MB')).toBeVisible();

  // The upload: one line per transaction, with its outcome, and the totals per outcome.
  const result = await upload(page, xml);
  await expect(result.locator('[data-total="matched"]')).toHaveText(euro('Seotud: 1 · 1 299,00 €'));
  await expect(result.locator('[data-total="partial"]')).toHaveText(euro('Osamakse: 1 · 300,00 €'));
  await expect(result.locator('[data-total="review"]')).toHaveText(euro('Vajab ülevaatust: 2 · 470,00 €'));
  await expect(result.locator('[data-total="debit"]')).toHaveText(euro('Väljaminek: 1 · −15,00 €'));
  await expect(result.getByRole('row')).toHaveCount(1 + 5);
  const matched = row(result, `Mari ${TAG}`);
  await expect(matched).toContainText('Seotud');
  await expect(matched).toContainText(bookingReferenceNumber(mari));
  await expect(matched).toContainText(formatDateEt(day));
  await expect(matched.getByRole('link', { name: `Mari ${TAG}` })).toHaveAttribute('href', `/admin/bookings/${mari}`);
  await expect(row(result, `Jüri ${TAG}`)).toContainText('Osamakse');
  const waiting = row(result, `Kärt ${TAG}`);
  await expect(waiting).toContainText('Vajab ülevaatust');
  await expect(waiting).toContainText('Viitenumbrit ega arve numbrit ei leitud');
  // The long explanation is cut; the whole of it opens from its summary.
  await waiting.locator('summary').click();
  await expect(waiting.locator('[data-full-text]')).toHaveText(/pikema selgituse$/);
  const debit = row(result, 'Telia Eesti AS');
  await expect(debit).toContainText('Väljaminek');
  await expect(debit).toContainText(euro('−15,00 €'));

  // The review list has the payment without a reference; the imports list the file.
  const review = page.locator('[data-review-list]');
  await review.getByRole('searchbox', { name: 'Otsi' }).fill(TAG);
  await expect(page).toHaveURL(new RegExp(`q=${TAG}`));
  await expect(review.getByRole('row')).toHaveCount(1 + 2);
  const pending = row(review, `Kärt ${TAG}`);
  await expect(pending).toContainText(euro('450,00 €'));
  await expect(page.locator('[data-imports-list]').getByRole('link', { name: 'valjavote.xml' }).first()).toBeVisible();

  // Both widths: axe, and nothing sticks out sideways (the tables fit at 1280 px; on a phone they scroll inside).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const sticking = await overflow(page);
    expect(sticking.page, `the page at ${width} px`).toBeLessThanOrEqual(0);
    if (width === 1280) expect(sticking.tables, 'the tables at 1280 px').toEqual(sticking.tables.map(() => 0));
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`bank-statements-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // "Määra broneeringule": the booking found by the guest's name, chosen with the arrow keys and Enter.
  await pending.getByRole('button', { name: /^Määra broneeringule/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Määra broneeringule' });
  await expect(dialog.locator('[data-transaction-summary]')).toContainText(euro('450,00 €'));
  await dialog.getByRole('button', { name: 'Määra' }).click();
  const combo = dialog.getByRole('combobox', { name: /Broneering/ });
  await expect(combo).toBeFocused();
  await expect(combo).toHaveAccessibleDescription(/Valige broneering\./);
  const option = page.getByRole('option', { name: new RegExp(`Kärt ${TAG}`) });
  // A booking is found by its reference number too.
  await combo.fill(bookingReferenceNumber(kart));
  await expect(option).toBeVisible();
  await combo.fill('');
  await combo.pressSequentially(`Kärt ${TAG}`);
  await expect(option).toBeVisible();
  await expect(option).toContainText(`#${kart}`);
  await expect(option).toContainText(euro('tasumata 1 299,00 €'));
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(combo).toHaveValue(`Kärt ${TAG}`);
  // axe on the dialog once the list of options is closed (React Aria puts it outside the dialog: axe's region rule).
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Määra' }).click();
  await expect(toast(page, 'Makse määratud broneeringule')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(review.getByRole('row')).toHaveCount(1 + 1);
  await expect(review.getByRole('heading', { level: 2, name: 'Ülevaatamist ootavad maksed' })).toBeFocused();

  // "Jäta kõrvale": the reason is required.
  await row(review, `Tundmatu ${TAG}`).getByRole('button', { name: /^Jäta kõrvale/ }).click();
  const aside = page.getByRole('dialog', { name: 'Jäta kõrvale' });
  await aside.getByRole('button', { name: 'Jäta kõrvale', exact: true }).click();
  const reason = aside.getByRole('textbox', { name: /Põhjus/ });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/Kirjutage, miks makse kõrvale jäetakse\./);
  await reason.fill('Annetus, ei puuduta broneeringuid');
  await announcerQuiet(page);
  await expectNoAxeViolations(page);
  await aside.getByRole('button', { name: 'Jäta kõrvale', exact: true }).click();
  await expect(toast(page, 'Makse jäeti kõrvale')).toBeVisible();
  await expect(aside).toBeHidden();
  await expect(review.getByText('Otsingule vastavaid makseid ei leitud.')).toBeVisible();

  // On the booking: the payment, and where it came from, linking to the import.
  await page.goto(`/admin/bookings/${kart}`);
  const ledger = page.locator('[data-section="booking-payments"]');
  const source = ledger.getByRole('link', { name: `Pangaväljavõttest: Kärt ${TAG}, ${formatDateEt(day)}, arhiivitunnus ${run}3` });
  await expect(source).toBeVisible();
  await expect(row(ledger, 'Pangaväljavõttest')).toContainText(euro('450,00 €'));
  await page.goto(`/admin/bookings/${mari}`);
  await expect(ledger.getByRole('link', { name: `Pangaväljavõttest: Mari ${TAG}, ${formatDateEt(day)}, arhiivitunnus ${run}1` })).toBeVisible();
  await expect(page.locator('[data-fact="Makstud"]')).toHaveText(euro('1 299,00 €'));
  await ledger.getByRole('link', { name: /^Pangaväljavõttest/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Väljavõtte import' })).toBeVisible();
  // The import as it stands now: the line from the review list is assigned.
  const stored = page.locator('[data-import-result]');
  await expect(row(stored, `Kärt ${TAG}`)).toContainText('Määratud käsitsi');
  await expect(row(stored, `Kärt ${TAG}`).getByRole('link', { name: `Kärt ${TAG}` })).toHaveAttribute('href', `/admin/bookings/${kart}`);
  await expect(row(stored, `Mari ${TAG}`)).toContainText('Seotud');
  await expect(row(stored, `Tundmatu ${TAG}`)).toContainText('Kõrvale jäetud');
  await expect(row(stored, `Tundmatu ${TAG}`)).toContainText('Põhjus: Annetus, ei puuduta broneeringuid');
  await expectNoAxeViolations(page);

  // The same file again: nothing added, every line already imported.
  await page.getByRole('link', { name: '← Tagasi pangaväljavõtte juurde' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pangaväljavõte' })).toBeVisible();
  const again = await upload(page, xml);
  await expect(again.getByRole('row')).toHaveCount(1 + 5);
  await expect(again.locator('[data-outcome="duplicate"]')).toHaveCount(5);
  await expect(again.locator('[data-outcome]')).toHaveCount(5);
  await expect(again.locator('[data-total="duplicate"]')).toHaveText(/^Juba imporditud: 5 · /);
  await expect(again.locator('[data-total]')).toHaveCount(1);
  await page.goto(`/admin/bookings/${mari}`);
  await expect(page.locator('[data-fact="Makstud"]')).toHaveText(euro('1 299,00 €'));
});

test('a file that is not a statement is refused with the reason, and stays chosen; no file asks for one', async ({ page, consoleErrors }) => {
  // The way in from the dashboard's quick actions.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Pangaväljavõte.*Impordi väljavõte ja seo maksed/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pangaväljavõte' })).toBeVisible();
  const field = page.getByLabel('Väljavõtte fail');
  await page.getByRole('button', { name: 'Impordi väljavõte' }).click();
  await expect(page.locator('[data-upload-error]')).toHaveText('Valige pangaväljavõtte fail.');
  await expect(field).toBeFocused();

  await field.setInputFiles({ name: 'muu.csv', mimeType: 'text/csv', buffer: Buffer.from('Nimi;Summa\nMari;12\n') });
  // Said as soon as the file is chosen (the API reads it, nothing written), and again when the import is asked for.
  await expect(page.locator('[data-upload-error]')).toContainText('ei õnnestunud lugeda: oodati ISO 20022');
  expectFailedRequest(consoleErrors, /^422 .*\/api\/admin\/bank-statements\/preview$/);
  await page.getByRole('button', { name: 'Impordi väljavõte' }).click();
  await expect(page.locator('[data-upload-error]')).toContainText('ei õnnestunud lugeda: oodati ISO 20022');
  await expect(toast(page, 'Väljavõtte import ebaõnnestus')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await field.evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('muu.csv');
  expectFailedRequest(consoleErrors, /^422 .*\/api\/admin\/bank-statements$/);
  await expectNoAxeViolations(page);
});

test('a file of two accounts, one not the company’s: the form warns before the import, both accounts are shown, the other account’s money waits with the warning, kronor show as SEK', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  test.slow();
  const liis = await pricedBooking(request, baseURL!, 'Liis');
  const peeter = await pricedBooking(request, baseURL!, 'Peeter');
  const day = tallinnDay(serverNow());
  const run = `${Date.now()}`;
  const dutch = 'NL26VAYB8060476890';
  const xml = camtOfAccounts([
    {
      account: STATEMENT_ACCOUNT,
      entries: [
        { amountCents: 129_900, bookedOn: day, payerName: `Liis ${TAG}`, reference: bookingReferenceNumber(liis), archiveId: `${run}1` },
        { amountCents: 50_000, currency: 'SEK', bookedOn: day, payerName: `Sven ${TAG}`, reference: bookingReferenceNumber(liis), archiveId: `${run}2` },
      ],
    },
    { account: dutch, entries: [{ amountCents: 129_900, bookedOn: day, payerName: `Peeter ${TAG}`, reference: bookingReferenceNumber(peeter), archiveId: `${run}3` }] },
  ]);

  await page.goto('/admin/bank-statements');
  await page.getByLabel('Väljavõtte fail').setInputFiles({ name: 'koik-kontod.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  // Before anything is imported: the file's accounts, the foreign one named with its warning, the kronor noted.
  const preview = page.locator('[data-statement-preview]');
  const foreign = preview.locator(`[data-preview-account="${dutch}"]`);
  await expect(foreign).toContainText(`Konto ${dutch}: 1 tehing`);
  await expect(foreign).toContainText(`Konto ${dutch} ei ole ettevõtte konto: selle laekumisi ei seota broneeringutega, need ootavad ülevaatust.`);
  await expect(preview.locator(`[data-preview-account="${STATEMENT_ACCOUNT}"]`)).toContainText('Laekumised valuutas SEK ootavad ülevaatust');
  await expect(page.getByLabel('Väljavõtte fail')).toHaveAccessibleDescription(new RegExp(`Konto ${dutch} ei ole ettevõtte konto`));
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Impordi väljavõte' }).click();
  await expect(toast(page, 'Imporditud 2 konto väljavõte')).toBeVisible();
  const outcome = page.locator('[data-upload-outcome]');
  await expect(outcome.getByRole('heading', { level: 2, name: 'Impordi tulemus: koik-kontod.xml' })).toBeFocused();
  const ours = outcome.locator(`[data-account="${STATEMENT_ACCOUNT}"]`);
  const theirs = outcome.locator(`[data-account="${dutch}"]`);
  await expect(ours.getByRole('heading', { level: 3, name: `Konto ${STATEMENT_ACCOUNT}` })).toBeVisible();
  await expect(theirs.getByRole('heading', { level: 3, name: `Konto ${dutch}` })).toBeVisible();

  // The company's account: the euros matched, the kronor waiting, shown and totalled as kronor.
  await expect(row(ours, `Liis ${TAG}`)).toContainText('Seotud');
  const kronor = row(ours, `Sven ${TAG}`);
  await expect(kronor.locator('[data-amount]')).toHaveText(euro('500,00 SEK'));
  await expect(kronor).toContainText('Makse ei ole eurodes');
  await expect(ours.locator('[data-total="review"]')).toHaveText(euro('Vajab ülevaatust: 1 · 500,00 SEK'));
  await expect(ours.locator('[data-total="matched"]')).toHaveText(euro('Seotud: 1 · 1 299,00 €'));
  await expect(ours.locator('[data-foreign-account]')).toHaveCount(0);

  // The other account: its warning, and its line waiting under the account's name.
  await expect(theirs.locator('[data-foreign-account]')).toHaveText(`Konto ${dutch} ei ole ettevõtte konto: selle laekumisi ei seota broneeringutega, need ootavad ülevaatust.`);
  await expect(row(theirs, `Peeter ${TAG}`)).toContainText(`Vajab ülevaatust`);
  await expect(row(theirs, `Peeter ${TAG}`).locator('[data-review-reason]')).toHaveText(`Konto ${dutch} ei ole ettevõtte konto`);

  // The review list: both waiting lines, the kronor one only to be set aside.
  const review = page.locator('[data-review-list]');
  await review.getByRole('searchbox', { name: 'Otsi' }).fill(TAG);
  await expect(review.getByRole('row')).toHaveCount(1 + 2);
  await expect(row(review, `Peeter ${TAG}`).locator('[data-review-reason]')).toHaveText(`Konto ${dutch} ei ole ettevõtte konto`);
  await expect(row(review, `Sven ${TAG}`).getByRole('button', { name: /^Määra broneeringule/ })).toHaveCount(0);
  await expect(row(review, `Sven ${TAG}`).getByRole('button', { name: /^Jäta kõrvale/ })).toBeVisible();
  await expect(page.locator('[data-imports-list]').getByText('ei ole ettevõtte konto').first()).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect((await overflow(page)).page, `the page at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  }
});
