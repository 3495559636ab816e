/**
 * Which booking a bank transaction pays (issue "Collect"), decided from what the statement says and what the books
 * say, without touching the database: the import reads the bookings and invoices a statement names, then asks this
 * module about each transaction in the file's order, so two payments to one booking in one file see each other.
 *
 * Only money in on the company's own accounts, in euros, is matched. The order of evidence: the structured reference
 * (the field Estonian banks fill with the viitenumber), else 7-3-1-valid numbers in the free text, else invoice
 * numbers in the free text. A structured reference that fails its check digit never matches automatically: it goes
 * to review. One transfer naming several bookings is split only when it pays exactly what is open on all of them.
 */
import type { BankOutcome, ReviewReason } from '../../../src/lib/bank-statements';
import { bookingIdOfReference, isValidReferenceNumber } from '../../../src/lib/reference-number';
import { isCompanyAccount } from './company-accounts';
import { normaliseReference, referenceCandidatesInText, tokensInText } from './references';
import type { StatementTransaction } from './statement';

/** What the books say about a booking a statement names: open = billed − paid so far (this import's payments included). */
export interface BookingFacts {
  cancelled: boolean;
  openCents: number;
}

export interface Lookups {
  bookings: Map<number, BookingFacts>;
  /** An issued invoice's number, upper case → its booking. */
  bookingOfInvoice: Map<string, number>;
}

export interface Decision {
  outcome: Exclude<BankOutcome, 'assigned' | 'dismissed' | 'duplicate'>;
  reviewReason: ReviewReason | null;
  /** The booking the evidence named, when it waits for a decision about that booking (a cancelled one). */
  namedBookingId: number | null;
  allocations: { bookingId: number; amountCents: number }[];
}

/** The booking ids and invoice-number candidates a transaction may name: what the import reads before deciding. */
export function namedIn(tx: StatementTransaction): { bookingIds: number[]; invoiceTokens: string[] } {
  const structured = normaliseReference(tx.reference);
  const ids = [structured, ...textReferences(tx)].flatMap((ref) => {
    const id = ref === null ? null : bookingIdOfReference(ref);
    return id === null ? [] : [id];
  });
  return { bookingIds: [...new Set(ids)], invoiceTokens: tokensInText(tx.text) };
}

/**
 * Reference numbers in the free text, but not the amount written out ("1599" beside 1 599,00 €, which a 7-3-1 check
 * passes one time in ten).
 */
function textReferences(tx: StatementTransaction): string[] {
  const euros = tx.amountCents % 100 === 0 ? String(tx.amountCents / 100) : null;
  return referenceCandidatesInText(tx.text).filter((ref) => ref.length >= 3 && ref !== euros);
}

/**
 * The bookings the text's numbers name, without a number found inside a longer one that also names a booking
 * ("1 2345 6" also offers "23456"): the longer reading wins.
 */
function bookingsInText(tx: StatementTransaction, exists: (id: number) => boolean): number[] {
  const named = textReferences(tx).flatMap((ref) => {
    const id = bookingIdOfReference(ref);
    return id !== null && exists(id) ? [{ ref, id }] : [];
  });
  return [...new Set(named.filter(({ ref }) => !named.some((other) => other.ref.length > ref.length && other.ref.includes(ref))).map(({ id }) => id))];
}

const review = (reviewReason: ReviewReason, namedBookingId: number | null = null): Decision => ({ outcome: 'review', reviewReason, namedBookingId, allocations: [] });

/**
 * The decision for one transaction; a payment it makes lowers the open amount in `lookups` for the transactions
 * after it.
 */
export function decide(tx: StatementTransaction, lookups: Lookups): Decision {
  if (tx.direction === 'debit') return { outcome: 'debit', reviewReason: null, namedBookingId: null, allocations: [] };
  // Money that reached another account did not reach the company, whatever booking its reference names.
  if (!isCompanyAccount(tx.account)) return review('foreign_account');
  if (tx.currency !== 'EUR') return review('currency');

  const known = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null && lookups.bookings.has(id)))];
  const structured = normaliseReference(tx.reference);
  let named: number[] = [];
  let unknownReference = false;
  if (structured !== null) {
    // The payer's bank checked the number before sending it; one that fails was never ours.
    if (!isValidReferenceNumber(structured)) return review('invalid_reference');
    named = known([bookingIdOfReference(structured)]);
    unknownReference = named.length === 0;
  }
  if (named.length === 0) {
    named = bookingsInText(tx, (id) => lookups.bookings.has(id));
    unknownReference ||= named.length === 0 && textReferences(tx).length > 0;
  }
  if (named.length === 0) named = known(tokensInText(tx.text).map((token) => lookups.bookingOfInvoice.get(token) ?? null));
  if (named.length === 0) return review(unknownReference ? 'unknown_reference' : 'no_reference');

  if (named.length > 1) return split(tx, named, lookups);
  const bookingId = named[0]!;
  const booking = lookups.bookings.get(bookingId)!;
  // Money for a cancelled booking is not applied: someone decides whether it goes back.
  if (booking.cancelled) return review('cancelled_booking', bookingId);
  const outcome = tx.amountCents === booking.openCents ? 'matched' : tx.amountCents < booking.openCents ? 'partial' : 'overpaid';
  booking.openCents -= tx.amountCents;
  return { outcome, reviewReason: null, namedBookingId: null, allocations: [{ bookingId, amountCents: tx.amountCents }] };
}

/** One transfer for several bookings: each gets what is open on it, only when that adds up to the transfer exactly. */
function split(tx: StatementTransaction, ids: number[], lookups: Lookups): Decision {
  const bookings = ids.map((id) => ({ id, facts: lookups.bookings.get(id)! }));
  const fits = bookings.every((b) => !b.facts.cancelled && b.facts.openCents > 0) && bookings.reduce((sum, b) => sum + b.facts.openCents, 0) === tx.amountCents;
  if (!fits) return review('several_bookings');
  const allocations = bookings.map((b) => ({ bookingId: b.id, amountCents: b.facts.openCents }));
  for (const b of bookings) b.facts.openCents = 0;
  return { outcome: 'matched', reviewReason: null, namedBookingId: null, allocations };
}
