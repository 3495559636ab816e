import { describe, expect, it } from 'vitest';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { decide, type Lookups } from '../../worker/domain/bank/matching';
import type { StatementTransaction } from '../../worker/domain/bank/statement';
import { STATEMENT_ACCOUNT } from '../helpers/bank-statements';

/** The matcher's rules that the API tests reach only by chance: which numbers in a text count, and in what order. */

const tx = (more: Partial<StatementTransaction>): StatementTransaction => ({
  archiveId: null, bookedOn: '2026-04-02', direction: 'credit', amountCents: 30_000, currency: 'EUR', counterpartyName: 'Mari Tamm',
  counterpartyAccount: null, counterpartyIdCode: null, reference: null, text: '', endToEndId: null, line: 1, account: STATEMENT_ACCOUNT, ...more,
});
const books = (open: Record<number, number>, cancelled: number[] = []): Lookups => ({
  bookings: new Map(Object.entries(open).map(([id, cents]) => [Number(id), { cancelled: cancelled.includes(Number(id)), openCents: cents }])),
  bookingOfInvoice: new Map([['ARV-2026-0007', 7]]),
});

describe('decide', () => {
  it('does not take the amount written out for a reference, even when a booking has that number', () => {
    // 1591 passes 7-3-1 and names booking 59.
    expect(bookingReferenceNumber(59)).toBe('1591');
    expect(decide(tx({ amountCents: 159_100, text: 'Makse 1591 eurot' }), books({ 59: 159_900 }))).toMatchObject({ outcome: 'review', reviewReason: 'no_reference' });
    expect(decide(tx({ amountCents: 30_000, text: 'Viitenumber 1591' }), books({ 59: 159_900 }))).toMatchObject({ outcome: 'partial', allocations: [{ bookingId: 59 }] });
  });

  it('prefers the longer reading of a number split by spaces when both name a booking', () => {
    const long = bookingReferenceNumber(2345); // 123453: "1 2345 3" also holds shorter valid runs
    const text = `viitenumber ${long.slice(0, 1)} ${long.slice(1, 5)} ${long.slice(5)}`;
    const open: Record<number, number> = { 2345: 30_000 };
    for (let id = 1; id < 2000; id++) open[id] ??= 30_000;
    expect(decide(tx({ text }), books(open))).toMatchObject({ outcome: 'matched', allocations: [{ bookingId: 2345, amountCents: 30_000 }] });
  });

  it('the structured reference first, then the text, then an invoice number', () => {
    const lookups = books({ 3: 50_000, 4: 50_000, 7: 50_000 });
    expect(decide(tx({ reference: bookingReferenceNumber(3), text: `viide ${bookingReferenceNumber(4)}` }), lookups).allocations).toEqual([{ bookingId: 3, amountCents: 30_000 }]);
    expect(decide(tx({ text: `viide ${bookingReferenceNumber(4)} arve ARV-2026-0007` }), lookups).allocations).toEqual([{ bookingId: 4, amountCents: 30_000 }]);
    expect(decide(tx({ text: 'arve arv–2026–0007' }), lookups).allocations).toEqual([{ bookingId: 7, amountCents: 30_000 }]);
  });

  it('lowers what is open for the transactions after it', () => {
    const lookups = books({ 3: 50_000 });
    const ref = bookingReferenceNumber(3);
    expect(decide(tx({ reference: ref }), lookups).outcome).toBe('partial');
    expect(decide(tx({ reference: ref, amountCents: 20_000 }), lookups).outcome).toBe('matched');
    expect(decide(tx({ reference: ref, amountCents: 1 }), lookups).outcome).toBe('overpaid');
  });
});
