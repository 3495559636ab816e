import { describe, expect, it } from 'vitest';
import { DECISION_MESSAGES } from '../../src/lib/admin/retreat-decision';
import { RETREAT_MESSAGES } from '../../src/lib/retreat-messages';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { holdStatements } from '../helpers/db-delays';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';
/**
 * The go/no-go (issue 24): an edition's participants against its minimum and its decision day (the balance due day
 * unless the admin set another); "Kinnita toimumine" tells each guest once; "Tühista retriit" cancels every active
 * booking with a full refund of what its ledger holds, credits every invoice not wholly credited, tells each guest
 * why and what comes back, and takes the edition off sale: all in one batch, or nothing.
 * The clock is 26.11.2026; the edition starts 14.05.2027, so its balance due day is 15.03.2027.
 */

const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z' });

const MAY = { name: 'Uus algus – Mai 2027', location: 'Uluwatu, Bali', startDate: '2027-05-14', endDate: '2027-05-24', price: '1299', basePrice: '1599', capacity: '' };

async function openEdition(overrides: Record<string, unknown> = {}) {
  const { retreat } = await f.ok('POST', '/api/admin/retreats', { ...MAY, ...overrides });
  await f.ok('PUT', `/api/admin/retreats/${retreat.id}/published`, { published: true });
  return retreat.id as number;
}

const book = async (body: Parameters<typeof validBooking>[0] = {}) => (await f.request({ edition: 'may-2027' }, body)).id;

const version = async (id: number) => Number((await f.row(id)).version);
async function pay(id: number, amount: string) {
  expect((await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', method: 'bank_transfer', receivedOn: '2026-11-25', amount })).status).toBe(201);
}
async function invoice(id: number) {
  expect((await f.admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: await version(id), buyer: { name: 'Mari Tamm', email: 'mari@example.com' } })).status).toBe(201);
}

/**
 * An edition below its minimum of 8: A confirmed, 300 € paid and invoiced; B confirmed with a companion, 500 € paid
 * (then 200 € refunded on the side), invoiced; C a pending request, nothing paid; D already cancelled (not touched).
 */
async function edition() {
  const retreatId = await openEdition();
  const a = await book({ firstName: 'Anu' });
  const b = await book({ firstName: 'Bert', travelWith: 'with-companions', companions: [{ firstName: 'Kaaslane', lastName: 'Tamm', birthday: '1985-01-01', age: '' }] });
  const c = await book({ firstName: 'Cärt' });
  const d = await book({ firstName: 'Dagmar' });
  await f.confirm(a);
  await f.confirm(b);
  await f.cancel(d);
  await pay(a, '300');
  await pay(b, '500');
  expect((await f.admin.b.send('POST', `/api/admin/bookings/${b}/payments`, { kind: 'refund', method: 'bank_transfer', receivedOn: '2026-11-26', amount: '200' })).status).toBe(201);
  await invoice(a);
  await invoice(b);
  return { retreatId, a, b, c, d };
}

const decision = async (id: number) => (await readJson(await f.admin.b.get(`/api/admin/retreats/${id}/decision`))).decision;
const outbox = (kind: string) => f.app.rows(`SELECT booking_id, to_address, subject, text FROM email_outbox WHERE kind = '${kind}' ORDER BY booking_id`);

/** Everything a cancellation could touch, to compare before and after. */
const everything = async () => ({
  bookings: await f.app.rows('SELECT * FROM bookings ORDER BY id'),
  retreats: await f.app.rows('SELECT * FROM retreats ORDER BY id'),
  payments: await f.app.rows('SELECT * FROM payments ORDER BY id'),
  invoices: await f.app.rows('SELECT * FROM invoices ORDER BY id'),
  outbox: await f.app.rows('SELECT id, kind, booking_id FROM email_outbox ORDER BY id'),
  audit: await f.app.rows('SELECT id, action FROM audit_logs ORDER BY id'),
});

