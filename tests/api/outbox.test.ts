import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../worker/db/schema';
import { RESET_TTL_MS } from '../../worker/domain/auth/link-lifetimes';
import {
  CLAIM_LEASE_MS,
  OUTBOX_RETENTION_MS,
  REDACTED_LINK_MAIL,
  RETRY_WINDOW_MS,
  deliverMessage,
  dispatchDueMail,
  enqueueMail,
  outboxInsert,
  pruneOutbox,
  retryDelayMs,
} from '../../worker/domain/mail/outbox';
import type { StubMode } from '../mocks/sendgrid';
import { useApiFixture } from '../helpers/api-fixture';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';

// The real SendGrid transport against a local stub of its v3 endpoint, with the clock under the test's control.
// The tests' clock (1.02.2026) is past January's registration: bookings are for March.
const MARCH = 'mar-2026';
const f = useApiFixture({ admin: false, clock: '2026-02-01T10:00:00.000Z', config: { confirmationWaitMs: 1500 } });
let stub: Awaited<ReturnType<typeof f.sendGrid>>;
beforeEach(async () => {
  stub = await f.sendGrid({ timeoutMs: 500 });
});

const advance = (ms: number) => f.clock.tick(ms);
const outbox = () => f.app.rows('SELECT * FROM email_outbox ORDER BY id');

/** A booking request while SendGrid answers as `mode` says: stored all the same; answers what it said of the e-mail. */
async function bookWhileSendGrid(mode: StubMode) {
  stub.setMode(mode);
  const res = await f.app.post('/api/bookings', validBooking({ retreatMonth: MARCH }));
  expect(res.status).toBe(201);
  expect(await f.app.count('bookings')).toBe(1);
  return (await readJson(res)).email as string;
}

describe('SendGrid transport', () => {
  it('posts the v3 payload with the key, sender, recipient and both bodies', async () => {
    const res = await f.app.post('/api/bookings', validBooking({ email: 'kadri@example.com', retreatMonth: MARCH }));
    expect((await readJson(res)).email).toBe('sent');
    expect(stub.received).toHaveLength(1);
    const [mail] = stub.received;
    expect(mail!.authorization).toBe('Bearer SG.test-key');
    expect(mail!.body.personalizations).toEqual([{ to: [{ email: 'kadri@example.com' }] }]);
    expect(mail!.body.from).toEqual({ email: 'info@example.com', name: 'Uus algus' });
    expect(mail!.body.content.map((c) => c.type)).toEqual(['text/plain', 'text/html']);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
  });
});

describe('provider down, then up', () => {
  it('keeps the booking, answers "queued", and delivers the mail exactly once when the provider recovers', async () => {
    expect(await bookWhileSendGrid('fail')).toBe('queued');
    // "queued" may be the bounded wait running out before the 503 is written: wait for the row.
    await expect
      .poll(async () => (await outbox())[0], { timeout: 10_000 })
      .toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('503') });

    // Not due yet: the dispatcher leaves it alone.
    expect(await dispatchDueMail(f.app.deps)).toEqual({ sent: 0, logged: 0, pending: 0, failed: 0 });

    stub.setMode('accept');
    advance(retryDelayMs(1));
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 1 });
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 0 });
    expect(stub.received).toHaveLength(1);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 2, sent_at: f.clock.now.toISOString() });
  });

  it('backs off exponentially, then hourly, and keeps trying for 72 hours before giving up', async () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(60 * 60 * 1000);

    stub.setMode('fail');
    const written = f.clock.now.getTime();
    const id = await enqueueMail(f.app.deps.db, { kind: 'test', to: 'x@example.com', subject: 's', html: '<p>h</p>', text: 't' }, f.clock.now);
    let attempts = 0;
    let state = 'pending';
    while (state === 'pending') {
      state = await deliverMessage(f.app.deps, id);
      attempts++;
      if (state === 'pending') advance(retryDelayMs(attempts));
      expect(attempts).toBeLessThan(200);
    }
    expect(state).toBe('failed');
    // Given up only once another try would fall outside the window, and not an hour before that.
    expect(f.clock.now.getTime() - written).toBeGreaterThan(RETRY_WINDOW_MS - 60 * 60 * 1000);
    expect(f.clock.now.getTime() - written).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(RETRY_WINDOW_MS).toBeGreaterThanOrEqual(72 * 60 * 60 * 1000);
    expect((await outbox())[0]).toMatchObject({ status: 'failed', attempts });
    expect(stub.received.length).toBe(0);
    expect(await deliverMessage(f.app.deps, id)).toBe('failed');
  });

  it('a confirmation the provider refuses outright makes the booking answer "failed" (the saved-but-not-mailed toast)', async () => {
    expect(await bookWhileSendGrid('reject')).toBe('failed');
    expect((await outbox())[0]).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('400') });
  });

  it('gives up at once on an answer a retry cannot fix', async () => {
    stub.setMode('reject');
    const id = await enqueueMail(f.app.deps.db, { kind: 'test', to: 'x@example.com', subject: 's', html: 'h', text: 't' }, f.clock.now);
    expect(await deliverMessage(f.app.deps, id)).toBe('failed');
    expect((await outbox())[0]).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('400') });
  });

  it('records a timeout as a failed attempt to retry', async () => {
    stub.setMode('hang');
    const id = await enqueueMail(f.app.deps.db, { kind: 'test', to: 'x@example.com', subject: 's', html: 'h', text: 't' }, f.clock.now);
    expect(await deliverMessage(f.app.deps, id)).toBe('pending');
    expect((await outbox())[0]).toMatchObject({ status: 'pending', last_error: expect.stringContaining('timed out') });
  });
});

