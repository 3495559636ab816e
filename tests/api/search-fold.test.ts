// The back office's searches fold Estonian letters (issue 21): case-insensitive for õ ä ö ü š ž and blind to their
// diacritics, on every list. One rule in two forms (worker/db/search-fold.ts): the TypeScript fold of what the admin
// types, and the SQL fold the search indexes' triggers (migration 0020) and the scanned searches use.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { foldForSearch, foldSql, SEARCH_FOLDS } from '../../worker/db/search-fold';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { readJson } from '../helpers/http';

const f = useApiFixture();

const SAMPLES = ['Õunapuu', 'õunapuu', 'ÄÖÜ äöü', 'Šmidt', 'šmidt', 'Žanna ŽŪ', 'KÜLALINE', 'Éloïse Müller', 'mari.tamm@example.com', '+37251234567', 'ÕÄÖÜŠŽõäöüšž'];

describe('the fold', () => {
  it('folds every Estonian letter, both cases, to its base letter, and ASCII to lower case', () => {
    expect(foldForSearch('ÕÄÖÜŠŽõäöüšž')).toBe('oaouszoaousz');
    expect(foldForSearch('Õunapuu')).toBe(foldForSearch('OUNAPUU'));
    expect(foldForSearch('Šmidt')).toBe('smidt');
    expect(SEARCH_FOLDS.map(([from]) => from).sort().join('')).toBe([...'õäöüšžÕÄÖÜŠŽ'].sort().join(''));
  });

  it('says the same in SQL as in TypeScript', async () => {
    for (const text of SAMPLES) {
      const [row] = await f.app.deps.db.all<{ folded: string }>(sql`SELECT ${foldSql(sql`${text}`)} AS folded`);
      expect(row!.folded, text).toBe(foldForSearch(text));
    }
  });

  it("and so do the search indexes' triggers of migration 0020 (on insert and on update)", async () => {
    const admin = f.admin;
    const res = await admin.b.post('/api/admin/clients', { firstName: 'Õie', lastName: 'Šmidt', email: 'oie.smidt@example.com', phone: '' });
    expect(res.status).toBe(201);
    const id = (await readJson(res)).client.id as string;
    const indexed = async () => (await f.app.rows(`SELECT text FROM customers_search WHERE customer_id = '${id}'`))[0]!.text;
    expect(await indexed()).toBe(foldForSearch('Õie Šmidt oie.smidt@example.com '));
    await f.app.deps.sql.execute(`UPDATE customers SET last_name = 'Žukov-Ääremaa' WHERE id = '${id}'`);
    expect(await indexed()).toBe(foldForSearch('Õie Žukov-Ääremaa oie.smidt@example.com '));
    const [guest] = await f.app.rows(`SELECT text FROM guests_search LIMIT 1`);
    expect(guest).toBeUndefined();
  });
});

describe('every list finds Estonian names in any case, with or without diacritics', () => {
  it('clients, bookings, guests and users', async () => {
    const admin = f.admin;
    expect((await admin.b.post('/api/admin/clients', { firstName: 'Õnne', lastName: 'Õunapuu', email: 'onne@example.com', phone: '' })).status).toBe(201);
    expect((await admin.b.post('/api/admin/clients', { firstName: 'Jüri', lastName: 'Šmidt', email: 'juri@example.com', phone: '' })).status).toBe(201);
    await f.request({ edition: 'jan-2026' }, { firstName: 'Külaline', lastName: 'Žukov' });

    const names = async (path: string, field: 'lastName' | 'guest') => {
      const body = await readJson(await admin.b.get(path));
      return (body.items as Record<string, unknown>[]).map((item) => (field === 'guest' ? (item.guest as { lastName: string }).lastName : item.lastName));
    };
    for (const q of ['õunapuu', 'ÕUNAPUU', 'ounapuu', 'Õunapuu']) expect(await names(`/api/admin/clients?q=${encodeURIComponent(q)}`, 'lastName'), q).toEqual(['Õunapuu']);
    for (const q of ['smidt', 'šmidt', 'ŠMIDT', 'Jyri'.replace('y', 'ü')]) expect(await names(`/api/admin/clients?q=${encodeURIComponent(q)}`, 'lastName'), q).toEqual(['Šmidt']);
    for (const q of ['KÜLALINE', 'külaline', 'kulaline', 'žukov', 'zukov']) expect(await names(`/api/admin/bookings?q=${encodeURIComponent(q)}`, 'guest'), q).toEqual(['Žukov']);
    const guests = await readJson(await admin.b.get(`/api/admin/guests?q=${encodeURIComponent('KULALINE')}`));
    expect(guests.items.map((g: { lastName: string }) => g.lastName)).toEqual(['Žukov']);
  });

  it('users, retreats and invoices', async () => {
    const admin = f.admin;
    await signedIn(f.app, { firstName: 'Mari', lastName: 'Pärnpuu' });
    const users = await readJson(await admin.b.get(`/api/admin/users?q=${encodeURIComponent('PÄRNPUU')}`));
    expect(users.items.map((u: { lastName: string }) => u.lastName)).toEqual(['Pärnpuu']);
    expect((await readJson(await admin.b.get(`/api/admin/users?q=parnpuu`))).items).toHaveLength(1);

    await f.editEdition((await f.migrated('jan-2026')).id, { location: 'Šoti mägismaa' });
    const retreats = await readJson(await admin.b.get(`/api/admin/retreats?q=${encodeURIComponent('soti MAGISMAA')}`));
    expect(retreats.items.map((r: { location: string }) => r.location)).toEqual(['Šoti mägismaa']);

    const booked = await f.request({ edition: 'jan-2026' }, { firstName: 'Ülle', lastName: 'Õismaa' });
    await f.ok('POST', `/api/admin/bookings/${booked.id}/invoices`, { version: (await f.detail(booked.id)).version, buyer: { name: 'Ülle Õismaa', email: 'ulle@example.com' } });
    for (const q of ['ulle oismaa', 'ÜLLE', 'õismaa']) {
      const invoices = await readJson(await admin.b.get(`/api/admin/invoices?q=${encodeURIComponent(q)}`));
      expect(invoices.items.map((i: { buyerName: string }) => i.buyerName), q).toEqual(['Ülle Õismaa']);
    }
  });
});
