import type { Page } from '@playwright/test';
import { expect, expectFailedRequest, test } from './fixtures';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { letters, serverSql } from './booking-requests';

/**
 * The back office's discount codes, "Soodustused" (issue 38), in Chromium against the real Node host, API and
 * database: a percent code and a fixed amount for one edition added by keyboard and pointer, their state and uses in
 * the list, the maximum edited (and refused below the uses), one ended after its confirmation, a code that exists
 * shown under the field; the loading, empty and error states; axe at two widths. Codes and the edition carry a tag
 * unique to the run, so the searches see only this file's codes.
 */

const TAG = letters().toUpperCase();
const EDITION = `Soodusretriit ${TAG}`;
// Every test here loads at least one admin screen (its own chunk) and most run axe: slow on two shared cores.
test.describe.configure({ timeout: 90_000 });

let editionId = 0;
const admin = fileAdmin(`soodustused-${TAG.toLowerCase()}`, async () => {
  const [created] = await serverSql(
    "INSERT INTO retreats (name, start_date, end_date, price_cents) VALUES (?, '2027-04-10', '2027-04-20', 129900) RETURNING id",
    [EDITION],
  );
  editionId = Number(created!.id);
});

const row = (page: Page, code: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code, exact: true }) });

async function openList(page: Page, q = TAG) {
  await page.goto(`/admin/discount-codes?q=${q}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Soodustused' })).toBeVisible();
  await expect(page.locator('[data-loading]')).toHaveCount(0);
}

async function typeDay(page: Page, group: string, day: string) {
  const [y, m, d] = day.split('-');
  await page.getByRole('dialog').getByRole('group', { name: group }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${d}${m}${y}`);
}

