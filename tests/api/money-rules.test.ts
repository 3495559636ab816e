/**
 * The money module's rules have a TypeScript form (the detail, the portal, the invoice, the jobs) and a SQL form
 * (the stored columns, the lists, filters and the ledger's batch). For random bookings and ledgers the two must
 * agree: 1 000 cases per rule and run.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/format';
import { ADVANCE_CENTS } from '../../src/lib/payment-rules';
import {
  BILLED_SQL,
  billedCents,
  OUTSTANDING_SQL,
  outstandingCents,
  OVERPAID_SQL,
  overpaidCents,
  OWES_SQL,
  PRICE_SQL,
  priceCents,
  REFUND_OWED_FILTER_SQL,
  REFUND_OWED_SQL,
  refundOwedCents,
  type MoneyRow,
} from '../../worker/domain/money/balance';
import { invoiceState, openCents, STATE_SQL } from '../../worker/domain/invoices/open';
import { PAYMENT_PLANS } from '../../src/lib/payment-plans';
import { DEPOSIT_SQL, depositDueCents, derivedPaymentStatus, isOverdue, OVERDUE_SQL, PAYMENT_STATUS_SQL } from '../../worker/domain/money/schedule';
import { createTestDb } from '../helpers/test-db';

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.run(sql`INSERT INTO guests (id, first_name, last_name, email) VALUES ('g', 'Mari', 'Maasikas', 'mari@example.com')`);
});
afterAll(async () => {
  await t.cleanup();
});

const RUNS = 20;
const PER_RUN = 50; // 20 × 50 = 1 000 cases per rule

const cents = fc.integer({ min: 0, max: 500_000 });
const day = fc.integer({ min: 0, max: 900 }).map((n) => addDays('2025-06-01', n));

const billable = fc.record({
  totalAmountCents: fc.option(cents, { nil: null }),
  additionalServices: fc.array(fc.record({ priceCents: cents }), { maxLength: 4 }),
  companions: fc.array(fc.record({ customPriceCents: fc.option(cents, { nil: null }) }), { maxLength: 3 }),
});

describe('price: the triggers keep PRICE_SQL, and it equals priceCents', () => {
  it('for random totals, services and companion prices', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(billable, { minLength: PER_RUN, maxLength: PER_RUN }), async (cases) => {
        await t.db.run(sql`DELETE FROM bookings`);
        const rows = await t.db.batch(
          cases.map((c) =>
            t.db.all<{ kept: number; computed: number }>(sql`
              INSERT INTO bookings (guest_id, total_amount_cents, additional_services, companions)
              VALUES ('g', ${c.totalAmountCents},
                ${c.additionalServices.length ? JSON.stringify(c.additionalServices.map((s) => ({ name: 'x', price_cents: s.priceCents }))) : null},
                ${c.companions.length ? JSON.stringify(c.companions.map((p) => ({ first_name: 'A', last_name: 'B', custom_price_cents: p.customPriceCents }))) : null})
              RETURNING id`),
          ) as never,
        );
        const ids = (rows as unknown as { id: number }[][]).map((r) => r[0]!.id);
        const stored = await t.db.all<{ id: number; kept: number; computed: number }>(
          sql`SELECT b.id AS id, b.owed_cents AS kept, ${PRICE_SQL('b')} AS computed FROM bookings AS b ORDER BY b.id`,
        );
        expect(stored.map((r) => r.id)).toEqual(ids);
        const expected = cases.map((c) => priceCents(c));
        expect(stored.map((r) => Number(r.kept))).toEqual(expected);
        expect(stored.map((r) => Number(r.computed))).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });
});

/** Every stored state (status × waiting-list flag), a price, a ledger, and what a cancellation kept. */
const money = fc.record({
  status: fc.constantFrom('pending', 'confirmed', 'cancelled'),
  waitingList: fc.boolean(),
  priceCents: cents,
  // Refunds can leave a ledger at 0, never below; paid may exceed the price (an overpayment).
  paidCents: fc.integer({ min: 0, max: 600_000 }),
  keptCents: fc.option(cents, { nil: null }),
});

