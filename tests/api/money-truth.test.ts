/**
 * The money errors a bookkeeper found (issue "One money truth"), each pinned: the invoice never subtracts a paid
 * advance again and asks for what the schedule asks; one version issues one invoice; a cancelled booking owes
 * nothing, everywhere; a reversal keeps an overdue booking overdue; payments are bounded and confirmed beyond the
 * bill; nothing in the books is deleted; places are counted one way.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_TEXTS, type InvoiceView } from '../../src/lib/admin/invoices';
import type { BookingDetail } from '../../src/lib/admin/booking-views';
import { signedIn } from '../helpers/admin-session';
import { startTestApp, type TestApp } from '../helpers/app-server';
import { readJson } from '../helpers/http';
import { PRICED_BOOKING_OWED as OWED, pricedBooking as pricedBookingIn } from '../helpers/priced-booking';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let clock: Date;

beforeEach(async () => {
  app = await startTestApp();
  clock = new Date('2025-12-01T10:00:00.000Z');
  app.deps.now = () => clock;
  admin = await signedIn(app, { admin: true });
});
afterEach(async () => {
  await app.close();
});

/** March 2026: the advance is due 15.12.2025 and the rest 13.01.2026 (60 days before 14.03). */
const marchBooking = () => pricedBookingIn(app, { retreatMonth: 'mar-2026' });
const versionOf = async (id: number) => Number((await app.rows(`SELECT version FROM bookings WHERE id = ${id}`))[0]!.version);
const buyer = { name: 'Mari Tamm', email: 'mari@example.com' };
const pay = (id: number, amount: string, body: Record<string, unknown> = {}) =>
  admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', amount, method: 'bank_transfer', receivedOn: '2025-12-01', ...body });
const detail = async (id: number) => (await readJson(await admin.b.get(`/api/admin/bookings/${id}`))).booking as BookingDetail;
async function issue(id: number): Promise<InvoiceView> {
  const res = await admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: await versionOf(id), buyer });
  expect(res.status).toBe(201);
  return (await readJson(res)).invoice as InvoiceView;
}
/** Amounts are formatted with no-break spaces: read them as plain spaces. */
const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/g, ' ');
const pdfText = async (invoiceId: number) => {
  const res = await admin.b.get(`/api/admin/invoices/${invoiceId}/pdf`);
  expect(res.status).toBe(200);
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: new Uint8Array(await res.arrayBuffer()) }).toString().replace(/\u00a0/g, ' ');
};

describe('the invoice asks for what the schedule asks', () => {
  it('after the advance is paid: no advance subtracted again, no "confirmed by paying the advance", the balance by its own day', async () => {
    const id = await marchBooking();
    expect((await pay(id, '300')).status).toBe(201);
    const invoice = await issue(id);
    const doc = invoice.document;
    expect(doc).toMatchObject({ totalCents: OWED, paidCents: 30000, outstandingCents: OWED - 30000, remainingAfterAdvanceCents: null, dueOn: '2026-01-13' });
    expect(doc.schedule).toEqual([{ part: 'balance', dueOn: '2026-01-13', amountCents: OWED - 30000 }]);
    const text = await pdfText(invoice.id);
    expect(text).toContain('Tasuda');
    expect(text).toMatch(/Tasuda\s+1 894,50 €/);
    expect(text).not.toContain(INVOICE_TEXTS.remainingAfterAdvance);
    expect(text).not.toContain('Broneering kinnitatakse');
    expect(text).toContain('jääk 1 894,50 € hiljemalt 13.01.2026');
  });

  it('before the advance: the advance by its day, what remains after it by its own, and the e-mail asks the same', async () => {
    const id = await marchBooking();
    const invoice = await issue(id);
    expect(invoice.document).toMatchObject({ outstandingCents: OWED, remainingAfterAdvanceCents: OWED - 30000, dueOn: '2025-12-15', paymentTermDays: 14 });
    const text = await pdfText(invoice.id);
    expect(text).toContain('Broneering kinnitatakse 300,00 € ettemaksu tasumisel.');
    expect(text).toMatch(/Jääk pärast ettemaksu\s+1 894,50 €/);
    expect(text).toContain('ettemaks 300,00 € hiljemalt 15.12.2025 ja jääk 1 894,50 € hiljemalt 13.01.2026');
    expect((await admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {})).status).toBe(200);
    const [mail] = await app.rows(`SELECT text FROM email_outbox WHERE kind = 'invoice'`);
    expect(plain(mail!.text)).toContain('Palume tasuda ettemaks 300,00 € hiljemalt 15.12.2025 ja jääk 1 894,50 € hiljemalt 13.01.2026');
  });

  it('the e-mail of an invoice issued after 300 € was paid asks for the rest, not the full total', async () => {
    const id = await marchBooking();
    await pay(id, '300');
    const invoice = await issue(id);
    await admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {});
    const [mail] = await app.rows(`SELECT text FROM email_outbox WHERE kind = 'invoice'`);
    expect(plain(mail!.text)).toContain('Palume tasuda jääk 1 894,50 € hiljemalt 13.01.2026');
    expect(plain(mail!.text)).not.toMatch(/tasuda 2 194,50/);
  });
});

