import { describe, expect, it } from 'vitest';
import type { StatementImportResult } from '../../src/lib/admin/bank-statements';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { validBooking } from '../helpers/booking-fixtures';
import { camt053, lhvCsv } from '../helpers/bank-statements';
import { browser, confirmedAccount, rows, uniqueEmail } from './support';

// The bank-statement import (issue "Collect") in workerd: a multipart upload within the Workers runtime, camt.053
// read by fast-xml-parser and a bank CSV by csv-parse (which needs the runtime's Buffer), the keys hashed with Web
// Crypto, and the whole import one batch over Hrana.
describe('bank statements in workerd, over Hrana', () => {
  it('imports a camt.053 and an LHV CSV: payments on the booking they name, the same file twice adds nothing', async () => {
    const booking = await browser().post('/api/bookings', validBooking({ email: uniqueEmail('maksja') }));
    expect(booking.status).toBe(201);
    const { bookingId } = await booking.json<{ bookingId: number }>();
    await rows('UPDATE bookings SET total_amount_cents = 100000 WHERE id = ?', [bookingId]);
    const { userId, confirmedIn: admin } = await confirmedAccount('pank');
    await rows("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')", [userId]);
    const reference = bookingReferenceNumber(bookingId);
    const archive = crypto.randomUUID().slice(0, 12);

    const upload = async (content: string, name: string) => {
      const form = new FormData();
      form.set('file', new Blob([content]), name);
      const res = await admin.upload('/api/admin/bank-statements', form);
      expect(res.status, await res.clone().text()).toBe(201);
      return res.json<StatementImportResult>();
    };
    const xml = camt053([{ amountCents: 30_000, bookedOn: '2025-09-01', reference, payerName: 'Mari Tamm', archiveId: `${archive}-1` }]);
    expect((await upload(xml, 'camt.xml')).imports[0]!.transactions.map((t) => [t.outcome, t.allocations.map((a) => a.bookingId)])).toEqual([['partial', [bookingId]]]);
    const csv = lhvCsv([{ amountCents: 70_000, bookedOn: '2025-09-02', reference, payerName: 'Mari Tamm', archiveId: `${archive}-2` }]);
    expect((await upload(csv, 'lhv.csv')).imports[0]!.transactions[0]).toMatchObject({ outcome: 'matched' });
    expect((await upload(xml, 'camt.xml')).imports[0]!.transactions[0]).toMatchObject({ outcome: 'duplicate' });
    expect(await rows('SELECT amount_cents FROM payments WHERE booking_id = ? ORDER BY id', [bookingId])).toEqual([{ amount_cents: 30_000 }, { amount_cents: 70_000 }]);
    expect(await rows('SELECT amount_paid_cents, balance_paid FROM bookings WHERE id = ?', [bookingId])).toEqual([{ amount_paid_cents: 100_000, balance_paid: 1 }]);
  });
});
