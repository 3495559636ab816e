import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedUser, expectNoAxeViolations, fileAdmin, signInContext, toast } from './accounts';
import { bookingRequest, letters } from './booking-requests';
import { serverNow } from './clock';
import { tallinnDay } from '../../src/lib/format';
import { MOVE_MESSAGES } from '../../src/lib/labels';

/**
 * A booking's lifecycle in Chromium against the real Node host, API and database (issue 35): the move dialog offers
 * only editions that can take the booking; "Kinnita toimumine" counts and tells only the participants, never the
 * waiting list; an overpaid booking shows what goes back, in the portal and on the detail, and its cancellation
 * returns the overpayment whole. axe at 1280 and 390 px.
 */

test.describe.configure({ timeout: 120_000 });


fileAdmin(`lifecycle-${letters()}`);

/** React Aria's live announcer keeps closed dialogs' and lists' titles for a few seconds (axe: role-img-alt): wait it out. */
async function axeWhenQuiet(page: Page) {
  await expect(page.locator('[role="log"] [role="img"]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
}

/** An admin call through the page's signed-in context; answers the JSON body. */
async function admin(page: Page, baseURL: string, method: 'post' | 'put' | 'patch', path: string, data: unknown) {
  const res = await page.request[method](path, { headers: { Origin: baseURL }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/**
 * An edition made in the back office, on sale only while `book` makes its requests (the landing page and the
 * booking form of the other specs, which share this server, never see it).
 */
async function edition(page: Page, baseURL: string, e: { name: string; startDate: string; endDate: string; capacity?: number }, book?: (key: string) => Promise<unknown>) {
  const { retreat } = await admin(page, baseURL, 'post', '/api/admin/retreats', { name: e.name, startDate: e.startDate, endDate: e.endDate, price: '1299', capacity: e.capacity === undefined ? '' : String(e.capacity) });
  if (book) {
    const { retreat: onSale } = await admin(page, baseURL, 'put', `/api/admin/retreats/${retreat.id}/published`, { published: true });
    await book(onSale.edition);
    await admin(page, baseURL, 'put', `/api/admin/retreats/${retreat.id}/published`, { published: false });
  }
  return retreat as { id: number };
}

test('the move dialog offers only the editions that can take the booking', async ({ page, baseURL, consoleErrors }) => {
  void consoleErrors;
  const tag = letters();
  await edition(page, baseURL!, { name: `Avatud ${tag}`, startDate: '2027-04-14', endDate: '2027-04-24' });
  await edition(page, baseURL!, { name: `Möödunud ${tag}`, startDate: '2025-06-01', endDate: '2025-06-11' });
  const cancelled = await edition(page, baseURL!, { name: `Tühistatud ${tag}`, startDate: '2027-05-14', endDate: '2027-05-24' });
  await admin(page, baseURL!, 'post', `/api/admin/retreats/${cancelled.id}/cancel`, { reason: 'Liiga vähe osalejaid' });
  await edition(page, baseURL!, { name: `Täis ${tag}`, startDate: '2027-06-14', endDate: '2027-06-24', capacity: 1 }, (key) =>
    bookingRequest(page.request, baseURL!, { firstName: 'Koht', lastName: `Votnud${tag}`, retreatMonth: key }),
  );
  const id = await bookingRequest(page.request, baseURL!, { firstName: 'Mari', lastName: `Liikuja${tag}` });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/bookings/${id}`);
    await page.getByRole('button', { name: 'Vii teisele retriidile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vii teisele retriidile' });
    await dialog.getByRole('button', { name: /Uus retriit/ }).click();
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: `Avatud ${tag}` })).toHaveCount(1);
    for (const refused of [`Möödunud ${tag}`, `Tühistatud ${tag}`, `Täis ${tag}`]) await expect(options.filter({ hasText: refused })).toHaveCount(0);
    await axeWhenQuiet(page);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Loobu' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('"Kinnita toimumine" counts and tells only the participants, not the waiting list', async ({ page, baseURL, consoleErrors }) => {
  void consoleErrors;
  const tag = letters();
  let pair = 0;
  let waiting = 0;
  const e = await edition(page, baseURL!, { name: `Toimub ${tag}`, startDate: '2027-07-14', endDate: '2027-07-24', capacity: 2 }, async (key) => {
    pair = await bookingRequest(page.request, baseURL!, {
      firstName: 'Paar',
      lastName: `Koos${tag}`,
      retreatMonth: key,
      travelWith: 'with-companions',
      companions: [{ firstName: 'Kaaslane', lastName: `Koos${tag}`, birthday: '1986-04-04' }],
    });
    waiting = await bookingRequest(page.request, baseURL!, { firstName: 'Ootaja', lastName: `Ootel${tag}`, retreatMonth: key });
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/retreats/${e.id}`);
  const section = page.locator('[data-section="retreat-decision"]');
  await section.getByRole('button', { name: 'Kinnita toimumine' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Kinnita toimumine' });
  await expect(dialog).toContainText('Toimumise kinnituse saab e-kirjaga 1 külaline. Osalejaid on 2, miinimum 8.');
  await axeWhenQuiet(page);
  await dialog.getByRole('button', { name: 'Kinnita toimumine' }).click();
  await expect(toast(page, 'Toimumine kinnitatud')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 900 });
  await axeWhenQuiet(page);

  const told = async (bookingId: number) =>
    ((await (await page.request.get(`/api/admin/bookings/${bookingId}/emails`)).json()).items as { kind: string }[]).filter((m) => m.kind === 'retreat_confirmed').length;
  expect([await told(pair), await told(waiting)]).toEqual([1, 0]);
});

/** A guest signed in in a browser context of their own, with a booking of theirs priced at 1 567 € and paid 1 600,50 €. */
async function overpaidBooking(page: Page, request: APIRequestContext, baseURL: string, guestPage: Page) {
  const tag = letters();
  const email = await confirmedUser(request, baseURL, `enammakse-${tag}`, { firstName: 'Mari', lastName: `Enam${tag}` });
  await signInContext(guestPage, baseURL, email);
  const id = await bookingRequest(guestPage.request, baseURL, { firstName: 'Mari', lastName: `Enam${tag}`, email, retreatMonth: 'mar-2026' });
  const { booking } = await (await page.request.get(`/api/admin/bookings/${id}`)).json();
  await admin(page, baseURL, 'patch', `/api/admin/bookings/${id}`, {
    version: booking.version,
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    roomType: booking.roomType,
    roomSharingPreference: booking.roomSharingPreference,
    bedTypePreference: booking.bedTypePreference,
    totalAmount: '1567',
    amountPaid: '',
    depositAmount: '',
    specialRequests: booking.specialRequests,
    comments: booking.comments,
    extraFood: booking.extraFood,
  });
  await admin(page, baseURL, 'post', `/api/admin/bookings/${id}/payments`, { kind: 'payment', method: 'bank_transfer', receivedOn: tallinnDay(serverNow()), amount: '1600,50', overpayment: true });
  return id;
}

test('an overpaid booking shows what goes back in the portal and on the detail, and its cancellation returns the overpayment whole', async ({ page, request, browser, baseURL, consoleErrors }) => {
  void consoleErrors;
  const guestContext = await browser.newContext();
  const guestPage = await guestContext.newPage();
  const id = await overpaidBooking(page, request, baseURL!, guestPage);

  // The portal: "Teile tagastatakse 33,50 €".
  await guestPage.goto(`/minu-broneeringud?broneering=${id}`);
  await expect(guestPage.locator('[data-refund-owed]')).toHaveText(/^Teile tagastatakse 33,50\s€\.$/);

  // The detail: the overpayment and the refund owed; the cancellation's fee is 5 % of the 1 567 € price (78,35 €).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/bookings/${id}`);
  await expect(page.locator('[data-overpaid]')).toHaveText(/33,50\s€/);
  await expect(page.locator('[data-refund-owed]')).toHaveText(/33,50\s€/);
  await page.getByRole('button', { name: 'Tühista broneering' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tühista broneering' });
  await expect(dialog.locator('[data-fact="Enammakse (tagastatakse täielikult)"]')).toHaveText(/33,50\s€/);
  await expect(dialog.locator('[data-fact="Menetlustasu"]')).toHaveText(/78,35\s€/);
  await expect(dialog.getByRole('textbox', { name: /Tagastatav summa/ })).toHaveValue('1522,15');
  await axeWhenQuiet(page);
  await dialog.getByRole('button', { name: 'Tühista broneering' }).click();
  await expect(toast(page, 'Broneering tühistatud')).toBeVisible();
  await expect(page.locator('[data-refund-owed]')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 900 });
  await axeWhenQuiet(page);

  // The guest: cancelled, 78,35 € kept, nothing more to go back; the e-mail says what came back.
  await guestPage.reload();
  await expect(guestPage.getByText('Tühistatud').first()).toBeVisible();
  await expect(guestPage.locator('[data-refund-owed]')).toHaveCount(0);
  const mails = (await (await page.request.get(`/api/admin/bookings/${id}/emails`)).json()).items as { kind: string; subject: string }[];
  expect(mails.some((m) => m.kind === 'booking_cancelled')).toBe(true);
  await guestContext.close();
});

test('"Muuda maksmise viisi" changes the plan, and the detail shows the new one', async ({ page, baseURL, consoleErrors }) => {
  void consoleErrors;
  const id = await bookingRequest(page.request, baseURL!, { firstName: 'Mari', lastName: `Plaan${letters()}`, paymentPlan: 'advance' });
  await page.goto(`/admin/bookings/${id}`);
  const plan = page.locator('[data-fact="Maksmise viis"]');
  await expect(plan).toHaveText(/^Ettemaks /);

  await page.getByRole('button', { name: 'Muuda maksmise viisi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Muuda maksmise viisi' });
  await dialog.getByRole('button', { name: /Maksmise viis/ }).click();
  await page.getByRole('option', { name: /^Täismakse ette/ }).click();
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, MOVE_MESSAGES.planChanged)).toBeVisible();
  await expect(plan).toHaveText(/^Täismakse ette/);
});
