import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERASED_AUDIT_FIELDS, withoutPersonalValues } from '../../src/lib/audit-personal-data';
import { auditLogs } from '../../worker/db/schema';
import { DEFAULT_MIGRATIONS_FOLDER, migrateDatabase } from '../../worker/db/migrate';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';
import { createTestDb } from '../helpers/test-db';
import { COMPLETE_TRAVEL_DETAILS } from '../helpers/travel-details-fixtures';

/**
 * Personal data in the audit trail (issue 37 "Privacy and safety", docs/decisions/033-audit-personal-data.md): the
 * trail records that a birthday, a nationality, a diet, an emergency contact, a phone number or the booking form's
 * free text changed, never its value; a snapshot or a companion inside a change keeps `{ withheld: true }` in its
 * place. Account deletion takes what remains (the names and the address too) out of the person's records, which stay;
 * migration 0030 rewrites the records written before.
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });
const JANUARY = { edition: 'jan-2026' };

/** Values no other test writes, so that finding one anywhere in the trail is a leak. */
const GUEST_EDIT = {
  firstName: 'Mari',
  lastName: 'Tamm',
  dateOfBirth: '1977-07-07',
  email: 'mari.audit@example.com',
  phone: '+372 5888 7766',
  nationality: 'Läti',
  passportNumber: 'LV1234567',
  dietaryPreferences: ['Toorvegan'],
  emergencyContact: { name: 'Õnne Kask', phone: '+37259998877', relationship: 'vend' },
  healthInfo: { allergies: 'Tolmulest' },
};
const GUEST_VALUES = ['1977-07-07', '07.07.1977', 'Läti', 'LV1234567', 'Toorvegan', 'Õnne Kask', '59998877', 'vend', '58887766', 'Tolmulest'];
/** What the booking form wrote (the diet line in `comments`, the experience in `special_requests`) and a companion's age. */
const FORM = { dietaryRestrictions: 'Kookospiim ei sobi', experience: 'advanced' as const, travelWith: 'with-companions' as const, companions: [{ firstName: 'Jaan', lastName: 'Kask', birthday: '1984-03-03', age: '41' }] };

/** Every audit record's metadata as one text, and as the admin's audit screen answers it. */
const trail = async () => (await f.app.rows('SELECT metadata FROM audit_logs')).map((r) => String(r.metadata)).join('\n');
const trailScreen = async () => JSON.stringify(await readJson(await f.admin.b.get('/api/admin/audit?pageSize=100')));
const leaks = (text: string, values: readonly string[]) => values.filter((v) => text.includes(v));
const metadataOf = async (action: string) => (await f.app.rows(`SELECT metadata FROM audit_logs WHERE action = '${action}' ORDER BY id`)).map((r) => JSON.parse(String(r.metadata)));

