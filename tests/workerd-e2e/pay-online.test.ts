import { exports } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { validBooking } from '../helpers/booking-fixtures';
import { bindings, browser, confirmedAccount, montonioStatus, rows, SITE } from './support';

// Pay online (issue "Pay online") in workerd: the worker signs its Montonio order with jose's HS256 on WebCrypto,
// and verifies the notification's token the same way; a tampered token is refused, the right one pays once.
describe('pay online in workerd', () => {
  it('creates the order at the stand-in, refuses a tampered notification, and a signed one pays once', async () => {
    const { email, confirmedIn: guest } = await confirmedAccount('maksa');
    const booking = await browser().post('/api/bookings', validBooking({ email }));
    expect(booking.status).toBe(201);
    const { bookingId } = await booking.json<{ bookingId: number }>();
    await rows('UPDATE bookings SET total_amount_cents = 100000, payment_plan = NULL, advance_cents = NULL WHERE id = ?', [bookingId]);

    const pay = await guest.post(`/api/me/bookings/${bookingId}/pay`, { part: 'next' });
    expect(pay.status, await pay.clone().text()).toBe(200);
    const { paymentUrl, amountCents } = await pay.json<{ paymentUrl: string; amountCents: number }>();
    expect(amountCents).toBe(30_000);
    const [order] = await rows('SELECT provider_order_id, merchant_reference FROM online_payment_orders WHERE booking_id = ?', [bookingId]);
    expect(paymentUrl).toMatch(new RegExp(`/pay/${order!.provider_order_id}$`));

    const claims = {
      uuid: order!.provider_order_id,
      accessKey: bindings.MONTONIO_ACCESS_KEY,
      merchantReference: order!.merchant_reference,
      paymentStatus: 'PAID',
      paymentMethod: 'paymentInitiation',
      grandTotal: 300,
      currency: 'EUR',
    };
    const sign = (c: Record<string, unknown>, secret = bindings.MONTONIO_SECRET_KEY!) =>
      new SignJWT(c).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(secret));
    // The provider's servers send no Origin: the webhook is exempt, and authenticated by the token alone.
    const notify = (orderToken: string) =>
      exports.default.fetch(`${SITE}/api/payments/montonio/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderToken }) });

    const token = await sign(claims);
    const [head, , signature] = token.split('.');
    const forged = btoa(JSON.stringify({ ...claims, grandTotal: 3000 })).replaceAll('=', '').replaceAll('+', '-').replaceAll('/', '_');
    expect((await notify(`${head}.${forged}.${signature}`)).status).toBe(400);
    expect((await notify(await sign(claims, 'another-secret-0123456789abcdef-another'))).status).toBe(400);
    expect(await rows('SELECT count(*) AS n FROM payments WHERE booking_id = ?', [bookingId])).toEqual([{ n: 0 }]);

    expect((await notify(token)).status).toBe(200);
    expect((await notify(token)).status).toBe(200);
    expect(await rows('SELECT amount_cents, method FROM payments WHERE booking_id = ?', [bookingId])).toEqual([{ amount_cents: 30_000, method: 'bank_link' }]);
    expect(await rows('SELECT amount_paid_cents, deposit_paid FROM bookings WHERE id = ?', [bookingId])).toEqual([{ amount_paid_cents: 30_000, deposit_paid: 1 }]);
  });

  it('refuses expired, foreign-shop and wrong-amount tokens; abandoned and voided pay nothing; the return re-checks Montonio; a cancelled booking is flagged', async () => {
    const { email, confirmedIn: guest } = await confirmedAccount('maksa2');
    const booking = await browser().post('/api/bookings', validBooking({ email }));
    const { bookingId } = await booking.json<{ bookingId: number }>();
    await rows('UPDATE bookings SET total_amount_cents = 100000, payment_plan = NULL, advance_cents = NULL WHERE id = ?', [bookingId]);
    const sign = (c: Record<string, unknown>, expiresIn: string | number = '10m') =>
      new SignJWT(c).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expiresIn).sign(new TextEncoder().encode(bindings.MONTONIO_SECRET_KEY!));
    const notify = async (orderToken: string) =>
      exports.default.fetch(`${SITE}/api/payments/montonio/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ orderToken }) });
    const back = async (token: string) => exports.default.fetch(`${SITE}/api/payments/montonio/return?order-token=${encodeURIComponent(token)}`);
    /** A new order for what is due next, and the claims Montonio's tokens for it carry. */
    async function newOrder() {
      const pay = await guest.post(`/api/me/bookings/${bookingId}/pay`, { part: 'next' });
      expect(pay.status, await pay.clone().text()).toBe(200);
      const [order] = await rows('SELECT id, provider_order_id, merchant_reference, amount_cents FROM online_payment_orders WHERE booking_id = ? ORDER BY id DESC LIMIT 1', [bookingId]);
      const claims = (paymentStatus: string) => ({
        uuid: order!.provider_order_id,
        accessKey: bindings.MONTONIO_ACCESS_KEY,
        merchantReference: order!.merchant_reference,
        paymentStatus,
        paymentMethod: 'paymentInitiation',
        grandTotal: Number(order!.amount_cents) / 100,
        currency: 'EUR',
      });
      return { id: Number(order!.id), uuid: String(order!.provider_order_id), claims };
    }
    const paid = async () => (await rows('SELECT count(*) AS n FROM payments WHERE booking_id = ?', [bookingId]))[0]!.n;
    const status = async (id: number) => (await rows('SELECT status, refund_review FROM online_payment_orders WHERE id = ?', [id]))[0];

    // Refused, nothing written: expired, another shop's access key, another amount.
    const first = await newOrder();
    expect((await notify(await sign(first.claims('PAID'), Math.floor(Date.now() / 1000) - 60))).status).toBe(400);
    expect((await notify(await sign({ ...first.claims('PAID'), accessKey: 'another-shop' }))).status).toBe(400);
    expect((await notify(await sign({ ...first.claims('PAID'), grandTotal: 250 }))).status).toBe(422);
    expect(await paid()).toBe(0);
    expect(await status(first.id)).toEqual({ status: 'created', refund_review: 0 });

    // Abandoned: the order says so, the return says so, nothing paid. Voided: "failed".
    expect((await notify(await sign(first.claims('ABANDONED')))).status).toBe(200);
    expect(await (await back(await sign(first.claims('ABANDONED')))).json()).toEqual({ outcome: 'abandoned', bookingId });
    const second = await newOrder();
    expect((await notify(await sign(second.claims('VOIDED')))).status).toBe(200);
    expect(await (await back(await sign(second.claims('VOIDED')))).json()).toEqual({ outcome: 'failed', bookingId });
    expect(await paid()).toBe(0);

    // Pending, then paid with the notification late: the guest comes back with PENDING and Montonio says PENDING too
    // (the return asks it with a Bearer JWT signed in workerd); then Montonio has PAID but has not told the shop: the
    // return asks again and records it; the notification then adds nothing.
    const third = await newOrder();
    expect(await (await back(await sign(third.claims('PENDING')))).json()).toEqual({ outcome: 'pending', bookingId });
    expect(await status(third.id)).toEqual({ status: 'pending', refund_review: 0 });
    await montonioStatus(third.uuid, 'PAID');
    expect(await (await back(await sign(third.claims('PENDING')))).json()).toEqual({ outcome: 'paid', bookingId });
    expect(await paid()).toBe(1);
    expect((await notify(await sign(third.claims('PAID')))).status).toBe(200);
    expect(await paid()).toBe(1);
    expect(await status(third.id)).toEqual({ status: 'paid', refund_review: 0 });

    // The balance: two orders for it; the notification racing the return pays the first once.
    const fourth = await newOrder();
    const fifth = await newOrder();
    const [viaReturn, viaNotification] = await Promise.all([back(await sign(fourth.claims('PAID'))), notify(await sign(fourth.claims('PAID')))]);
    expect(await viaReturn.json()).toEqual({ outcome: 'paid', bookingId });
    expect(viaNotification.status).toBe(200);
    expect(await paid()).toBe(2);

    // Cancelled, then the second balance order is paid after all: recorded, and flagged for the refund decision.
    await rows("UPDATE bookings SET status = 'cancelled' WHERE id = ?", [bookingId]);
    expect((await notify(await sign(fifth.claims('PAID')))).status).toBe(200);
    expect(await paid()).toBe(3);
    expect(await status(fourth.id)).toEqual({ status: 'paid', refund_review: 0 });
    expect(await status(fifth.id)).toEqual({ status: 'paid', refund_review: 1 });
  });
});

