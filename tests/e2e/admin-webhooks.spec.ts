import type { Page } from '@playwright/test';
import { WEBHOOK_MESSAGES } from '../../src/lib/webhooks';
import { startWebhookReceiver, verifyStandardWebhook } from '../helpers/webhook-receiver';
import { expectNoAxeViolations, fileAdmin, toast } from './accounts';
import { letters, serverSql } from './booking-requests';
import { serverNow } from './clock';
import { expect, expectFailedRequest, test } from './fixtures';

/**
 * The back office's webhooks, "Liidesed" (issue 41), in Chromium against the real Node host, API and database, with a
 * receiver on this machine (the server runs with WEBHOOKS_ALLOW_PRIVATE=1): an endpoint added by keyboard (the empty
 * form and a bad address refused under their fields), its secret shown once; an edition confirmed through the API is
 * delivered by the host's own scheduler, signed (checked with the receiver's verifier written from the
 * specification), and shows in the delivery log; a 410 answer to a resend turns it off, it is turned on again and
 * deleted; the loading error state; axe at 1280 and 390 px. Endpoints take every booking event of the whole run, so
 * this file's endpoints take only the editions' go/no-go and are deleted before it ends.
 */

const TAG = letters();
test.describe.configure({ mode: 'serial', timeout: 90_000 });
const admin = fileAdmin(`liidesed-${TAG}`);

const receiver = await startWebhookReceiver();
test.afterAll(() => receiver.close());

const row = (page: Page, url: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(url.replace(/[.?*+^$()[\]\\/]/g, '\\$&')) }) });

async function openList(page: Page) {
  await page.goto('/admin/liidesed');
  await expect(page.getByRole('heading', { level: 1, name: 'Liidesed' })).toBeVisible();
  await expect(page.locator('[data-loading]')).toHaveCount(0);
}

/** An edition of this run's own, confirmed ("Kinnita toimumine") through the API as the organiser's screen does. */
async function confirmedEdition(page: Page, baseURL: string) {
  const [created] = await serverSql(
    "INSERT INTO retreats (name, start_date, end_date, price_cents) VALUES (?, '2027-05-14', '2027-05-24', 129900) RETURNING id",
    [`Liidese retriit ${TAG} ${Date.now()}`],
  );
  const id = Number(created!.id);
  const res = await page.request.post(`/api/admin/retreats/${id}/confirm`, { headers: { Origin: baseURL }, data: {} });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}

