import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../src/lib/api-errors';
import { WAITING_LIST_OFFER_HOURS } from '../../src/lib/payment-rules';
import { moveWaitingLists } from '../../worker/domain/bookings/offers';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';

/**
 * The waiting list moves by itself (issue 38): freed places are offered to the first waiting party that fits whole,
 * held for it for the settings' hours, confirmed by the e-mail's link or in the portal (the schedule starting that
 * day), and passed to the next party that fits when the offer lapses. The clock stands on 26.11.2026, 10:00 UTC.
 */
const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z' });
const HOUR = 60 * 60 * 1000;

async function fullEdition(capacity = 2) {
  return (await f.edition({ startDate: '2027-05-14', capacity })) as { id: number; edition: string };
}

const offerMail = async (id: number) =>
  (await f.app.rows(`SELECT subject, text FROM email_outbox WHERE booking_id = ${id} AND kind = 'place_offer' ORDER BY id`)) as unknown as { subject: string; text: string }[];
const tokenOf = (text: string) => /\/vaba-koht#pakkumine=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const placesLeft = async (key: string) =>
  ((await readJson(await browser(f.app).get('/api/availability'))) as { editions: { id: string; placesLeft: number | null }[] }).editions.find((e) => e.id === key)!.placesLeft;
const pub = (path: string, body: unknown) => f.app.post(path, body);

