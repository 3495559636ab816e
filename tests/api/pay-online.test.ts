import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { signedIn } from '../helpers/admin-session';
import { startApiFixture, useApiFixture } from '../helpers/api-fixture';
import { readJson } from '../helpers/http';
import { PRICED_BOOKING_ADVANCE as ADVANCE, PRICED_BOOKING_OWED as OWED } from '../helpers/priced-booking';
import { startMontonioStub, type MontonioStub } from '../mocks/montonio';

/**
 * Pay online through Montonio (issue "Pay online"), over real HTTP, a real database and a Montonio stand-in at the
 * HTTP boundary that signs its tokens as Montonio does: the pay endpoint, the notification and the return, and
 * every refusal (tampered, another key, another shop, expired, unknown order, another amount), each writing nothing.
 * The priced booking is on the advance plan: 600 € (300 € for each of the two) due next, 2 194,50 € in all.
 */

const WEBHOOK = '/api/payments/montonio/webhook';

let montonio: MontonioStub;
let guest: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  montonio = await startMontonioStub();
});
afterAll(async () => {
  await montonio.close();
});
const f = useApiFixture(() => ({ config: { montonio: { accessKey: montonio.accessKey, secretKey: montonio.secretKey, apiUrl: montonio.url } } }));
beforeEach(async () => {
  montonio.setFailing(false);
  guest = await signedIn(f.app);
});

/** A priced booking of the signed-in guest (theirs by their confirmed e-mail). */
const myBooking = () => f.pricedBooking({ email: guest.email });

async function pay(bookingId: number, body: Record<string, unknown> = { part: 'next' }) {
  const res = await guest.b.post(`/api/me/bookings/${bookingId}/pay`, body);
  const json = await readJson(res);
  expect(res.status, JSON.stringify(json)).toBe(200);
  return { ...json, order: montonio.order() };
}

const returnTo = async (token: string) => fetch(`${f.app.origin}/api/payments/montonio/return?order-token=${encodeURIComponent(token)}`);

const payments = (bookingId: number) => f.app.rows(`SELECT amount_cents, method, online_order_id, note, reference FROM payments WHERE booking_id = ${bookingId}`);
const orderRow = async (bookingId: number) => (await f.app.rows(`SELECT * FROM online_payment_orders WHERE booking_id = ${bookingId} ORDER BY id DESC`))[0]!;
const booking = async (bookingId: number) => (await f.app.rows(`SELECT amount_paid_cents, deposit_paid, balance_paid, payment_status FROM bookings WHERE id = ${bookingId}`))[0]!;
const onlineAudits = () => f.app.count("audit_logs WHERE action = 'payment.online'");

/** What a refused notification must not have touched. */
async function nothingWritten(bookingId: number, status = 'created') {
  expect(await payments(bookingId)).toHaveLength(0);
  expect(await onlineAudits()).toBe(0);
  expect((await orderRow(bookingId)).status).toBe(status);
  expect(Number((await booking(bookingId)).amount_paid_cents ?? 0)).toBe(0);
}

