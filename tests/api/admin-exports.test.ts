import { describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';
import { csvEuros, inertCell } from '../../worker/admin/exports';

/**
 * CSV exports (issue "Back office III"): UTF-8 with BOM, `;` separators, Estonian headers and labels, euros with a
 * decimal comma, exactly the list's filters and order, and a large export streamed in chunks with nothing lost.
 */

const f = useApiFixture();
const JANUARY = { edition: 'jan-2026' };

const book = async (overrides: Parameters<typeof validBooking>[0] = {}) => (await f.request(JANUARY, overrides)).id;

async function download(query = '', list = 'bookings') {
  const res = await f.admin.b.get(`/api/admin/exports/${list}.csv${query}`);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}
const lines = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);

it('csvEuros writes cents as euros with a decimal comma, negative amounts too', () => {
  expect([csvEuros(129_900), csvEuros(5), csvEuros(-4_550), csvEuros(0), csvEuros(null)]).toEqual(['1299,00', '0,05', '-45,50', '0,00', '']);
});

describe('GET /api/admin/exports/bookings.csv', () => {
  it('is admin-only', async () => {
    expect((await browser(f.app).get('/api/admin/exports/bookings.csv')).status).toBe(401);
    expect((await (await signedIn(f.app)).b.get('/api/admin/exports/bookings.csv')).status).toBe(403);
  });

  it('is UTF-8 with a BOM, ;-separated, with Estonian headers and labels and euros with a comma', async () => {
    const id = await book({ firstName: 'Õnne', lastName: 'Ääremaa', email: 'onne@example.com', travelWith: 'with-companions', companions: [{ firstName: 'Jaan', lastName: 'Ääremaa', birthday: '1985-09-30', age: '' }] });
    await f.price(id, { totalCents: 129900, services: [{ name: 'Massaaž', priceCents: 4550 }], companionPrices: [100000] });
    await f.pay(id, 30000);
    await f.confirm(id);
    const { res, bytes, text } = await download();
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="broneeringud-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = lines(text);
    expect(header).toBe('Broneeringu nr;Loodud;Eesnimi;Perekonnanimi;E-post;Telefon;Retriit;Saabumine;Lahkumine;Staatus;Makse staatus;Majutus;Summa (€);Lisateenused (€);Kaasreisijad (€);Makstud (€);Jääk (€);Tagastada (€);Sooduskood;Soodustus (€)');
    const cells = row!.split(';');
    expect(cells.slice(0, 5)).toEqual([String(id), expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/), 'Õnne', 'Ääremaa', 'onne@example.com']);
    expect(cells[9]).toBe('Kinnitatud');
    // 1299 + 45,50 + 1000 − 300 = 2044,50
    expect(cells.slice(12)).toEqual(['1299,00', '45,50', '1000,00', '300,00', '2044,50', '0,00', '', '']);
  });

  it('has exactly the list\'s filters, search and order', async () => {
    const ids = [];
    for (const name of ['Aili', 'Berit', 'Cärol', 'Dagmar']) ids.push(await book({ firstName: name, lastName: 'Filtrimaa', email: `filter${ids.length}@example.com` }));
    await book({ firstName: 'Muu', lastName: 'Inimene', email: 'muu@example.com' });
    await f.confirm(ids[1]!);
    await f.confirm(ids[3]!);
    for (const query of ['?q=filtrimaa&sort=-name', '?status=confirmed', '?q=filtrimaa&status=pending&sort=name', '']) {
      const listed = (await readJson(await f.admin.b.get(`/api/admin/bookings${query}${query ? '&' : '?'}pageSize=100`))).items.map((b: { id: number }) => String(b.id));
      const exported = lines((await download(query)).text).slice(1).map((line) => line.split(';')[0]);
      expect(exported, query).toEqual(listed);
    }
  });

  it('streams a large export in chunks with every row once, in order', async () => {
    const guestRows = Array.from({ length: 1_234 }, (_, i) => `('g${i}', 'Suur${i}', 'Eksport', 's${i}@example.com', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
    await f.app.deps.sql.execute(`INSERT INTO guests (id, first_name, last_name, email, created_at, updated_at) VALUES ${guestRows.join(',')}`);
    const bookingRows = Array.from({ length: 1_234 }, (_, i) => `('g${i}', 'pending', 'pending', '${new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()}', '2026-01-01T00:00:00.000Z')`);
    await f.app.deps.sql.execute(`INSERT INTO bookings (guest_id, status, payment_status, created_at, updated_at) VALUES ${bookingRows.join(',')}`);
    const rows = lines((await download()).text).slice(1);
    expect(rows).toHaveLength(1_234);
    expect(new Set(rows.map((r) => r.split(';')[0])).size).toBe(1_234);
    // Newest first, as the list: the last booking made is the first row.
    expect(rows[0]!.split(';')[2]).toBe('Suur1233');
    expect(rows.at(-1)!.split(';')[2]).toBe('Suur0');
  });

  it('refuses a bad filter with 422, as the list does', async () => {
    const res = await f.admin.b.get('/api/admin/exports/bookings.csv?status=kadunud');
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.code).toBe('validation_failed');
  });
});

describe('GET /api/admin/exports/clients.csv', () => {
  it('is admin-only', async () => {
    expect((await browser(f.app).get('/api/admin/exports/clients.csv')).status).toBe(401);
    expect((await (await signedIn(f.app)).b.get('/api/admin/exports/clients.csv')).status).toBe(403);
  });

  it('has each client with their bookings count and what those still owe together, in euros with a comma', async () => {
    const first = await book({ firstName: 'Õnne', lastName: 'Ääremaa', email: 'onne@example.com', phone: '+372 5123 4567' });
    const second = await book({ firstName: 'Õnne', lastName: 'Ääremaa', email: 'onne@example.com', phone: '+372 5123 4567' });
    const third = await book({ firstName: 'Teine', lastName: 'Klient', email: 'teine@example.com' });
    await f.edit(third, { totalAmount: '' });
    await f.price(first, { totalCents: 129900, services: [{ name: 'Massaaž', priceCents: 4550 }] });
    await f.pay(first, 30000);
    await f.price(second, { totalCents: 100000 });
    await f.pay(second, 100000);
    const { res, bytes, text } = await download('', 'clients');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="kliendid-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = lines(text);
    expect(header).toBe('Eesnimi;Perekonnanimi;E-post;Telefon;Liitunud;Broneeringuid;Jääk kokku (€);Tagastada kokku (€)');
    const onne = rows.find((r) => r.includes('onne@example.com'))!.split(';');
    // 1299 + 45,50 − 300 on the first booking, nothing on the paid second: 1044,50 from 2 bookings; nothing on an
    // unpriced one.
    // The phone number is text (a leading apostrophe): a spreadsheet keeps its plus sign and runs nothing.
    expect(onne).toEqual(['Õnne', 'Ääremaa', 'onne@example.com', "'+37251234567", expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/), '2', '1044,50', '0,00']);
    expect(rows.find((r) => r.includes('teine@example.com'))!.split(';').slice(5)).toEqual(['1', '0,00', '0,00']);
  });

  it("has exactly the list's search and order, through every chunk", async () => {
    const stamp = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    const rows = Array.from({ length: 1_234 }, (_, i) => `('${crypto.randomUUID()}', 'Klient${i}', '${i % 2 ? 'Paaritu' : 'Paaris'}', 'k${i}@example.com', '${stamp(i)}', '${stamp(i)}')`);
    await f.app.deps.sql.execute(`INSERT INTO customers (id, first_name, last_name, email, created_at, updated_at) VALUES ${rows.join(',')}`);
    for (const query of ['', '?q=paaritu', '?q=k12']) {
      const listed: string[] = [];
      for (let page = 1; ; page += 1) {
        const body = await readJson(await f.admin.b.get(`/api/admin/clients${query}${query ? '&' : '?'}pageSize=100&page=${page}`));
        listed.push(...body.items.map((c: { email: string }) => c.email));
        if (body.items.length < 100) break;
      }
      const exported = lines((await download(query, 'clients')).text).slice(1).map((line) => line.split(';')[2]);
      expect(exported, query).toEqual(listed);
    }
    expect(lines((await download('?q=paaritu', 'clients')).text)).toHaveLength(1 + 617);
  });

  it('refuses a bad query with 422, as the list does', async () => {
    const res = await f.admin.b.get(`/api/admin/exports/clients.csv?q=${'x'.repeat(500)}`);
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.code).toBe('validation_failed');
  });
});

describe('spreadsheet formula injection (OWASP): every export makes such cells inert', () => {
  it('inertCell: text that begins with = + - @ tab or CR gets an apostrophe; amounts and other values stay', () => {
    expect(['=1+1', '+372 5123', '-2+3', '@SUM(A1)', '\tx', '\rx'].map(inertCell)).toEqual(["'=1+1", "'+372 5123", "'-2+3", "'@SUM(A1)", "'\tx", "'\rx"]);
    expect(['-300,00', '-45', '1299,00', 'Mari', '', 42, null].map(inertCell)).toEqual(['-300,00', '-45', '1299,00', 'Mari', '', 42, null]);
  });

  it('in the bookings, clients, invoices and payments exports', async () => {
    const id = await book({ email: 'valem@example.com' });
    const evil = '=HYPERLINK("http://evil.example","x")';
    await f.editEdition((await f.detail(id)).retreat.id, { name: evil });
    // Names the form's name rule refuses: data from before the rule, or typed where it does not run.
    await f.app.deps.sql.execute({ sql: "UPDATE guests SET first_name = '@SUM(1+1)', last_name = '-2+3' WHERE id = (SELECT guest_id FROM bookings WHERE id = ?)", args: [id] });
    await f.app.deps.sql.execute("UPDATE customers SET first_name = '+cmd|calc', last_name = '=1+1' WHERE email = 'valem@example.com'");
    const paid = await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', amount: '300', method: 'bank_transfer', receivedOn: '2025-09-15', reference: '=1+2', note: '@note' });
    expect(paid.status).toBe(201);
    const refund = await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'refund', amount: '100', method: 'bank_transfer', receivedOn: '2025-09-15', note: '-tagasi' });
    expect(refund.status).toBe(201);
    const issued = await f.api('POST', `/api/admin/bookings/${id}/invoices`, { version: (await f.detail(id)).version, buyer: { name: '=Ostja', email: 'valem@example.com' } });
    expect(issued.status).toBe(201);

    const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    for (const list of ['bookings', 'clients', 'invoices', 'payments']) {
      const { text } = await download(list === 'invoices' || list === 'payments' ? '?from=2025-01-01&to=2030-12-31' : '', list);
      const cells = lines(text).slice(1).flatMap((line) => line.split(';').map(unquote));
      // No cell a spreadsheet would run: each one that starts so is an amount, or is made text.
      const live = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(,\d+)?$/.test(cell));
      expect(live, list).toEqual([]);
      expect(cells.some((cell) => cell.startsWith("'")), list).toBe(true);
    }
    const bookingsCells = lines((await download()).text)[1]!.split(';').map(unquote);
    expect(bookingsCells).toEqual(expect.arrayContaining(["'@SUM(1+1)", "'-2+3", `'${evil}`]));
    const paymentCells = lines((await download('?from=2025-01-01&to=2030-12-31', 'payments')).text).slice(1).flatMap((l) => l.split(';').map(unquote));
    // A refund's amount stays a number.
    expect(paymentCells).toEqual(expect.arrayContaining(['-100,00', "'=1+2", "'@note", "'-tagasi"]));
  });
});
