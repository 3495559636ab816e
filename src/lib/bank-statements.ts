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
  /** Money in on a statement of an account that is not the company's (worker/domain/bank/company-accounts.ts). */
  'foreign_account',
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
  foreign_account: 'Konto ei ole ettevõtte konto',
};

const notOurs = (account: string) => `Konto ${account} ei ole ettevõtte konto`;

/** Why a line waits, naming the account when that is why ("Konto NL26… ei ole ettevõtte konto"). */
export function reviewReasonLabel(reason: ReviewReason, account: string | null): string {
  if (reason !== 'foreign_account') return REVIEW_REASON_LABELS[reason];
  return account ? notOurs(account) : 'Väljavõte ei nimeta kontot: see ei ole teadaolevalt ettevõtte konto';
}

/** The same for a whole statement, where it shows (the upload's preview, the account's part of the result). */
export const foreignAccountWarning = (account: string | null) =>
  `${account ? notOurs(account) : 'Väljavõte ei nimeta kontot'}: selle laekumisi ei seota broneeringutega, need ootavad ülevaatust.`;

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
  /** The account whose statement the line is on. */
  account: string | null;
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
  /** Whether the account is one of the company's, whose money in is matched (read from the settings as they are now). */
  companyAccount: boolean;
  importedAt: string;
  importedBy: string | null;
  /** Transactions stored from this file, and those that were already known. */
  transactions: number;
  duplicates: number;
}

/** A sum in one currency: amounts in different currencies are never added together. */
export interface CurrencyAmount {
  currency: string;
  cents: number;
}

export type OutcomeTotals = Record<BankOutcome, { count: number; amounts: CurrencyAmount[] }>;

/** One account's statement from an upload (a file may hold several), or an earlier import on its own page. */
export interface StatementImport {
  statement: StatementSummary;
  transactions: BankTransactionView[];
  totals: OutcomeTotals;
}

/** An upload's answer: each account's statement in the file, in the file's order. */
export interface StatementImportResult {
  imports: StatementImport[];
}

/** What a file holds, read before it is imported (nothing written): the accounts, and whether each is the company's. */
export interface StatementPreview {
  format: string;
  accounts: { account: string | null; companyAccount: boolean; transactions: number; currencies: string[] }[];
}

export const reviewListQuerySchema = z.object({ q: searchParam, ...pagingParams });
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;

export const statementListQuerySchema = z.object({ ...pagingParams });

export type StatementList = ListPage<StatementSummary>;
export type ReviewList = ListPage<BankTransactionView>;

/** Count and sums per outcome, each currency summed apart (euros first), for the result screen's totals. */
export function outcomeTotals(transactions: Pick<BankTransactionView, 'outcome' | 'amountCents' | 'currency'>[]): OutcomeTotals {
  const totals = Object.fromEntries(BANK_OUTCOMES.map((o) => [o, { count: 0, amounts: [] as CurrencyAmount[] }])) as OutcomeTotals;
  for (const t of transactions) {
    const total = totals[t.outcome];
    total.count += 1;
    const sum = total.amounts.find((a) => a.currency === t.currency);
    if (sum) sum.cents += t.amountCents;
    else total.amounts.push({ currency: t.currency, cents: t.amountCents });
  }
  for (const total of Object.values(totals)) total.amounts.sort((a, b) => euroFirst(a.currency) - euroFirst(b.currency) || a.currency.localeCompare(b.currency));
  return totals;
}

const euroFirst = (currency: string) => (currency === 'EUR' ? 0 : 1);