describe('where an edition stands', () => {
  it('counts confirmed and paid people against the minimum and states what each decision would do', async () => {
    const { retreatId } = await edition();
    const invoices = await f.app.rows("SELECT total_cents FROM invoices WHERE kind = 'invoice' ORDER BY id");
    expect(await decision(retreatId)).toMatchObject({
      minParticipants: 8,
      decisionDay: '2027-03-15',
      defaultDecisionDay: '2027-03-15',
      decisionOn: null,
      state: 'open',
      alert: null,
      // A (1) and B with a companion (2); paid: A's deposit (300 €) is in, B's (300 € per person) is not.
      confirmedPeople: 3,
      paidPeople: 1,
      confirmation: { guests: 3, people: 4 },
      cancellation: { bookings: 3, people: 4, emails: 3, refundCents: 30000 + 30000, invoices: 2, creditCents: Number(invoices[0]!.total_cents) + Number(invoices[1]!.total_cents) },
    });
  });

  it('takes the balance due day as the decision day unless the admin sets another, and flags it a week ahead and once passed', async () => {
    const retreatId = await openEdition();
    expect((await decision(retreatId)).decisionDay).toBe('2027-03-15');
    const bad = await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}`, { ...MAY, decisionOn: '2026-13-01' });
    expect(bad.status).toBe(422);
    expect((await readJson(bad)).error.details).toEqual([{ path: 'decisionOn', message: 'Sisestage kuupäev kujul pp.kk.aaaa.' }]);
    const set = await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}`, { ...MAY, decisionOn: '2026-12-03' });
    expect(set.status).toBe(200);
    expect((await readJson(set)).retreat.decisionOn).toBe('2026-12-03');
    expect(await decision(retreatId)).toMatchObject({ decisionDay: '2026-12-03', defaultDecisionDay: '2027-03-15', decisionOn: '2026-12-03', alert: 'soon' });
    const dashboardRow = async () => (await readJson(await f.admin.b.get('/api/admin/dashboard'))).upcomingRetreats.find((r: { id: number }) => r.id === retreatId);
    expect(await dashboardRow()).toMatchObject({ minParticipants: 8, confirmedPeople: 0, paidPeople: 0, decisionDay: '2026-12-03', decision: 'open', decisionAlert: 'soon' });
    await f.clock.set('2026-12-04T10:00:00.000Z');
    expect((await decision(retreatId)).alert).toBe('overdue');
    expect((await dashboardRow()).decisionAlert).toBe('overdue');
    // Cleared again: the balance due day, far off.
    expect((await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}`, { ...MAY, decisionOn: '' })).status).toBe(200);
    expect(await decision(retreatId)).toMatchObject({ decisionDay: '2027-03-15', decisionOn: null, alert: null });
  });
});

describe('Kinnita toimumine', () => {
  it('records the decision and e-mails each guest of the active bookings once, audited; a second time is refused with no e-mails', async () => {
    const { retreatId, a, b, c } = await edition();
    const res = await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/confirm`, {});
    expect(res.status).toBe(200);
    expect((await readJson(res)).decision).toMatchObject({ state: 'confirmed', confirmedAt: f.clock.now.toISOString(), alert: null });
    const mails = await outbox('retreat_confirmed');
    expect(mails.map((m) => m.booking_id)).toEqual([a, b, c]);
    expect(new Set(mails.map((m) => m.to_address)).size).toBe(3);
    expect(String(mails[0]!.subject)).toMatch(/^Retriit toimub/);
    expect(String(mails[0]!.text)).toContain('Tere, Anu!');
    expect(String(mails[0]!.text)).toContain('„Uus algus – Mai 2027“ (14.05.2027–24.05.2027) toimub');
    const [audit] = await f.app.rows("SELECT severity, resource_id, metadata FROM audit_logs WHERE action = 'retreat.confirm'");
    expect(audit).toMatchObject({ severity: 'high', resource_id: String(retreatId) });
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ minParticipants: 8, confirmedPeople: 3, paidPeople: 1, guestsTold: 3 });

    const again = await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/confirm`, {});
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.code).toBe('retreat_already_confirmed');
    expect(await f.app.count("email_outbox WHERE kind = 'retreat_confirmed'")).toBe(3);
    expect(await f.app.count("audit_logs WHERE action = 'retreat.confirm'")).toBe(1);
  });

  it('of two requests at once, one decides and e-mails; the other writes nothing', async () => {
    const { retreatId } = await edition();
    const both = await Promise.all([1, 2].map(() => f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/confirm`, {})));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await f.app.count("email_outbox WHERE kind = 'retreat_confirmed'")).toBe(3);
  });

  it('tells a guest with two bookings on the edition once', async () => {
    const retreatId = await openEdition();
    const first = await book({ email: 'sama@example.com' });
    await book({ email: 'sama@example.com' });
    expect((await decision(retreatId)).confirmation.guests).toBe(1);
    expect((await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/confirm`, {})).status).toBe(200);
    expect((await outbox('retreat_confirmed')).map((m) => m.booking_id)).toEqual([first]);
  });
});

describe('Tühista retriit', () => {
  it('cancels every active booking with a full refund, credits every open invoice, e-mails each guest why and takes the edition off sale, audited', async () => {
    const { retreatId, a, b, c, d } = await edition();
    const before = await decision(retreatId);
    const upcoming = async () => ((await readJson(await f.admin.b.get('/api/admin/dashboard'))).upcomingRetreats as { id: number }[]).map((r) => r.id);
    expect(await upcoming()).toContain(retreatId);
    const res = await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/cancel`, { reason: 'Osalejaid on alla miinimumi (8).' });
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.done).toEqual({ bookings: 3, refundCents: 60000, creditNotes: 2, emails: 3 });
    expect(body.decision).toMatchObject({ state: 'cancelled', cancellationReason: 'Osalejaid on alla miinimumi (8).', cancellation: { bookings: 0, refundCents: 0, invoices: 0 } });

    // The dashboard's upcoming editions leave it out (issue 37): nothing is coming.
    expect(await upcoming()).not.toContain(retreatId);

    // Every active booking cancelled; the one cancelled before is as it was.
    const statuses = await f.app.rows(`SELECT id, status, amount_paid_cents FROM bookings WHERE retreat_id = ${retreatId} ORDER BY id`);
    expect(statuses.map((r) => [r.id, r.status, r.amount_paid_cents])).toEqual([
      [a, 'cancelled', 0],
      [b, 'cancelled', 0],
      [c, 'cancelled', null],
      [d, 'cancelled', null],
    ]);
    // The refunds equal what each ledger held: everything paid comes back.
    for (const id of [a, b, c]) {
      const [ledger] = await f.app.rows(`SELECT coalesce(sum(amount_cents), 0) AS net, coalesce(sum(CASE WHEN amount_cents > 0 THEN amount_cents END), 0) AS inn FROM payments WHERE booking_id = ${id}`);
      expect(Number(ledger!.net)).toBe(0);
    }
    const refunds = await f.app.rows(`SELECT booking_id, amount_cents, note FROM payments WHERE note LIKE 'Retriit tühistati:%' ORDER BY booking_id`);
    expect(refunds.map((r) => [r.booking_id, r.amount_cents])).toEqual([
      [a, -30000],
      [b, -30000],
    ]);
    expect(refunds.reduce((sum, r) => sum - Number(r.amount_cents), 0)).toBe(before.cancellation.refundCents);
    // A credit note for each open invoice, taking all of it back.
    const docs = await f.app.rows("SELECT id, kind, booking_id, total_cents, credits_invoice_id FROM invoices ORDER BY id");
    const originals = docs.filter((r) => r.kind === 'invoice');
    const notes = docs.filter((r) => r.kind === 'credit_note');
    expect(notes.map((n) => [n.credits_invoice_id, n.total_cents])).toEqual(originals.map((o) => [o.id, -Number(o.total_cents)]));
    expect(notes.reduce((sum, n) => sum - Number(n.total_cents), 0)).toBe(before.cancellation.creditCents);
    expect(await f.app.count("invoices WHERE kind = 'invoice' AND open_cents > 0")).toBe(0);
    // One e-mail per guest, with the reason and what comes back.
    const mails = await outbox('retreat_cancelled');
    expect(mails.map((m) => m.booking_id)).toEqual([a, b, c]);
    const text = (m: (typeof mails)[number]) => String(m.text).replace(/\u00a0/g, ' ');
    expect(text(mails[0]!)).toContain('Põhjus: Osalejaid on alla miinimumi (8).');
    expect(text(mails[0]!)).toContain('Tagastame Teile kogu makstud summa, 300,00 €');
    expect(text(mails[0]!)).toContain('Arve tühistame kreeditarvega');
    expect(text(mails[2]!)).toContain('Te ei ole selle broneeringu eest veel midagi tasunud');
    // Off sale, and it stays off.
    expect((await f.app.rows(`SELECT published FROM retreats WHERE id = ${retreatId}`))[0]!.published).toBe(0);
    expect((await readJson(await browser(f.app).get('/api/availability'))).editions).toEqual([]);
    const republish = await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}/published`, { published: true });
    expect(republish.status).toBe(422);
    expect((await readJson(republish)).error.details).toEqual([{ path: 'published', message: RETREAT_MESSAGES.publishNeeds.cancelled }]);
    // Audited: the edition, each booking, each credit note.
    const [audit] = await f.app.rows("SELECT severity, metadata FROM audit_logs WHERE action = 'retreat.cancel'");
    expect(audit!.severity).toBe('critical');
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ reason: 'Osalejaid on alla miinimumi (8).', bookings: 3, refundCents: 60000, creditNotes: 2 });
    // Three by the edition's cancellation (D was cancelled on its own before: its own record, not one of these).
    expect(await f.app.count(`audit_logs WHERE action = 'booking.cancel' AND resource_id <> '${d}'`)).toBe(3);
    expect(await f.app.count("audit_logs WHERE action = 'invoice.credit_note'")).toBe(2);

    // Twice: refused, nothing more.
    const snapshot = await everything();
    const again = await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/cancel`, { reason: 'Uuesti' });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.code).toBe('retreat_already_cancelled');
    const confirm = await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/confirm`, {});
    expect((await readJson(confirm)).error.code).toBe('retreat_already_cancelled');
    expect(await everything()).toEqual(snapshot);
  });

  it('cancels a confirmed edition too (something outside the organiser\'s hands)', async () => {
    const { retreatId } = await edition();
    expect((await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/confirm`, {})).status).toBe(200);
    expect((await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/cancel`, { reason: 'Vulkaanipurse' })).status).toBe(200);
    expect(await f.app.count("email_outbox WHERE kind = 'retreat_cancelled'")).toBe(3);
  });

  it('takes no bookings afterwards: a booking cannot be moved onto a cancelled edition', async () => {
    const { retreatId } = await edition();
    expect((await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/cancel`, { reason: 'Alla miinimumi' })).status).toBe(200);
    const { booking } = await edition2();
    const moved = await f.admin.b.send('POST', `/api/admin/bookings/${booking}/move`, { version: await version(booking), retreatId });
    expect(moved.status).toBe(422);
    expect((await readJson(moved)).error.details).toEqual([{ path: 'retreatId', message: RETREAT_MESSAGES.cancelledEdition }]);
  });

  it('all or nothing: a failure mid-way (the second guest\'s e-mail) leaves everything as it was', async () => {
    const { retreatId } = await edition();
    const before = await everything();
    // After the first booking is cancelled, refunded, credited and e-mailed, the second e-mail fails.
    await f.app.deps.sql.execute(`CREATE TRIGGER fail_second_mail BEFORE INSERT ON email_outbox
      WHEN NEW.kind = 'retreat_cancelled' AND (SELECT count(*) FROM email_outbox WHERE kind = 'retreat_cancelled') >= 1
      BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    const res = await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/cancel`, { reason: 'Alla miinimumi' });
    expect(res.status).toBe(500);
    expect((await readJson(res)).error.code).toBe('internal_error');
    expect(await everything()).toEqual(before);
    // Without the failure it goes through whole.
    await f.app.deps.sql.execute('DROP TRIGGER fail_second_mail');
    expect((await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/cancel`, { reason: 'Alla miinimumi' })).status).toBe(200);
    expect(await f.app.count("email_outbox WHERE kind = 'retreat_cancelled'")).toBe(3);
  });

  it('all or nothing: a payment recorded between the numbers and the batch makes it refuse, writing nothing', async () => {
    const other = await edition2();
    const hold2 = holdStatements(f.app.deps, /^\s*UPDATE "retreats" SET cancelled_at/i);
    const raced = f.admin.b.send('POST', `/api/admin/retreats/${other.retreatId}/cancel`, { reason: 'Alla miinimumi' });
    await expect.poll(() => hold2.held.length).toBeGreaterThan(0);
    // The payment lands in the gap, through the ledger; the cancellation must then write nothing of its own.
    await pay(other.booking, '100');
    const before = await everything();
    hold2.release();
    const res = await raced;
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.code).toBe('retreat_changed');
    const after = await everything();
    expect(after.bookings.map((r) => [r.id, r.status])).toEqual(before.bookings.map((r) => [r.id, r.status]));
    expect(after.payments).toEqual(before.payments);
    expect(after.invoices).toEqual(before.invoices);
    expect(after.outbox).toEqual(before.outbox);
    expect(after.retreats).toEqual(before.retreats);
  });

  it('refuses a missing, empty or unknown body field (422) and an unknown edition (404), changing nothing', async () => {
    const { retreatId } = await edition();
    const before = await everything();
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x', refund: 0 }, { reason: 'x', method: 'bitcoin' }, { reason: 'x'.repeat(1001) }]) {
      const res = await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/cancel`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const empty = await readJson(await f.admin.b.send('POST', `/api/admin/retreats/${retreatId}/cancel`, { reason: ' ' }));
    expect(empty.error.details).toEqual([{ path: 'reason', message: DECISION_MESSAGES.reasonRequired }]);
    for (const path of ['/api/admin/retreats/999/cancel', '/api/admin/retreats/abc/cancel', '/api/admin/retreats/999/confirm']) {
      expect((await f.admin.b.send('POST', path, { reason: 'x' })).status).toBe(404);
    }
    expect((await f.admin.b.get('/api/admin/retreats/999/decision')).status).toBe(404);
    expect(await everything()).toEqual(before);
  });

  it('refuses anyone but an admin', async () => {
    const { retreatId } = await edition();
    const guest = await signedIn(f.app);
    const before = await everything();
    for (const [method, path] of [
      ['GET', 'decision'],
      ['POST', 'confirm'],
      ['POST', 'cancel'],
    ] as const) {
      const url = `/api/admin/retreats/${retreatId}/${path}`;
      const asGuest = method === 'GET' ? await guest.b.get(url) : await guest.b.send('POST', url, { reason: 'x' });
      expect(asGuest.status).toBe(403);
      const anonymous = method === 'GET' ? await browser(f.app).get(url) : await f.app.post(url, { reason: 'x' });
      expect(anonymous.status).toBe(401);
    }
    const after = await everything();
    expect(after.bookings).toEqual(before.bookings);
    expect(after.payments).toEqual(before.payments);
    expect(after.outbox).toEqual(before.outbox);
  });
});

/** A second edition (June) with one confirmed booking and 300 € paid. */
async function edition2() {
  const retreatId = await openEdition({ name: 'Uus algus – Juuni 2027', startDate: '2027-06-14', endDate: '2027-06-24' });
  const booking = await book({ retreatMonth: 'jun-2027' });
  await pay(booking, '300');
  return { retreatId, booking };
}