describe('claiming', () => {
  it('never sends one message twice when dispatchers race', async () => {
    const id = await enqueueMail(f.app.deps.db, { kind: 'test', to: 'x@example.com', subject: 's', html: 'h', text: 't' }, f.clock.now);
    const results = await Promise.all([deliverMessage(f.app.deps, id), deliverMessage(f.app.deps, id), dispatchDueMail(f.app.deps)]);
    expect(stub.received).toHaveLength(1);
    expect(results.slice(0, 2).sort()).toEqual(['pending', 'sent']);
  });

  it('a confirmation written already claimed, whose sender died before sending, goes out once the lease runs out', async () => {
    const [row] = await outboxInsert(f.app.deps.db, { kind: 'booking_confirmation', to: 'x@example.com', subject: 's', html: 'h', text: 't' }, f.clock.now, { claimed: true });
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 0 });
    advance(CLAIM_LEASE_MS + 1);
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 1 });
    expect((await outbox())[0]).toMatchObject({ id: row!.id, status: 'sent', attempts: 2 });
    expect(stub.received).toHaveLength(1);
  });

  it('frees a message whose sender vanished once the lease runs out', async () => {
    const id = await enqueueMail(f.app.deps.db, { kind: 'test', to: 'x@example.com', subject: 's', html: 'h', text: 't' }, f.clock.now);
    // A sender claimed it and crashed: attempts bumped, lease set, nothing sent.
    await f.app.deps.db.update(emailOutbox).set({ attempts: 1, nextAttemptAt: new Date(f.clock.now.getTime() + CLAIM_LEASE_MS).toISOString() });
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 0 });
    advance(CLAIM_LEASE_MS + 1);
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 1 });
    expect(await deliverMessage(f.app.deps, id)).toBe('sent');
  });
});

describe('link mails and retention', () => {
  const resetMail = { kind: 'password_reset', to: 'x@example.com', subject: 'Salasõna lähtestamine', html: '<a href="http://localhost/auth#reset=SECRET">x</a>', text: 'http://localhost/auth#reset=SECRET' };

  it('a delivered link mail keeps no working link at rest', async () => {
    const id = await enqueueMail(f.app.deps.db, resetMail, f.clock.now);
    expect(await deliverMessage(f.app.deps, id)).toBe('sent');
    expect(JSON.stringify(stub.received[0]!.body)).toContain('#reset=SECRET');
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', text: REDACTED_LINK_MAIL.text, html: REDACTED_LINK_MAIL.html });
    expect(JSON.stringify(await outbox())).not.toContain('SECRET');
  });

  it('a link mail not sent before its link expires is given up, and its link is blanked', async () => {
    stub.setMode('fail');
    const id = await enqueueMail(f.app.deps.db, resetMail, f.clock.now);
    expect(await deliverMessage(f.app.deps, id)).toBe('pending');
    advance(RESET_TTL_MS / 2);
    expect(await pruneOutbox(f.app.deps)).toEqual({ expired: 0, redacted: 0, deleted: 0 });
    expect((await outbox())[0]).toMatchObject({ status: 'pending', text: resetMail.text });

    advance(RESET_TTL_MS / 2 + 1);
    expect(await pruneOutbox(f.app.deps)).toEqual({ expired: 1, redacted: 1, deleted: 0 });
    expect((await outbox())[0]).toMatchObject({ status: 'failed', text: REDACTED_LINK_MAIL.text, last_error: expect.stringContaining('aegus') });
    stub.setMode('accept');
    expect(await dispatchDueMail(f.app.deps)).toMatchObject({ sent: 0 });
    expect(stub.received).toHaveLength(0);
  });

  it('a link mail whose retries outlast its link gives up when the link expires', async () => {
    stub.setMode('fail');
    const id = await enqueueMail(f.app.deps.db, resetMail, f.clock.now);
    let state = await deliverMessage(f.app.deps, id);
    for (let attempt = 1; state === 'pending'; attempt++) {
      advance(retryDelayMs(attempt));
      state = await deliverMessage(f.app.deps, id);
    }
    expect(state).toBe('failed');
    const [row] = await outbox();
    expect(Date.parse(String(row!.updated_at)) - Date.parse(String(row!.created_at))).toBeLessThanOrEqual(RESET_TTL_MS);
  });

  it('keeps delivered and abandoned messages a year, then deletes them; never a pending one', async () => {
    const old = await enqueueMail(f.app.deps.db, { kind: 'test', to: 'a@example.com', subject: 's', html: 'h', text: 't' }, f.clock.now);
    await deliverMessage(f.app.deps, old);
    stub.setMode('fail');
    await enqueueMail(f.app.deps.db, { kind: 'test', to: 'b@example.com', subject: 's', html: 'h', text: 't' }, f.clock.now);
    advance(OUTBOX_RETENTION_MS - 1000);
    expect((await pruneOutbox(f.app.deps)).deleted).toBe(0);
    advance(2000);
    expect((await pruneOutbox(f.app.deps)).deleted).toBe(1);
    expect((await outbox()).map((r) => r.to_address)).toEqual(['b@example.com']);
  });
});
