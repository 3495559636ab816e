/**
 * The payments ledger's contract (issue "Back office II"), shared by the booking detail's dialogs and the API: the
 * request schemas and the response types. Amounts travel as text and are read as exact cents (../money). Browser-safe.
 */
import * as z from 'zod';
import { TYPED_PAYMENT_METHODS, type PaymentMethod } from './enums';
import { MONEY_MESSAGES, moneyInput } from './money';
import type { RefundQuote } from './cancellation';
import { isRealDay, optionalText } from './validation/form-fields';
import { dayParam, periodInOrder } from './list-query';

export const PAYMENT_MESSAGES = {
  invalidDay: 'Sisestage kuupäev kujul pp.kk.aaaa.',
  futureDay: 'Makse kuupäev ei saa olla tulevikus.',
  refundExceedsPaid: 'Tagastus ei saa olla suurem kui broneeringule makstud summa.',
  tooLarge: 'Ühe kande summa saab olla kuni 100 000 €.',
  /** Beside the refusal of an unconfirmed overpayment: what is still open on the booking. */
  stillOpen: (amount: string) => `Tasumata on ${amount}.`,
  /** The edit dialog's "Makstud": the ledger's sum, changed only by recording money. */
  amountPaidFromLedger: 'Makstud summa tuleb maksetest. Lisage makse või tagastus jaotises „Maksed“.',
} as const;

export { PAYMENT_METHOD_LABELS } from './labels';

/** One ledger entry is at most this much: a typo of three zeros is refused, not booked. */
export const MAX_ENTRY_CENTS = 10_000_000;

/**
 * POST /api/admin/bookings/:id/payments: money in (payment) or out (refund), never zero. A payment beyond what is
 * still owed is refused (409 overpayment_unconfirmed) unless `overpayment` confirms it; a cancelled booking takes
 * refunds only.
 */
export const paymentInputSchema = z.object({
  kind: z.enum(['payment', 'refund']),
  amount: moneyInput.refine((cents) => cents > 0, MONEY_MESSAGES.positive).refine((cents) => cents <= MAX_ENTRY_CENTS, PAYMENT_MESSAGES.tooLarge),
  overpayment: z.boolean().default(false),
  method: z.enum(TYPED_PAYMENT_METHODS),
  /** The day on the bank statement (Europe/Tallinn); not after today, which the server checks on its clock. */
  receivedOn: z.string().trim().refine(isRealDay, PAYMENT_MESSAGES.invalidDay),
  reference: optionalText(140),
  note: optionalText(500),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type PaymentValues = z.output<typeof paymentInputSchema>;

/** POST /api/admin/bookings/:id/payments/:paymentId/reverse. */
export const reversalInputSchema = z.object({ note: optionalText(500) });

export interface PaymentEntry {
  id: number;
  /** Positive: a payment; negative: a refund or the reversal of a payment. */
  amountCents: number;
  method: PaymentMethod;
  receivedOn: string;
  reference: string | null;
  note: string | null;
  reversesPaymentId: number | null;
  /** The entry that reversed this one, if any. */
  reversedById: number | null;
  recordedBy: string | null;
  createdAt: string;
  /** The bank-statement transaction this payment came from (issue "Collect"); null for one typed in. */
  bankTransaction: PaymentSource | null;
  /** Paid online (issue "Pay online"): the provider and its order id; null for any other entry. */
  online: OnlinePaymentSource | null;
}

export interface OnlinePaymentSource {
  provider: string;
  /** The provider's own id of the order (Montonio's order UUID). */
  orderId: string;
  /** The provider's name for how it was paid (Montonio: paymentInitiation, cardPayments). */
  method: string | null;
  /** Paid on a booking that was cancelled, or beyond what it owed: the organiser decides on a refund. */
  refundReview: boolean;
}

/** Where an imported payment came from: the statement's line, its day, payer and the bank's archive id. */
export interface PaymentSource {
  id: number;
  statementId: number;
  bookedOn: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  archiveId: string | null;
}

export interface PaymentLedger {
  /** The booking's Estonian reference number (viitenumber), for the payer's transfer. */
  referenceNumber: string;
  items: PaymentEntry[];
  /** Sums over the ledger: money in, money out (≤ 0) and what stays paid. */
  totals: { receivedCents: number; refundedCents: number; paidCents: number };
}

// ── cancellation ────────────────────────────────────────────────────────────────────────────────────────────────

export const CANCEL_MESSAGES = {
  cancelled: 'Broneering tühistatud',
  refundExceedsPaid: 'Tagastus ei saa olla suurem kui broneeringule makstud summa.',
} as const;

/** POST /api/admin/bookings/:id/cancel: the refund as quoted or changed (0 for none), how it goes back, and why. */
export const cancelInputSchema = z.object({
  version: z.int().positive(),
  refund: moneyInput,
  method: z.enum(TYPED_PAYMENT_METHODS),
  reason: optionalText(500),
});
export type CancelInput = z.input<typeof cancelInputSchema>;
export type CancelValues = z.output<typeof cancelInputSchema>;

/** GET /api/admin/bookings/:id/cancellation: what the terms give today, and the invoice a credit note would reduce. */
export interface CancellationPreview {
  version: number;
  quote: RefundQuote;
  /** The newest invoice with something still uncredited, if any: cancelling credits it down to what is kept. */
  invoice: { id: number; number: string; uncreditedCents: number } | null;
}

// ── the accountant's ledger export ─────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/exports/payments.csv: the ledger rows whose day (money in or out) falls in the period, both ends included. */
export const paymentsExportQuerySchema = z
  .object({ from: dayParam, to: dayParam })
  .refine(periodInOrder, { message: 'Algus peab olema enne lõppu.', path: ['to'] });
export type PaymentsExportQuery = z.output<typeof paymentsExportQuerySchema>;
