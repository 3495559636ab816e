import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../src/lib/booking/form-options';
import { API_ERRORS } from '../../src/lib/api-errors';
import { RETREAT_MESSAGES } from '../../src/lib/retreat-messages';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';
/**
 * Selling (issue "Sell"): editions are back-office data an admin opens (publishes) with a price per person, a room
 * supplement and a registration close; visitors see the published open ones at run time; every request is priced
 * by the server from the edition and the plan the guest chose, kept as a snapshot later price changes never touch.
 * The clock is the day the issue was filed, 26.11.2026; the edition under test starts 14.05.2027.
 */

const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z' });

const MAY = { name: 'Uus algus – Mai 2027', startDate: '2027-05-14', endDate: '2027-05-24' };

async function openEdition(overrides: Record<string, unknown> = {}, publish = true) {
  const res = await f.admin.b.send('POST', '/api/admin/retreats', {
    ...MAY,
    location: 'Uluwatu, Bali',
    price: '1299',
    basePrice: '1599',
    singleRoomSupplement: '200',
    sharedRoomSupplement: '',
    capacity: '',
    ...overrides,
  });
  expect(res.status).toBe(201);
  const { retreat } = await readJson(res);
  if (!publish) return retreat as { id: number; edition: string | null };
  const published = await f.admin.b.send('PUT', `/api/admin/retreats/${retreat.id}/published`, { published: true });
  expect(published.status).toBe(200);
  return (await readJson(published)).retreat as { id: number; edition: string; published: boolean };
}

const availability = async () => (await readJson(await browser(f.app).get('/api/availability'))) as { today: string; editions: { id: string; label: string; badge: string; open: boolean; price: { priceCents: number } }[] };

const companions = (n: number) => Array.from({ length: n }, (_, i) => ({ firstName: 'Kaaslane', lastName: `Tamm${'a'.repeat(i + 1)}`, birthday: '1985-01-01' }));

async function book(body: Record<string, unknown>) {
  const res = await f.app.post('/api/bookings', validBooking(body as never));
  return { status: res.status, body: await readJson(res) };
}

const bookingRow = async (id: number) => (await f.app.rows(`SELECT * FROM bookings WHERE id = ${id}`))[0]!;

