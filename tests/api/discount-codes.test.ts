import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_CODE_MESSAGES, DISCOUNT_REFUSALS } from '../../src/lib/discount-codes';
import { writtenRows } from '../helpers/app-server';
import { useApiFixture } from '../helpers/api-fixture';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';

/**
 * Discount codes (issue 38): the organiser's codes, and a guest's code checked and counted inside the booking's own
 * batch. The clock stands on 26.11.2026; the edition starts 14.05.2027 at 1299 € a person (single room +200 €).
 */
const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z' });

async function may(extra: { capacity?: number } = {}) {
  return (await f.edition({ startDate: '2027-05-14', priceCents: 129_900, ...extra })) as { id: number; edition: string };
}

const create = (body: Record<string, unknown>) => f.api('POST', '/api/admin/discount-codes', body);
const codes = async (q = '') => (await f.ok('GET', `/api/admin/discount-codes${q ? `?q=${encodeURIComponent(q)}` : ''}`)).items as Record<string, unknown>[];

async function book(edition: { edition: string }, overrides: Record<string, unknown> = {}) {
  const res = await f.app.post('/api/bookings', validBooking({ retreatMonth: edition.edition, roomType: 'shared-room', ...overrides } as never));
  return { status: res.status, body: await readJson(res) };
}

const refusalOn = (body: { error: { code: string; details: { path: string; message: string }[] } }, path: string) => {
  expect(body.error.code).toBe('validation_failed');
  return body.error.details.find((d) => d.path === path)?.message;
};

describe('the organiser’s codes', () => {
  it('are made with a percentage or an amount per person, listed with their uses, changed and ended, never deleted', async () => {
    const edition = await may();
    const made = await create({ code: 'kevad10', percent: 10, maxUses: 1 });
    expect(made.status).toBe(201);
    expect(made.body.discountCode).toMatchObject({ code: 'KEVAD10', percent: 10, amountPerPersonCents: null, maxUses: 1, uses: 0, state: 'active', retreats: null });
    const fixed = await create({ code: 'SOBER50', amountPerPerson: '50', retreatIds: [edition.id], validUntil: '2027-01-31', note: 'Tagasitulijad' });
    expect(fixed.status).toBe(201);
    expect(fixed.body.discountCode).toMatchObject({ amountPerPersonCents: 5000, retreats: [{ id: edition.id, name: 'Retriit 2027-05-14' }], validUntil: '2027-01-31' });

    expect((await codes()).map((c) => c.code)).toEqual(['SOBER50', 'KEVAD10']);
    expect((await codes('tagasi')).map((c) => c.code)).toEqual(['SOBER50']);
    expect((await codes('kevad')).map((c) => c.code)).toEqual(['KEVAD10']);

    // The same code in another case is the same code.
    const again = await create({ code: 'Kevad10', percent: 5 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('discount_code_taken');
    expect(again.body.error.details).toEqual([{ path: 'code', message: DISCOUNT_CODE_MESSAGES.codeTaken }]);

    const id = made.body.discountCode.id as number;
    const edited = await f.api('PATCH', `/api/admin/discount-codes/${id}`, { version: made.body.discountCode.version, maxUses: 3, note: 'Kevadkampaania' });
    expect(edited.status).toBe(200);
    expect(edited.body.discountCode).toMatchObject({ maxUses: 3, note: 'Kevadkampaania', version: 2 });
    const stale = await f.api('PATCH', `/api/admin/discount-codes/${id}`, { version: 1, maxUses: 9 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('discount_code_changed');

    const ended = await f.api('POST', `/api/admin/discount-codes/${id}/end`, { version: 2 });
    expect(ended.status).toBe(200);
    expect(ended.body.discountCode.state).toBe('ended');
    expect((await f.api('POST', `/api/admin/discount-codes/${id}/end`, { version: 3 })).body.error.code).toBe('discount_code_ended');

    const audit = await f.app.rows(`SELECT action FROM audit_logs WHERE resource_type = 'discount_code' ORDER BY id`);
    expect(audit.map((r) => r.action)).toEqual(['discount_code.create', 'discount_code.create', 'discount_code.update', 'discount_code.end']);
    // No route deletes a code; the database refuses to lose a used one (its bookings refer to it).
    expect((await f.api('DELETE', `/api/admin/discount-codes/${id}`)).status).toBe(404);
  });

  it('refuse a code that is not letters and digits, both kinds or none, a percentage out of range and days out of order', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'KE VAD', percent: 10 }, 'code', DISCOUNT_CODE_MESSAGES.codeFormat],
      [{ code: 'AB', percent: 10 }, 'code', DISCOUNT_CODE_MESSAGES.codeFormat],
      [{ code: 'KEVAD', percent: 10, amountPerPerson: '5' }, 'amountPerPerson', DISCOUNT_CODE_MESSAGES.oneKind],
      [{ code: 'KEVAD' }, 'percent', DISCOUNT_CODE_MESSAGES.kindRequired],
      [{ code: 'KEVAD', percent: 101 }, 'percent', DISCOUNT_CODE_MESSAGES.percent],
      [{ code: 'KEVAD', percent: 0 }, 'percent', DISCOUNT_CODE_MESSAGES.percent],
      [{ code: 'KEVAD', amountPerPerson: '0' }, 'amountPerPerson', DISCOUNT_CODE_MESSAGES.amountPositive],
      [{ code: 'KEVAD', percent: 10, validFrom: '2027-02-01', validUntil: '2027-01-01' }, 'validUntil', DISCOUNT_CODE_MESSAGES.untilBeforeFrom],
      [{ code: 'KEVAD', percent: 10, retreatIds: [999_999] }, 'retreatIds', DISCOUNT_CODE_MESSAGES.retreatUnknown],
    ];
    for (const [body, path, message] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(refusalOn(answer.body, path), JSON.stringify(body)).toBe(message);
    }
    expect(await codes()).toEqual([]);
  });

  it('are the organiser’s only', async () => {
    const res = await f.app.post('/api/admin/discount-codes', { code: 'KEVAD10', percent: 10 });
    expect(res.status).toBe(401);
  });
});