async function expectRefused(res: Response, status: number, code: string) {
  const body = await readJson(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
}

describe('the pay endpoint', () => {
  it('creates a Montonio order for what is due next, signed with the shop key, and answers the payment page', async () => {
    const id = await myBooking();
    const { paymentUrl, amountCents, order } = await pay(id);
    expect(paymentUrl).toBe(`${montonio.url}/pay/${order.uuid}`);
    expect(amountCents).toBe(ADVANCE);
    expect(order.grandTotal).toBe(ADVANCE / 100);
    expect(order.currency).toBe('EUR');
    expect(order.method).toBe('paymentInitiation');
    expect(order.merchantReference.startsWith(`${bookingReferenceNumber(id)}-`)).toBe(true);
    expect(order.notificationUrl).toBe(`${f.app.origin}${WEBHOOK}`);
    expect(order.returnUrl).toBe(`${f.app.origin}/makse`);
    expect(order.request).toMatchObject({ accessKey: montonio.accessKey, locale: 'et', payment: { amount: ADVANCE / 100, currency: 'EUR' } });
    expect(typeof order.request.exp).toBe('number');
    const row = await orderRow(id);
    expect(row).toMatchObject({ provider: 'montonio', provider_order_id: order.uuid, merchant_reference: order.merchantReference, part: 'next', status: 'created', currency: 'EUR' });
    expect(Number(row.amount_cents)).toBe(ADVANCE);
  });

  it('asks for all that is open with part "rest", and for a card with method "card"', async () => {
    const id = await myBooking();
    const { amountCents, order } = await pay(id, { part: 'rest', method: 'card' });
    expect(amountCents).toBe(OWED);
    expect(order.grandTotal).toBe(OWED / 100);
    expect(order.method).toBe('cardPayments');
  });

  it("answers another guest's booking as a missing one (404), and writes no order", async () => {
    const id = await f.pricedBooking();
    const atMontonio = montonio.orders.size;
    const res = await guest.b.post(`/api/me/bookings/${id}/pay`, { part: 'next' });
    await expectRefused(res, 404, 'not_found');
    expect(await f.app.count('online_payment_orders')).toBe(0);
    expect(montonio.orders.size).toBe(atMontonio);
  });

  it('refuses a cancelled booking and a booking with nothing due, in Estonian', async () => {
    const id = await myBooking();
    await f.cancel(id);
    const cancelled = await guest.b.post(`/api/me/bookings/${id}/pay`, { part: 'next' });
    await expectRefused(cancelled, 409, 'booking_cancelled_pay');

    const other = await myBooking();
    await pay(other, { part: 'rest' });
    expect((await montonio.notify(undefined, 'PAID')).status).toBe(200);
    const none = await guest.b.post(`/api/me/bookings/${other}/pay`, { part: 'next' });
    await expectRefused(none, 422, 'nothing_due');
    expect((await readJson(await guest.b.post(`/api/me/bookings/${other}/pay`, { part: 'rest' }))).error.message).toBe('Broneeringul ei ole praegu midagi tasuda.');
  });

  it('refuses a body without a part (422), and answers 502 when Montonio is down, writing nothing', async () => {
    const id = await myBooking();
    await expectRefused(await guest.b.post(`/api/me/bookings/${id}/pay`, { part: 'all' }), 422, 'validation_failed');
    montonio.setFailing(true);
    await expectRefused(await guest.b.post(`/api/me/bookings/${id}/pay`, { part: 'next' }), 502, 'payment_provider_failed');
    expect(await f.app.count('online_payment_orders')).toBe(0);
  });

  it('the booking confirmation points to the portal\'s "Maksa kohe" (behind sign-in), not to a payment link', async () => {
    await myBooking();
    const [mail] = await f.app.rows(`SELECT text, html FROM email_outbox WHERE kind = 'booking_confirmation' ORDER BY id DESC LIMIT 1`);
    expect(String(mail!.text)).toContain(`valige „Maksa kohe“ (internetipank või pangakaart):\n${f.app.origin}/minu-broneeringud\n`);
    expect(String(mail!.html)).toContain(`<a href="${f.app.origin}/minu-broneeringud">Maksa kohe</a>`);
    expect(await f.app.count('online_payment_orders')).toBe(0);
  });

  it("the portal's booking offers what is due next and all that is open, and nothing once cancelled", async () => {
    const id = await myBooking();
    const view = async () => (await readJson(await guest.b.get(`/api/me/bookings/${id}`))).booking.onlinePayment;
    expect(await view()).toEqual({ next: { part: 'advance', amountCents: ADVANCE }, restCents: OWED });
    await f.cancel(id);
    expect(await view()).toBeNull();
  });

  it('is off (404 online_payment_off) when Montonio is not configured, and so are the notification and the return', async () => {
    const plain = await startApiFixture();
    try {
      const g = await signedIn(plain.app);
      const id = await plain.pricedBooking({ email: g.email });
      // The portal offers no "Maksa kohe" without the keys, and the confirmation does not mention it.
      expect((await readJson(await g.b.get(`/api/me/bookings/${id}`))).booking.onlinePayment).toBeNull();
      const [mail] = await plain.app.rows(`SELECT text FROM email_outbox WHERE kind = 'booking_confirmation' ORDER BY id DESC LIMIT 1`);
      expect(String(mail!.text)).not.toContain('Maksa kohe');
      await expectRefused(await g.b.post(`/api/me/bookings/${id}/pay`, { part: 'next' }), 404, 'online_payment_off');
      await expectRefused(await fetch(`${plain.app.origin}${WEBHOOK}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"orderToken":"x.y.z"}' }), 404, 'online_payment_off');
      await expectRefused(await fetch(`${plain.app.origin}/api/payments/montonio/return?order-token=x.y.z`), 404, 'online_payment_off');
    } finally {
      await plain.close();
    }
  });
});

describe('the notification', () => {
  it('paid: one ledger payment (method bank_link) with the order, the derived status and the audit record', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    const res = await montonio.notify(order.uuid, 'PAID');
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ ok: true });
    const [p] = await payments(id);
    const row = await orderRow(id);
    expect(p).toMatchObject({ method: 'bank_link', online_order_id: row.id, note: `montonio: ${order.uuid}`, reference: bookingReferenceNumber(id) });
    expect(Number(p!.amount_cents)).toBe(ADVANCE);
    expect(row).toMatchObject({ status: 'paid', provider_method: 'paymentInitiation', refund_review: 0 });
    expect(await booking(id)).toMatchObject({ amount_paid_cents: ADVANCE, deposit_paid: 1, balance_paid: 0, payment_status: 'partial' });
    expect(await onlineAudits()).toBe(1);
    // The return afterwards says so, and adds nothing.
    expect(await readJson(await returnTo(await montonio.returnToken(order.uuid)))).toEqual({ outcome: 'paid', bookingId: id });
    expect(await payments(id)).toHaveLength(1);
  });

  it('paid by card: the ledger says card; the whole sum makes the booking paid', async () => {
    const id = await myBooking();
    const { order } = await pay(id, { part: 'rest', method: 'card' });
    expect((await montonio.notify(order.uuid, 'PAID')).status).toBe(200);
    expect((await payments(id))[0]).toMatchObject({ method: 'card' });
    expect(await booking(id)).toMatchObject({ amount_paid_cents: OWED, balance_paid: 1, payment_status: 'paid' });
  });

  it('replayed: the same notification twice makes one payment and one audit record', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    const token = await montonio.sign(montonio.claimsOf(order, 'PAID'));
    expect((await montonio.postNotification(order.uuid, token)).status).toBe(200);
    expect((await montonio.postNotification(order.uuid, token)).status).toBe(200);
    expect((await montonio.notify(order.uuid, 'PAID')).status).toBe(200);
    expect(await payments(id)).toHaveLength(1);
    expect(await onlineAudits()).toBe(1);
    expect(Number((await booking(id)).amount_paid_cents)).toBe(ADVANCE);
  });

  it('replayed 25 times: the booking keeps its version, so an admin with it open gets no false conflict', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    const token = await montonio.sign(montonio.claimsOf(order, 'PAID'));
    expect((await montonio.postNotification(order.uuid, token)).status).toBe(200);
    const version = async () => Number((await f.app.rows(`SELECT version FROM bookings WHERE id = ${id}`))[0]!.version);
    const afterPayment = await version();
    for (let i = 0; i < 25; i++) expect((await montonio.postNotification(order.uuid, token)).status).toBe(200);
    expect(await version()).toBe(afterPayment);
    expect(await payments(id)).toHaveLength(1);
  });

  it('abandoned and voided change the order only; a late PENDING does not undo them, and PAID after ABANDONED still pays', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    expect((await montonio.notify(order.uuid, 'ABANDONED')).status).toBe(200);
    expect((await orderRow(id)).status).toBe('abandoned');
    expect(await readJson(await returnTo(await montonio.returnToken(order.uuid)))).toMatchObject({ outcome: 'abandoned' });
    expect((await montonio.notify(order.uuid, 'PENDING')).status).toBe(200);
    expect((await orderRow(id)).status).toBe('abandoned');
    expect(await payments(id)).toHaveLength(0);
    expect((await montonio.notify(order.uuid, 'PAID')).status).toBe(200);
    expect(await payments(id)).toHaveLength(1);

    const other = await myBooking();
    const voided = (await pay(other)).order;
    expect((await montonio.notify(voided.uuid, 'VOIDED')).status).toBe(200);
    expect((await orderRow(other)).status).toBe('voided');
    expect(await readJson(await returnTo(await montonio.returnToken(voided.uuid)))).toMatchObject({ outcome: 'failed' });
    expect(await payments(other)).toHaveLength(0);
  });

  it('a paid order on a booking cancelled in the meantime is recorded and flagged for the refund decision', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    await f.cancel(id);
    expect((await montonio.notify(order.uuid, 'PAID')).status).toBe(200);
    expect(await payments(id)).toHaveLength(1);
    expect(await orderRow(id)).toMatchObject({ status: 'paid', refund_review: 1 });
    expect(await onlineAudits()).toBe(1);
    // The admin's ledger shows the provider, its order id and the flag.
    const ledger = await f.ok('GET', `/api/admin/bookings/${id}/payments`);
    expect(ledger.items).toEqual([expect.objectContaining({ amountCents: ADVANCE, online: { provider: 'montonio', orderId: order.uuid, method: 'paymentInitiation', refundReview: true } })]);
  });

  it('takes the token from the `order-token` query parameter too (Montonio sends both)', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    order.paymentStatus = 'PAID';
    const token = await montonio.sign(montonio.claimsOf(order, 'PAID'));
    const res = await fetch(`${order.notificationUrl}?order-token=${encodeURIComponent(token)}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(await payments(id)).toHaveLength(1);
  });

  describe('refused, logged, nothing written', () => {
    let id: number;
    let order: MontonioStub extends { order: () => infer O } ? O : never;
    beforeEach(async () => {
      id = await myBooking();
      ({ order } = await pay(id));
    });
    const refusedLog = () => f.app.logs.filter((l) => String(l.msg).startsWith('online payment refused'));

    it('a tampered token (claims changed, signature kept)', async () => {
      const token = await montonio.sign(montonio.claimsOf(order, 'PAID'));
      const [head, , sig] = token.split('.');
      const forged = Buffer.from(JSON.stringify({ ...montonio.claimsOf(order, 'PAID'), grandTotal: 1 })).toString('base64url');
      await expectRefused(await montonio.postNotification(order.uuid, `${head}.${forged}.${sig}`), 400, 'payment_token_invalid');
      expect(refusedLog().at(-1)).toMatchObject({ reason: 'signature' });
      await nothingWritten(id);
    });

    it('a token signed with another key', async () => {
      const token = await montonio.sign(montonio.claimsOf(order, 'PAID'), { key: 'another-secret-key-0123456789abcdef' });
      await expectRefused(await montonio.postNotification(order.uuid, token), 400, 'payment_token_invalid');
      await nothingWritten(id);
    });

    it("a token for another shop (another access key, our secret)", async () => {
      const token = await montonio.sign({ ...montonio.claimsOf(order, 'PAID'), accessKey: 'someone-else' });
      await expectRefused(await montonio.postNotification(order.uuid, token), 400, 'payment_token_invalid');
      expect(refusedLog().at(-1)).toMatchObject({ reason: 'access_key' });
      await nothingWritten(id);
    });

    it('an expired token', async () => {
      const token = await montonio.sign(montonio.claimsOf(order, 'PAID'), { expiresIn: Math.floor(Date.now() / 1000) - 60 });
      await expectRefused(await montonio.postNotification(order.uuid, token), 400, 'payment_token_invalid');
      expect(refusedLog().at(-1)).toMatchObject({ reason: 'expired' });
      await nothingWritten(id);
    });

    /** Our key, Montonio's claims, and only the time claims given (the stand-in's `sign` always sets both). */
    const signTimed = ({ iat, exp }: { iat?: number; exp?: number }) => {
      const jwt = new SignJWT(montonio.claimsOf(order, 'PAID')).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
      if (iat !== undefined) jwt.setIssuedAt(iat);
      if (exp !== undefined) jwt.setExpirationTime(exp);
      return jwt.sign(new TextEncoder().encode(montonio.secretKey));
    };
    const nowSeconds = () => Math.floor(Date.now() / 1000);

    it('a token without exp, or without iat (good on its signature alone otherwise)', async () => {
      for (const token of [await signTimed({ iat: nowSeconds() }), await signTimed({}), await signTimed({ exp: nowSeconds() + 600 })]) {
        await expectRefused(await montonio.postNotification(order.uuid, token), 400, 'payment_token_invalid');
        expect(refusedLog().at(-1)).toMatchObject({ reason: 'claims' });
        await expectRefused(await returnTo(token), 400, 'payment_token_invalid');
      }
      await nothingWritten(id);
    });

    it('a token issued in the future, or more than a day ago (whatever its exp)', async () => {
      for (const iat of [nowSeconds() + 10 * 60, nowSeconds() + 365 * 24 * 3600, nowSeconds() - 25 * 3600, nowSeconds() - 365 * 24 * 3600]) {
        const token = await signTimed({ iat, exp: nowSeconds() + 3650 * 24 * 3600 });
        await expectRefused(await montonio.postNotification(order.uuid, token), 400, 'payment_token_invalid');
        expect(refusedLog().at(-1)).toMatchObject({ reason: 'issued_at' });
        await expectRefused(await returnTo(token), 400, 'payment_token_invalid');
      }
      await nothingWritten(id);
    });

    it('but a token issued a moment ahead (clocks differ) or hours ago, not yet expired, still pays', async () => {
      const ahead = await signTimed({ iat: nowSeconds() + 60, exp: nowSeconds() + 600 });
      expect((await montonio.postNotification(order.uuid, ahead)).status).toBe(200);
      expect(await payments(id)).toHaveLength(1);
      const hoursAgo = await signTimed({ iat: nowSeconds() - 6 * 3600, exp: nowSeconds() + 600 });
      expect((await montonio.postNotification(order.uuid, hoursAgo)).status).toBe(200);
      expect(await payments(id)).toHaveLength(1);
      expect(await onlineAudits()).toBe(1);
    });

    it('an unknown merchant reference, or an unknown order', async () => {
      await expectRefused(await montonio.postNotification(order.uuid, await montonio.sign({ ...montonio.claimsOf(order, 'PAID'), merchantReference: `${bookingReferenceNumber(id)}-ffffffff` })), 404, 'payment_order_unknown');
      await expectRefused(await montonio.postNotification(order.uuid, await montonio.sign({ ...montonio.claimsOf(order, 'PAID'), uuid: '00000000-0000-4000-8000-999999999999' })), 404, 'payment_order_unknown');
      await nothingWritten(id);
    });

    it('another amount or currency than the order', async () => {
      await expectRefused(await montonio.postNotification(order.uuid, await montonio.sign({ ...montonio.claimsOf(order, 'PAID'), grandTotal: 299.99 })), 422, 'payment_amount_mismatch');
      await expectRefused(await montonio.postNotification(order.uuid, await montonio.sign({ ...montonio.claimsOf(order, 'PAID'), currency: 'PLN' })), 422, 'payment_amount_mismatch');
      expect(refusedLog().at(-1)).toMatchObject({ msg: 'online payment refused: amount differs from the order' });
      await nothingWritten(id);
    });

    it('is exempt from the Origin check, but refuses unsigned and garbage bodies with 4xx', async () => {
      const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }) => fetch(`${f.app.origin}${WEBHOOK}`, { method: 'POST', headers, body });
      for (const [body, headers] of [
        ['{"orderToken":"not-a-jwt"}', undefined],
        ['{"orderToken":"a.b.c"}', undefined],
        ['{}', undefined],
        ['{"orderToken":', undefined],
        ['orderToken=x', { 'Content-Type': 'application/x-www-form-urlencoded' }],
        [JSON.stringify({ orderToken: `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(montonio.claimsOf(order, 'PAID'))).toString('base64url')}.` }), undefined],
      ] as const) {
        const res = await post(body, headers);
        expect(res.status, body).toBeGreaterThanOrEqual(400);
        expect(res.status, body).toBeLessThan(500);
        expect(res.status, body).not.toBe(403);
        expect((await readJson(res)).error.code).toBeTypeOf('string');
      }
      await nothingWritten(id);
      // The guest's own endpoint stays behind the Origin check.
      const noOrigin = await fetch(`${f.app.origin}/api/me/bookings/${id}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"part":"next"}' });
      await expectRefused(noOrigin, 403, 'forbidden_origin');
    });
  });
});

describe('the return', () => {
  it('pending then paid: the return re-checks Montonio, answers pending, and the later notification pays once', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    const res = await returnTo(await montonio.returnToken(order.uuid));
    expect(await readJson(res)).toEqual({ outcome: 'pending', bookingId: id });
    expect((await orderRow(id)).status).toBe('pending');
    expect(await payments(id)).toHaveLength(0);
    expect((await montonio.notify(order.uuid, 'PAID')).status).toBe(200);
    expect(await payments(id)).toHaveLength(1);
    expect(await readJson(await returnTo(await montonio.returnToken(order.uuid)))).toMatchObject({ outcome: 'paid' });
  });

  it('the notification late: the return asks Montonio, finds it paid and records it; the notification then adds nothing', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    const pendingToken = await montonio.returnToken(order.uuid);
    montonio.setStatus(order.uuid, 'PAID');
    expect(await readJson(await returnTo(pendingToken))).toEqual({ outcome: 'paid', bookingId: id });
    expect(await payments(id)).toHaveLength(1);
    expect((await montonio.notify(order.uuid, 'PAID')).status).toBe(200);
    expect(await payments(id)).toHaveLength(1);
    expect(await onlineAudits()).toBe(1);
  });

  it('the notification racing the return makes one payment', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await myBooking();
      const { order } = await pay(id);
      montonio.setStatus(order.uuid, 'PAID');
      const token = await montonio.returnToken(order.uuid);
      const [notified, returned] = await Promise.all([montonio.notify(order.uuid, 'PAID'), returnTo(token), returnTo(token)]);
      expect(notified.status).toBe(200);
      expect(await readJson(returned)).toMatchObject({ outcome: 'paid' });
      expect(await payments(id)).toHaveLength(1);
      expect(Number((await booking(id)).amount_paid_cents)).toBe(ADVANCE);
    }
    expect(await onlineAudits()).toBe(3);
  });

  it('refuses a missing, forged or expired token (400) and writes nothing', async () => {
    const id = await myBooking();
    const { order } = await pay(id);
    await expectRefused(await fetch(`${f.app.origin}/api/payments/montonio/return`), 400, 'payment_token_invalid');
    await expectRefused(await returnTo(await montonio.sign(montonio.claimsOf(order, 'PAID'), { key: 'another-secret-key-0123456789abcdef' })), 400, 'payment_token_invalid');
    await expectRefused(await returnTo(await montonio.sign(montonio.claimsOf(order, 'PAID'), { expiresIn: Math.floor(Date.now() / 1000) - 1 })), 400, 'payment_token_invalid');
    await nothingWritten(id);
  });
});
