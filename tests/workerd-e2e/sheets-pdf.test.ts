import { describe, expect, it } from 'vitest';
import { validBooking } from '../helpers/booking-fixtures';
import { browser, confirmedAccount, rows, uniqueEmail } from './support';

// An edition's run sheet in workerd (issue 24): drawn by its own on-demand module (worker/hosts/lazy/sheets-pdf.js,
// built by scripts/build-lazy-modules.ts), which the worker imports only for the requests that draw a sheet.
describe('a run sheet PDF in workerd, from its on-demand module', () => {
  it('downloads the manifest of an edition with a confirmed booking', { timeout: 120_000 }, async () => {
    const booking = await browser().post('/api/bookings', validBooking({ email: uniqueEmail('nimekiri'), firstName: 'Õie', lastName: 'Šmidt' }));
    expect(booking.status).toBe(201);
    const { bookingId } = await booking.json<{ bookingId: number }>();
    await rows("UPDATE bookings SET status = 'confirmed' WHERE id = ?", [bookingId]);
    const [retreat] = await rows('SELECT retreat_id FROM bookings WHERE id = ?', [bookingId]);
    const { userId, confirmedIn: admin } = await confirmedAccount('korraldaja');
    await rows("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')", [userId]);

    const pdf = await admin.get(`/api/admin/retreats/${retreat!.retreat_id}/sheets/manifest.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    // A page with the embedded font subsets (an empty document is about 1 KB).
    expect(bytes.length).toBeGreaterThan(5_000);
    const csv = await admin.get(`/api/admin/retreats/${retreat!.retreat_id}/sheets/kitchen.csv`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Õie Šmidt');
  });
});
