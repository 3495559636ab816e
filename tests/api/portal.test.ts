import { describe, expect, it } from 'vitest';
import settings from '../../content/settings/site.json';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';

/**
 * The guest portal's reads (issue "Guest portal", first step): a signed-in guest sees the bookings made while signed
 * in or with the address their account has confirmed, with the schedule, how to pay, invoices and e-mails; never
 * anyone else's (404, as if it did not exist); nothing without signing in (401).
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });

/** A request for January 2026 with the address given, signed out or by the browser given. */
const book = async (by: ReturnType<typeof browser> | null, email: string) => (await f.request({ edition: 'jan-2026' }, { email }, by ?? undefined)).id;

describe('GET /api/me/bookings', () => {
  it('lists the bookings made with the confirmed address and those made while signed in, not anybody else’s', async () => {
    const guest = await signedIn(f.app);
    const byAddress = await book(null, guest.email.toUpperCase());
    const whileSignedIn = await book(guest.b, 'toine.aadress@example.com');
    const someoneElse = await book(null, 'keegi.teine@example.com');
    const res = await guest.b.get('/api/me/bookings');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const ids = (await readJson(res)).items.map((b: { id: number }) => b.id);
    expect(ids.sort()).toEqual([byAddress, whileSignedIn].sort());
    expect(ids).not.toContain(someoneElse);
  });

  it('stops matching by address once the address is no longer confirmed', async () => {
    const guest = await signedIn(f.app);
    await book(null, guest.email);
    const own = await book(guest.b, 'muu@example.com');
    await f.app.deps.sql.execute({ sql: 'UPDATE users SET email_confirmed_at = NULL WHERE id = ?', args: [guest.userId] });
    expect((await readJson(await guest.b.get('/api/me/bookings'))).items.map((b: { id: number }) => b.id)).toEqual([own]);
  });

  it('answers 401 without a session', async () => {
    expect((await browser(f.app).get('/api/me/bookings')).status).toBe(401);
    expect((await browser(f.app).get('/api/me/bookings/1')).status).toBe(401);
  });
});

describe('GET /api/me/bookings/:id', () => {
  it('shows the retreat, the schedule, how to pay, the invoices and the e-mails sent', async () => {
    const guest = await signedIn(f.app);
    const id = await book(null, guest.email);
    await f.price(id, { totalCents: 129900 }); // the organiser's price for it
    const res = await guest.b.get(`/api/me/bookings/${id}`);
    expect(res.status).toBe(200);
    const { booking } = await readJson(res);
    expect(booking).toMatchObject({
      id,
      status: 'pending',
      retreat: { startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      owedCents: 129900,
      paidCents: 0,
      outstandingCents: 129900,
      payment: { referenceNumber: bookingReferenceNumber(id), iban: settings.invoicing.seller.iban, recipient: settings.invoicing.seller.name },
      invoices: [],
    });
    // The January retreat, booked on 1.12: past its balance day, so everything is due at once, 14 days on.
    expect(booking.schedule).toEqual([{ part: 'full', dueOn: '2025-12-15', amountCents: 129900, paidCents: 0, outstandingCents: 129900, overdue: false }]);
    expect(booking.emails[0].subject).toMatch(/Broneeringu taotlus kätte saadud/);
  });

  it("another user's booking, a missing one and a malformed id are all 404 with nothing of the booking", async () => {
    const owner = await signedIn(f.app);
    const other = await signedIn(f.app);
    const id = await book(null, owner.email);
    for (const path of [`/api/me/bookings/${id}`, '/api/me/bookings/999999', '/api/me/bookings/abc']) {
      const res = await other.b.get(path);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(await readJson(res))).not.toContain(owner.email);
    }
    expect((await owner.b.get(`/api/me/bookings/${id}`)).status).toBe(200);
  });
});