describe('one version issues at most one invoice', () => {
  it('50 concurrent requests with one version make exactly one invoice; the rest are 409', async () => {
    const id = await marchBooking();
    const version = await versionOf(id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version, buyer })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await app.count('invoices')).toBe(1);
    expect(Number((await app.rows(`SELECT count(*) AS n FROM audit_logs WHERE action = 'invoice.issue'`))[0]!.n)).toBe(1);
  });

  it('after a payment, the version the detail now shows issues (the dialog sends the current one)', async () => {
    const id = await marchBooking();
    const before = await versionOf(id);
    await pay(id, '300');
    expect((await admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: before, buyer })).status).toBe(409);
    const preview = await readJson(await admin.b.get(`/api/admin/bookings/${id}/invoices`));
    expect((await admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: preview.version, buyer })).status).toBe(201);
  });
});

describe('a cancelled booking owes nothing more', () => {
  it('detail, list and both CSV exports show 0 still to pay; the payment is settled', async () => {
    const id = await pricedBookingIn(app, { lastName: 'Tühistaja' });
    await pay(id, '500');
    await issue(id);
    const preview = await readJson(await admin.b.get(`/api/admin/bookings/${id}/cancellation`));
    const cancel = await admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version: preview.version, refund: '250', method: 'bank_transfer', reason: 'Haigus' });
    expect(cancel.status).toBe(200);
    const booking = await detail(id);
    expect(booking.totals).toMatchObject({ remainingCents: 0, overpaidCents: 0, paidCents: 25000 });
    const list = await readJson(await admin.b.get(`/api/admin/bookings?q=T%C3%BChistaja`));
    expect(list.items[0]).toMatchObject({ id, outstandingCents: 0 });
    const bookingsCsv = await (await admin.b.get('/api/admin/exports/bookings.csv?q=T%C3%BChistaja')).text();
    const row = bookingsCsv.split('\r\n').find((l) => l.includes('Tühistaja'))!;
    expect(row).toContain('Tasaarveldatud');
    expect(row.split(';').at(-1)).toBe('0,00');
    // The booker becomes a client by the sync; the clients CSV sums what their bookings still owe: nothing.
    expect((await admin.b.send('POST', '/api/admin/clients/sync', {})).status).toBe(200);
    const clientsCsv = await (await admin.b.get('/api/admin/exports/clients.csv')).text();
    const clientRow = clientsCsv.split('\r\n').find((l) => l.includes('Tühistaja'))!;
    expect(clientRow.split(';').at(-1)).toBe('0,00');
  });

  it('takes refunds only: a payment is 409 and changes nothing', async () => {
    const id = await pricedBookingIn(app);
    await pay(id, '300');
    const preview = await readJson(await admin.b.get(`/api/admin/bookings/${id}/cancellation`));
    await admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version: preview.version, refund: '0', method: 'bank_transfer' });
    const refused = await pay(id, '100');
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error.code).toBe('booking_cancelled');
    expect(await app.count('payments')).toBe(1);
    expect((await pay(id, '100', { kind: 'refund' })).status).toBe(201);
  });
});

describe('payments', () => {
  it('a reversal on an overdue booking keeps it overdue', async () => {
    const id = await pricedBookingIn(app);
    await pay(id, '100');
    clock = new Date('2025-12-20T10:00:00.000Z'); // past the day everything was due (15.12.2025)
    admin = await signedIn(app, { admin: true });
    await app.deps.sql.execute(`UPDATE bookings SET payment_status = 'overdue' WHERE id = ${id}`);
    const [entry] = await app.rows(`SELECT id FROM payments WHERE booking_id = ${id}`);
    const reversed = await admin.b.send('POST', `/api/admin/bookings/${id}/payments/${entry!.id}/reverse`, {});
    expect(reversed.status).toBe(201);
    expect((await detail(id)).paymentStatus).toBe('overdue');
    const ledger = await readJson(await admin.b.get(`/api/admin/bookings/${id}/payments`));
    expect(ledger.totals).toEqual({ receivedCents: 10000, refundedCents: -10000, paidCents: 0 });
  });

  it('refuses a single entry over 100 000 € with a field message, and writes nothing', async () => {
    const id = await pricedBookingIn(app);
    const res = await pay(id, '999999999,99', { overpayment: true });
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details[0]).toMatchObject({ path: 'amount', message: 'Ühe kande summa saab olla kuni 100 000 €.' });
    expect(await app.count('payments')).toBe(0);
  });

  it('a payment beyond what is owed needs confirming, and is then shown as an overpayment', async () => {
    const id = await pricedBookingIn(app);
    const refused = await pay(id, '2500');
    expect(refused.status).toBe(409);
    const error = (await readJson(refused)).error;
    expect(error.code).toBe('overpayment_unconfirmed');
    expect(error.details[0].path).toBe('amount');
    expect(plain(error.details[0].message)).toBe('Tasumata on 2 194,50 €.');
    expect(await app.count('payments')).toBe(0);
    expect((await pay(id, '2500', { overpayment: true })).status).toBe(201);
    const booking = await detail(id);
    expect(booking.totals).toMatchObject({ remainingCents: 0, overpaidCents: 250000 - OWED });
    expect(booking.paymentStatus).toBe('paid');
  });
});

