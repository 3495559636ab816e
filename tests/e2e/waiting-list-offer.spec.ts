import type { Page } from '@playwright/test';
import { expect, expectFailedRequest, test } from './fixtures';
import { confirmedUser, expectNoAxeViolations, fileAdmin, signInContext, toast } from './accounts';
import { bookingRequest, letters, serverSql } from './booking-requests';
import { API_ERRORS } from '../../src/lib/api-errors';
import { PLACE_OFFER_TEXTS } from '../../src/lib/place-offers';

/**
 * The waiting list moves by itself (issue 38), in Chromium against the real host: a cancellation frees the place, the
 * waiting guest is offered it by e-mail, the organiser sees the offer and its deadline on the retreat, and the guest
 * confirms it on the page the e-mail links to. axe at 1280 and 390 px.
 */
test.describe.configure({ timeout: 120_000 });

fileAdmin(`offers-${letters()}`);

async function admin(page: Page, baseURL: string, method: 'get' | 'post' | 'put', path: string, data?: unknown) {
  const res = await page.request[method](path, { headers: { Origin: baseURL }, ...(data === undefined ? {} : { data }) });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

test('a waiting guest is offered a freed place and confirms it on the page the e-mail links to', async ({ page, baseURL, consoleErrors }) => {
  const tag = letters();
  const { retreat } = await admin(page, baseURL!, 'post', '/api/admin/retreats', { name: `Ootejärjekord ${tag}`, startDate: '2027-09-14', endDate: '2027-09-24', price: '1299', capacity: '1' });
  const { retreat: onSale } = await admin(page, baseURL!, 'put', `/api/admin/retreats/${retreat.id}/published`, { published: true });
  const holder = await bookingRequest(page.request, baseURL!, { firstName: 'Koht', lastName: `Hoidja${tag}`, retreatMonth: onSale.edition });
  const waiter = await bookingRequest(page.request, baseURL!, { firstName: 'Oota', lastName: `Ootaja${tag}`, retreatMonth: onSale.edition });
  await admin(page, baseURL!, 'put', `/api/admin/retreats/${retreat.id}/published`, { published: false });
  expect(await serverSql('SELECT waiting_list FROM bookings WHERE id = ?', [waiter])).toEqual([{ waiting_list: 1 }]);

  // The holder cancels: the waiting guest is offered the place by e-mail.
  const preview = await admin(page, baseURL!, 'get', `/api/admin/bookings/${holder}/cancellation`);
  await admin(page, baseURL!, 'post', `/api/admin/bookings/${holder}/cancel`, { version: preview.version, refund: '0', method: 'bank_transfer', reason: 'Ei saa tulla' });
  await expect.poll(async () => (await serverSql(`SELECT count(*) AS n FROM email_outbox WHERE booking_id = ? AND kind = 'place_offer'`, [waiter]))[0]!.n).toBe(1);
  const [mail] = await serverSql(`SELECT text FROM email_outbox WHERE booking_id = ? AND kind = 'place_offer'`, [waiter]);
  const token = /#pakkumine=([A-Za-z0-9_-]+)/.exec(String(mail!.text))![1]!;

  // The organiser sees the offer and its deadline on the retreat.
  await page.goto(`/admin/retreats/${retreat.id}`);
  await expect(page.locator('[data-offer-deadline]')).toHaveText(/^Koht pakutud, kinnitamise tähtaeg \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

  // A wrong link says so.
  await page.goto(`/vaba-koht#pakkumine=${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText(API_ERRORS.offer_not_found.message);
  expectFailedRequest(consoleErrors, /^404 .*\/api\/place-offers\/view$/);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/vaba-koht#pakkumine=${token}`);
    await expect(page.getByText(`broneering nr ${waiter}`)).toBeVisible();
    await expect(page.getByText(/^Hoiame kohta Teie jaoks kuni/)).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.getByRole('button', { name: PLACE_OFFER_TEXTS.accept }).click();
  await expect(page.getByRole('heading', { name: PLACE_OFFER_TEXTS.accepted })).toBeFocused();
  await expectNoAxeViolations(page);
  expect(await serverSql('SELECT waiting_list, offer_expires_at FROM bookings WHERE id = ?', [waiter])).toEqual([{ waiting_list: 0, offer_expires_at: null }]);

  // The link is spent.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(API_ERRORS.offer_not_found.message);
  await expect.poll(() => consoleErrors.length).toBe(1);
  expectFailedRequest(consoleErrors, /^404 .*\/api\/place-offers\/view$/);
});

test('a waiting guest with an account takes the offered place in the portal', async ({ page, browser, baseURL, consoleErrors }) => {
  void consoleErrors;
  const tag = letters();
  const guestContext = await browser.newContext({ baseURL });
  const email = await confirmedUser(guestContext.request, baseURL!, `offer-${tag}`, { firstName: 'Portaali', lastName: `Ootaja${tag}` });
  const { retreat } = await admin(page, baseURL!, 'post', '/api/admin/retreats', { name: `Portaal ${tag}`, startDate: '2027-10-14', endDate: '2027-10-24', price: '1299', capacity: '1' });
  const { retreat: onSale } = await admin(page, baseURL!, 'put', `/api/admin/retreats/${retreat.id}/published`, { published: true });
  const holder = await bookingRequest(page.request, baseURL!, { firstName: 'Koht', lastName: `Hoidja${tag}`, retreatMonth: onSale.edition });
  const waiter = await bookingRequest(page.request, baseURL!, { firstName: 'Portaali', lastName: `Ootaja${tag}`, email, retreatMonth: onSale.edition });
  await admin(page, baseURL!, 'put', `/api/admin/retreats/${retreat.id}/published`, { published: false });
  const preview = await admin(page, baseURL!, 'get', `/api/admin/bookings/${holder}/cancellation`);
  await admin(page, baseURL!, 'post', `/api/admin/bookings/${holder}/cancel`, { version: preview.version, refund: '0', method: 'bank_transfer', reason: 'Ei saa tulla' });

  const guest = await guestContext.newPage();
  await signInContext(guest, baseURL!, email);
  for (const width of [1280, 390]) {
    await guest.setViewportSize({ width, height: 900 });
    await guest.goto(`/minu-broneeringud?broneering=${waiter}`);
    const panel = guest.locator('[data-place-offer-panel]');
    await expect(panel.getByRole('heading', { name: PLACE_OFFER_TEXTS.title })).toBeVisible();
    await expect(panel).toContainText(/Teile vabanes koht! Kinnitage see kuni \d{2}\.\d{2}\.\d{4} kell \d{2}:\d{2}\./);
    await expectNoAxeViolations(guest);
  }
  await guest.getByRole('button', { name: PLACE_OFFER_TEXTS.portalAccept }).click();
  await expect(toast(guest, PLACE_OFFER_TEXTS.accepted)).toBeVisible();
  await expect(guest.locator('[data-place-offer-panel]')).toHaveCount(0);
  expect(await serverSql('SELECT waiting_list FROM bookings WHERE id = ?', [waiter])).toEqual([{ waiting_list: 0 }]);
  await guestContext.close();
});