describe('freed places are offered', () => {
  it('to the first waiting party that fits whole, held for it; it lapses to the next; the next takes it by the link', async () => {
    const e = await fullEdition(2);
    const holder = await f.bookingIn('request', e, f.party(2));
    const first = (await f.request(e, f.party(2))).id; // waits, two people
    const second = (await f.request(e, f.party(1))).id; // waits, one person
    expect((await f.detail(first)).state).toBe('waiting');

    await f.cancel(holder, 0);
    // The first in line fits whole: offered; the places are held for it, so the second is not offered them too.
    const offered = await f.detail(first);
    expect(offered.state).toBe('waiting');
    expect(offered.offer).toEqual({ offeredAt: f.clock.now.toISOString(), expiresAt: new Date(f.clock.now.getTime() + WAITING_LIST_OFFER_HOURS * HOUR).toISOString() });
    expect(offered.totals.remainingCents).toBe(0);
    expect((await f.detail(second)).offer).toBeNull();
    expect(await placesLeft(e.edition)).toBe(0);
    const [mail] = await offerMail(first);
    expect(mail!.subject).toContain('Teile vabanes koht');
    expect(mail!.text).toContain('27.11.2026 kell 12:00');
    const firstToken = tokenOf(mail!.text)!;
    expect(firstToken).toBeDefined();
    // The token is not stored, only its hash.
    expect(JSON.stringify(await f.app.rows(`SELECT * FROM bookings WHERE id = ${first}`))).not.toContain(firstToken);

    // The page shows it.
    const view = await pub('/api/place-offers/view', { token: firstToken });
    expect(view.status).toBe(200);
    expect((await readJson(view)).offer).toMatchObject({ bookingId: first, people: 2, expiresAt: offered.offer.expiresAt });

    // Not taken in time: it lapses, the guest is told, and the next party that fits is offered the places.
    await f.clock.set(new Date(f.clock.now.getTime() + WAITING_LIST_OFFER_HOURS * HOUR + 60_000).toISOString());
    const late = await pub('/api/place-offers/accept', { token: firstToken });
    expect(late.status).toBe(409);
    expect((await readJson(late)).error.code).toBe('offer_expired');
    await moveWaitingLists(f.app.deps);
    const lapsed = await f.detail(first);
    expect(lapsed).toMatchObject({ state: 'waiting', offer: null, offersStoppedAt: f.clock.now.toISOString() });
    expect(await f.app.count(`email_outbox WHERE booking_id = ${first} AND kind = 'place_offer_lapsed'`)).toBe(1);
    expect((await f.detail(second)).offer).not.toBeNull();
    // Lapsed, its old link is spent.
    expect((await pub('/api/place-offers/accept', { token: firstToken })).status).toBe(404);

    // The second takes it by the link: its places, and its schedule from today.
    const token = tokenOf((await offerMail(second))[0]!.text)!;
    const accepted = await pub('/api/place-offers/accept', { token });
    expect(accepted.status).toBe(200);
    expect(await readJson(accepted)).toEqual({ bookingId: second, state: 'request' });
    const taken = await f.detail(second);
    expect(taken).toMatchObject({ state: 'request', offer: null, scheduleStartsAt: f.clock.now.toISOString() });
    expect(taken.schedule[0].dueOn).toBe('2026-12-11');
    expect(taken.paymentStatus).toBe('pending');
    expect(await f.app.count(`email_outbox WHERE booking_id = ${second} AND kind = 'place_offered' AND subject LIKE 'Koht on Teie%'`)).toBe(1);
    expect((await pub('/api/place-offers/accept', { token })).status).toBe(404);
    const audit = await f.app.rows(`SELECT action, resource_id FROM audit_logs WHERE action LIKE 'booking.offer%' ORDER BY id`);
    expect(audit).toEqual([
      { action: 'booking.offer', resource_id: String(first) },
      { action: 'booking.offer_lapsed', resource_id: String(first) },
      { action: 'booking.offer', resource_id: String(second) },
      { action: 'booking.offer_accepted', resource_id: String(second) },
    ]);
  });

  it('when the capacity is raised or a booking moves away; a party put on the list by hand is not offered its places back', async () => {
    const e = await fullEdition(1);
    const other = (await f.edition({ startDate: '2027-06-14', capacity: 5 })) as { id: number; edition: string };
    const holder = await f.bookingIn('request', e);
    const waiter = (await f.request(e)).id;
    await f.editEdition(e.id, { capacity: '1' });
    expect((await f.detail(waiter)).offer).toBeNull();
    // A move frees the place it left.
    expect((await f.move(holder, other.id)).status).toBe(200);
    expect((await f.detail(waiter)).offer).not.toBeNull();

    const e2 = await f.edition({ startDate: '2027-07-14', capacity: 1 });
    await f.bookingIn('request', e2 as { edition: string });
    const w2 = (await f.request(e2 as { edition: string })).id;
    await f.editEdition((e2 as { id: number }).id, { capacity: '2' });
    expect((await f.detail(w2)).offer).not.toBeNull();

    // Put on the waiting list by the organiser, a party is not offered its own places back.
    const e3 = (await f.edition({ startDate: '2027-08-14', capacity: 1 })) as { id: number; edition: string };
    const h3 = await f.bookingIn('request', e3);
    expect((await f.putOnWaitingList(h3)).status).toBe(200);
    await moveWaitingLists(f.app.deps);
    expect((await f.detail(h3)).offer).toBeNull();
    expect(await placesLeft(e3.edition)).toBe(1);
  });

  it('starts the schedule the day the places are given, also when the organiser promotes by hand', async () => {
    const e = await fullEdition(1);
    const holder = await f.bookingIn('request', e);
    const waiter = (await f.request(e, { paymentPlan: 'advance' })).id;
    expect((await f.putOnWaitingList(holder)).status).toBe(200); // stops offers for the holder; frees the place
    await f.clock.set('2027-01-20T10:00:00.000Z');
    // Offered meanwhile (the put-on freed the place); the organiser promotes by hand instead.
    expect((await f.promote(waiter)).status).toBe(200);
    const promoted = await f.detail(waiter);
    expect(promoted.scheduleStartsAt).toBe('2027-01-20T10:00:00.000Z');
    expect(promoted.offer).toBeNull();
    // Made 26.11.2026, the advance would have been due 10.12.2026 and overdue now; it counts from today.
    expect(promoted.schedule[0]).toMatchObject({ part: 'advance', dueOn: '2027-02-03' });
    expect(promoted.paymentStatus).toBe('pending');
  });

  it('is confirmed in the portal by its guest; a wrong token or a stranger is refused', async () => {
    const e = await fullEdition(1);
    const holder = await f.bookingIn('request', e);
    const guest = await signedIn(f.app);
    const { id } = await f.request(e, { email: guest.email }, guest.b);
    await f.cancel(holder, 0);
    const mine = await guest.b.get(`/api/me/bookings/${id}`);
    expect((await readJson(mine)).booking.offerExpiresAt).not.toBeNull();
    const stranger = await signedIn(f.app);
    expect((await stranger.b.send('POST', `/api/me/bookings/${id}/accept-offer`, {})).status).toBe(404);
    const accepted = await guest.b.send('POST', `/api/me/bookings/${id}/accept-offer`, {});
    expect(accepted.status).toBe(200);
    expect((await readJson(accepted)).booking).toMatchObject({ state: 'request', offerExpiresAt: null });
    const wrong = await pub('/api/place-offers/view', { token: 'x'.repeat(43) });
    expect(wrong.status).toBe(404);
    expect((await readJson(wrong)).error.message).toBe(API_ERRORS.offer_not_found.message);
    expect((await pub('/api/place-offers/view', { token: '../../etc' })).status).toBe(404);
  });
});
