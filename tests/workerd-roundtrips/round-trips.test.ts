import { describe, expect, it } from 'vitest';
import { validBooking } from '../helpers/booking-fixtures';
import { browser, confirmedAccount, rows, uniqueEmail } from '../workerd-e2e/support';

/**
 * Issue 40: how many HTTP requests the database receives for one request on the edge, where each is a round trip to
 * Turso (tens of milliseconds from a far region). The worker here reaches its database at an address where the test
 * backend counts them (tests/helpers/workerd-e2e-backend.ts); it is the only worker there (its own vitest project).
 * The count is read once it stops moving, so work the worker finishes after answering (waitUntil) is counted too.
 */
const CONTROL = 'http://control.test';
const counts = async () => await (await fetch(`${CONTROL}/database-requests`)).json<{ count: number; answered: number }>();
const databaseRequests = async () => (await counts()).count;

/**
 * The database requests `request` causes: `answered`, those the database had answered when the answer came (what the
 * person waited for: each takes the counted address's 150 ms, so one the worker makes as it answers is still under
 * way), and `total`, with the work the worker finishes after answering (waitUntil).
 */
async function roundTrips(request: () => Promise<Response>, expectStatus: number): Promise<{ answered: number; total: number }> {
  const before = await counts();
  const res = await request();
  expect(res.status, await res.clone().text()).toBe(expectStatus);
  await res.arrayBuffer();
  const answered = (await counts()).answered - before.answered;
  // Settled: no new request for 300 ms.
  let last = await databaseRequests();
  for (let quiet = 0; quiet < 6; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await databaseRequests();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return { answered, total: last - before.count };
}

describe('database round trips per request on the edge (Hrana)', () => {
  it('counts a booking, a contact message, an admin payment and a booking detail', async () => {
    const { userId, confirmedIn: admin } = await confirmedAccount('ringreis');
    await rows("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')", [userId]);
    const email = uniqueEmail('broneerija');
    const visitor = browser();

    // The booking form reads the editions on sale as it opens; the request it then sends builds on them.
    expect((await visitor.get('/api/availability')).status).toBe(200);
    const booking = await roundTrips(() => visitor.post('/api/bookings', validBooking({ email }), { 'Idempotency-Key': `rt-${crypto.randomUUID()}` }), 201);
    const contact = await roundTrips(
      () => visitor.post('/api/contact', { name: 'Mari Tamm', email, subject: 'Küsimus', message: 'Kas toad on konditsioneeriga?', website: '' }),
      201,
    );
    const [row] = await rows('SELECT id FROM bookings WHERE guest_id = (SELECT id FROM guests WHERE email = ? AND is_companion = 0)', [email]);
    const id = Number(row!.id);
    // Once, so the session's last-seen time (written at most once a minute) is fresh: then the counts are steady.
    expect((await admin.get(`/api/admin/bookings/${id}`)).status).toBe(200);
    const detail = await roundTrips(() => admin.get(`/api/admin/bookings/${id}`), 200);
    const payment = await roundTrips(
      () => admin.post(`/api/admin/bookings/${id}/payments`, { kind: 'payment', amount: '300', overpayment: false, method: 'bank_transfer', receivedOn: '2025-09-15' }),
      201,
    );
    const counts = { booking, contact, detail, payment };
    console.log(`database round trips: ${JSON.stringify(counts)}`);
    // Issue 40's goal: 1 for each write, at most 2 for the detail. Before the answer, each is one batch:
    // - the booking: the edition as the form's availability read found it, its terms and the waiting list checked
    //   inside the INSERT; then the confirmation goes out, and how it went is written after the answer (the outbox
    //   must know, or it would send it again);
    // - the contact message: its batch; the team's notification and its outcome after the answer;
    // - the detail: the admin's session checked by the batch's first statements, the read and its audit record;
    // - the payment: the session likewise, the schedule facts as the detail just read them (checked by the INSERT),
    //   the row, its audit record and the answer's reads.
    expect(counts).toEqual({
      booking: { answered: 1, total: 2 },
      contact: { answered: 1, total: 2 },
      detail: { answered: 1, total: 1 },
      payment: { answered: 1, total: 1 },
    });
  });
});
