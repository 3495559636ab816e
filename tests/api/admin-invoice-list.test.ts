/**
 * The invoices screen's API ("Arved", GET /api/admin/invoices) and the accountant's export (invoices.csv,
 * payments.csv): every document with what is still open on it, filtered by state, search and issue day, paged on the
 * server; the CSVs select the same documents, and the ledger of a period.
 */
import { describe, expect, it } from 'vitest';
import type { InvoiceListResponse, InvoiceView } from '../../src/lib/admin/invoices';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';
import { PRICED_BOOKING_OWED as OWED } from '../helpers/priced-booking';

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });

const versionOf = async (id: number) => Number((await f.row(id)).version);
async function issue(id: number, name: string): Promise<InvoiceView> {
  const res = await f.admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: await versionOf(id), buyer: { name, email: 'arve@example.com' } });
  expect(res.status).toBe(201);
  return (await readJson(res)).invoice as InvoiceView;
}
const pay = (id: number, amount: string, receivedOn = '2025-12-01', kind = 'payment') =>
  f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind, amount, method: 'bank_transfer', receivedOn });
/** The CSV as sent, byte-order mark included (Response.text() drops it). */
const csvText = async (res: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
const list = async (query = '') => {
  const res = await f.admin.b.get(`/api/admin/invoices${query}`);
  expect(res.status).toBe(200);
  return (await readJson(res)) as InvoiceListResponse;
};

describe('authorisation', () => {
  it('the list and both accountant CSVs answer 401 and 403', async () => {
    const user = await signedIn(f.app);
    for (const path of ['/api/admin/invoices', '/api/admin/exports/invoices.csv', '/api/admin/exports/payments.csv']) {
      expect((await browser(f.app).get(path)).status, path).toBe(401);
      expect((await user.b.get(path)).status, path).toBe(403);
    }
  });
});

describe('GET /api/admin/invoices', () => {
  it('lists every document newest first with what is still open, its state, and the sums of what matches', async () => {
    const open = await f.pricedBooking();
    const paid = await f.pricedBooking();
    const credited = await f.pricedBooking();
    const a = await issue(open, 'Anne Avatud');
    await pay(paid, '2194,50');
    const b = await issue(paid, 'Peeter Tasutud');
    const c = await issue(credited, 'Kati Krediit');
    await pay(open, '500');
    const note = (await readJson(await f.admin.b.send('POST', `/api/admin/invoices/${c.id}/credit-note`, { reason: 'Vale saaja' }))).invoice as InvoiceView;

    const all = await list();
    expect(all.total).toBe(4);
    expect(all.items.map((i) => i.number)).toEqual([note.number, c.number, b.number, a.number]);
    expect(all.items.find((i) => i.id === a.id)).toMatchObject({ state: 'open', totalCents: OWED, creditedCents: 0, openCents: OWED - 50000, bookingId: open });
    expect(all.items.find((i) => i.id === b.id)).toMatchObject({ state: 'paid', openCents: 0 });
    expect(all.items.find((i) => i.id === c.id)).toMatchObject({ state: 'credited', creditedCents: -OWED, openCents: 0 });
    expect(all.items.find((i) => i.id === note.id)).toMatchObject({ state: 'credit_note', kind: 'credit_note', totalCents: -OWED, creditsInvoiceId: c.id, creditsNumber: c.number, openCents: 0 });
    // Issued in all: three invoices less the credit note; open: what Anne still owes.
    expect(all.sums).toEqual({ totalCents: 2 * OWED, openCents: OWED - 50000 });

    expect((await list('?state=open')).items.map((i) => i.id)).toEqual([a.id]);
    expect((await list('?state=paid')).items.map((i) => i.id)).toEqual([b.id]);
    expect((await list('?state=credited')).items.map((i) => i.id)).toEqual([c.id]);
    expect((await list('?state=credit_note')).items.map((i) => i.id)).toEqual([note.id]);
    expect((await list('?q=peeter')).items.map((i) => i.id)).toEqual([b.id]);
    expect((await list(`?q=${encodeURIComponent(a.number)}`)).items.map((i) => i.id)).toEqual([a.id]);
    // Paging on the server, the sums over every match.
    const page2 = await list('?pageSize=3&page=2');
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3, sums: all.sums });
    expect(page2.items.map((i) => i.id)).toEqual([a.id]);
  });

  it('filters by issue day, both ends included', async () => {
    const first = await issue(await f.pricedBooking(), 'Detsember');
    await f.clock.set('2026-01-05T10:00:00.000Z');
    const second = await issue(await f.pricedBooking(), 'Jaanuar');
    expect((await list('?from=2026-01-01')).items.map((i) => i.id)).toEqual([second.id]);
    expect((await list('?to=2025-12-01')).items.map((i) => i.id)).toEqual([first.id]);
    expect((await list('?from=2025-12-01&to=2026-01-05')).total).toBe(2);
  });

  it('answers a bad period or state with 400 and field details, not 500', async () => {
    for (const query of ['?from=2026-02-30', '?from=2026-02-01&to=2026-01-01', '?state=maybe', '?page=0', '?from=yesterday']) {
      const res = await f.admin.b.get(`/api/admin/invoices${query}`);
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
      expect((await readJson(res)).error.code, query).toMatch(/invalid|validation/);
    }
  });
});

