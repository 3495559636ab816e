/**
 * The bank-statement screens' side of the import's contract (issue "Collect"): what became of each transaction and
 * why one waits for review, in Estonian; what an import and a line look like; the two lists' queries; the totals.
 * Without the full zod (the lists' queries are zod/mini, as ./list-query): the import screens show results and lists,
 * and only the review's dialogs (with ./bank-statements' schemas) need all of it. ./bank-statements passes this on.
 */
import * as z from 'zod/mini';
import { API_ERRORS } from './api-errors';
import { pagingParams, searchParam, type ListPage } from './list-query';

/** What became of one transaction of a statement. */
export const BANK_OUTCOMES = [
  /** Money in that paid what was open on its booking (or on several, split exactly). */
  'matched',
  /** Money in, less than was open: a partial payment. */
  'partial',
  /** Money in, more than was open: recorded, and flagged for the admin. */
  'overpaid',
  /** Money in that found no booking (or a cancelled one): waits in the review list. */
  'review',
  /** Assigned to a booking from the review list. */
  'assigned',
  /** Set aside from the review list, with a reason. */
  'dismissed',
  /** Money out: listed, not applied. */
  'debit',
  /** Already imported from this or an earlier statement: nothing added. Only in an upload's answer. */
  'duplicate',
] as const;
export type BankOutcome = (typeof BANK_OUTCOMES)[number];

/** Why a transaction waits for an admin. */
export const REVIEW_REASONS = [
  'no_reference',
  'invalid_reference',
  'unknown_reference',
  'several_bookings',
  'cancelled_booking',
  'currency',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export const BANK_OUTCOME_LABELS: Record<BankOutcome, string> = {
  matched: 'Seotud',
  partial: 'Osamakse',
  overpaid: 'Ülemakse',
  review: 'Vajab ülevaatust',
  assigned: 'Määratud käsitsi',
  dismissed: 'Kõrvale jäetud',
  debit: 'Väljaminek',
  duplicate: 'Juba imporditud',
};

export const REVIEW_REASON_LABELS: Record<ReviewReason, string> = {
  no_reference: 'Viitenumbrit ega arve numbrit ei leitud',
  invalid_reference: 'Viitenumbri kontrollnumber ei klapi',
  unknown_reference: 'Sellise viitenumbriga broneeringut ei ole',
  several_bookings: 'Mitu broneeringut, summad ei klapi',
  cancelled_booking: 'Broneering on tühistatud: otsustage tagastus',
  currency: 'Makse ei ole eurodes',
};

export const STATEMENT_FORMAT_LABELS: Record<string, string> = {
  'camt.053': 'ISO 20022 camt.053',
  'camt.054': 'ISO 20022 camt.054',
  'swedbank-csv': 'Swedbank CSV',
  'seb-csv': 'SEB CSV',
  'lhv-csv': 'LHV CSV',
};

/** Above this a statement is refused (413 `statement_too_large`) before it is read: a year of a busy account is well under it. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

export const BANK_STATEMENT_MESSAGES = {
  fileRequired: 'Valige pangaväljavõtte fail.',
  tooLarge: API_ERRORS.statement_too_large.message,
  bookingRequired: 'Valige broneering.',
  reasonRequired: 'Kirjutage, miks makse kõrvale jäetakse.',
  alreadyResolved: 'See makse on juba lahendatud.',
  notInReview: 'See makse ei oota ülevaatust.',
  cancelledBooking: 'Tühistatud broneeringule makset ei lisata. Valige teine broneering või jätke makse kõrvale.',
} as const;

/** One booking a transaction's money went to (several when one transfer paid several bookings exactly). */
export interface BankAllocation {
  bookingId: number;
  guestName: string;
  amountCents: number;
  paymentId: number;
}

export interface BankTransactionView {
  /** Null for a duplicate, which is not stored again. */
  id: number | null;
  statementId: number | null;
  line: number;
  bookedOn: string;
  direction: 'credit' | 'debit';
  amountCents: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  reference: string | null;
  text: string;
  archiveId: string | null;
  outcome: BankOutcome;
  /** Why it waits (outcome "review"), or why it waited before it was assigned or dismissed. */
  reviewReason: ReviewReason | null;
  /** The booking the reference or text named, when that is why it waits (a cancelled booking). */
  namedBookingId: number | null;
  allocations: BankAllocation[];
  /** The dismissal's reason. */
  resolutionNote: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
}

export interface StatementSummary {
  id: number;
  fileName: string | null;
  format: string;
  accountIban: string | null;
  importedAt: string;
  importedBy: string | null;
  /** Transactions stored from this file, and those that were already known. */
  transactions: number;
  duplicates: number;
}

export type OutcomeTotals = Record<BankOutcome, { count: number; cents: number }>;

export interface StatementImportResult {
  statement: StatementSummary;
  transactions: BankTransactionView[];
  totals: OutcomeTotals;
}

export const reviewListQuerySchema = z.object({ q: searchParam, ...pagingParams });
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

export const statementListQuerySchema = z.object({ ...pagingParams });

export type StatementList = ListPage<StatementSummary>;
export type ReviewList = ListPage<BankTransactionView>;

/** Sums per outcome, for the result screen's totals. */
export function outcomeTotals(transactions: Pick<BankTransactionView, 'outcome' | 'amountCents'>[]): OutcomeTotals {
  const totals = Object.fromEntries(BANK_OUTCOMES.map((o) => [o, { count: 0, cents: 0 }])) as OutcomeTotals;
  for (const t of transactions) {
    totals[t.outcome].count += 1;
    totals[t.outcome].cents += t.amountCents;
  }
  return totals;
}