describe('nothing in the books is deleted', () => {
  it('a booking with a payment or an invoice is 409 with the reason; one without goes', async () => {
    const paid = await pricedBookingIn(app);
    await pay(paid, '100');
    const invoiced = await pricedBookingIn(app);
    await issue(invoiced);
    for (const id of [paid, invoiced]) {
      const res = await admin.b.send('DELETE', `/api/admin/bookings/${id}`);
      expect(res.status).toBe(409);
      expect((await readJson(res)).error.code).toBe('booking_has_money');
      expect(await app.rows(`SELECT id FROM bookings WHERE id = ${id}`)).toHaveLength(1);
    }
    const plain = await pricedBookingIn(app);
    expect((await admin.b.send('DELETE', `/api/admin/bookings/${plain}`)).status).toBe(204);
  });

  it('a client whose booking is in the books is 409 and keeps everything', async () => {
    const id = await pricedBookingIn(app, { email: 'raamat@example.com' });
    await admin.b.send('POST', '/api/admin/clients/sync', {});
    await issue(id);
    const [client] = await app.rows(`SELECT id FROM customers WHERE email = 'raamat@example.com'`);
    const res = await admin.b.send('DELETE', `/api/admin/clients/${client!.id}`);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.code).toBe('client_has_money');
    expect(await app.rows(`SELECT id FROM bookings WHERE id = ${id}`)).toHaveLength(1);
  });

  it('a retreat with bookings is 409; its list row carries the count the confirmation states', async () => {
    const id = await pricedBookingIn(app);
    const [row] = await app.rows(`SELECT retreat_id FROM bookings WHERE id = ${id}`);
    const retreatId = Number(row!.retreat_id);
    const res = await admin.b.send('DELETE', `/api/admin/retreats/${retreatId}`);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.code).toBe('retreat_has_bookings');
    const list = await readJson(await admin.b.get('/api/admin/retreats?pageSize=50'));
    expect(list.items.find((r: { id: number }) => r.id === retreatId)).toMatchObject({ bookingCount: 1 });
  });
});

describe('places are counted one way', () => {
  it('confirming a booking beyond the places left is refused with the places named; capacity cannot go below the places taken', async () => {
    const first = await pricedBookingIn(app, { travelWith: 'with-companions', companions: [{ firstName: 'Jaan', lastName: 'Tamm', birthday: '1988-01-01' }] });
    const [row] = await app.rows(`SELECT retreat_id FROM bookings WHERE id = ${first}`);
    const retreatId = Number(row!.retreat_id);
    const retreat = (await readJson(await admin.b.get(`/api/admin/retreats/${retreatId}`))).retreat;
    const setCapacity = (capacity: number) =>
      admin.b.send('PUT', `/api/admin/retreats/${retreatId}`, { ...retreat, basePrice: null, price: '1299', capacity: String(capacity) });
    // The pending request (not on the waiting list) holds 2 places: capacity 1 is below them.
    const below = await setCapacity(1);
    expect(below.status).toBe(422);
    expect((await readJson(below)).error.details[0]).toMatchObject({ path: 'capacity', message: 'Kohtade arv ei saa olla väiksem kui juba võetud kohtade arv (2).' });
    expect((await setCapacity(3)).status).toBe(200);
    // A waiting-list request for 2 holds no place; confirming it with 1 left is refused, naming both numbers.
    const waiting = await pricedBookingIn(app, { travelWith: 'with-companions', companions: [{ firstName: 'Ann', lastName: 'Kask', birthday: '1990-01-01' }] });
    await app.deps.sql.execute(`UPDATE bookings SET waiting_list = 1 WHERE id = ${waiting}`);
    const booking = await detail(waiting);
    const confirm = await admin.b.send('PATCH', `/api/admin/bookings/${waiting}`, {
      version: booking.version,
      status: 'confirmed',
      paymentStatus: booking.paymentStatus,
      roomType: booking.roomType,
      roomSharingPreference: booking.roomSharingPreference,
      bedTypePreference: booking.bedTypePreference,
      totalAmount: '1299',
      amountPaid: '0',
      depositAmount: null,
      specialRequests: booking.specialRequests,
      comments: booking.comments,
      extraFood: booking.extraFood,
    });
    expect(confirm.status).toBe(409);
    expect((await readJson(confirm)).error).toMatchObject({ code: 'retreat_full', message: 'Retriidil on vabu kohti 1, selle broneeringu kinnitamiseks on vaja 2.' });
    expect((await detail(waiting)).status).toBe('pending');
  });
});
