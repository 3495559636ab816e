import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../src/lib/api-errors';
import { TRAVEL_DETAILS_MESSAGES as M } from '../../src/lib/travel-details';
import { runScheduledJobs } from '../../worker/jobs';
import { eraseExpiredHealthData, queueTravelDetailsReminders } from '../../worker/domain/travellers/jobs';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';
import { COMPLETE_TRAVEL_DETAILS } from '../helpers/travel-details-fixtures';
/**
 * The guest portal's writes (issue "Guest portal"): travel details per person with the shared schema and its
 * Estonian messages, the passport-validity warning, the deadline reminder (once), health data kept only so long and
 * read by admins only with an audit record, the cancellation request, the invoice download, and ownership on every
 * endpoint: another user's ids answer 404 and change nothing.
 *
 * The January 2026 edition runs 14.–24.01.2026: details are due 15.12.2025 (30 days before), the reminder goes from
 * 8.12.2025 (7 days before that), health data goes on 23.02.2026 (30 days after the end).
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });
/** Jobs run at the instant given; nobody signs in. */
const at = (iso: string) => f.clock.set(iso, { newSession: false });

const COMPANION = { firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-02-03', age: '' };
// Typed as people type them (lower case, spaces): the API stores the passport number normalised, the phone as given.
const FULL = {
  ...COMPLETE_TRAVEL_DETAILS,
  passportNumber: 'k1234567',
  emergencyPhone: '+372 5555 1234',
  dietary: 'Taimetoit',
  healthConditions: 'Astma',
  healthMedications: 'Inhalaator',
  healthAllergies: 'Pähklid',
};

/** The signed-in guest's request for January 2026, with `companions` companions. */
async function bookFor(guest: Awaited<ReturnType<typeof signedIn>>, companions = 1) {
  const travel = { travelWith: companions > 0 ? 'with-companions' : 'alone', companions: Array.from({ length: companions }, () => COMPANION) } as const;
  return (await f.request({ edition: 'jan-2026' }, { email: guest.email, ...travel }, guest.b)).id;
}

const put = (guest: Awaited<ReturnType<typeof signedIn>>, id: number, position: number, body: unknown) => guest.b.send('PUT', `/api/me/bookings/${id}/people/${position}`, body);
const travellerRows = (id: number) => f.app.rows(`SELECT * FROM booking_travellers WHERE booking_id = ${id} ORDER BY position`);

describe('PUT /api/me/bookings/:id/people/:position', () => {
  it('saves one person at a time, over several visits, and counts who is complete', async () => {
    const guest = await signedIn(f.app);
    const id = await bookFor(guest);
    // First visit: only the passport.
    let res = await put(guest, id, 0, { passportNumber: 'k1234567', passportExpiry: '2030-01-01' });
    expect(res.status).toBe(200);
    let { person } = await readJson(res);
    expect(person).toMatchObject({ position: 0, role: 'main', name: 'Mari Tamm', complete: false, details: { passportNumber: 'K1234567' } });
    expect(person.missing).toEqual(['dateOfBirth', 'nationality', 'emergencyName', 'emergencyPhone', 'emergencyRelationship']);
    // Second visit: the rest; the companion still has nothing.
    res = await put(guest, id, 0, FULL);
    ({ person } = await readJson(res));
    expect(person).toMatchObject({ complete: true, missing: [], details: { emergencyPhone: '+372 5555 1234', healthAllergies: 'Pähklid' } });
    const { booking } = await readJson(await guest.b.get(`/api/me/bookings/${id}`));
    expect(booking.travelDetails).toEqual({ complete: 1, total: 2 });
    expect(booking.travel).toEqual({ dueOn: '2025-12-15', editable: true });
    expect(booking.people.map((p: { name: string; complete: boolean }) => [p.name, p.complete])).toEqual([
      ['Mari Tamm', true],
      ['Jaan Tamm', false],
    ]);
    // Empty values clear a field again: it is the guest's to change.
    ({ person } = await readJson(await put(guest, id, 0, { ...FULL, nationality: '' })));
    expect(person).toMatchObject({ complete: false, missing: ['nationality'] });
    // The audit record names the changed fields, never their values.
    const [audit] = await f.app.rows(`SELECT metadata FROM audit_logs WHERE action = 'travellers.update' ORDER BY id DESC LIMIT 1`);
    expect(JSON.parse(String(audit!.metadata))).toEqual({ position: 0, fields: ['nationality'] });
    expect(String(audit!.metadata)).not.toContain('Astma');
  });

  it("starts from what the booking form told us: the birthdays of the guest and a companion, the guest's diet (issue 21)", async () => {
    const guest = await signedIn(f.app);
    const { id } = await f.request({ edition: 'jan-2026' }, { email: guest.email, travelWith: 'with-companions', companions: [COMPANION], dietaryRestrictions: 'Gluteenivaba' }, guest.b);
    const { booking } = await readJson(await guest.b.get(`/api/me/bookings/${id}`));
    expect(booking.people[0]).toMatchObject({ details: { dateOfBirth: '1990-05-01', dietary: 'Gluteenivaba' }, complete: false });
    expect(booking.people[0].missing).not.toContain('dateOfBirth');
    expect(booking.people[1]).toMatchObject({ name: `${COMPANION.firstName} ${COMPANION.lastName}`, details: { dateOfBirth: COMPANION.birthday } });
    expect(booking.people[1].missing).not.toContain('dateOfBirth');
    // The admin's travel panel says the same.
    const admin = f.admin;
    const travellers = await readJson(await admin.b.get(`/api/admin/bookings/${id}/travellers`));
    expect(travellers.people.map((p: { details: { dateOfBirth: string | null } }) => p.details.dateOfBirth)).toEqual(['1990-05-01', COMPANION.birthday]);
    // Once a person saves, what they saved is it: a birthday they clear stays cleared.
    const { person } = await readJson(await put(guest, id, 1, { ...FULL, dateOfBirth: '' }));
    expect(person.details.dateOfBirth).toBeNull();
    expect(person.missing).toContain('dateOfBirth');
  });

  it('refuses invalid values with Estonian messages per field and saves nothing', async () => {
    const guest = await signedIn(f.app);
    const id = await bookFor(guest, 0);
    const res = await put(guest, id, 0, {
      dateOfBirth: '2030-01-01',
      nationality: 'Eesti 1',
      passportNumber: 'AB',
      passportExpiry: '2025-11-30',
      emergencyName: 'X',
      emergencyPhone: 'helista mulle',
      healthConditions: 'a'.repeat(1001),
    });
    expect(res.status).toBe(422);
    const body = await readJson(res);
    expect(body.error.code).toBe('validation_failed');
    expect(Object.fromEntries(body.error.details.map((d: { path: string; message: string }) => [d.path, d.message]))).toEqual({
      dateOfBirth: M.birthInFuture,
      nationality: M.nationalityInvalid,
      passportNumber: M.passportNumberInvalid,
      passportExpiry: M.passportExpired,
      emergencyName: M.nameInvalid,
      emergencyPhone: M.phoneInvalid,
      healthConditions: M.textTooLong,
    });
    expect(await travellerRows(id)).toEqual([]);
    expect((await put(guest, id, 0, { dateOfBirth: '1990-02-30' })).status).toBe(422);
    expect((await put(guest, id, 0, '{"dateOfBirth":')).status).toBe(400);
  });

  it('warns, without refusing, when the passport runs out within 6 months of the trip', async () => {
    const guest = await signedIn(f.app);
    const id = await bookFor(guest, 0);
    // The retreat ends 24.01.2026: the passport must hold until 24.07.2026.
    let { person } = await readJson(await put(guest, id, 0, { passportExpiry: '2026-07-23' }));
    expect(person.passportWarning).toBe('Pass peab kehtima vähemalt 6 kuud pärast reisi lõppu (vähemalt 24.07.2026). Uuendage pass enne reisi.');
    ({ person } = await readJson(await put(guest, id, 0, { passportExpiry: '2026-07-24' })));
    expect(person.passportWarning).toBeNull();
  });

  it('is closed once the booking is cancelled', async () => {
    const guest = await signedIn(f.app);
    const id = await bookFor(guest, 0);
    await f.cancel(id);
    const res = await put(guest, id, 0, FULL);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.code).toBe('booking_closed');
    expect(await travellerRows(id)).toEqual([]);
  });
});

