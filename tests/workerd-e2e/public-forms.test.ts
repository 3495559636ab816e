import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/hosts/cloudflare';
import { validBooking } from '../helpers/booking-fixtures';
import { bindings, browser, mailsTo, rows, SITE, uniqueEmail } from './support';

// The worker entry in workerd against its libSQL database over Hrana: the public endpoints a visitor uses.
describe('public endpoints in workerd, over Hrana', () => {
  it('answers /api/health 200 with the database reachable', async () => {
    const res = await browser().get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('sends the database its token: with a wrong one the database refuses it and the API answers 503', async () => {
    const request = new Request(`${SITE}/api/health`) as Request<unknown, IncomingRequestCfProperties>;
    const res = await worker.fetch(request, { ...bindings, DATABASE_AUTH_TOKEN: 'wrong-token' }, createExecutionContext());
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', db: 'unavailable' });
  });

  it('stores a booking in one atomic batch, mails its confirmation, and replays it for the same Idempotency-Key', async () => {
    const email = uniqueEmail('mari');
    const booking = validBooking({ email, travelWith: 'with-companions', companions: [{ firstName: 'Jüri', lastName: 'Tamm', birthday: '1988-02-02', age: '37' }] });
    const key = `e2e-${crypto.randomUUID()}`;
    const b = browser();

    const first = await b.post('/api/bookings', booking, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const body = await first.json<{ bookingId: number; email: string }>();
    expect(body).toEqual({ bookingId: expect.any(Number), email: 'sent', waitingList: false });

    const again = await b.post('/api/bookings', booking, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(body);

    expect(await rows('SELECT id, status, travel_with FROM bookings WHERE idempotency_key = ?', [key])).toEqual([
      { id: body.bookingId, status: 'pending', travel_with: 'with-companions' },
    ]);
    const [guest] = await rows('SELECT id FROM guests WHERE email = ?', [email]);
    expect(await rows('SELECT first_name FROM guests WHERE companion_of_guest_id = ?', [guest!.id as string])).toEqual([{ first_name: 'Jüri' }]);
    expect(await rows('SELECT kind, status, attempts FROM email_outbox WHERE booking_id = ?', [body.bookingId])).toEqual([
      { kind: 'booking_confirmation', status: 'sent', attempts: 1 },
    ]);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ authorization: `Bearer ${bindings.SENDGRID_API_KEY}` });
    expect(mails[0]!.text).toContain('Jüri Tamm (37)');
  });

  it('makes one booking of a burst of repeats with one Idempotency-Key, the losing batches leaving nothing behind', async () => {
    // The repeats pass the replay check together; all but one then fail on the key's UNIQUE index inside their
    // batch, whose step conditions must skip its COMMIT and run its ROLLBACK (the guest row before it included).
    const email = uniqueEmail('topeltklikk');
    const booking = validBooking({ email });
    const key = `e2e-${crypto.randomUUID()}`;
    const responses = await Promise.all(Array.from({ length: 6 }, () => browser().post('/api/bookings', booking, { 'Idempotency-Key': key })));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json<{ bookingId: number }>()).bookingId)));
    expect(ids.size).toBe(1);
    expect(await rows('SELECT count(*) AS n FROM bookings WHERE idempotency_key = ?', [key])).toEqual([{ n: 1 }]);
    expect(await rows('SELECT count(*) AS n FROM guests WHERE email = ?', [email])).toEqual([{ n: 1 }]);
    expect(await rows('SELECT count(*) AS n FROM email_outbox WHERE to_address = ?', [email])).toEqual([{ n: 1 }]);
  });

  it('refuses the same Idempotency-Key with another body, storing nothing', async () => {
    const key = `e2e-${crypto.randomUUID()}`;
    expect((await browser().post('/api/bookings', validBooking({ email: uniqueEmail('kati') }), { 'Idempotency-Key': key })).status).toBe(201);
    const other = await browser().post('/api/bookings', validBooking({ email: uniqueEmail('kati') }), { 'Idempotency-Key': key });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(await rows('SELECT count(*) AS n FROM bookings WHERE idempotency_key = ?', [key])).toEqual([{ n: 1 }]);
  });

  it('stores a contact message in an interactive transaction and forwards it to the team', async () => {
    const email = uniqueEmail('kysija');
    const res = await browser().post('/api/contact', { name: 'Mari Tamm', email, subject: 'Küsimus', message: 'Kas toad on konditsioneeriga?', website: '' });
    expect(res.status).toBe(201);
    const { messageId } = await res.json<{ messageId: number }>();
    expect(await rows('SELECT email, subject, message FROM contact_messages WHERE id = ?', [messageId])).toEqual([
      { email, subject: 'Küsimus', message: 'Kas toad on konditsioneeriga?' },
    ]);

    const deadline = Date.now() + 10_000;
    let forwarded;
    while (!forwarded && Date.now() < deadline) {
      forwarded = (await mailsTo(bindings.TEAM_EMAIL, 1, 0)).find((m) => m.text.includes(email));
      if (!forwarded) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(forwarded?.subject).toBe('Uus sõnum kodulehelt: Küsimus');
    // The row says 'sent' only once SendGrid's answer is back and written, a moment after the mail arrived.
    await expect
      .poll(() => rows('SELECT kind, status FROM email_outbox WHERE contact_message_id = ?', [messageId]), { timeout: 10_000, interval: 50 })
      .toEqual([{ kind: 'contact_notification', status: 'sent' }]);
  });
});
