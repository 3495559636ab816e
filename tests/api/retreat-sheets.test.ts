import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BookingState } from '../../src/lib/booking-lifecycle';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';
import { COMPLETE_TRAVEL_DETAILS } from '../helpers/travel-details-fixtures';
import { dietOf } from '../../worker/domain/retreats/sheets/kitchen';

/**
 * An edition's run sheets (issue 24): its participants (the bookings that hold their places), companions included,
 * never the waiting list or the cancelled; health information only on its own sheet, each download audited; the rooming saved, audited and
 * counted against the bookings; the PDFs read back with pdftotext.
 *
 * The January 2026 edition runs 14.–24.01.2026: a passport must be valid until 24.07.2026.
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });
const JANUARY = { edition: 'jan-2026' };
let retreatId: number;
/** The guest who makes the edition's bookings, signed in, and fills in their travel details in the portal. */
let guest: Awaited<ReturnType<typeof signedIn>>;
beforeEach(async () => {
  retreatId = (await f.migrated('jan-2026')).id;
  guest = await signedIn(f.app);
});

const book = (overrides: Parameters<typeof validBooking>[0], state: BookingState = 'confirmed') => f.bookingIn(state, JANUARY, overrides, guest.b);

/** One person's travel details as the guest saves them: the complete set, with these values. */
const details = (bookingId: number, position: number, values: Record<string, string | null>) => f.travelDetails(guest, bookingId, position, { ...COMPLETE_TRAVEL_DETAILS, ...values });

/** Three participants (one with a companion), a waiting-list request and a cancelled booking. */
async function edition() {
  const mari = await book({ firstName: 'Mari', lastName: 'Õunapuu', roomType: 'shared-room', travelWith: 'with-companions', companions: [{ firstName: 'Jüri', lastName: 'Šaškov', birthday: '1985-02-03', age: '' }] });
  const tiit = await book({ firstName: 'Tiit', lastName: 'Ärm', roomType: 'single-room', dietaryRestrictions: 'Gluteenivaba' });
  const liis = await book({ firstName: 'Liis', lastName: 'Žukova', roomType: 'shared-room' });
  const pending = await book({ firstName: 'Peeter', lastName: 'Ootel' }, 'waiting');
  // Cancelled after its guest gave their details (the portal takes none once it is cancelled).
  const cancelled = await book({ firstName: 'Kati', lastName: 'Tühistatud' }, 'request');
  await details(mari, 0, {
    passportNumber: 'K1111111',
    passportExpiry: '2026-05-01',
    dietary: 'Mahlapaast',
    healthAllergies: 'Pähklid',
    healthConditions: 'Astma',
    arrivalFlight: 'QR 962',
    arrivalAt: '2026-01-13T16:45',
    departureFlight: 'QR 963',
    departureAt: '2026-01-24T22:10',
    pickupNeeded: 'yes',
  });
  await details(mari, 1, { passportNumber: 'K2222222', dietary: 'Liha lisaks palun', healthMedications: 'Insuliin', arrivalFlight: 'QR 962', arrivalAt: '2026-01-13T16:45', pickupNeeded: 'yes' });
  await details(tiit, 0, { passportNumber: 'K3333333', dietary: 'Gluteenivaba', foodAllergies: 'Maapähkel, laktoos', arrivalFlight: 'TK 66', arrivalAt: '2026-01-13T04:30', pickupNeeded: 'no' });
  await details(cancelled, 0, { passportNumber: 'K9999999', healthConditions: 'Tühistatu tervis', arrivalFlight: 'EK 398', arrivalAt: '2026-01-12T10:00' });
  await f.cancel(cancelled);
  return { mari, tiit, liis, pending, cancelled };
}

const sheet = (name: string) => f.admin.b.get(`/api/admin/retreats/${retreatId}/sheets/${name}`);
const pdfText = async (res: Response) => {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: new Uint8Array(await res.arrayBuffer()) }).toString();
};
const csvLines = async (res: Response) => {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Excel's UTF-8 mark, then ; between fields.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
};
const healthReads = async () => (await f.app.rows(`SELECT user_id, resource_type, resource_id, severity FROM audit_logs WHERE action = 'retreat.health_sheet_read'`)).map((r) => ({ ...r }));