describe('admin edits', () => {
  it("a guest's record: each personal field is recorded as changed, without its values; the names keep theirs", async () => {
    const { id } = await f.request(JANUARY);
    expect((await f.api('PATCH', `/api/admin/bookings/${id}/guest`, GUEST_EDIT)).status).toBe(200);
    const [audit] = await metadataOf('guest.update');
    expect(audit.changes).toEqual({
      dateOfBirth: { changed: true },
      email: { from: expect.stringMatching(/@example\.com$/), to: 'mari.audit@example.com' },
      phone: { changed: true },
      nationality: { changed: true },
      passportNumber: { changed: true },
      dietaryPreferences: { changed: true },
      emergencyContact: { changed: true },
      healthInfo: { changed: true },
    });
    expect(leaks(await trail(), GUEST_VALUES)).toEqual([]);
    expect(leaks(await trailScreen(), GUEST_VALUES)).toEqual([]);
  });

  it("a client's phone: added, edited and deleted with the record saying there was one, not which", async () => {
    const added = await f.ok('POST', '/api/admin/clients', { firstName: 'Kadri', lastName: 'Kask', email: 'kadri.audit@example.com', phone: '+372 5777 6655' });
    await f.ok('PATCH', `/api/admin/clients/${added.client.id}`, { firstName: 'Kadri', lastName: 'Kask', email: 'kadri.audit@example.com', phone: '+372 5444 3322' });
    expect((await f.api('DELETE', `/api/admin/clients/${added.client.id}`)).status).toBe(204);
    const [created] = await metadataOf('customer.create');
    const [updated] = await metadataOf('customer.update');
    const [deleted] = await metadataOf('customer.delete');
    expect(created.created).toEqual({ firstName: 'Kadri', lastName: 'Kask', email: 'kadri.audit@example.com', phoneNumber: { withheld: true } });
    expect(updated.changes).toEqual({ phoneNumber: { changed: true } });
    expect(deleted.deleted).toMatchObject({ firstName: 'Kadri', phoneNumber: { withheld: true } });
    expect(leaks(await trail(), ['57776655', '54443322'])).toEqual([]);
  });

  it("a booking: the form's diet line and free text as changed, a companion's age withheld while their price shows", async () => {
    const { id } = await f.request(JANUARY, FORM);
    await f.edit(id, { comments: 'Kookospiim ei sobi, ka seesam', specialRequests: 'Soovib vaikset tuba' });
    await f.price(id, { companionPrices: [50_000] });
    const [update] = await metadataOf('booking.update');
    expect(update.changes).toEqual({ comments: { changed: true }, specialRequests: { changed: true } });
    const [companions] = await metadataOf('booking.companions');
    expect(companions.changes.companions).toEqual({
      from: [{ first_name: 'Jaan', last_name: 'Kask', age: { withheld: true } }],
      to: [{ first_name: 'Jaan', last_name: 'Kask', age: { withheld: true }, custom_price_cents: 50_000 }],
    });
    // Deleted (a request with no money): the snapshot keeps the booking's facts, not the personal ones.
    expect((await f.api('DELETE', `/api/admin/bookings/${id}`)).status).toBe(204);
    const [deleted] = await metadataOf('booking.delete');
    expect(deleted.deleted).toMatchObject({ id, comments: { withheld: true }, specialRequests: { withheld: true }, companions: [{ first_name: 'Jaan', age: { withheld: true } }] });
    expect(leaks(await trail(), ['Kookospiim', 'seesam', 'vaikset', 'Kogemus', '"age":41'])).toEqual([]);
  });

  it('a record written past the helpers (straight into the table) passes the same rule', async () => {
    await f.app.deps.db.insert(auditLogs).values({ action: 'guest.update', severity: 'medium', metadata: { changes: { nationality: { from: null, to: 'Läti' } }, created: { phone: '+37258887766', email: null } } });
    expect(await metadataOf('guest.update')).toEqual([{ changes: { nationality: { changed: true } }, created: { phone: { withheld: true }, email: null } }]);
  });
});

describe("the guest's own edits in the portal", () => {
  it('travel details: the record names the fields, never their values', async () => {
    const guest = await signedIn(f.app);
    const { id } = await f.request(JANUARY, { email: guest.email }, guest.b);
    await f.travelDetails(guest, id, 0, { ...COMPLETE_TRAVEL_DETAILS, nationality: 'Läti', dietary: 'Toorvegan', emergencyName: 'Õnne Kask', healthAllergies: 'Tolmulest' });
    const [audit] = await metadataOf('travellers.update');
    expect(audit).toEqual({ position: 0, fields: expect.arrayContaining(['dateOfBirth', 'nationality', 'dietary', 'emergencyName', 'healthAllergies']) });
    expect(leaks(await trail(), [...GUEST_VALUES, COMPLETE_TRAVEL_DETAILS.passportNumber, '1990-05-01'])).toEqual([]);
  });
});

