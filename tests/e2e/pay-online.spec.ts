/**
 * Pay online (issue "Pay online") in Chromium, against the Montonio stand-in playwright.config.ts starts beside the
 * server (tests/mocks/montonio-server.ts): the guest's booking in the portal → "Maksa kohe" → the stand-in's payment
 * page → "Maksa" (the stand-in notifies the server, then sends the browser back) → /makse says "Makse õnnestus" →
 * the portal shows the money paid, and the admin's ledger shows the payment with Montonio's order id. A second guest
 * cancels on the payment page and reads "Makse katkestati". Axe at 1280 and 390 px on the portal and /makse.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { confirmedUser, expectNoAxeViolations, extraAdmin, signInContext } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { expect, expectFailedRequest, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const money = (text: string) => new RegExp(text.replace(/ /g, '\\s'));

/** A confirmed guest with a priced booking of their own (theirs by the account's e-mail): 300 € due first. */
async function guestWithBooking(request: APIRequestContext, baseURL: string) {
  const lastName = `Maksja${letters()}`;
  const email = await confirmedUser(request, baseURL, 'maksa', { firstName: 'Piret', lastName });
  const id = await bookingRequest(request, baseURL, { firstName: 'Piret', lastName, email });
  await serverSql('UPDATE bookings SET total_amount_cents = 129900, payment_plan = NULL, advance_cents = NULL, deposit_amount_cents = NULL, price_snapshot = NULL WHERE id = ?', [id]);
  return { id, email, lastName };
}

/** The organiser, in a browser of their own (an admin made for it, signed in), on the booking's detail. */
async function adminOnBooking(browser: Browser, request: APIRequestContext, baseURL: string, tag: string, id: number) {
  const adminEmail = await extraAdmin(request, baseURL, tag);
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInContext(admin, baseURL, adminEmail);
  await admin.goto(`/admin/bookings/${id}`);
  return { admin, context };
}

async function openBooking(page: Page, id: number) {
  await page.goto(`/minu-broneeringud?broneering=${id}`);
  await expect(page.getByRole('heading', { level: 2, name: /retriit/i })).toBeFocused();
}

/** The guest of `guestWithBooking`, signed in on the page and looking at their booking in the portal. */
async function guestOnBooking(page: Page, request: APIRequestContext, baseURL: string) {
  const guest = await guestWithBooking(request, baseURL);
  await signInContext(page, baseURL, guest.email);
  await openBooking(page, guest.id);
  return guest;
}

async function axeAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('"Maksa kohe": pay the advance on the provider\'s page, come back to "Makse õnnestus", see it in the portal and the admin\'s ledger', async ({
  page,
  browser,
  request,
  baseURL,
  consoleErrors,
}) => {
  void consoleErrors;
  const { id } = await guestOnBooking(page, request, baseURL!);

  const payments = page.getByRole('region', { name: 'Maksed' });
  const payNext = payments.getByRole('button', { name: /^Maksa kohe: Ettemaks 300,00\s€$/ });
  await expect(payNext).toBeVisible();
  await expect(payments.getByRole('button', { name: /^Maksa kogu summa 1\s299,00\s€$/ })).toBeVisible();
  await expect(payments.getByRole('radio', { name: /Internetipank/ })).toBeChecked();
  await axeAtBothWidths(page);

  // To the provider's page, and pay.
  await payNext.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Montonio makseleht (test)' })).toBeVisible();
  await expect(page.locator('[data-amount]')).toHaveText('300,00 EUR');
  await page.getByRole('button', { name: 'Maksa', exact: true }).click();

  // Back on the site: the outcome from the product's own state.
  await expect(page).toHaveURL(/\/makse\?order-token=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Makse õnnestus' })).toBeFocused();
  await axeAtBothWidths(page);
  const [order] = await serverSql('SELECT provider_order_id, status FROM online_payment_orders WHERE booking_id = ?', [id]);
  expect(order).toMatchObject({ status: 'paid' });
  expect(await serverSql('SELECT amount_cents FROM payments WHERE booking_id = ?', [id])).toEqual([expect.objectContaining({ amount_cents: 30000 })]);

  // The portal: 300 € paid, and what is offered next is the rest.
  await page.getByRole('link', { name: 'Vaata broneeringut' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /retriit/i })).toBeFocused();
  await expect(payments.locator('dl > div').filter({ hasText: /^Makstud/ })).toContainText(money('300,00 €'));
  await expect(payNext).toHaveCount(0);
  await expect(payments.getByRole('button', { name: /^Maksa kohe: Jääk 999,00\s€$/ })).toBeVisible();

  // The admin's ledger: the payment, Montonio and its order id.
  const { admin, context: adminContext } = await adminOnBooking(browser, request, baseURL!, 'maksa-admin', id);
  const ledger = admin.locator('[data-section="booking-payments"]');
  await expect(ledger.locator(`[data-online-payment="${String(order!.provider_order_id)}"]`)).toContainText(
    `Makstud internetis (Montonio, pangalink), tellimus ${String(order!.provider_order_id)}`,
  );
  await expect(ledger).toContainText(money('300,00 €'));
  await adminContext.close();
});