describe("the accountant's export", () => {
  it('invoices.csv: the filtered documents in series order, Excel-ready, with what is credited and open', async () => {
    const id = await f.pricedBooking();
    const invoice = await issue(id, 'Õnne Šmidt');
    await pay(id, '300');
    await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/credit-note`, { reason: 'Uus arve' });
    const res = await f.admin.b.get('/api/admin/exports/invoices.csv?from=2025-12-01&to=2025-12-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/arved-2025-12-01\.csv/);
    const text = await csvText(res);
    expect(text.startsWith('\uFEFFNumber;Liik;Kuupäev;Maksetähtaeg;Saaja')).toBe(true);
    const [, first, second] = text.split('\r\n');
    expect(first!.split(';')).toEqual([
      invoice.number, 'Arve', '01.12.2025', '15.12.2025', 'Õnne Šmidt', 'arve@example.com', '', '', String(id), bookingReferenceNumber(id), '',
      '2194,50', '-2194,50', '0,00', 'Krediteeritud',
    ]);
    expect(second!.split(';').slice(0, 2)).toEqual(['2025-0002', 'Kreeditarve']);
    expect(second!.split(';')[10]).toBe(invoice.number);
    expect((await csvText(await f.admin.b.get('/api/admin/exports/invoices.csv?from=2026-01-01'))).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('payments.csv: the ledger of the period by the day money came in, payments, refunds and reversals in words', async () => {
    const id = await f.pricedBooking({ firstName: 'Mari', lastName: 'Maasikas' });
    await pay(id, '300', '2025-11-20');
    await pay(id, '100', '2025-12-01');
    await pay(id, '50', '2025-12-01', 'refund');
    const [entry] = await f.app.rows(`SELECT id FROM payments WHERE amount_cents = 10000`);
    await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments/${entry!.id}/reverse`, { note: 'Vale broneering' });
    const text = await csvText(await f.admin.b.get('/api/admin/exports/payments.csv?from=2025-12-01&to=2025-12-31'));
    const rows = text.split('\r\n').filter(Boolean).map((l) => l.split(';'));
    expect(rows[0]![0]).toBe('\uFEFFKuupäev');
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6]])).toEqual([
      ['01.12.2025', String(id), bookingReferenceNumber(id), 'Mari Maasikas', 'Makse', '100,00', 'Pangaülekanne'],
      ['01.12.2025', String(id), bookingReferenceNumber(id), 'Mari Maasikas', 'Tagastus', '-50,00', 'Pangaülekanne'],
      ['01.12.2025', String(id), bookingReferenceNumber(id), 'Mari Maasikas', 'Vastukanne', '-100,00', 'Pangaülekanne'],
    ]);
    expect(rows[3]![8]).toBe('Vale broneering');
    expect(rows[1]![9]).toBe(f.admin.email);
    const bad = await f.admin.b.get('/api/admin/exports/payments.csv?from=2025-12-31&to=2025-12-01');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });
});