describe('billed, outstanding, owes, refund owed, overpaid: each SQL form equals its TypeScript form', () => {
  it('for random states, prices, ledgers and kept amounts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(money, { minLength: PER_RUN, maxLength: PER_RUN }), async (cases: MoneyRow[]) => {
        const rows = await t.db.all<Record<string, number>>(sql`
          SELECT ${BILLED_SQL('b')} AS billed, ${OUTSTANDING_SQL('b')} AS outstanding, ${OWES_SQL('b')} AS owes,
                 ${REFUND_OWED_SQL('b')} AS refund, ${REFUND_OWED_FILTER_SQL('b')} AS refundFilter, ${OVERPAID_SQL('b')} AS overpaid
          FROM (SELECT j.value ->> '$.status' AS status, j.value ->> '$.waitingList' AS waiting_list, j.value ->> '$.priceCents' AS owed_cents,
                       j.value ->> '$.paidCents' AS amount_paid_cents, j.value ->> '$.keptCents' AS kept_cents, j.key AS k
                FROM json_each(${JSON.stringify(cases)}) AS j) AS b ORDER BY b.k`);
        expect(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))).toEqual(
          cases.map((c) => ({
            billed: billedCents(c),
            outstanding: outstandingCents(c),
            owes: outstandingCents(c) > 0 ? 1 : 0,
            refund: refundOwedCents(c),
            refundFilter: refundOwedCents(c) > 0 ? 1 : 0,
            overpaid: overpaidCents(c),
          })),
        );
      }),
      { numRuns: RUNS },
    );
  });
});

const schedule = fc.record({
  bookedOn: day,
  // The first day: any time around the booking, or none.
  startOffset: fc.option(fc.integer({ min: -30, max: 400 }), { nil: null }),
  todayOffset: fc.integer({ min: -5, max: 500 }),
  owedCents: fc.oneof(cents, fc.constantFrom(0, ADVANCE_CENTS - 1, ADVANCE_CENTS, ADVANCE_CENTS + 1)),
  paidCents: fc.oneof(fc.integer({ min: 0, max: 600_000 }), fc.constantFrom(0, ADVANCE_CENTS - 1, ADVANCE_CENTS)),
  // Every plan, and bookings made before plans (null); an advance of its own for a party, or the settings' one.
  plan: fc.constantFrom(null, ...PAYMENT_PLANS),
  advanceCents: fc.option(fc.constantFrom(ADVANCE_CENTS, 2 * ADVANCE_CENTS, 4 * ADVANCE_CENTS), { nil: null }),
  status: fc.constantFrom('pending', 'confirmed', 'cancelled'),
  waitingList: fc.boolean(),
  keptCents: fc.option(cents, { nil: null }),
});

describe('the schedule: OVERDUE_SQL, PAYMENT_STATUS_SQL and DEPOSIT_SQL equal isOverdue, derivedPaymentStatus and depositDueCents', () => {
  it('for random booking days, first days, todays, bills, ledgers and states', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(schedule, { minLength: PER_RUN, maxLength: PER_RUN }), async (cases) => {
        const inputs = cases.map((c) => ({
          bookedOn: c.bookedOn,
          startDate: c.startOffset === null ? null : addDays(c.bookedOn, c.startOffset),
          today: addDays(c.bookedOn, c.todayOffset),
          owedCents: c.owedCents,
          paidCents: c.paidCents,
          plan: c.plan,
          advanceCents: c.advanceCents,
          status: c.status,
          waitingList: c.waitingList,
          keptCents: c.keptCents,
        }));
        const results = await t.db.batch(
          inputs.map((i) => {
            const forSql = { ...i, owed: sql`CAST(${i.owedCents} AS INTEGER)`, paid: sql`CAST(${i.paidCents} AS INTEGER)`, alias: 'b' };
            return t.db.all<{ overdue: number; status: string; deposit: number }>(sql`
              SELECT ${OVERDUE_SQL(forSql)} AS overdue, ${PAYMENT_STATUS_SQL(forSql)} AS status, ${DEPOSIT_SQL(forSql)} AS deposit
              FROM (SELECT ${i.status} AS status, ${i.waitingList ? 1 : 0} AS waiting_list, ${i.keptCents} AS kept_cents) AS b`);
          }) as never,
        );
        const got = (results as unknown as { overdue: number; status: string; deposit: number }[][]).map((r) => ({ overdue: Number(r[0]!.overdue) === 1, status: r[0]!.status, deposit: Number(r[0]!.deposit) }));
        expect(got).toEqual(inputs.map((i) => ({ overdue: isOverdue(i), status: derivedPaymentStatus(i), deposit: depositDueCents(i) })));
      }),
      { numRuns: RUNS },
    );
  });
});