const CONFIRMED = ['Mari Õunapuu', 'Jüri Šaškov', 'Tiit Ärm', 'Liis Žukova'];
const NOT_ON_IT = ['Peeter Ootel', 'Kati Tühistatud'];
const HEALTH = ['Pähklid', 'Astma', 'Insuliin', 'Tühistatu tervis'];

describe('the manifest', () => {
  it('lists everyone on the confirmed bookings, companions included, and never their health', async () => {
    await edition();
    const lines = await csvLines(await sheet('manifest.csv'));
    expect(lines[0]).toBe(
      'Nimi;Roll;Broneeringu nr;Vanus alguses;Sünnikuupäev;Kodakondsus;Passi number;Pass kehtib kuni;Pass kehtib alla 6 kuu pärast reisi;Toitumine;Hädaabikontakt;Hädaabikontakti telefon;Seos;Reisiandmed;Allkirjad',
    );
    // Issue 42: the bookers signed both texts in the form; the adult companion has not yet.
    expect(lines.find((l) => l.startsWith('Mari Õunapuu;'))!.split(';').at(-1)).toBe('Allkirjastatud');
    expect(lines.find((l) => l.startsWith('Jüri Šaškov;'))!.split(';').at(-1)).toBe('Ootab: tingimused, osaleja deklaratsioon');
    const names = lines.slice(1).map((l) => l.split(';')[0]);
    expect(names.sort()).toEqual([...CONFIRMED].sort());
    const mari = lines.find((l) => l.startsWith('Mari Õunapuu;'))!.split(';');
    // Born 1.5.1990 (the booking fixture): 35 on 14.1.2026; her passport runs out before 24.7.2026.
    expect(mari.slice(1, 10)).toEqual(['Broneerija', expect.any(String), '35', '01.05.1990', 'Eesti', 'K1111111', '01.05.2026', 'Jah', 'Mahlapaast']);
    const juri = lines.find((l) => l.startsWith('Jüri Šaškov;'))!.split(';');
    expect(juri.slice(1, 4)).toEqual(['Kaasreisija', mari[2], '35']);
    expect(juri[8]).toBe('');
    // Liis saved nothing: her details are missing, her age from the booking form's birthday.
    expect(lines.find((l) => l.startsWith('Liis Žukova;'))).toContain('Puudu: kodakondsus, passi number');
    const text = lines.join('\n') + (await pdfText(await sheet('manifest.pdf')));
    for (const word of [...HEALTH, ...NOT_ON_IT]) expect(text).not.toContain(word);
    expect(await healthReads()).toEqual([]);
  });

  it('as a PDF: every person, the Estonian letters and the passport flag', async () => {
    await edition();
    const text = await pdfText(await sheet('manifest.pdf'));
    for (const expected of ['Osalejad', ...CONFIRMED, 'Inimesi: 4', '01.05.2026 (alla 6 kuu)', 'Õie Tamm', 'Mahlapaast', '14.01.2026–24.01.2026', 'Tingimused ja osaleja deklaratsioon allkirjastatud: 3 / 4', 'Allkiri', 'Ootab']) {
      expect(text, expected).toContain(expected);
    }
    const res = await sheet('manifest.pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="osalejad-jan-2026.pdf"');
  });
});

describe('the health sheet', () => {
  it('holds the health information of the confirmed people only, and each download is audited', async () => {
    await edition();
    const text = await pdfText(await sheet('health.pdf'));
    for (const expected of ['Terviseandmed', ...CONFIRMED, 'Pähklid', 'Astma', 'Insuliin', 'kustutatakse 30 päeva pärast', '23.02.2026']) expect(text, expected).toContain(expected);
    for (const word of ['K1111111', 'Mahlapaast', 'Tühistatu tervis', ...NOT_ON_IT]) expect(text).not.toContain(word);
    await pdfText(await sheet('health.pdf'));
    expect(await healthReads()).toEqual([
      { user_id: f.admin.userId, resource_type: 'retreat', resource_id: String(retreatId), severity: 'medium' },
      { user_id: f.admin.userId, resource_type: 'retreat', resource_id: String(retreatId), severity: 'medium' },
    ]);
  });

  it('is the only sheet with health information: none of the other eight files has any, and none is audited as a health read', async () => {
    await edition();
    for (const name of ['manifest.pdf', 'manifest.csv', 'rooming.pdf', 'rooming.csv', 'kitchen.pdf', 'kitchen.csv', 'arrivals.pdf', 'arrivals.csv']) {
      const res = await sheet(name);
      const text = name.endsWith('.pdf') ? await pdfText(res) : (await csvLines(res)).join('\n');
      expect(text, name).toContain('Jüri Šaškov');
      for (const word of HEALTH) expect(text, `${name}: ${word}`).not.toContain(word);
    }
    expect(await healthReads()).toEqual([]);
  });

  it('comes only as a PDF, and a retreat that does not exist is a 404 with no audit record', async () => {
    const res = await sheet('health.csv');
    expect(res.status).toBe(404);
    expect((await readJson(res)).error.code).toBe('not_found');
    expect((await f.admin.b.get('/api/admin/retreats/99999/sheets/health.pdf')).status).toBe(404);
    expect(await healthReads()).toEqual([]);
  });
});

