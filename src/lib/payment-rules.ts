/**
 * The payment rules, read from content/settings/site.json (their one home, docs/decisions/012): the server derives a
 * booking's deposit flag and schedule from them, and the screens, invoices and reminders show them. Browser-safe.
 */
// A named import: the browser's bundle takes only the payment rules, not the whole settings file.
import { payments } from '../../content/settings/site.json';

/** The advance payment that confirms a place, in cents. */
export const ADVANCE_CENTS: number = payments.advanceEur * 100;

/** The rest of the price is due this many days before the retreat's first day. */
export const BALANCE_DUE_DAYS_BEFORE: number = payments.balanceDueDaysBefore;

/** An invoice is due this many days after it is issued. */
export const INVOICE_TERM_DAYS: number = payments.invoiceTermDays;

/** Reminders: this many days before a due date, on it, and this many days after it. */
export const REMINDER_DAYS: { before: number; after: number } = payments.reminderDays;
/** Issue 38: how long a waiting party's offer of freed places holds them (hours). */
export const WAITING_LIST_OFFER_HOURS: number = payments.waitingListOfferHours;

export interface CancellationTier {
  fromDaysBefore: number;
  refundPercent: number;
  feePercent: number;
}

/** From the most days before the start down to 0 (the settings' schema keeps that order). */
export const CANCELLATION_TIERS: readonly CancellationTier[] = payments.cancellation;