const invoiceCase = fc.record({
  total: fc.integer({ min: 1, max: 300_000 }),
  // Credit notes taking part or all of it back, in order.
  credits: fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 2 }),
  booking: fc.record({ status: fc.constantFrom('pending', 'confirmed', 'cancelled'), waitingList: fc.boolean(), total: cents, paid: fc.integer({ min: 0, max: 600_000 }) }),
  // What happens to the booking after the documents: paid more, cancelled, or deleted below the API.
  then: fc.constantFrom('nothing', 'pay', 'cancel', 'delete'),
  more: cents,
});

describe("a document's open amount and state: the triggers of migration 0015 and STATE_SQL equal openCents and invoiceState", () => {
  it('for random invoices, credit notes and booking changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(invoiceCase, { minLength: 25, maxLength: 25 }), async (cases) => {
        await t.client.execute('DELETE FROM bookings');
        // The series runs on across runs (invoices are never deleted): continue it.
        let n = Number((await t.client.execute('SELECT coalesce(max(series_number), 0) AS n FROM invoices')).rows[0]!.n);
        const expected: { id: number; kind: 'invoice' | 'credit_note'; totalCents: number; creditedCents: number; bookingOutstandingCents: number | null }[] = [];
        for (const c of cases) {
          const booking = Number((await t.client.execute({ sql: `INSERT INTO bookings (guest_id, status, waiting_list, total_amount_cents, amount_paid_cents) VALUES ('g', ?, ?, ?, ?) RETURNING id`, args: [c.booking.status, c.booking.waitingList ? 1 : 0, c.booking.total, c.booking.paid] })).rows[0]!.id);
          n += 1;
          const invoice = Number((await t.client.execute({ sql: `INSERT INTO invoices (series_number, number, kind, booking_id, issued_on, total_cents, buyer_name, document) VALUES (?, ?, 'invoice', ?, '2026-01-01', ?, 'X', '{}') RETURNING id`, args: [n, `P-${n}`, booking, c.total] })).rows[0]!.id);
          let credited = 0;
          for (const credit of c.credits) {
            const take = Math.min(credit, c.total + credited);
            if (take <= 0) break;
            n += 1;
            await t.client.execute({ sql: `INSERT INTO invoices (series_number, number, kind, booking_id, credits_invoice_id, issued_on, total_cents, buyer_name, document) VALUES (?, ?, 'credit_note', ?, ?, '2026-01-02', ?, 'X', '{}')`, args: [n, `P-${n}`, booking, invoice, -take] });
            expected.push({ id: Number((await t.client.execute('SELECT max(id) AS id FROM invoices')).rows[0]!.id), kind: 'credit_note', totalCents: -take, creditedCents: 0, bookingOutstandingCents: null });
            credited -= take;
          }
          let { status, total, paid } = c.booking;
          let gone = false;
          if (c.then === 'pay') await t.client.execute({ sql: 'UPDATE bookings SET amount_paid_cents = ? WHERE id = ?', args: [(paid += c.more), booking] });
          if (c.then === 'cancel') await t.client.execute({ sql: `UPDATE bookings SET status = ? WHERE id = ?`, args: [(status = 'cancelled'), booking] });
          if (c.then === 'delete') {
            await t.client.execute({ sql: 'DELETE FROM bookings WHERE id = ?', args: [booking] });
            gone = true;
          }
          expected.push({ id: invoice, kind: 'invoice', totalCents: c.total, creditedCents: credited, bookingOutstandingCents: gone ? null : outstandingCents({ status, waitingList: c.booking.waitingList, priceCents: total, paidCents: paid, keptCents: null }) });
        }
        const ids = expected.map((e) => e.id);
        const rows = await t.db.all<{ id: number; credited: number; open: number; state: string }>(
          sql`SELECT i.id AS id, i.credited_cents AS credited, i.open_cents AS open, ${STATE_SQL('i')} AS state FROM invoices AS i WHERE i.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        );
        const byId = new Map(rows.map((r) => [Number(r.id), r]));
        for (const e of expected) {
          const open = openCents(e);
          expect({ id: e.id, credited: Number(byId.get(e.id)!.credited), open: Number(byId.get(e.id)!.open), state: byId.get(e.id)!.state }).toEqual({
            id: e.id,
            credited: e.creditedCents,
            open,
            state: invoiceState({ ...e, openCents: open }),
          });
        }
      }),
      { numRuns: 40 }, // 40 × 25 = 1 000 invoices, with their credit notes
    );
  });
});