describe('account deletion', () => {
  it("leaves the person's audit records in place with no personal value in them, and nobody else's touched", async () => {
    const guest = await signedIn(f.app);
    const { id } = await f.request(JANUARY, { ...FORM, email: guest.email, firstName: 'Ülle', lastName: 'Unustatav' }, guest.b);
    const [{ guest_id: guestId }] = (await f.app.rows(`SELECT guest_id FROM bookings WHERE id = ${id}`)) as unknown as [{ guest_id: string }];
    await f.ok('PATCH', `/api/admin/bookings/${id}/guest`, { ...GUEST_EDIT, firstName: 'Ülle', lastName: 'Unustatav-Kask', email: guest.email });
    await f.price(id, { companionPrices: [50_000] });
    await f.travelDetails(guest, id, 0, COMPLETE_TRAVEL_DETAILS);
    await f.ok('POST', '/api/admin/clients/sync', {});
    const [{ id: clientId }] = (await f.app.rows(`SELECT id FROM customers WHERE email = '${guest.email}'`)) as unknown as [{ id: string }];
    await f.ok('PATCH', `/api/admin/clients/${clientId}`, { firstName: 'Ülle', lastName: 'Unustatav', email: guest.email, phone: '+372 5777 6655' });
    // Records as the app wrote them before this rule (values in clear), about this person and about somebody else.
    const old = (action: string, type: string, resource: string, metadata: unknown, userId: string | null = f.admin.userId) =>
      f.app.deps.sql.execute({ sql: `INSERT INTO audit_logs (user_id, action, severity, resource_type, resource_id, metadata, created_at) VALUES (?, ?, 'medium', ?, ?, ?, '2025-11-01T00:00:00.000Z')`, args: [userId, action, type, resource, JSON.stringify(metadata)] });
    await old('guest.update', 'guest', guestId, { bookingId: id, changes: { lastName: { from: 'Vanaperekonnanimi', to: 'Unustatav' }, dateOfBirth: { from: null, to: '1977-07-07' }, nationality: { from: null, to: 'Läti' } } });
    await old('customer.update', 'customer', clientId, { changes: { phoneNumber: { from: null, to: '+37258887766' }, email: { from: 'ulle.vana@example.com', to: guest.email } } });
    await old('booking.cancellation_requested', 'booking', String(id), { refundCents: 0, daysBefore: 40, reason: 'Murdsin jala' }, guest.userId);
    await old('customer.delete', 'customer', '00000000-0000-4000-8000-000000000001', { deleted: { firstName: 'Ülle', lastName: 'Unustatav', email: guest.email, phoneNumber: '+37258887766' }, bookingCount: 0 });
    await old('guest.update', 'guest', 'someone-else', { changes: { firstName: { from: 'Teine', to: 'Inimene' }, dateOfBirth: { from: null, to: '1966-06-06' } } });
    const person = [...GUEST_VALUES, 'Ülle', 'Unustatav', 'Vanaperekonnanimi', guest.email, 'ulle.vana@example.com', 'Kookospiim', '57776655', 'Murdsin jala', '"age":41', COMPLETE_TRAVEL_DETAILS.passportNumber];
    const records = await f.app.count('audit_logs');
    expect(leaks(await trail(), person).length).toBeGreaterThan(0);

    await f.clock.set('2026-02-01T10:00:00.000Z', { newSession: false });
    const b = browser(f.app);
    expect((await b.post('/api/auth/signin', { email: guest.email, password: 'Salasona1' })).status).toBe(200);
    expect((await b.send('DELETE', '/api/me', { password: 'Salasona1' })).status).toBe(200);

    // Every record is still there (plus the sign-in and the deletion's own), none with a value of the person.
    expect(await f.app.count('audit_logs')).toBe(records + 2);
    expect(leaks(await trail(), person)).toEqual([]);
    const [cancellation] = await metadataOf('booking.cancellation_requested');
    expect(cancellation).toEqual({ refundCents: 0, daysBefore: 40, reason: { withheld: true } });
    const guestEdits = await metadataOf('guest.update');
    expect(guestEdits[1]!.changes).toEqual({ lastName: { changed: true }, dateOfBirth: { changed: true }, nationality: { changed: true } });
    // Somebody else's record is not this deletion's to touch (written raw here, as the app wrote before migration 0030).
    expect(guestEdits[2]).toEqual({ changes: { firstName: { from: 'Teine', to: 'Inimene' }, dateOfBirth: { from: null, to: '1966-06-06' } } });
  });
});