describe('every read of a sheet is audited (issue 37)', () => {
  const sheetReads = async () => (await f.app.rows(`SELECT user_id, action, severity, resource_type, resource_id, metadata FROM audit_logs WHERE action IN ('retreat.sheet_read', 'retreat.health_sheet_read') ORDER BY id`)).map((r) => ({ ...r, metadata: JSON.parse(String(r.metadata)) }));

  it('each download, PDF or CSV, leaves one record naming the sheet, its format and who read it', async () => {
    await edition();
    const files = ['manifest.pdf', 'manifest.csv', 'health.pdf', 'rooming.pdf', 'rooming.csv', 'kitchen.pdf', 'kitchen.csv', 'arrivals.pdf', 'arrivals.csv'];
    for (const name of files) expect((await sheet(name)).status, name).toBe(200);
    const reads = await sheetReads();
    expect(reads).toEqual(
      files.map((name) => {
        const [kind, format] = name.split('.');
        return {
          user_id: f.admin.userId,
          action: kind === 'health' ? 'retreat.health_sheet_read' : 'retreat.sheet_read',
          severity: kind === 'rooming' ? 'low' : 'medium',
          resource_type: 'retreat',
          resource_id: String(retreatId),
          metadata: { sheet: kind, format },
        };
      }),
    );
    // The trail's action filter finds them.
    const screen = await readJson(await f.admin.b.get('/api/admin/audit?action=retreat.sheet_read&pageSize=100'));
    expect(screen.total).toBe(8);
  });

  it('a sheet that does not exist, or of a retreat that does not, is a 404 with no record', async () => {
    expect((await sheet('manifest.xlsx')).status).toBe(404);
    expect((await sheet('health.csv')).status).toBe(404);
    for (const name of ['manifest.csv', 'kitchen.pdf', 'arrivals.csv', 'rooming.pdf']) expect((await f.admin.b.get(`/api/admin/retreats/99999/sheets/${name}`)).status, name).toBe(404);
    expect(await sheetReads()).toEqual([]);
  });
});

describe('the kitchen sheet', () => {
  it('counts each diet and names every restriction and food allergy per person, never the health information’s allergies', async () => {
    await edition();
    const lines = await csvLines(await sheet('kitchen.csv'));
    expect(lines).toEqual([
      'Nimi;Broneeringu nr;Menüü;Piirangud ja soovid;Toiduallergiad ja -talumatused',
      expect.stringMatching(/^Jüri Šaškov;\d+;Liha lisaks;Liha lisaks palun;$/),
      expect.stringMatching(/^Liis Žukova;\d+;Vegan;;$/),
      expect.stringMatching(/^Mari Õunapuu;\d+;Mahlapaast;Mahlapaast;$/),
      expect.stringMatching(/^Tiit Ärm;\d+;Muu;Gluteenivaba;Maapähkel, laktoos$/),
    ]);
    const text = await pdfText(await sheet('kitchen.pdf'));
    expect(text).toMatch(/Vegan: 1 · Mahlapaast: 1 · Liha lisaks: 1 · Muu: 1/);
    expect(text).toContain('Maapähkel, laktoos');
    for (const word of [...HEALTH, ...NOT_ON_IT]) expect(text).not.toContain(word);
  });

  it('reads diets by their words', () => {
    expect(['', 'vegan', 'Mahlapaast', 'juice fast', 'Liha juurde', 'ei söö liha', 'Gluteenivaba', 'Pähklid ei sobi'].map(dietOf)).toEqual(['vegan', 'vegan', 'juice', 'juice', 'meat', 'other', 'other', 'other']);
  });
});