test('adds an endpoint, shows its secret once, delivers a signed event, turns off at 410, on again, and deletes it', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  void admin;
  void consoleErrors;
  const url = `${receiver.url}?t=${TAG}`;
  await openList(page);
  await expect(page.getByRole('link', { name: 'Liidesed', exact: true })).toHaveAttribute('aria-current', 'page');

  // By keyboard: the empty form names what is missing and puts the focus on the address.
  await page.getByRole('button', { name: '+ Lisa liides' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Lisa liides' });
  const address = dialog.getByRole('textbox', { name: /^Aadress/ });
  await expect(address).toBeFocused();
  await dialog.getByRole('button', { name: 'Lisa liides' }).press('Enter');
  await expect(address).toHaveAccessibleDescription(new RegExp(WEBHOOK_MESSAGES.urlRequired));
  await expect(dialog.getByRole('group', { name: 'Sündmused' })).toContainText(WEBHOOK_MESSAGES.eventsRequired);
  await expect(address).toBeFocused();
  await page.keyboard.type('näide');
  await dialog.getByRole('checkbox', { name: /Retriit toimub/ }).focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('button', { name: 'Lisa liides' }).press('Enter');
  await expect(address).toHaveAccessibleDescription(/Sisestage täielik aadress/);
  await address.fill(url);
  await dialog.getByRole('checkbox', { name: /Retriit tühistatud/ }).focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('textbox', { name: /^Märkus/ }).fill('Raamatupidamine');
  await dialog.getByRole('button', { name: 'Lisa liides' }).press('Enter');
  await expect(toast(page, 'Liides lisatud')).toBeVisible();

  // The secret, this once.
  const secretDialog = page.getByRole('dialog', { name: 'Liidese salajane võti' });
  await expect(secretDialog).toContainText(WEBHOOK_MESSAGES.secretOnce);
  const secret = await secretDialog.getByRole('textbox', { name: 'Salajane võti' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'Valmis' }).click();
  await expect(secretDialog).toBeHidden();
  const endpoint = row(page, url);
  for (const text of ['Raamatupidamine', 'Retriit toimub, Retriit tühistatud', 'Sees', '0 kohale toimetatud · 0 ootab · 0 ebaõnnestus'])
    await expect(endpoint).toContainText(text);
  await expect(page.getByText(secret)).toHaveCount(0);

  // An edition goes ahead: the host's scheduler delivers it, signed.
  const retreatId = await confirmedEdition(page, baseURL!);
  await expect
    .poll(() => receiver.received.filter((d) => d.payload.type === 'retreat.confirmed' && d.payload.data.id === retreatId).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const delivered = receiver.received.find((d) => d.payload.type === 'retreat.confirmed' && d.payload.data.id === retreatId)!;
  expect(verifyStandardWebhook(secret, delivered, serverNow())).toBe(true);

  await page.reload();
  await endpoint.getByRole('link', { name: /saatmiste ajalugu/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liidese saatmised' })).toBeVisible();
  const logRow = page.getByRole('row').filter({ hasText: delivered.id });
  await expect(logRow).toContainText('Retriit toimub');
  await expect(logRow).toContainText('Kohale toimetatud');
  await expect(logRow).toContainText('HTTP 200');

  // Sent again, the receiver answers 410: the delivery fails and the endpoint is off; no resend until it is on.
  receiver.answerWith(() => 410);
  await logRow.getByRole('button', { name: /Saada uuesti/ }).click();
  await expect(toast(page, WEBHOOK_MESSAGES.resent)).toBeVisible();
  await expect(logRow).toContainText('Ebaõnnestus');
  await expect(logRow).toContainText('HTTP 410');
  await expect(page.getByText(WEBHOOK_MESSAGES.disabledGone)).toBeVisible();
  await expect(logRow.getByRole('button', { name: /Saada uuesti/ })).toBeDisabled();
  expect(receiver.received.filter((d) => d.id === delivered.id)).toHaveLength(2);

  // On again, from the list.
  receiver.answerWith(() => 200);
  await page.getByRole('link', { name: '← Liideste juurde' }).click();
  await expect(endpoint).toContainText(WEBHOOK_MESSAGES.disabledGone);
  await endpoint.getByRole('button', { name: /Muuda/ }).click();
  const edit = page.getByRole('dialog', { name: 'Muuda liidest' });
  await edit.getByRole('switch', { name: 'Liides on sees' }).focus();
  await page.keyboard.press('Space');
  await expect(edit.getByRole('switch', { name: 'Liides on sees' })).toBeChecked();
  await edit.getByRole('button', { name: 'Salvesta' }).click();
  await expect(toast(page, WEBHOOK_MESSAGES.saved)).toBeVisible();
  await expect(endpoint).toContainText('Sees');
  // (Other files' editions may reach it meanwhile: the counts are not this test's to assert.)

  // Deleted, after its confirmation.
  await endpoint.getByRole('button', { name: /Kustuta/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Kustuta liides' });
  await confirm.getByRole('button', { name: 'Kustuta' }).click();
  await expect(toast(page, WEBHOOK_MESSAGES.deleted)).toBeVisible();
  await expect(endpoint).toHaveCount(0);
});

test('says so when the endpoints cannot be loaded, and loads them on "Proovi uuesti"', async ({ page, consoleErrors }) => {
  void admin;
  let fail = true;
  await page.route(/\/api\/admin\/webhooks$/, (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal_error', message: 'Serveris tekkis viga.' } }),
        })
      : route.fallback(),
  );
  await page.goto('/admin/liidesed');
  const failed = page.locator('[data-error]');
  await expect(failed).toContainText('Liideste laadimine ebaõnnestus');
  await expect(toast(page, 'Liideste laadimine ebaõnnestus')).toBeVisible();
  while (consoleErrors.some((e) => /^500 .*\/api\/admin\/webhooks/.test(e))) expectFailedRequest(consoleErrors, /^500 .*\/api\/admin\/webhooks/);
  fail = false;
  await failed.getByRole('button', { name: 'Proovi uuesti' }).click();
  await expect(page.getByRole('table', { name: 'Liidesed' })).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`axe finds nothing on the endpoints, their dialogs and a delivery log at ${width} px`, async ({ page, baseURL, consoleErrors }) => {
    void admin;
    void consoleErrors;
    await page.setViewportSize({ width, height: 900 });
    const url = `${receiver.url}?axe=${width}${TAG}`;
    const created = await page.request.post('/api/admin/webhooks', {
      headers: { Origin: baseURL! },
      data: { url, events: ['retreat.confirmed'], description: 'Sõnumirakendus' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { webhook } = await created.json();
    const retreatId = await confirmedEdition(page, baseURL!);
    await expect
      .poll(() => receiver.received.some((d) => d.payload.type === 'retreat.confirmed' && d.payload.data.id === retreatId), { timeout: 20_000 })
      .toBe(true);
    await openList(page);
    await expect(row(page, url)).toContainText('Sees');
    await expect(page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: '+ Lisa liides' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lisa liides' });
    await dialog.getByRole('button', { name: 'Lisa liides' }).click();
    await expect(dialog.getByRole('textbox', { name: /^Aadress/ })).toHaveAccessibleDescription(new RegExp(WEBHOOK_MESSAGES.urlRequired));
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');

    await page.goto(`/admin/liidesed/${webhook.id}`);
    await expect(page.getByRole('row').filter({ hasText: 'Retriit toimub' }).first()).toContainText('Kohale toimetatud', { timeout: 20_000 });
    await expectNoAxeViolations(page);
    const gone = await page.request.delete(`/api/admin/webhooks/${webhook.id}`, { headers: { Origin: baseURL! } });
    expect(gone.status()).toBe(200);
  });
}
