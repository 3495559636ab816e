import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '../../src/lib/webhooks';
import { dispatchDueWebhooks, pruneWebhookLog } from '../../worker/domain/webhooks/deliveries';
import { useApiFixture } from '../helpers/api-fixture';
import { validBooking } from '../helpers/booking-fixtures';
import { startWebhookReceiver, verifyStandardWebhook, type ReceivedDelivery } from '../helpers/webhook-receiver';

/**
 * Issue 41: webhooks. The organiser registers an endpoint (its secret answered once); every change an endpoint takes
 * becomes one event with its data, written in the change's own statement, delivered signed as Standard Webhooks
 * specifies (checked by the receiver's verifier, written from the specification), retried with backoff for 72 hours,
 * ended and the endpoint turned off by a 410, never sent to a private address, logged 30 days and sent again on asking.
 */
const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());
const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z', config: { webhooks: { requireHttps: false, allowPrivate: true } } });

beforeEach(() => {
  receiver.received.length = 0;
  receiver.answerWith(() => 200);
});

async function endpoint(events: readonly string[] = WEBHOOK_EVENTS, url = receiver.url) {
  const res = await f.api('POST', '/api/admin/webhooks', { url, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.webhook as { id: number; secret: string; version: number };
}

/** The scheduler's passes until nothing is due now. */
async function dispatchAll() {
  for (let i = 0; i < 20; i++) {
    const tally = await dispatchDueWebhooks(f.app.deps);
    if (tally.delivered + tally.failed + tally.pending === 0) return;
  }
  throw new Error('deliveries still due after 20 passes');
}

const verified = (secret: string, d: ReceivedDelivery) => verifyStandardWebhook(secret, d, f.clock.now);
const deliveries = async (id: number) => (await f.ok('GET', `/api/admin/webhooks/${id}/deliveries?pageSize=100`)).items;

describe('registering an endpoint', () => {
  it('answers the secret once, lists without it, audits, and refuses a bad address or no events with nothing stored', async () => {
    const created = await endpoint(['payment.recorded', 'booking.created', 'booking.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await f.ok('GET', '/api/admin/webhooks');
    expect(list.items).toEqual([
      expect.objectContaining({ id: created.id, url: receiver.url, events: ['booking.created', 'payment.recorded'], enabled: true }),
    ]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    expect(JSON.stringify(await f.ok('GET', `/api/admin/webhooks/${created.id}`))).not.toContain('whsec_');
    expect(await f.app.count(`audit_logs WHERE action = 'webhook.create' AND resource_id = '${created.id}'`)).toBe(1);

    const refused = async (body: unknown, path: string, message: string) => {
      const res = await f.api('POST', '/api/admin/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.details).toContainEqual({ path, message });
    };
    await refused({ url: receiver.url, events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired);
    await refused({ url: 'ftp://example.com/x', events: ['booking.created'] }, 'url', WEBHOOK_MESSAGES.urlFormat);
    await refused({ url: 'https://user:pw@example.com/x', events: ['booking.created'] }, 'url', WEBHOOK_MESSAGES.credentialsInUrl);
    const bad = await f.api('POST', '/api/admin/webhooks', { url: 'https://example.com/x', events: ['booking.deleted'] });
    expect(bad.status).toBe(422);

    // The production rules: https only, and nowhere on this machine or a private network, however it is written.
    f.app.deps.config.webhooks = { requireHttps: true, allowPrivate: false };
    await refused({ url: 'http://example.com/hooks', events: ['booking.created'] }, 'url', WEBHOOK_MESSAGES.httpsOnly);
    for (const url of [
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://10.1.2.3/x',
      'https://172.16.0.9/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://intranet/x',
      'https://printer.local/x',
      'https://router.home.arpa/x',
    ]) {
      await refused({ url, events: ['booking.created'] }, 'url', WEBHOOK_MESSAGES.privateAddress);
    }
    expect(await f.app.count('webhook_endpoints')).toBe(1);
    expect((await f.api('POST', '/api/admin/webhooks', { url: 'https://hooks.example.com/uus-algus', events: ['booking.created'] })).status).toBe(
      201,
    );
  });

  it('is the admins’ alone', async () => {
    const anonymous = await fetch(`${f.app.origin}/api/admin/webhooks`);
    expect(anonymous.status).toBe(401);
  });
});

describe('events', () => {
  it('writes none while no endpoint takes them', async () => {
    const e = await f.edition({ startDate: '2027-05-14' });
    await f.request(e);
    expect(await f.app.count('webhook_events')).toBe(0);
  });

  it('delivers every kind once, with its data, signed as Standard Webhooks specifies', async () => {
    const hook = await endpoint();
    const may = (await f.edition({ startDate: '2027-05-14', name: 'Mai retriit' })) as { id: number; edition: string };
    const june = (await f.edition({ startDate: '2027-06-11', name: 'Juuni retriit' })) as { id: number; edition: string };
    const july = (await f.edition({ startDate: '2027-07-09', name: 'Juuli retriit' })) as { id: number; edition: string };

    const { id } = await f.request(may, { firstName: 'Mari', lastName: 'Maasikas', email: 'mari@example.com' });
    await f.confirm(id);
    await f.pay(id, 50_000);
    expect((await f.move(id, june.id)).status).toBe(200);
    const invoice = await f.invoice(id);
    await f.cancel(id, 20_000);
    expect((await f.admin.b.send('POST', `/api/admin/retreats/${june.id}/confirm`, {})).status).toBe(200);
    const other = (await f.request(july)).id;
    expect((await f.admin.b.send('POST', `/api/admin/retreats/${july.id}/cancel`, { reason: 'Osalejaid on alla miinimumi.' })).status).toBe(200);

    await dispatchAll();
    const got = receiver.received;
    for (const d of got) expect(verified(hook.secret, d), d.payload.type).toBe(true);
    expect(new Set(got.map((d) => d.id)).size).toBe(got.length);
    const of = (type: string) => got.filter((d) => d.payload.type === type).map((d) => d.payload.data);
    expect(new Set(got.map((d) => d.payload.type))).toEqual(new Set(WEBHOOK_EVENTS));

    // Sent side by side: they arrive in any order.
    const created = of('booking.created').find((b) => b.id === id);
    const otherCreated = of('booking.created').find((b) => b.id !== id);
    expect(of('booking.created')).toHaveLength(2);
    expect(created).toMatchObject({
      id,
      referenceNumber: bookingReferenceNumber(id),
      state: 'request',
      guest: { firstName: 'Mari', lastName: 'Maasikas', email: 'mari@example.com' },
      retreat: { id: may.id, edition: may.edition, name: 'Mai retriit' },
      people: 1,
      currency: 'EUR',
    });
    expect(otherCreated).toMatchObject({ id: other });
    expect(of('booking.confirmed')).toEqual([expect.objectContaining({ id, state: 'confirmed', previousState: 'request' })]);
    expect(of('booking.moved')).toEqual([
      expect.objectContaining({ id, retreat: expect.objectContaining({ id: june.id }), from: expect.objectContaining({ id: may.id }) }),
    ]);
    expect(of('payment.recorded')).toEqual([
      expect.objectContaining({
        amountCents: 50_000,
        method: 'bank_transfer',
        booking: expect.objectContaining({ id, referenceNumber: bookingReferenceNumber(id) }),
      }),
    ]);
    expect(of('payment.refunded')).toEqual([expect.objectContaining({ amountCents: -20_000, booking: expect.objectContaining({ id }) })]);
    expect(of('invoice.issued')).toEqual([
      expect.objectContaining({
        id: invoice.id,
        number: invoice.number,
        kind: 'invoice',
        bookingId: id,
        document: expect.objectContaining({ number: invoice.number }),
      }),
    ]);
    expect(of('credit_note.issued')).toEqual([expect.objectContaining({ kind: 'credit_note', creditsInvoiceId: invoice.id })]);
    expect(
      of('booking.cancelled')
        .map((b) => b.id)
        .sort(),
    ).toEqual([id, other].sort());
    expect(of('retreat.confirmed')).toEqual([expect.objectContaining({ id: june.id, name: 'Juuni retriit' })]);
    expect(of('retreat.cancelled')).toEqual([expect.objectContaining({ id: july.id, cancellationReason: 'Osalejaid on alla miinimumi.' })]);
    // One delivery each, delivered, in the log.
    const log = await deliveries(hook.id);
    expect(log).toHaveLength(got.length);
    expect(
      log.every(
        (d: { status: string; attempts: number; responseStatus: number }) => d.status === 'delivered' && d.attempts === 1 && d.responseStatus === 200,
      ),
    ).toBe(true);
  });

  it('only to the endpoints that take the event, and not to one turned off', async () => {
    const bookingsOnly = await endpoint(['booking.created']);
    const paymentsOnly = await endpoint(['payment.recorded']);
    const off = await endpoint(['booking.created']);
    await f.ok('PATCH', `/api/admin/webhooks/${off.id}`, { version: off.version, url: receiver.url, events: ['booking.created'], enabled: false });
    const e = await f.edition({ startDate: '2027-05-14' });
    await f.request(e);
    expect(await f.app.rows('SELECT endpoint_id FROM webhook_deliveries')).toEqual([{ endpoint_id: bookingsOnly.id }]);
    expect(await deliveries(paymentsOnly.id)).toEqual([]);
  });
});

describe('delivery', () => {
  it('is exactly one per event under 50 concurrent changes and competing senders', async () => {
    const hook = await endpoint(['booking.created']);
    const e = (await f.edition({ startDate: '2027-05-14', capacity: 200 })) as { edition: string };
    const answers = await Promise.all(Array.from({ length: 50 }, () => f.app.post('/api/bookings', validBooking({ retreatMonth: e.edition }))));
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(201));
    // Three senders at once, again and again, as overlapping scheduler runs would.
    for (let i = 0; i < 6; i++) await Promise.all([1, 2, 3].map(() => dispatchDueWebhooks(f.app.deps)));
    expect(receiver.received).toHaveLength(50);
    expect(new Set(receiver.received.map((d) => d.id)).size).toBe(50);
    expect(new Set(receiver.received.map((d) => d.payload.data.id)).size).toBe(50);
    for (const d of receiver.received) expect(verified(hook.secret, d)).toBe(true);
    expect(await f.app.count("webhook_deliveries WHERE status = 'delivered' AND attempts = 1")).toBe(50);
  });

  it('is retried with growing pauses through a failing receiver, the same message each time, and given up after 72 hours', async () => {
    const hook = await endpoint(['booking.created']);
    receiver.answerWith((_, n) => (n <= 2 ? 500 : 200));
    const e = await f.edition({ startDate: '2027-05-14' });
    await f.request(e);
    await dispatchAll();
    const [first] = await deliveries(hook.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, lastError: 'HTTP 500' });
    expect(Date.parse(first.nextAttemptAt) - f.clock.now.getTime()).toBe(5_000);
    await dispatchAll();
    expect(receiver.received).toHaveLength(1);
    await f.clock.set(first.nextAttemptAt, { newSession: false });
    await dispatchAll();
    const [second] = await deliveries(hook.id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(second.nextAttemptAt) - f.clock.now.getTime()).toBe(5 * 60_000);
    await f.clock.set(second.nextAttemptAt, { newSession: false });
    await dispatchAll();
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
    expect(new Set(receiver.received.map((d) => d.id)).size).toBe(1);
    expect(new Set(receiver.received.map((d) => d.body)).size).toBe(1);
    for (const d of receiver.received) expect(verifyStandardWebhook(hook.secret, d, new Date(Number(d.timestamp) * 1000))).toBe(true);

    // A receiver that never recovers: tried until the window's end, then given up.
    receiver.received.length = 0;
    receiver.answerWith(() => 503);
    await f.request(e);
    await dispatchAll();
    const started = f.clock.now.getTime();
    for (let i = 0; i < 40; i++) {
      const [latest] = await deliveries(hook.id);
      if (latest.status !== 'pending') break;
      await f.clock.set(latest.nextAttemptAt);
      await dispatchAll();
    }
    const [given] = await deliveries(hook.id);
    expect(given).toMatchObject({ status: 'failed', responseStatus: 503, nextAttemptAt: null });
    expect(given.attempts).toBe(receiver.received.length);
    expect(given.attempts).toBeGreaterThanOrEqual(10);
    expect(Date.parse(given.lastAttemptAt) - started).toBeLessThanOrEqual(72 * 3_600_000);
    expect(Date.parse(given.lastAttemptAt) - started).toBeGreaterThan(60 * 3_600_000);
  }, 60_000);

  it('ends at a 410 answer, which turns the endpoint off (audited): no more events for it, and no resend until it is on again', async () => {
    const hook = await endpoint(['booking.created']);
    receiver.answerWith(() => 410);
    const e = await f.edition({ startDate: '2027-05-14' });
    await f.request(e);
    await dispatchAll();
    const [gone] = await deliveries(hook.id);
    expect(gone).toMatchObject({ status: 'failed', attempts: 1, responseStatus: 410 });
    const { webhook } = await f.ok('GET', `/api/admin/webhooks/${hook.id}`);
    expect(webhook).toMatchObject({ enabled: false, disabledReason: 'gone' });
    expect(await f.app.count(`audit_logs WHERE action = 'webhook.disable' AND resource_id = '${hook.id}'`)).toBe(1);
    await f.request(e);
    expect(await deliveries(hook.id)).toHaveLength(1);
    const refused = await f.api('POST', `/api/admin/webhooks/${hook.id}/deliveries/${gone.id}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('webhook_disabled');

    receiver.answerWith(() => 200);
    await f.ok('PATCH', `/api/admin/webhooks/${hook.id}`, {
      version: webhook.version,
      url: receiver.url,
      events: ['booking.created'],
      enabled: true,
    });
    const { delivery } = await f.ok('POST', `/api/admin/webhooks/${hook.id}/deliveries/${gone.id}/resend`);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    expect(receiver.received.map((d) => d.id)).toEqual([gone.messageId, gone.messageId]);
    expect(await f.app.count(`audit_logs WHERE action = 'webhook.resend'`)).toBe(1);
  });

  it('never goes to a private address without the setting, even for an endpoint registered with it', async () => {
    const hook = await endpoint(['booking.created']);
    f.app.deps.config.webhooks = { requireHttps: false, allowPrivate: false };
    const e = await f.edition({ startDate: '2027-05-14' });
    await f.request(e);
    await dispatchAll();
    expect(receiver.received).toHaveLength(0);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'failed', lastError: WEBHOOK_MESSAGES.privateAddress, responseStatus: null });
  });

  it('is logged 30 days, newest first, a page at a time', async () => {
    const hook = await endpoint(['booking.created']);
    const e = await f.edition({ startDate: '2027-05-14' });
    for (let i = 0; i < 3; i++) await f.request(e);
    await dispatchAll();
    const page = await f.ok('GET', `/api/admin/webhooks/${hook.id}/deliveries?pageSize=2&page=1`);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((d: { id: number }) => d.id)).toEqual([...page.items.map((d: { id: number }) => d.id)].sort((a, b) => b - a));
    expect((await f.ok('GET', `/api/admin/webhooks/${hook.id}`)).webhook.deliveries).toEqual({ pending: 0, delivered: 3, failed: 0 });
    await f.clock.set('2026-12-25T10:00:00.000Z');
    expect(await pruneWebhookLog(f.app.deps)).toEqual({ deliveries: 0, events: 0 });
    await f.clock.set('2026-12-26T10:00:01.000Z');
    expect(await pruneWebhookLog(f.app.deps)).toEqual({ deliveries: 3, events: 3 });
    expect((await f.ok('GET', `/api/admin/webhooks/${hook.id}/deliveries`)).total).toBe(0);
    expect((await f.api('GET', `/api/admin/webhooks/999/deliveries`)).status).toBe(404);
  });

  it('stops with the endpoint deleted (audited), its log with it', async () => {
    const hook = await endpoint(['booking.created']);
    const e = await f.edition({ startDate: '2027-05-14' });
    await f.request(e);
    await f.ok('DELETE', `/api/admin/webhooks/${hook.id}`);
    expect(await f.app.count('webhook_deliveries')).toBe(0);
    expect(await f.app.count(`audit_logs WHERE action = 'webhook.delete'`)).toBe(1);
    expect((await f.api('DELETE', `/api/admin/webhooks/${hook.id}`)).status).toBe(404);
  });
});