describe('a guest’s code', () => {
  it('is read in any case, priced per person before the plan’s discount, kept on the booking and counted', async () => {
    const edition = await may();
    await create({ code: 'KEVAD10', percent: 10 });
    const answer = await book(edition, { discountCode: ' kevad10 ', paymentPlan: 'advance', ...f.party(2) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const row = await f.row(answer.body.bookingId);
    // 1299 € less 10 % (129,90 €) = 1169,10 € a person, two people.
    expect(row.total_amount_cents).toBe(233_820);
    expect(row.code_discount_cents).toBe(25_980);
    const snapshot = JSON.parse(String(row.price_snapshot));
    expect(snapshot.codeDiscount).toEqual({ code: 'KEVAD10', percent: 10, amountPerPersonCents: null, perPersonCents: 12_990, totalCents: 25_980 });
    expect(snapshot.earlyBird).toBeNull();
    expect(snapshot.parts.reduce((sum: number, p: { amountCents: number }) => sum + p.amountCents, 0)).toBe(233_820);

    // The full payment's −5 % is taken from what the code left, rounded down to the whole euro: 1169,10 → 1110 €.
    const full = await book(edition, { discountCode: 'KEVAD10', paymentPlan: 'full' });
    expect((await f.row(full.body.bookingId)).total_amount_cents).toBe(111_000);

    const [listed] = await codes();
    expect(listed).toMatchObject({ uses: 2, givenAwayCents: 25_980 + 12_990 });
    const detail = await f.detail(answer.body.bookingId);
    expect(detail.discountCode).toEqual({ code: 'KEVAD10', percent: 10, amountPerPersonCents: null, discountCents: 25_980 });
  });

  it('of a fixed amount takes it off each person, never below nothing', async () => {
    const edition = await may();
    await create({ code: 'SOBER50', amountPerPerson: '50' });
    const answer = await book(edition, { discountCode: 'sober50', paymentPlan: 'instalments', ...f.party(3) });
    expect(answer.status).toBe(201);
    expect((await f.row(answer.body.bookingId)).total_amount_cents).toBe(3 * 124_900);
  });

  it('is refused with its reason under the field, and nothing is stored', async () => {
    const edition = await may();
    const other = await f.edition({ startDate: '2027-06-14' });
    const ended = (await create({ code: 'ENDED', percent: 10 })).body.discountCode;
    await f.ok('POST', `/api/admin/discount-codes/${ended.id}/end`, { version: ended.version });
    await create({ code: 'OLD', percent: 10, validUntil: '2026-11-25' });
    await create({ code: 'LATER', percent: 10, validFrom: '2026-12-01' });
    await create({ code: 'JUNE', percent: 10, retreatIds: [other.id] });
    await create({ code: 'ONCE', percent: 10, maxUses: 1 });
    expect((await book(edition, { discountCode: 'ONCE' })).status).toBe(201);

    const before = { ...(await writtenRows(f.app)), uses: await f.app.rows('SELECT code, uses FROM discount_codes ORDER BY id') };
    const cases: [string, string][] = [
      ['NOSUCH', DISCOUNT_REFUSALS.unknown],
      ['ENDED', DISCOUNT_REFUSALS.ended],
      ['OLD', DISCOUNT_REFUSALS.ended],
      ['LATER', DISCOUNT_REFUSALS.notYet('2026-12-01')],
      ['JUNE', DISCOUNT_REFUSALS.notForEdition],
      ['ONCE', DISCOUNT_REFUSALS.usedUp],
      ['kõ-ik', DISCOUNT_REFUSALS.unknown],
    ];
    for (const [code, message] of cases) {
      const answer = await book(edition, { discountCode: code });
      expect(answer.status, code).toBe(422);
      expect(refusalOn(answer.body, 'discountCode'), code).toBe(message);
    }
    expect(DISCOUNT_REFUSALS.notYet('2026-12-01')).toBe('See sooduskood hakkab kehtima 01.12.2026.');
    expect({ ...(await writtenRows(f.app)), uses: await f.app.rows('SELECT code, uses FROM discount_codes ORDER BY id') }).toEqual(before);
  });

  it('with one use left is used exactly once by 20 bookings at once; the 19 others store nothing', async () => {
    const edition = await may();
    await create({ code: 'ONCE', percent: 10, maxUses: 1 });
    const before = await writtenRows(f.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(edition, { discountCode: 'once' })));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 422);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(refusalOn(r.body, 'discountCode')).toBe(DISCOUNT_REFUSALS.usedUp);
    const after = await writtenRows(f.app);
    expect(after.bookings - before.bookings).toBe(1);
    expect(after.guests - before.guests).toBe(1);
    expect(after.outbox - before.outbox).toBe(1);
    expect(await f.app.rows('SELECT uses FROM discount_codes')).toEqual([{ uses: 1 }]);
    expect(await f.app.rows('SELECT count(*) AS n FROM bookings WHERE discount_code_id IS NOT NULL')).toEqual([{ n: 1 }]);
  });

  it('ended between the form’s check and the booking is refused by the booking’s own batch', async () => {
    const edition = await may();
    const made = (await create({ code: 'KEVAD10', percent: 10 })).body.discountCode;
    // The code is ended in the database the moment before the batch runs: the read said it held, the batch says not.
    const db = f.app.deps.db;
    const batch = db.batch.bind(db);
    db.batch = (async (statements: Parameters<typeof batch>[0]) => {
      await f.app.deps.sql.execute(`UPDATE discount_codes SET ended_at = '2026-11-26T10:00:00.000Z' WHERE id = ${made.id}`);
      db.batch = batch;
      return batch(statements);
    }) as unknown as typeof batch;
    const before = await writtenRows(f.app);
    const answer = await book(edition, { discountCode: 'KEVAD10' });
    expect(answer.status).toBe(422);
    expect(refusalOn(answer.body, 'discountCode')).toBe(DISCOUNT_REFUSALS.ended);
    expect(await writtenRows(f.app)).toEqual(before);
  });

  it('can be checked before sending: what it gives, or why not, under the field', async () => {
    const edition = await may();
    await create({ code: 'KEVAD10', percent: 10 });
    const ok = await f.app.post('/api/discount-codes/check', { code: 'kevad10', retreatMonth: edition.edition });
    expect(ok.status).toBe(200);
    expect(await readJson(ok)).toEqual({ discountCode: { code: 'KEVAD10', percent: 10, amountPerPersonCents: null } });
    const no = await f.app.post('/api/discount-codes/check', { code: 'nosuch', retreatMonth: edition.edition });
    expect(no.status).toBe(422);
    expect(refusalOn(await readJson(no), 'code')).toBe(DISCOUNT_REFUSALS.unknown);
    const closed = await f.app.post('/api/discount-codes/check', { code: 'kevad10', retreatMonth: 'jan-2026' });
    expect(closed.status).toBe(422);
    expect((await readJson(closed)).error.code).toBe('edition_closed');
    // Checking counts nothing.
    expect(await f.app.rows('SELECT uses FROM discount_codes')).toEqual([{ uses: 0 }]);
  });

  it('cannot lower a code’s maximum below its uses, nor delete a used code in the database', async () => {
    const edition = await may();
    const made = (await create({ code: 'KEVAD10', percent: 10, maxUses: 5 })).body.discountCode;
    await book(edition, { discountCode: 'KEVAD10' });
    await book(edition, { discountCode: 'KEVAD10' });
    const lowered = await f.api('PATCH', `/api/admin/discount-codes/${made.id}`, { version: made.version, maxUses: 1 });
    expect(lowered.status).toBe(422);
    expect(refusalOn(lowered.body, 'maxUses')).toBe(DISCOUNT_CODE_MESSAGES.maxUsesBelowUses(2));
    await expect(f.app.deps.sql.execute(`DELETE FROM discount_codes WHERE id = ${made.id}`)).rejects.toThrow(/discount_code_used/);
  });
});