describe('ownership on every portal endpoint', () => {
  it("another user's booking, people, cancellation and invoice answer 404 and change nothing", async () => {
    const owner = await signedIn(f.app);
    const other = await signedIn(f.app);
    const id = await bookFor(owner);
    const { invoice } = await f.ok('POST', `/api/admin/bookings/${id}/invoices`, { version: (await f.detail(id)).version, buyer: { name: 'Mari Tamm', email: owner.email } });
    const invoiceId = invoice.id as number;

    const attempts = [
      () => other.b.get(`/api/me/bookings/${id}`),
      () => put(other, id, 0, FULL),
      () => put(other, id, 1, FULL),
      () => other.b.send('POST', `/api/me/bookings/${id}/cancellation-request`, { confirm: true }),
      () => other.b.get(`/api/me/invoices/${invoiceId}/pdf`),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status, res.url).toBe(404);
      expect(JSON.stringify(await readJson(res))).not.toContain(owner.email);
    }
    // The same answer as for things that do not exist.
    expect((await other.b.get('/api/me/invoices/999999/pdf')).status).toBe(404);
    expect((await put(owner, id, 2, FULL)).status).toBe(404);
    expect((await put(owner, id, -1, FULL)).status).toBe(404);
    expect(await travellerRows(id)).toEqual([]);
    expect((await f.app.rows(`SELECT cancellation_requested_at FROM bookings WHERE id = ${id}`))[0]!.cancellation_requested_at).toBeNull();

    // The owner gets the PDF.
    const pdf = await owner.b.get(`/api/me/invoices/${invoiceId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="arve-.+\.pdf"$/);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect((await readJson(await owner.b.get(`/api/me/bookings/${id}`))).booking.invoices).toHaveLength(1);
  });

  it('every portal endpoint answers 401 without a session', async () => {
    const anonymous = browser(f.app);
    for (const res of [
      await anonymous.get('/api/me/bookings/1'),
      await anonymous.send('PUT', '/api/me/bookings/1/people/0', FULL),
      await anonymous.send('POST', '/api/me/bookings/1/cancellation-request', { confirm: true }),
      await anonymous.get('/api/me/invoices/1/pdf'),
      await anonymous.get('/api/me/export'),
      await anonymous.send('DELETE', '/api/me', { password: 'Salasona1' }),
    ]) {
      expect(res.status, res.url).toBe(401);
    }
  });
});

describe('POST /api/me/bookings/:id/cancellation-request', () => {
  it('records the refund the terms give today, tells the team, and waits for an admin', async () => {
    const guest = await signedIn(f.app);
    const id = await bookFor(guest, 0);
    await f.pay(id, 30000);
    // 1.12.2025 is 44 days before 14.01.2026: the 30–59 days tier gives half back.
    const { booking } = await readJson(await guest.b.get(`/api/me/bookings/${id}`));
    expect(booking.cancellation).toMatchObject({ canRequest: true, requestedAt: null, quote: { daysBefore: 44, paidCents: 30000, refundCents: 15000 } });

    expect((await guest.b.send('POST', `/api/me/bookings/${id}/cancellation-request`, {})).status).toBe(422);
    const res = await guest.b.send('POST', `/api/me/bookings/${id}/cancellation-request`, { confirm: true, reason: 'Haigestusin' });
    expect(res.status).toBe(201);
    expect((await readJson(res)).request).toMatchObject({ refundCents: 15000 });
    const again = await guest.b.send('POST', `/api/me/bookings/${id}/cancellation-request`, { confirm: true });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error).toMatchObject({ code: 'cancellation_already_requested', message: API_ERRORS.cancellation_already_requested.message });

    // Nothing is cancelled or refunded; the admin sees the request.
    const [row] = await f.app.rows(`SELECT status, amount_paid_cents FROM bookings WHERE id = ${id}`);
    expect(row).toMatchObject({ status: 'pending', amount_paid_cents: 30000 });
    const detail = await f.detail(id);
    expect(detail.cancellationRequest).toEqual({ requestedAt: f.clock.now.toISOString(), refundCents: 15000 });
    const mails = await f.app.rows(`SELECT kind, to_address, subject FROM email_outbox WHERE booking_id = ${id} AND kind = 'cancellation_request'`);
    expect(mails).toEqual([{ kind: 'cancellation_request', to_address: f.app.deps.config.teamEmail, subject: `Tühistamise soov: broneering nr ${id}` }]);
    expect(await f.app.rows(`SELECT count(*) AS n FROM audit_logs WHERE action = 'booking.cancellation_requested' AND resource_id = '${id}'`)).toEqual([{ n: 1 }]);
    // The team's notification is not among the guest's e-mails.
    const portal = (await readJson(await guest.b.get(`/api/me/bookings/${id}`))).booking;
    expect(portal.emails.map((m: { subject: string }) => m.subject)).not.toContain(`Tühistamise soov: broneering nr ${id}`);
    expect(portal.cancellation).toMatchObject({ canRequest: false, requestedAt: f.clock.now.toISOString(), requestedRefundCents: 15000, quote: null });
  });
});

describe('the travel-details reminder', () => {
  it('goes once, from 7 days before the deadline, only while someone is incomplete', async () => {
    const guest = await signedIn(f.app);
    const incomplete = await bookFor(guest);
    const complete = await bookFor(guest, 0);
    await put(guest, complete, 0, FULL);
    const reminders = () => f.app.rows(`SELECT booking_id, to_address, subject FROM email_outbox WHERE kind = 'travel_details_reminder' ORDER BY id`);

    await at('2025-12-07T12:00:00.000Z');
    expect(await queueTravelDetailsReminders(f.app.deps)).toBe(0);
    await at('2025-12-08T12:00:00.000Z');
    expect(await queueTravelDetailsReminders(f.app.deps)).toBe(1);
    expect(await queueTravelDetailsReminders(f.app.deps)).toBe(0);
    await at('2025-12-10T12:00:00.000Z');
    await runScheduledJobs(f.app.deps);
    const sent = await reminders();
    expect(sent).toEqual([{ booking_id: incomplete, to_address: guest.email, subject: 'Uus algus retriit Balis: palun täitke reisiandmed 15.12.2025' }]);
    const [mail] = await f.app.rows(`SELECT text FROM email_outbox WHERE kind = 'travel_details_reminder'`);
    expect(String(mail!.text)).toContain('Täidetud: 0 / 2');
    expect(String(mail!.text)).toContain(`${f.app.deps.config.publicOrigin}/minu-broneeringud`);
  });

  it('skips bookings made after the reminder day and stops at the deadline', async () => {
    const guest = await signedIn(f.app);
    await at('2025-12-09T12:00:00.000Z');
    await bookFor(guest);
    expect(await queueTravelDetailsReminders(f.app.deps)).toBe(0);
    await at('2025-12-01T10:00:00.000Z');
    await bookFor(guest);
    await at('2025-12-15T12:00:00.000Z');
    expect(await queueTravelDetailsReminders(f.app.deps)).toBe(0);
  });
});

describe('health information', () => {
  it('admins see details without health data; reading it is a separate, audited request', async () => {
    const guest = await signedIn(f.app);
    const admin = f.admin;
    const id = await bookFor(guest);
    await put(guest, id, 0, FULL);
    const res = await admin.b.get(`/api/admin/bookings/${id}/travellers`);
    expect(res.status).toBe(200);
    const travellers = await readJson(res);
    expect(travellers).toMatchObject({ complete: 1, total: 2, dueOn: '2025-12-15' });
    expect(travellers.people[0]).toMatchObject({ hasHealthInfo: true, details: { passportNumber: 'K1234567', healthConditions: null } });
    expect(JSON.stringify(travellers)).not.toContain('Astma');
    expect(await f.app.rows(`SELECT count(*) AS n FROM audit_logs WHERE action = 'travellers.health_read'`)).toEqual([{ n: 0 }]);

    const health = await readJson(await admin.b.get(`/api/admin/bookings/${id}/travellers/health`));
    expect(health.people[0]).toMatchObject({ position: 0, healthConditions: 'Astma', healthMedications: 'Inhalaator', healthAllergies: 'Pähklid' });
    const audit = await f.app.rows(`SELECT user_id, severity, resource_id FROM audit_logs WHERE action = 'travellers.health_read'`);
    expect(audit).toEqual([{ user_id: admin.userId, severity: 'medium', resource_id: String(id) }]);
    // Not for guests, not for missing bookings.
    expect((await guest.b.get(`/api/admin/bookings/${id}/travellers/health`)).status).toBe(403);
    expect((await admin.b.get('/api/admin/bookings/999999/travellers/health')).status).toBe(404);
  });

  it('is erased 30 days after the retreat ends (and at once for a cancelled booking), nothing else with it', async () => {
    const guest = await signedIn(f.app);
    const id = await bookFor(guest, 0);
    const cancelled = await bookFor(guest, 0);
    await put(guest, id, 0, FULL);
    await put(guest, cancelled, 0, FULL);
    await f.cancel(cancelled);
    const guestId = String((await f.row(id)).guest_id);
    // The admin's guest dialog holds an allergy too: erased with the rest.
    await f.ok('PATCH', `/api/admin/bookings/${id}/guest`, { firstName: 'Mari', lastName: 'Tamm', email: guest.email, healthInfo: { allergies: 'Pähklid' } });

    expect(await eraseExpiredHealthData(f.app.deps)).toBe(1);
    expect((await travellerRows(cancelled))[0]).toMatchObject({ health_conditions: null, passport_number: 'K1234567' });

    await at('2026-02-22T12:00:00.000Z');
    expect(await eraseExpiredHealthData(f.app.deps)).toBe(0);
    expect((await travellerRows(id))[0]).toMatchObject({ health_conditions: 'Astma' });

    await at('2026-02-23T12:00:00.000Z');
    expect(await eraseExpiredHealthData(f.app.deps)).toBe(2);
    const [row] = await travellerRows(id);
    expect(row).toMatchObject({ health_conditions: null, health_medications: null, health_allergies: null, health_erased_at: f.clock.now.toISOString(), passport_number: 'K1234567', dietary: 'Taimetoit' });
    expect((await f.app.rows(`SELECT health_info FROM guests WHERE id = '${guestId}'`))[0]!.health_info).toBeNull();
    expect(await eraseExpiredHealthData(f.app.deps)).toBe(0);
    const audit = await f.app.rows(`SELECT metadata FROM audit_logs WHERE action = 'health_data.erased' ORDER BY id`);
    expect(audit).toHaveLength(2);
    expect(String(audit[1]!.metadata)).not.toContain('Astma');
    // Months later the old session has ended: the guest signs in again and sees the erasure.
    const again = browser(f.app);
    expect((await again.post('/api/auth/signin', { email: guest.email, password: 'Salasona1' })).status).toBe(200);
    const { booking } = await readJson(await again.get(`/api/me/bookings/${id}`));
    expect(booking.people[0]).toMatchObject({ healthErasedAt: f.clock.now.toISOString(), details: { healthConditions: null } });
  });
});

describe('the admin list filter "details missing"', () => {
  it('lists bookings with someone incomplete, not cancelled ones', async () => {
    const guest = await signedIn(f.app);
    const admin = f.admin;
    const done = await bookFor(guest, 0);
    const half = await bookFor(guest, 1);
    const cancelled = await bookFor(guest, 0);
    await put(guest, done, 0, FULL);
    await put(guest, half, 0, FULL);
    await f.cancel(cancelled);
    const list = await readJson(await admin.b.get('/api/admin/bookings?details=missing&pageSize=100'));
    const ids = list.items.map((b: { id: number }) => b.id);
    expect(ids).toContain(half);
    expect(ids).not.toContain(done);
    expect(ids).not.toContain(cancelled);
    expect((await admin.b.get('/api/admin/bookings?details=maybe')).status).toBe(422);
  });
});