describe('arrivals and departures', () => {
  it('orders flights by Bali time with the pick-up, and lists who has not said', async () => {
    await edition();
    const lines = await csvLines(await sheet('arrivals.csv'));
    expect(lines.map((l) => l.split(';').filter((_, i) => i !== 4).join(';'))).toEqual([
      'Aeg (Bali aeg);Liik;Lend;Nimi;Transfeer lennujaamast',
      '13.01.2026 04:30;Saabumine;TK 66;Tiit Ärm;Ei',
      '13.01.2026 16:45;Saabumine;QR 962;Jüri Šaškov;Jah',
      '13.01.2026 16:45;Saabumine;QR 962;Mari Õunapuu;Jah',
      '24.01.2026 22:10;Lahkumine;QR 963;Mari Õunapuu;',
    ]);
    const text = await pdfText(await sheet('arrivals.pdf'));
    for (const expected of ['Saabumised ja lahkumised', 'Bali aja järgi', 'Saabumise aeg teadmata', 'Liis Žukova', 'transfeeri vajab: 2']) expect(text, expected).toContain(expected);
    expect(text).not.toContain('EK 398');
  });
});

describe('flights in the travel details', () => {
  it('a guest gives their flights in the portal, checked by the shared schema, and the arrivals sheet has them', async () => {
    const id = await book({ email: guest.email, firstName: 'Ülle', lastName: 'Lend' });
    const put = (body: Record<string, string>) => guest.b.send('PUT', `/api/me/bookings/${id}/people/0`, body);
    const bad = await put({ arrivalFlight: 'lennuk', arrivalAt: '2026-01-13 25:00', pickupNeeded: 'maybe' });
    expect(bad.status).toBe(422);
    expect((await readJson(bad)).error.details.map((d: { path: string }) => d.path).sort()).toEqual(['arrivalAt', 'arrivalFlight', 'pickupNeeded']);
    const ok = await put({ arrivalFlight: 'qr962', arrivalAt: '2026-01-13T16:45', departureFlight: 'QR 963', departureAt: '2026-01-24T22:10', pickupNeeded: 'yes' });
    expect(ok.status).toBe(200);
    expect((await readJson(ok)).person.details).toMatchObject({ arrivalFlight: 'QR962', arrivalAt: '2026-01-13T16:45', pickupNeeded: 'yes' });
    const lines = await csvLines(await sheet('arrivals.csv'));
    expect(lines.slice(1).map((l) => l.split(';').filter((_, i) => i !== 4).join(';'))).toEqual(['13.01.2026 16:45;Saabumine;QR962;Ülle Lend;Jah', '24.01.2026 22:10;Lahkumine;QR 963;Ülle Lend;']);
  });
});

