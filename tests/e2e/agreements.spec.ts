import { expect, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, serverLog, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { shownTextHash } from '../helpers/booking-fixtures';

/**
 * Every traveller's signed agreement (issue 42) in Chromium against the real host: the booker signs in the booking
 * form (the form's requests carry the texts' hashes); the organiser sends the adult companion a personal link from
 * the booking's "Allkirjad"; the companion opens the e-mailed link, reads both texts and signs with their full name;
 * the organiser sees both signatures with their evidence. The stored hash is the one this test computes itself over
 * the text the signing page showed. axe at 1280 and 390 px.
 */
test.describe.configure({ timeout: 120_000 });

fileAdmin(`agreements-${letters()}`);

test('the booker signs in the form, a companion through the e-mailed link, and the organiser sees both', async ({ page, browser, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const tag = letters();
  const id = await bookingRequest(request, baseURL!, {
    firstName: 'Allkiri',
    lastName: `Broneerija${tag}`,
    travelWith: 'with-companions',
    companions: [{ firstName: 'Kaaslane', lastName: `Reisija${tag}`, birthday: '1984-03-03', age: '' }],
  });

  await page.goto(`/admin/bookings/${id}`);
  const section = page.locator('[data-section="booking-agreements"]');
  const booker = section.locator(`[data-agreements="Allkiri Broneerija${tag}"]`);
  const companion = section.locator(`[data-agreements="Kaaslane Reisija${tag}"]`);
  await expect(booker.locator('[data-agreement="waiver"]')).toContainText(/Allkirjastatud .* · versioon 2026-11 · sha256/);
  await expect(companion.locator('[data-agreement="terms"]')).toHaveText(/Ootab/);

  await companion.getByRole('button', { name: /Saada allkirjastamise link/ }).click();
  const dialog = page.getByRole('dialog', { name: `Saada allkirjastamise link: Kaaslane Reisija${tag}` });
  await dialog.getByRole('textbox', { name: /Reisija e-post/ }).fill('pole-aadress');
  await dialog.getByRole('button', { name: 'Saada link' }).click();
  await expect(dialog.getByRole('textbox', { name: /Reisija e-post/ })).toHaveAttribute('aria-invalid', 'true');
  const address = `kaaslane.${tag}@example.com`;
  await dialog.getByRole('textbox', { name: /Reisija e-post/ }).fill(address);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Saada link' }).click();
  await expect(toast(page, 'Saada allkirjastamise link')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The companion's mail, as the local mail log printed it.
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await serverLog()).split('──── e-mail (local mail log) ────').filter((m) => m.includes(`To: ${address}\n`));
      link = mails.map((m) => /(\/allkirjasta#allkiri=[A-Za-z0-9_-]+)/.exec(m)?.[1]).filter(Boolean).at(-1);
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();

  // The companion's own browser: not signed in anywhere.
  const companionContext = await browser.newContext({ baseURL });
  const companionPage = await companionContext.newPage();
  await companionPage.goto(link!);
  const signing = companionPage.locator('[data-signing]');
  await expect(signing).toHaveAttribute('data-state', 'form');
  await expect(signing).toContainText(`Kaaslane Reisija${tag}, palun lugege läbi`);
  await expect(signing.locator('[data-text="waiver"]')).toContainText('Nõusolek esmaabiks');
  for (const width of [1280, 390]) {
    await companionPage.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(companionPage);
  }
  // The text the page shows is the one whose hash it sends back: read it as the page received it.
  const shown = await companionPage.evaluate(async (token) => {
    const res = await fetch('/api/agreements/view', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) });
    return ((await res.json()) as { signing: { texts: Record<string, { text: string }> } }).signing.texts;
  }, link!.split('#allkiri=')[1]);
  const name = companionPage.getByRole('textbox', { name: 'Teie täisnimi (allkirjaks)' });
  await name.fill('Keegi Teine');
  await companionPage.getByRole('button', { name: 'Allkirjastan' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Sisestage oma täisnimi nii, nagu see on broneeringus.');
  await name.fill(`Kaaslane Reisija${tag}`);
  await companionPage.getByRole('button', { name: 'Allkirjastan' }).click();
  await expect(companionPage.getByRole('heading', { name: 'Aitäh! Olete allkirjastanud.' })).toBeFocused();
  await companionContext.close();

  const rows = await serverSql(
    `SELECT a.kind, a.text_sha256, a.method FROM agreement_acceptances AS a JOIN guests AS g ON g.id = a.guest_id WHERE a.booking_id = ? AND g.last_name = ? ORDER BY a.id`,
    [id, `Reisija${tag}`],
  );
  expect(rows.map((r) => [r.kind, r.text_sha256, r.method])).toEqual([
    ['terms', shownTextHash(shown.terms!.text), 'link'],
    ['waiver', shownTextHash(shown.waiver!.text), 'link'],
  ]);
  await page.reload();
  await expect(companion.locator('[data-agreement="terms"]')).toContainText(`Allkirjastatud`);
  await expect(companion).toContainText(`Kaaslane Reisija${tag}, e-kirja lingiga`);
  await expect(companion.getByRole('button', { name: /Saada allkirjastamise link/ })).toHaveCount(0);

  // The edition's manifest says both have signed (a request holds its places: the travellers are on it).
  const [booking] = await serverSql('SELECT retreat_id FROM bookings WHERE id = ?', [id]);
  const manifest = await page.request.get(`/api/admin/retreats/${booking!.retreat_id}/sheets/manifest.csv`);
  expect(manifest.status()).toBe(200);
  const lines = (await manifest.text()).split('\r\n');
  expect(lines[0]!.split(';').at(-1)).toBe('Allkirjad');
  for (const name of [`Allkiri Broneerija${tag}`, `Kaaslane Reisija${tag}`]) {
    expect(lines.find((l) => l.startsWith(`${name};`))?.split(';').at(-1), name).toBe('Allkirjastatud');
  }
});