describe('a booking made with a code', () => {
  it('carries it into the invoice as its own line, the confirmation e-mail and the bookings export', async () => {
    const edition = await may();
    await create({ code: 'KEVAD10', percent: 10 });
    const answer = await book(edition, { discountCode: 'kevad10', paymentPlan: 'advance', ...f.party(2) });
    const id = answer.body.bookingId as number;

    const invoice = await f.invoice(id);
    // Issue 39: a party is invoiced per person, at the price before the code; the code is its own line.
    expect(invoice.document.lines.map((l: { description: string; totalCents: number }) => [l.description, l.totalCents])).toEqual([
      ['Uus algus retriit Balis – Mari Tamm', 129_900],
      ['Uus algus retriit Balis – Kaaslane A Tamm', 129_900],
      ['Soodustus KEVAD10 −10 %', -25_980],
    ]);
    expect(invoice.document.totalCents).toBe(233_820);
    const pdf = await f.admin.b.get(`/api/admin/invoices/${invoice.id}/pdf`);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: new Uint8Array(await pdf.arrayBuffer()) }).toString().replace(/\u00a0/g, ' ');
    for (const expected of ['Soodustus KEVAD10 −10 %', 'Kaaslane A Tamm', '−259,80 €', '2 338,20 €']) expect(text, expected).toContain(expected);

    const [mail] = await f.app.rows(`SELECT text FROM email_outbox WHERE booking_id = ${id} AND kind = 'booking_confirmation'`);
    expect(String(mail!.text).replace(/\u00a0/g, ' ')).toContain('Soodustus KEVAD10 −10 %: −259,80 €');

    const csv = await (await f.admin.b.get('/api/admin/exports/bookings.csv')).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header!.split(';').slice(-2)).toEqual(['Sooduskood', 'Soodustus (€)']);
    expect(row!.split(';').slice(-2)).toEqual(['KEVAD10', '259,80']);
  });
});

