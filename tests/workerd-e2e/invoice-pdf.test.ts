import { describe, expect, it } from 'vitest';
import { validBooking } from '../helpers/booking-fixtures';
import { browser, confirmedAccount, rows, uniqueEmail } from './support';

// The invoice PDF in workerd (issue "Speed"): drawn by the on-demand module (worker/hosts/lazy/invoice-pdf.js, built
// by scripts/build-lazy-modules.ts), which the worker imports only for the requests that draw one.
describe('the invoice PDF in workerd, from its on-demand module', () => {
  it('issues an invoice and downloads its PDF', async () => {
    const booking = await browser().post('/api/bookings', validBooking({ email: uniqueEmail('arve') }));
    expect(booking.status).toBe(201);
    const { bookingId } = await booking.json<{ bookingId: number }>();
    await rows('UPDATE bookings SET total_amount_cents = 129900 WHERE id = ?', [bookingId]);
    const { userId, confirmedIn: admin } = await confirmedAccount('arveldaja');
    await rows("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')", [userId]);

    const detail = await (await admin.get(`/api/admin/bookings/${bookingId}`)).json<{ booking: { version: number } }>();
    const issued = await admin.post(`/api/admin/bookings/${bookingId}/invoices`, { version: detail.booking.version, buyer: { name: 'Õie Šmidt' } });
    expect(issued.status).toBe(201);
    const { invoice } = await issued.json<{ invoice: { id: number } }>();

    const pdf = await admin.get(`/api/admin/invoices/${invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(10_000);
  });
});