describe('migration 0030', () => {
  /** Records as the app wrote them before (raw SQL: the schema module would apply today's rule on the way in). */
  const OLD_RECORDS: [action: string, metadata: unknown][] = [
    [
      'guest.update',
      {
        bookingId: 7,
        changes: {
          firstName: { from: 'Mari', to: 'Mari-Liis' },
          dateOfBirth: { from: null, to: '1977-07-07' },
          nationality: { from: 'Eesti', to: 'Läti' },
          dietaryPreferences: { from: null, to: ['Toorvegan'] },
          emergencyContact: { from: null, to: { name: 'Õnne Kask', phone: '+37259998877', relationship: 'vend' } },
          phone: { from: '+37251234567', to: '+37258887766' },
          // What migration 0018 left.
          passportNumber: { changed: true },
          healthInfo: { changed: true },
        },
      },
    ],
    ['customer.create', { created: { firstName: 'Kadri', lastName: 'Kask', email: 'kadri@example.com', phoneNumber: '+37257776655' } }],
    ['customer.update', { changes: { phoneNumber: { from: '+37257776655', to: null }, email: { from: 'a@example.com', to: 'b@example.com' } } }],
    ['customer.delete', { deleted: { id: 'c-1', firstName: 'Kadri', phoneNumber: '+37257776655' }, bookingCount: 0, bookingIds: [] }],
    ['booking.create', { created: { status: 'confirmed', specialRequests: 'Vaikne tuba', comments: 'Kookospiim ei sobi', balancePaid: false, checkInDate: '2026-01-14' } }],
    ['booking.update', { version: 2, changes: { status: { from: 'pending', to: 'confirmed' }, comments: { from: 'Kookospiim ei sobi', to: 'Kookospiim ja seesam' }, extraFood: { from: null, to: 'Lisaportsjon' } } }],
    [
      'booking.companions',
      { version: 3, changes: { companions: { from: [{ first_name: 'Jaan', last_name: 'Kask', age: 41 }], to: [{ first_name: 'Jaan', last_name: 'Kask', age: 41, custom_price_cents: 50000 }] } } },
    ],
    ['booking.delete', { deleted: { id: 9, comments: 'Kookospiim ei sobi', comment: null, experience: 'advanced', companions: [{ first_name: 'Jaan', last_name: 'Kask', age: 41 }], totalAmountCents: 129900 } }],
    ['travellers.update', { position: 0, fields: ['dateOfBirth', 'nationality'] }],
    ['booking.move', { from: { id: 1, name: 'Jaanuar' }, to: { id: 2, name: 'Veebruar' }, people: 2 }],
    ['login', { success: true }],
  ];

  it('rewrites the records written before into the form the app writes now, and leaves the rest as they were', async () => {
    const journal = JSON.parse(readFileSync(join(DEFAULT_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((e) => e.tag === '0030_audit_without_personal_values');
    expect(upTo).toBeGreaterThan(0);
    const folder = await mkdtemp(join(tmpdir(), 'migrations-0029-'));
    await cp(DEFAULT_MIGRATIONS_FOLDER, folder, { recursive: true });
    await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
    const t = await createTestDb({ migrate: false });
    try {
      await migrateDatabase(t.client, folder);
      for (const [action, metadata] of OLD_RECORDS) {
        await t.client.execute({ sql: `INSERT INTO audit_logs (action, severity, metadata, created_at) VALUES (?, 'medium', ?, '2025-11-01T00:00:00.000Z')`, args: [action, JSON.stringify(metadata)] });
      }
      await t.client.execute(`INSERT INTO audit_logs (action, severity, metadata, created_at) VALUES ('booking.view', 'low', NULL, '2025-11-01T00:00:00.000Z')`);

      await migrateDatabase(t.client);

      const rows = (await t.client.execute('SELECT action, metadata FROM audit_logs ORDER BY id')).rows;
      const after = rows.slice(0, OLD_RECORDS.length).map((r) => JSON.parse(String(r.metadata)));
      // Exactly what the app's rule makes of them (the same walk, in SQL).
      expect(after).toEqual(OLD_RECORDS.map(([, metadata]) => withoutPersonalValues(metadata)));
      expect(after[0].changes).toEqual({
        firstName: { from: 'Mari', to: 'Mari-Liis' },
        dateOfBirth: { changed: true },
        nationality: { changed: true },
        dietaryPreferences: { changed: true },
        emergencyContact: { changed: true },
        phone: { changed: true },
        passportNumber: { changed: true },
        healthInfo: { changed: true },
      });
      expect(after[1].created.phoneNumber).toEqual({ withheld: true });
      expect(after[6].changes.companions.to).toEqual([{ first_name: 'Jaan', last_name: 'Kask', age: { withheld: true }, custom_price_cents: 50000 }]);
      expect(after[7].deleted).toEqual({ id: 9, comments: { withheld: true }, comment: null, experience: { withheld: true }, companions: [{ first_name: 'Jaan', last_name: 'Kask', age: { withheld: true } }], totalAmountCents: 129900 });
      expect(rows.at(-1)!.metadata).toBeNull();
      const text = rows.map((r) => String(r.metadata)).join('\n');
      for (const value of ['1977-07-07', 'Läti', 'Toorvegan', 'Õnne Kask', '59998877', '58887766', '57776655', 'Kookospiim', 'Vaikne', 'Lisaportsjon', 'advanced', '"age":41']) expect(text, value).not.toContain(value);
      // Run again (a second deploy), nothing changes.
      const statement = readFileSync(join(DEFAULT_MIGRATIONS_FOLDER, '0030_audit_without_personal_values.sql'), 'utf8');
      expect((await t.client.execute(statement)).rowsAffected).toBe(0);
    } finally {
      await t.cleanup();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('is the walk account deletion runs, with the names and the address added', () => {
    expect(withoutPersonalValues({ changes: { lastName: { from: 'A', to: 'B' } }, deleted: { email: 'a@example.com' } }, ERASED_AUDIT_FIELDS)).toEqual({ changes: { lastName: { changed: true } }, deleted: { email: { withheld: true } } });
  });
});