describe('an edition the admin opens', () => {
  it('is offered only once published, with its key, name, badge and price; unpublished it is gone again', async () => {
    const draft = await openEdition({}, false);
    expect((await availability()).editions.map((e) => e.id)).toEqual([]);
    const refused = await book({ retreatMonth: 'may-2027' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('edition_closed');

    const res = await f.admin.b.send('PUT', `/api/admin/retreats/${draft.id}/published`, { published: true });
    expect(res.status).toBe(200);
    expect((await readJson(res)).retreat).toMatchObject({ published: true, edition: 'may-2027' });
    const { today, editions } = await availability();
    expect(today).toBe('2026-11-26');
    expect(editions).toEqual([
      expect.objectContaining({
        id: 'may-2027',
        label: 'mai 2027',
        badge: '14.-24.05.2027',
        open: true,
        closesOn: '2027-05-10',
        price: { priceCents: 129_900, compareAtCents: 159_900, roomSupplementCents: { 'single-room': 20_000, 'shared-room': 0 }, earlyBird: null },
      }),
    ]);
    expect(await f.app.rows("SELECT action, metadata FROM audit_logs WHERE action LIKE 'retreat.%publish' ORDER BY id")).toEqual([
      { action: 'retreat.publish', metadata: JSON.stringify({ name: MAY.name, edition: 'may-2027', priceCents: 129_900 }) },
    ]);

    await f.admin.b.send('PUT', `/api/admin/retreats/${draft.id}/published`, { published: false });
    expect((await availability()).editions).toEqual([]);
    expect((await book({ retreatMonth: 'may-2027' })).status).toBe(422);
    expect(await f.app.count("audit_logs WHERE action = 'retreat.unpublish'")).toBe(1);
  });

  it('gets a key of its own whatever keys the month already has, even one that reads like its id', async () => {
    const publish = async (startDate: string) => {
      const { retreat } = await readJson(await f.admin.b.send('POST', '/api/admin/retreats', { name: `Mai ${startDate}`, startDate, endDate: '2027-05-30', price: '1299' }));
      const res = await f.admin.b.send('PUT', `/api/admin/retreats/${retreat.id}/published`, { published: true });
      expect(res.status).toBe(200);
      return { id: retreat.id as number, edition: (await readJson(res)).retreat.edition as string };
    };
    const first = await publish('2027-05-03');
    const second = await publish('2027-05-03');
    // The next retreat's id as a day of May: its day key was the id key the third one used to get.
    const byDay = await publish(`2027-05-${String(second.id + 2).padStart(2, '0')}`);
    const third = await publish('2027-05-03');
    expect([first.edition, second.edition, byDay.edition, third.edition]).toEqual(['may-2027', 'may-2027-03', `may-2027-${String(second.id + 2).padStart(2, '0')}`, `may-2027-03-${third.id}`]);
  });

  it('is not published without its dates and price, nor once started; each missing piece is named', async () => {
    const bare = await openEdition({ startDate: '', endDate: '', price: '' }, false);
    const res = await f.admin.b.send('PUT', `/api/admin/retreats/${bare.id}/published`, { published: true });
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details).toEqual([
      { path: 'startDate', message: RETREAT_MESSAGES.publishNeeds.startDate },
      { path: 'endDate', message: RETREAT_MESSAGES.publishNeeds.endDate },
      { path: 'price', message: RETREAT_MESSAGES.publishNeeds.price },
    ]);
    const past = await openEdition({ startDate: '2026-11-20', endDate: '2026-11-30' }, false);
    const started = await f.admin.b.send('PUT', `/api/admin/retreats/${past.id}/published`, { published: true });
    expect((await readJson(started)).error.details).toEqual([{ path: 'startDate', message: RETREAT_MESSAGES.publishNeeds.started }]);
    expect(await f.app.count('retreats WHERE published = 1 AND edition IS NULL')).toBe(0);
    expect(await f.app.count("audit_logs WHERE action = 'retreat.publish'")).toBe(0);
    // A published one keeps what visitors see: its price cannot be cleared.
    const onSale = await openEdition();
    const cleared = await f.admin.b.send('PUT', `/api/admin/retreats/${onSale.id}`, { ...MAY, price: '' });
    expect(cleared.status).toBe(422);
    expect((await readJson(cleared)).error.details).toEqual([{ path: 'price', message: RETREAT_MESSAGES.publishNeeds.price }]);
  });

  it('refuses a minimum, a close day or a supplement that is not one, under its field, and stores nothing', async () => {
    for (const [field, value, message] of [
      ['minParticipants', '-1', RETREAT_MESSAGES.minParticipants],
      ['minParticipants', '1001', RETREAT_MESSAGES.minParticipants],
      ['registrationClosesDaysBefore', '4.5', RETREAT_MESSAGES.closesDaysBefore],
      ['registrationClosesDaysBefore', '366', RETREAT_MESSAGES.closesDaysBefore],
      ['singleRoomSupplement', 'palju', undefined],
    ] as const) {
      const res = await f.admin.b.send('POST', '/api/admin/retreats', { ...MAY, price: '1299', [field]: value });
      expect(res.status, `${field} ${value}`).toBe(422);
      const details = (await readJson(res)).error.details as { path: string; message: string }[];
      expect(details.map((d) => d.path)).toEqual([field]);
      if (message) expect(details[0]!.message).toBe(message);
    }
    expect(await f.app.count('retreats WHERE edition IS NULL')).toBe(0);
    // Left empty, they take the terms' defaults: 8 participants, closing 4 days before, no supplement.
    const { retreat } = await readJson(await f.admin.b.send('POST', '/api/admin/retreats', { ...MAY, price: '1299', minParticipants: '', registrationClosesDaysBefore: '', singleRoomSupplement: '' }));
    expect(retreat).toMatchObject({ minParticipants: 8, registrationClosesDaysBefore: 4, singleRoomSupplementCents: 0, sharedRoomSupplementCents: 0 });
  });

  it('gives a second edition in the same month a key of its own', async () => {
    await openEdition();
    const second = await openEdition({ name: 'Teine mai', startDate: '2027-05-26', endDate: '2027-06-05' });
    expect(second.edition).toBe('may-2027-26');
  });

  it('closes registration its own number of days before the start, at Tallinn midnight (UTC+3 in May)', async () => {
    await openEdition({ registrationClosesDaysBefore: '7' });
    await f.clock.set('2027-05-06T20:59:59.000Z', { newSession: false }); // 6.05 23:59:59 in Tallinn
    expect((await availability()).editions[0]).toMatchObject({ open: true, closesOn: '2027-05-07' });
    expect((await book({ retreatMonth: 'may-2027', paymentPlan: 'full' })).status).toBe(201);
    await f.clock.set('2027-05-06T21:00:00.000Z', { newSession: false }); // 7.05 00:00 in Tallinn
    expect((await availability()).editions[0]).toMatchObject({ open: false });
    const late = await book({ retreatMonth: 'may-2027', paymentPlan: 'full' });
    expect(late.status).toBe(422);
    expect(late.body.error).toMatchObject({ code: 'edition_closed', details: [{ path: 'retreatMonth', message: API_ERRORS.edition_closed.message }] });
  });
});

describe('every request is priced by the server', () => {
  // Booked 26.11.2026 for 14.05.2027: the first part one term later (10.12.2026), the balance day 15.03.2027.
  it.each([
    // people, room, plan → total, advance, parts as [part, due day, €]
    [1, 'shared-room', 'full', 1234, null, [['full', '2026-12-10', 1234]]],
    [2, 'shared-room', 'full', 2468, null, [['full', '2026-12-10', 2468]]],
    [1, 'single-room', 'full', 1424, null, [['full', '2026-12-10', 1424]]],
    [2, 'shared-room', 'instalments', 2598, null, [['instalment1', '2026-12-10', 866], ['instalment2', '2027-01-26', 866], ['instalment3', '2027-03-15', 866]]],
    [3, 'single-room', 'instalments', 4497, null, [['instalment1', '2026-12-10', 1499], ['instalment2', '2027-01-26', 1499], ['instalment3', '2027-03-15', 1499]]],
    [1, 'shared-room', 'advance', 1299, 300, [['advance', '2026-12-10', 300], ['balance', '2027-03-15', 999]]],
    [2, 'single-room', 'advance', 2998, 600, [['advance', '2026-12-10', 600], ['balance', '2027-03-15', 2398]]],
  ] as const)('%i × %s on %s: %d €', async (people, roomType, plan, totalEur, advanceEur, parts) => {
    await openEdition();
    const { status, body } = await book({
      retreatMonth: 'may-2027',
      roomType,
      paymentPlan: plan,
      travelWith: people > 1 ? 'with-companions' : 'alone',
      companions: companions(people - 1),
    });
    expect(status).toBe(201);
    const row = await bookingRow(body.bookingId);
    expect(row).toMatchObject({ total_amount_cents: totalEur * 100, owed_cents: totalEur * 100, payment_plan: plan, advance_cents: advanceEur === null ? null : advanceEur * 100 });
    expect(JSON.parse(String(row.price_snapshot))).toMatchObject({ plan, people, roomType, totalCents: totalEur * 100, pricedOn: '2026-11-26' });
    const detail = (await readJson(await f.admin.b.get(`/api/admin/bookings/${body.bookingId}`))).booking;
    expect(detail.schedule.map((p: { part: string; dueOn: string; amountCents: number }) => [p.part, p.dueOn, p.amountCents / 100])).toEqual(parts);
  });

  it('takes no price from the browser: a body with one is refused and nothing is stored', async () => {
    await openEdition();
    for (const tampered of [{ totalAmount: '1' }, { price: 1 }, { priceSnapshot: { totalCents: 100 } }]) {
      const res = await book({ retreatMonth: 'may-2027', ...tampered });
      expect(res.status).toBe(422);
    }
    expect(await f.app.count('bookings')).toBe(0);
  });

  it('keeps the price a booking was made with when the edition\'s price changes afterwards', async () => {
    const edition = await openEdition();
    const { body } = await book({ retreatMonth: 'may-2027', paymentPlan: 'advance' });
    const changed = await f.admin.b.send('PUT', `/api/admin/retreats/${edition.id}`, { ...MAY, price: '1499', basePrice: '1599', singleRoomSupplement: '300' });
    expect(changed.status).toBe(200);
    expect(await bookingRow(body.bookingId)).toMatchObject({ total_amount_cents: 149_900, advance_cents: 30_000 });
    expect(JSON.parse(String((await bookingRow(body.bookingId)).price_snapshot))).toMatchObject({ unitCents: 149_900, totalCents: 149_900 });
    // The next request pays the new price: 1499 + 300 single room.
    const next = await book({ retreatMonth: 'may-2027', paymentPlan: 'advance' });
    expect(await bookingRow(next.body.bookingId)).toMatchObject({ total_amount_cents: 179_900 });
  });

  it('refuses a plan the edition no longer offers on the day, under its field; without a plan takes the advance plan, or the full payment when that is all', async () => {
    await openEdition({ name: 'Jaanuar 2027', startDate: '2027-01-14', endDate: '2027-01-24' });
    // 26.11.2026 is after 15.11.2026, January's balance day: only the full payment.
    const refused = await book({ retreatMonth: 'jan-2027', paymentPlan: 'instalments' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([{ path: 'paymentPlan', message: BOOKING_MESSAGES.paymentPlanNotOffered }]);
    const { body } = await book({ retreatMonth: 'jan-2027', roomType: 'shared-room' });
    expect(await bookingRow(body.bookingId)).toMatchObject({ payment_plan: 'full', total_amount_cents: 123_400 });
    await openEdition();
    const may = await book({ retreatMonth: 'may-2027' });
    expect(await bookingRow(may.body.bookingId)).toMatchObject({ payment_plan: 'advance', advance_cents: 30_000 });
  });

  it('checks the age on the edition\'s own first day', async () => {
    await openEdition();
    // 14 on 14.05.2027 exactly, and one day short of it.
    expect((await book({ retreatMonth: 'may-2027', birthday: '2013-05-14' })).status).toBe(201);
    const young = await book({ retreatMonth: 'may-2027', birthday: '2013-05-15', firstName: '' });
    expect(young.status).toBe(422);
    // Every problem in one answer, the age included.
    expect(young.body.error.details).toEqual(expect.arrayContaining([{ path: 'birthday', message: BOOKING_MESSAGES.tooYoung }, expect.objectContaining({ path: 'firstName' })]));
  });

  it('states the total, the plan, the first amount and its day, the IBAN and the reference number in the confirmation', async () => {
    await openEdition();
    const { body } = await book({ retreatMonth: 'may-2027', roomType: 'shared-room', paymentPlan: 'instalments', travelWith: 'with-companions', companions: companions(1) });
    const mail = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.find((m) => m.subject.startsWith('Broneeringu taotlus'));
    const text = mail!.text.replace(/\u00a0/g, ' ');
    expect(text).toContain('2 598,00 € (2 × 1 299,00 €)');
    expect(text).toContain('3 intressivaba osamakset');
    expect(text).toContain('Esimene makse: 866,00 € hiljemalt 10.12.2026');
    expect(text).toContain('2. osamakse 866,00 € hiljemalt 26.01.2027');
    expect(text).toContain('EE382200221020145685');
    expect(text).toContain(`viitenumber ${bookingReferenceNumber(body.bookingId)}`);
    expect(mail!.html).toContain('EE382200221020145685');
  });
});

describe('the organiser moves bookings, fills freed places and changes plans', () => {
  const detail = async (id: number) => (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}`))).booking;
  const outbox = (id: number, kind: string) => f.app.rows(`SELECT to_address, subject, text FROM email_outbox WHERE booking_id = ${id} AND kind = '${kind}'`);

  it('moves a booking to another edition when its whole party fits, audited, and tells the guest; a full one refuses with the places named', async () => {
    await openEdition();
    const june = await openEdition({ name: 'Juuni 2027', startDate: '2027-06-14', endDate: '2027-06-24', capacity: '2' });
    const { body } = await book({ retreatMonth: 'may-2027', paymentPlan: 'advance', travelWith: 'with-companions', companions: companions(2) });
    const id = body.bookingId as number;
    const before = await detail(id);
    const full = await f.admin.b.send('POST', `/api/admin/bookings/${id}/move`, { version: before.version, retreatId: june.id });
    expect(full.status).toBe(409);
    expect((await readJson(full)).error).toMatchObject({ code: 'retreat_full', message: RETREAT_MESSAGES.placesLeft(2, 3) });
    expect((await bookingRow(id)).retreat_id).not.toBe(june.id);

    await f.admin.b.send('PUT', `/api/admin/retreats/${june.id}`, { name: 'Juuni 2027', startDate: '2027-06-14', endDate: '2027-06-24', price: '1299', capacity: '3' });
    const moved = await f.admin.b.send('POST', `/api/admin/bookings/${id}/move`, { version: before.version, retreatId: june.id });
    expect(moved.status).toBe(200);
    const after = (await readJson(moved)).booking;
    // The price stays; the balance day follows the new start (60 days before 14.06.2027).
    expect(after).toMatchObject({ retreat: { id: june.id, startDate: '2027-06-14' }, totalAmountCents: 449_700 });
    expect(after.schedule.map((p: { part: string; dueOn: string }) => [p.part, p.dueOn])).toEqual([['advance', '2026-12-10'], ['balance', '2027-04-15']]);
    expect(await bookingRow(id)).toMatchObject({ retreat_edition: 'jun-2027' });
    const [audit] = await f.app.rows(`SELECT metadata FROM audit_logs WHERE action = 'booking.move' AND resource_id = '${id}'`);
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ to: { id: june.id, name: 'Juuni 2027' }, people: 3 });
    const [mail] = await outbox(id, 'booking_moved');
    expect(mail).toMatchObject({ subject: expect.stringMatching(/^Broneering viidi teisele retriidile/) });
    expect(String(mail!.text)).toContain('„Juuni 2027“ (14.06.2027–24.06.2027)');
    // A stale version is refused and moves nothing.
    expect((await f.admin.b.send('POST', `/api/admin/bookings/${id}/move`, { version: before.version, retreatId: june.id })).status).toBe(409);
  });

  it('gives a waiting-list party its place only when all of it fits, and tells the guest', async () => {
    const may = await openEdition({ capacity: '3' });
    const first = await book({ retreatMonth: 'may-2027', travelWith: 'with-companions', companions: companions(1) });
    const party = await book({ retreatMonth: 'may-2027', travelWith: 'with-companions', companions: companions(1) });
    expect(party.body.waitingList).toBe(true);
    const id = party.body.bookingId as number;
    const refused = await f.admin.b.send('POST', `/api/admin/bookings/${id}/promote`, { version: (await detail(id)).version });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error.message).toBe(RETREAT_MESSAGES.placesLeft(1, 2));
    expect(await outbox(id, 'place_offered')).toEqual([]);

    // The first booking is cancelled: two places free up, the party of two gets them.
    await f.cancel(first.body.bookingId);
    const promoted = await f.admin.b.send('POST', `/api/admin/bookings/${id}/promote`, { version: (await detail(id)).version });
    expect(promoted.status).toBe(200);
    expect((await readJson(promoted)).booking).toMatchObject({ waitingList: false, status: 'pending' });
    expect(await f.app.count(`audit_logs WHERE action = 'booking.promote' AND resource_id = '${id}'`)).toBe(1);
    expect((await outbox(id, 'place_offered'))[0]).toMatchObject({ subject: expect.stringMatching(/^Vabanes koht/) });
    // Promoted, it is a request now: the lifecycle refuses to promote it again (409, its reason).
    const again = await f.admin.b.send('POST', `/api/admin/bookings/${id}/promote`, { version: (await detail(id)).version });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error).toMatchObject({ code: 'transition_refused', message: 'See broneering ei ole ootejärjekorras.' });
    expect(may.id).toBeGreaterThan(0);
  });

  it('changes the plan, audited; the schedule follows; a plan the days no longer allow is refused', async () => {
    await openEdition();
    const { body } = await book({ retreatMonth: 'may-2027', paymentPlan: 'advance', roomType: 'shared-room' });
    const id = body.bookingId as number;
    const res = await f.admin.b.send('PUT', `/api/admin/bookings/${id}/plan`, { version: (await detail(id)).version, paymentPlan: 'instalments' });
    expect(res.status).toBe(200);
    const after = (await readJson(res)).booking;
    expect(after).toMatchObject({ paymentPlan: 'instalments', advanceCents: null, totalAmountCents: 129_900 });
    expect(after.schedule.map((p: { part: string; amountCents: number }) => [p.part, p.amountCents])).toEqual([['instalment1', 43_300], ['instalment2', 43_300], ['instalment3', 43_300]]);
    const [audit] = await f.app.rows(`SELECT metadata FROM audit_logs WHERE action = 'booking.plan' AND resource_id = '${id}'`);
    expect(JSON.parse(String(audit!.metadata)).changes.paymentPlan).toEqual({ from: 'advance', to: 'instalments' });

    // January 2027, booked today (after its balance day): only the full payment fits its days.
    await openEdition({ name: 'Jaanuar 2027', startDate: '2027-01-14', endDate: '2027-01-24' });
    const january = (await book({ retreatMonth: 'jan-2027' })).body.bookingId as number;
    const refused = await f.admin.b.send('PUT', `/api/admin/bookings/${january}/plan`, { version: (await detail(january)).version, paymentPlan: 'instalments' });
    expect(refused.status).toBe(422);
    expect((await readJson(refused)).error.details).toEqual([{ path: 'paymentPlan', message: BOOKING_MESSAGES.paymentPlanNotOffered }]);
    expect(await bookingRow(january)).toMatchObject({ payment_plan: 'full' });
  });

  it('tells the guest when the organiser confirms, when their cancellation request arrives and when the booking is cancelled, with the refund', async () => {
    await openEdition();
    const guest = await signedIn(f.app);
    const res = await guest.b.post('/api/bookings', validBooking({ retreatMonth: 'may-2027', paymentPlan: 'advance', email: guest.email } as never));
    const id = (await readJson(res)).bookingId as number;
    const before = await detail(id);
    const edit = {
      version: before.version, status: 'confirmed', paymentStatus: before.paymentStatus, roomType: before.roomType, roomSharingPreference: before.roomSharingPreference,
      bedTypePreference: before.bedTypePreference, totalAmount: '1499', amountPaid: '', depositAmount: '300', specialRequests: before.specialRequests, comments: before.comments, extraFood: before.extraFood,
    };
    expect((await f.admin.b.send('PATCH', `/api/admin/bookings/${id}`, edit)).status).toBe(200);
    const [confirmed] = await outbox(id, 'booking_confirmed');
    expect(confirmed).toMatchObject({ to_address: guest.email, subject: expect.stringMatching(/^Broneering kinnitatud/) });
    expect(String(confirmed!.text).replace(/\u00a0/g, ' ')).toContain('Ettemaks 300,00 € hiljemalt 10.12.2026; Jääk 1 199,00 € hiljemalt 15.03.2027');
    // A second save of the confirmed booking tells no one again.
    const again = await detail(id);
    await f.admin.b.send('PATCH', `/api/admin/bookings/${id}`, { ...edit, version: again.version, comments: 'Helistas' });
    expect(await outbox(id, 'booking_confirmed')).toHaveLength(1);

    await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', amount: '300', method: 'bank_transfer', receivedOn: '2026-11-26' });
    expect((await guest.b.send('POST', `/api/me/bookings/${id}/cancellation-request`, { confirm: true })).status).toBe(201);
    const [received] = await outbox(id, 'cancellation_received');
    // 26.11.2026 is 169 days before 14.05.2027: all back but the 5 % fee.
    expect(String(received!.text).replace(/\u00a0/g, ' ')).toContain('tagastame täna tühistades 285,00 €');

    const preview = (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/cancellation`))).preview ?? {};
    const version = preview.version ?? (await detail(id)).version;
    const cancel = await f.admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version, refund: '285', method: 'bank_transfer', reason: 'Haigus' });
    expect(cancel.status).toBe(200);
    const [cancelled] = await outbox(id, 'booking_cancelled');
    expect(cancelled).toMatchObject({ to_address: guest.email, subject: expect.stringMatching(/^Broneering tühistatud/) });
    expect(String(cancelled!.text).replace(/\u00a0/g, ' ')).toContain('Tagastame Teile 285,00 €');
    // Each is in the booking's e-mails, as the admin sees them.
    const emails = (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/emails`))).items.map((e: { subject: string }) => e.subject);
    expect(emails).toEqual(expect.arrayContaining([expect.stringMatching(/^Broneering kinnitatud/), expect.stringMatching(/^Tühistamise soov kätte saadud/), expect.stringMatching(/^Broneering tühistatud/)]));
  });

  it('prices an admin-made booking on an edition as a visitor\'s request, and tells the guest', async () => {
    const may = await openEdition();
    const { body } = await book({ retreatMonth: 'may-2027' });
    const guestId = String((await bookingRow(body.bookingId)).guest_id);
    const res = await f.admin.b.send('POST', '/api/admin/bookings', {
      guestId, retreatId: may.id, roomType: 'single', checkInDate: '2027-05-14', checkOutDate: '2027-05-24', paymentStatus: 'pending', paymentPlan: 'instalments',
    });
    expect(res.status).toBe(201);
    const id = (await readJson(res)).booking.id as number;
    expect(await bookingRow(id)).toMatchObject({ total_amount_cents: 149_900, payment_plan: 'instalments', source: 'admin' });
    const [mail] = await outbox(id, 'booking_created');
    expect(String(mail!.text).replace(/\u00a0/g, ' ')).toContain(`Tegime Teile broneeringu nr ${id} (14.05.2027–24.05.2027), summa 1 499,00 €`);
    // Without a retreat it is a stay at the nightly rate, as the spec's screen makes it.
    const stay = await f.admin.b.send('POST', '/api/admin/bookings', { guestId, retreatId: null, roomType: 'single', checkInDate: '2027-05-14', checkOutDate: '2027-05-17', paymentStatus: 'pending' });
    expect(await bookingRow((await readJson(stay)).booking.id)).toMatchObject({ total_amount_cents: 45_000, payment_plan: null });
  });
});

describe('the invoice follows the plan', () => {
  it('lists the instalments with their days and shows no advance line on a booking paid in instalments', async () => {
    await openEdition();
    const { body } = await book({ retreatMonth: 'may-2027', roomType: 'shared-room', paymentPlan: 'instalments' });
    const id = body.bookingId as number;
    const version = (await readJson(await f.admin.b.get(`/api/admin/bookings/${id}`))).booking.version;
    const res = await f.admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version, buyer: { name: 'Mari Tamm', email: 'mari@example.com' } });
    expect(res.status).toBe(201);
    const { document } = (await readJson(res)).invoice;
    expect(document.schedule).toEqual([
      { part: 'instalment1', dueOn: '2026-12-10', amountCents: 43_300 },
      { part: 'instalment2', dueOn: '2027-01-26', amountCents: 43_300 },
      { part: 'instalment3', dueOn: '2027-03-15', amountCents: 43_300 },
    ]);
    expect(document).toMatchObject({ dueOn: '2026-12-10', totalCents: 129_900, advanceCents: 0, remainingAfterAdvanceCents: null });
  });
});