test('cancelled on the provider\'s page: "Makse katkestati", nothing paid, "Maksa kohe" still offered', async ({ page, request, baseURL, consoleErrors }) => {
  void consoleErrors;
  const { id } = await guestOnBooking(page, request, baseURL!);
  await page.getByRole('radio', { name: /Pangakaart/ }).check();
  await page.getByRole('button', { name: /^Maksa kogu summa/ }).click();
  await expect(page.locator('[data-amount]')).toHaveText('1299,00 EUR');
  await page.getByRole('button', { name: 'Katkesta' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Makse katkestati' })).toBeFocused();
  expect(await serverSql('SELECT count(*) AS n FROM payments WHERE booking_id = ?', [id])).toEqual([expect.objectContaining({ n: 0 })]);
  await page.getByRole('link', { name: 'Vaata broneeringut' }).click();
  await expect(page.getByRole('button', { name: /^Maksa kohe: Ettemaks/ })).toBeVisible();
});

test('a booking cancelled while the guest pays: the money is recorded, and the admin sees it flagged for a refund decision', async ({
  page,
  browser,
  request,
  baseURL,
  consoleErrors,
}) => {
  void consoleErrors;
  const { id } = await guestOnBooking(page, request, baseURL!);
  await page.getByRole('button', { name: /^Maksa kohe: Ettemaks/ }).click();
  await expect(page.locator('[data-amount]')).toHaveText('300,00 EUR');
  // The organiser cancels the booking while the guest is on the payment page.
  await serverSql("UPDATE bookings SET status = 'cancelled' WHERE id = ?", [id]);
  await page.getByRole('button', { name: 'Maksa', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Makse õnnestus' })).toBeFocused();

  const { admin, context: adminContext } = await adminOnBooking(browser, request, baseURL!, 'maksa-tagastus', id);
  const entry = admin.locator('[data-section="booking-payments"] [data-online-payment]');
  await expect(entry).toContainText('Makstud internetis (Montonio, pangalink)');
  await expect(entry).toContainText('Vajab tagastuse otsust');
  await expectNoAxeViolations(admin);
  await adminContext.close();
});

test('/makse without a token, or with a forged one, says the payment could not be checked (and offers no retry)', async ({ page, consoleErrors }) => {
  await page.goto('/makse');
  const failure = page.getByRole('alert');
  await expect(failure.getByRole('heading', { level: 2, name: 'Makse seisu ei õnnestunud kontrollida' })).toBeFocused();
  await expect(failure).toContainText('Makse andmed puuduvad.');
  await expect(failure.getByRole('button', { name: 'Proovi uuesti' })).toBeHidden();
  await expect(failure.getByRole('link', { name: 'Minu broneeringud' })).toBeVisible();

  await page.goto('/makse?order-token=eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl');
  await expect(failure.getByRole('heading', { level: 2, name: 'Makse seisu ei õnnestunud kontrollida' })).toBeFocused();
  await expect(failure.getByRole('button', { name: 'Proovi uuesti' })).toBeHidden();
  await expectNoAxeViolations(page);
  expectFailedRequest(consoleErrors, /^400 .*\/api\/payments\/montonio\/return/);
});
