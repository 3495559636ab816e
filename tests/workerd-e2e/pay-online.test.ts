import { exports } from 'cloudflare:workers';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { validBooking } from '../helpers/booking-fixtures';
import { bindings, browser, confirmedAccount, rows, SITE } from './support';

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
});

