import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/hosts/cloudflare';
import { validBooking } from '../helpers/booking-fixtures';
import { bindings, browser, mailsTo, rows, sendGridFailsFor, uniqueEmail } from './support';

// The cron trigger's handler in workerd: the outbox dispatcher sends what the request could not.
describe('scheduled handler in workerd, over Hrana', () => {
  it('sends a confirmation that SendGrid refused during the booking, once it is due, and marks it sent', async () => {
    const email = uniqueEmail('ootel');
    await sendGridFailsFor(email);
    const res = await browser().post('/api/bookings', validBooking({ email }));
    expect(res.status).toBe(201);
    const { bookingId, email: delivery } = await res.json<{ bookingId: number; email: string }>();
    // SendGrid answered 503: the booking stands, its confirmation waits in the outbox for a retry.
    expect(delivery).toBe('queued');
    // "queued" may be the answer's bounded wait running out before SendGrid's 503 is written: wait for the row.
    const queuedRow = async () => (await rows('SELECT id, status, attempts, last_error FROM email_outbox WHERE booking_id = ?', [bookingId]))[0];
    await expect
      .poll(queuedRow, { timeout: 10_000, interval: 50 })
      .toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('SendGrid answered 503') });
    const queued = await queuedRow();
    expect(await mailsTo(email, 1, 0)).toEqual([]);

    // SendGrid is back, and the retry falls due (the first comes 30 s later: moved into the past here).
    await sendGridFailsFor(email, false);
    await rows("UPDATE email_outbox SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", [queued!.id as number]);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '*/5 * * * *' }), bindings, ctx);
    await waitOnExecutionContext(ctx);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/\S/);
    expect(await rows('SELECT status, attempts, sent_at IS NOT NULL AS sent FROM email_outbox WHERE id = ?', [queued!.id as number])).toEqual([
      { status: 'sent', attempts: 2, sent: 1 },
    ]);
  });
});