describe('rooming', () => {
  it('starts from the bookings, saves rooms with an audit record, and checks the counts against the bookings', async () => {
    const { mari, tiit, liis, cancelled } = await edition();
    let res = await f.admin.b.get(`/api/admin/retreats/${retreatId}/rooms`);
    expect(res.status).toBe(200);
    let view = await readJson(res);
    expect(view.people.map((p: { name: string }) => p.name)).toEqual(['Jüri Šaškov', 'Liis Žukova', 'Mari Õunapuu', 'Tiit Ärm']);
    expect(view.people.every((p: { room: string | null }) => p.room === null)).toBe(true);
    const proposed = Object.fromEntries(view.people.map((p: { name: string; proposedRoom: string }) => [p.name, p.proposedRoom]));
    // Mari booked a shared room with her companion: together; Tiit alone; Liis (shared, alone) gets a room of her own to share.
    expect(proposed['Mari Õunapuu']).toBe(proposed['Jüri Šaškov']);
    expect(new Set(Object.values(proposed)).size).toBe(3);
    expect(view.counts).toEqual({ booked: { single: 1, shared: 3, double: 0 }, assigned: { single: 0, shared: 0, double: 0 }, unassigned: 4, warnings: expect.arrayContaining(['Toata: 4 inimest']) });

    // Everyone shares room 1 but Tiit, who has room 2: the counts agree with the bookings.
    res = await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}/rooms`, {
      rooms: [
        { bookingId: mari, position: 0, room: '1' },
        { bookingId: mari, position: 1, room: ' 1 ' },
        { bookingId: liis, position: 0, room: '1' },
        { bookingId: tiit, position: 0, room: '2' },
      ],
    });
    expect(res.status).toBe(200);
    view = await readJson(res);
    expect(view.counts).toEqual({ booked: { single: 1, shared: 3, double: 0 }, assigned: { single: 1, shared: 3, double: 0 }, unassigned: 0, warnings: [] });
    expect(await f.app.rows(`SELECT action, resource_id FROM audit_logs WHERE action = 'retreat.rooms'`)).toEqual([{ action: 'retreat.rooms', resource_id: String(retreatId) }].map((r) => expect.objectContaining(r)));

    // Liis out of room 1 into room 3: a single room she did not book, and Mari's party shares only with itself.
    view = await readJson(await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}/rooms`, { rooms: [{ bookingId: liis, position: 0, room: '3' }] }));
    expect(view.counts.assigned).toEqual({ single: 2, shared: 0, double: 2 });
    expect(view.counts.warnings).toEqual([
      'Ühekohaline tuba: broneeritud 1 inimesele, määratud 2 inimesele',
      'Jagatud tuba: broneeritud 3 inimesele, määratud 0 inimesele',
      'Kahekohaline tuba: broneeritud 0 inimesele, määratud 2 inimesele',
    ]);

    const lines = await csvLines(await sheet('rooming.csv'));
    expect(lines[0]).toBe('Tuba;Nimi;Broneeringu nr;Toatüüp;Toa jagamine;Voodi;Toakaaslased');
    expect(lines.slice(1).map((l) => l.split(';').filter((_, i) => i !== 2).join(';'))).toEqual([
      '1;Jüri Šaškov;Jagatud;Jagatud;;Mari Õunapuu',
      '1;Mari Õunapuu;Jagatud;Jagatud;;Jüri Šaškov',
      '2;Tiit Ärm;Ühekohaline;Eraldi;;',
      '3;Liis Žukova;Jagatud;Jagatud;;',
    ]);
    const text = await pdfText(await sheet('rooming.pdf'));
    for (const expected of ['Toad', ...CONFIRMED, 'Hoiatus: Jagatud tuba: broneeritud 3 inimesele, määratud 0 inimesele']) expect(text, expected).toContain(expected);

    // Someone not on the edition's confirmed bookings: 422, and nothing changes.
    const before = await f.app.rows('SELECT * FROM room_assignments ORDER BY booking_id, position');
    res = await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}/rooms`, {
      rooms: [
        { bookingId: tiit, position: 0, room: '9' },
        { bookingId: cancelled, position: 0, room: '1' },
      ],
    });
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details).toEqual([{ path: 'rooms.1', message: 'Seda inimest ei ole selle retriidi kinnitatud broneeringutel.' }]);
    res = await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}/rooms`, { rooms: [{ bookingId: tiit, position: 0, room: 'x'.repeat(41) }] });
    expect(res.status).toBe(422);
    expect(await f.app.rows('SELECT * FROM room_assignments ORDER BY booking_id, position')).toEqual(before);
    // An empty room takes the person out of theirs.
    view = await readJson(await f.admin.b.send('PUT', `/api/admin/retreats/${retreatId}/rooms`, { rooms: [{ bookingId: tiit, position: 0, room: '' }] }));
    expect(view.counts.unassigned).toBe(1);
  });
});

describe('access and unknown sheets', () => {
  it('an unknown sheet is a 404 with its code', async () => {
    for (const name of ['passports.csv', 'manifest.xlsx', 'manifest', '..%2Fmanifest.pdf']) {
      const res = await sheet(name);
      expect(res.status, name).toBe(404);
      expect((await readJson(res)).error.code, name).toBe('not_found');
    }
    expect((await f.admin.b.get('/api/admin/retreats/abc/sheets/manifest.pdf')).status).toBe(404);
  });

  it('refuses anyone who is not an admin, and writes nothing', async () => {
    await edition();
    const guest = await signedIn(f.app);
    for (const path of [`/api/admin/retreats/${retreatId}/sheets/health.pdf`, `/api/admin/retreats/${retreatId}/sheets/manifest.csv`, `/api/admin/retreats/${retreatId}/rooms`]) {
      expect((await guest.b.get(path)).status, path).toBe(403);
      expect((await browser(f.app).get(path)).status, path).toBe(401);
    }
    expect((await guest.b.send('PUT', `/api/admin/retreats/${retreatId}/rooms`, { rooms: [] })).status).toBe(403);
    expect(await healthReads()).toEqual([]);
    expect(await f.app.count('room_assignments')).toBe(0);
  });
});