test('adds a percent code and an amount for one edition, edits the uses, ends one; a code that exists is refused under the field', async ({
  page,
  consoleErrors,
}) => {
  test.slow();
  void admin;
  await openList(page);
  await expect(page.getByText('Otsingule vastavaid sooduskoode ei leitud')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Soodustused', exact: true })).toHaveAttribute('aria-current', 'page');

  // By keyboard: the empty form names what is missing and puts the focus on it.
  await page.getByRole('button', { name: '+ Lisa sooduskood' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Lisa sooduskood' });
  await expect(dialog).toBeVisible();
  const code = dialog.getByRole('textbox', { name: /^Kood/ });
  await expect(code).toBeFocused();
  await dialog.getByRole('button', { name: 'Lisa sooduskood' }).press('Enter');
  await expect(code).toHaveAccessibleDescription(/Sisestage sooduskood\./);
  await expect(code).toBeFocused();
  await page.keyboard.type(`kevad${TAG.toLowerCase()}`);
  await dialog.getByRole('textbox', { name: /^Soodustus \(%\)/ }).fill('10');
  await dialog.getByRole('textbox', { name: /^Kasutuskordi kokku/ }).fill('5');
  await dialog.getByRole('textbox', { name: /^Märkus/ }).fill('Partneri kood');
  await dialog.getByRole('button', { name: 'Lisa sooduskood' }).press('Enter');
  await expect(toast(page, 'Sooduskood lisatud')).toBeVisible();
  await expect(dialog).toBeHidden();
  const kevad = row(page, `KEVAD${TAG}`);
  for (const text of ['−10 %', 'Kõik retriidid', 'Tähtajatu', '0 / 5', '0,00 €', 'Kehtib', 'Partneri kood']) await expect(kevad).toContainText(text);

  // A fixed amount per person, on one edition, from a later day: it has not begun yet.
  await page.getByRole('button', { name: '+ Lisa sooduskood' }).click();
  await expect(dialog).toBeVisible();
  await code.fill(`suvi${TAG}`);
  // The kind by keyboard: the arrow moves within the radios.
  await dialog.getByRole('radio', { name: 'Protsent' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'Summa inimese kohta' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: /^Soodustus \(%\)/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Lisa sooduskood' }).click();
  const amount = dialog.getByRole('textbox', { name: /^Summa inimese kohta/ });
  await expect(amount).toHaveAccessibleDescription(/Sisestage soodustuse protsent või summa inimese kohta\./);
  await expect(amount).toBeFocused();
  await amount.fill('50');
  await dialog.getByRole('checkbox', { name: new RegExp(EDITION) }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: new RegExp(EDITION) })).toBeChecked();
  await typeDay(page, 'Kehtib alates', '2026-01-01');
  await typeDay(page, 'Kehtib kuni (k.a)', '2026-08-31');
  await dialog.getByRole('button', { name: 'Lisa sooduskood' }).click();
  await expect(toast(page, 'Sooduskood lisatud')).toContainText(`SUVI${TAG}`);
  const suvi = row(page, `SUVI${TAG}`);
  for (const text of ['−50,00 € inimese kohta', EDITION, '01.01.2026 – 31.08.2026', '0 / piiramatu', 'Hakkab kehtima'])
    await expect(suvi).toContainText(text);
  // Newest first.
  await expect(page.getByRole('rowheader').first()).toHaveText(`SUVI${TAG}`);

  // The maximum: raised; then, with three uses counted, refused below them under the field.
  await kevad.getByRole('button', { name: `Muuda sooduskoodi: KEVAD${TAG}` }).click();
  const edit = page.getByRole('dialog', { name: `Muuda sooduskoodi KEVAD${TAG}` });
  await expect(edit).toContainText('−10 %');
  await edit.getByRole('textbox', { name: /^Kasutuskordi kokku/ }).fill('20');
  await edit.getByRole('button', { name: 'Salvesta' }).click();
  await expect(toast(page, 'Sooduskood salvestatud')).toBeVisible();
  await expect(kevad).toContainText('0 / 20');

  await serverSql('UPDATE discount_codes SET uses = 3 WHERE code = ?', [`KEVAD${TAG}`]);
  await page.reload();
  await expect(kevad).toContainText('3 / 20');
  await kevad.getByRole('button', { name: /Muuda/ }).click();
  const max = edit.getByRole('textbox', { name: /^Kasutuskordi kokku/ });
  await max.fill('2');
  await edit.getByRole('button', { name: 'Salvesta' }).click();
  await expect(max).toHaveAccessibleDescription(/Kasutuskordi ei saa olla vähem kui juba kasutatud \(3\)\./);
  await expect(max).toBeFocused();
  expectFailedRequest(consoleErrors, /^422 .*\/api\/admin\/discount-codes\/\d+$/);
  await edit.getByRole('button', { name: 'Loobu' }).click();
  await expect(edit).toBeHidden();

  // Ended after its question (the safe choice first); it stays in the list with nothing left to do.
  await suvi.getByRole('button', { name: `Lõpeta sooduskood: SUVI${TAG}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Lõpeta sooduskood' });
  await expect(confirm).toContainText(`Kas olete kindel, et soovite sooduskoodi SUVI${TAG} lõpetada?`);
  await expect(confirm.getByRole('button', { name: 'Loobu' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Lõpeta' }).click();
  await expect(toast(page, 'Sooduskood lõpetatud')).toBeVisible();
  await expect(suvi).toContainText('Lõpetatud');
  await expect(suvi.getByRole('button')).toHaveCount(0);

  // The same code again, in small letters: the API's 409 under the field.
  await page.getByRole('button', { name: '+ Lisa sooduskood' }).click();
  await code.fill(`kevad${TAG.toLowerCase()}`);
  await dialog.getByRole('textbox', { name: /^Soodustus \(%\)/ }).fill('5');
  await dialog.getByRole('button', { name: 'Lisa sooduskood' }).click();
  await expect(code).toHaveAccessibleDescription(/Selline sooduskood on juba olemas\./);
  await expect(code).toBeFocused();
  await expect(toast(page, 'Sooduskoodi lisamine ebaõnnestus')).toBeVisible();
  expectFailedRequest(consoleErrors, /^409 .*\/api\/admin\/discount-codes$/);

  await dialog.getByRole('button', { name: 'Loobu' }).click();
  await expect(dialog).toBeHidden();

  // The search is the server's, in any letters, kept in the URL.
  await page.getByRole('searchbox', { name: 'Otsi' }).fill(`suvi${TAG.toLowerCase()}`);
  await expect(page).toHaveURL(new RegExp(`q=suvi${TAG.toLowerCase()}`));
  await expect(page.getByRole('rowheader')).toHaveText([`SUVI${TAG}`]);
});

test('the list says when there are no codes, and when it could not load them', async ({ page, consoleErrors }) => {
  let fail = true;
  await page.route(/\/api\/admin\/discount-codes(\?|$)/, (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal_error', message: 'Serveris tekkis viga.' } }),
        })
      : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: [], total: 0, page: 1, pageSize: 25 }) }),
  );
  await page.goto('/admin/discount-codes');
  const failed = page.locator('[data-error]');
  await expect(failed).toContainText('Sooduskoodide laadimine ebaõnnestus');
  await expect(toast(page, 'Sooduskoodide laadimine ebaõnnestus')).toBeVisible();
  while (consoleErrors.some((e) => /^500 .*\/api\/admin\/discount-codes/.test(e)))
    expectFailedRequest(consoleErrors, /^500 .*\/api\/admin\/discount-codes/);
  fail = false;
  await failed.getByRole('button', { name: 'Proovi uuesti' }).click();
  await expect(page.getByText('Sooduskoode ei ole veel lisatud')).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on the discount codes and their dialogs at ${width} px`, async ({ page, baseURL, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width, height: 900 });
    const tag = `AXE${width}${TAG}`;
    for (const data of [
      { code: `${tag}A`, percent: 15, maxUses: 3, note: 'Kevadkampaania uudiskirja lugejatele' },
      { code: `${tag}B`, amountPerPerson: '75,50', retreatIds: [editionId], validFrom: '2026-02-01', validUntil: '2026-03-01' },
    ]) {
      const created = await page.request.post('/api/admin/discount-codes', { headers: { Origin: baseURL! }, data });
      expect(created.status(), await created.text()).toBe(201);
    }
    await openList(page, tag);
    await expect(page.getByRole('rowheader')).toHaveCount(2);
    if (width === 1280) {
      // The list fits without scrolling sideways (as every admin list does at 1280 px).
      const sticking = await page.evaluate(() => [...document.querySelectorAll('[role="region"]')].map((r) => r.scrollWidth - r.clientWidth));
      const widths = await page.evaluate(() =>
        [...document.querySelectorAll('th[scope="col"]')].map((th) => `${th.textContent}: ${Math.round(th.getBoundingClientRect().width)}`),
      );
      expect(
        sticking.every((px) => px <= 0),
        `tables stick out by ${sticking.join(', ')} px (columns ${widths.join(', ')})`,
      ).toBe(true);
    }
    await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: '+ Lisa sooduskood' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lisa sooduskood' });
    await expect(dialog.getByRole('checkbox', { name: new RegExp(EDITION) })).toBeVisible();
    await dialog.getByRole('button', { name: 'Lisa sooduskood' }).click();
    await expect(dialog.getByRole('textbox', { name: /^Kood/ })).toHaveAccessibleDescription(/Sisestage sooduskood\./);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await row(page, `${tag}B`).getByRole('button', { name: /Muuda/ }).click();
    const edit = page.getByRole('dialog', { name: `Muuda sooduskoodi ${tag}B` });
    await expect(edit.getByRole('checkbox', { name: new RegExp(EDITION) })).toBeChecked();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await row(page, `${tag}A`)
      .getByRole('button', { name: /Lõpeta/ })
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Lõpeta sooduskood' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
