/**
 * What an invoice says, made from a booking on the day it is issued (issue "Back office II"; the admin spec's
 * invoice rules): the retreat line "Uus algus retriit Balis" × 1 at the booking's total, a line per additional
 * service and per companion price, the total, what was paid and is outstanding, the 300 € advance and, when more
 * than it is outstanding, what remains after it; due after the settings' payment term. A credit note takes an
 * invoice's lines back. Pure: the service stores the result frozen.
 */
import settings from '../../../content/settings/site.json';
import type { BookingDetail } from '../../../src/lib/booking-record';
import { INVOICE_TEXTS, type InvoiceBuyer, type InvoiceDocument, type InvoiceLine, type InvoiceSeller } from '../../../src/lib/invoices/documents';
import { discountLineText } from '../../../src/lib/discount-code-text';
import { ROOM_TYPE_LABELS } from '../../../src/lib/booking/form-options';
import { sumCents } from '../../../src/lib/money';
import { planAdvanceCents } from '../../../src/lib/payment-plans';
import { INVOICE_TERM_DAYS } from '../../../src/lib/payment-rules';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import { addDays, daysBetween, formatDateEt } from '../../../src/lib/format';
import { detailEnd, detailStart } from '../bookings/days';
import { outstandingCents, overpaidCents } from '../money/balance';
import { standardVatPercentOn, vatBreakdown } from './vat';

export type DraftDocument = Omit<InvoiceDocument, 'number'>;

export const SELLER: InvoiceSeller = settings.invoicing.seller;

const line = (description: string, cents: number): InvoiceLine => ({ description, quantity: 1, unitCents: cents, totalCents: cents });

/**
 * Issue 39: a party priced by the form as it still stands (its total the snapshot's, its people the snapshot's) is
 * invoiced per person: each traveller by name at the per-person price, the room's supplement said beside it. A total
 * the organiser changed since is one line, as before: the per-person prices no longer add up to it.
 */
function retreatLines(booking: Pick<BookingDetail, 'totalAmountCents' | 'companions' | 'discountCode' | 'priceSnapshot' | 'guest'>): InvoiceLine[] {
  const code = booking.discountCode;
  const total = (booking.totalAmountCents ?? 0) + (code?.discountCents ?? 0);
  const snap = booking.priceSnapshot;
  const names = [booking.guest ? `${booking.guest.firstName} ${booking.guest.lastName}`.trim() : '', ...booking.companions.map((c) => `${c.firstName} ${c.lastName}`.trim())];
  if (!snap || snap.totalCents !== booking.totalAmountCents || snap.people !== names.length || names.length < 2) return [line(INVOICE_TEXTS.retreatLine, total)];
  const perPerson = snap.unitAfterDiscountCents + (snap.codeDiscount?.perPersonCents ?? 0);
  const supplement = snap.roomSupplementCents ?? 0;
  return names.map((name) => line(INVOICE_TEXTS.personLine(name, supplement > 0 ? { room: ROOM_TYPE_LABELS[snap.roomType], cents: supplement } : null), perPerson));
}

export function invoiceLines(booking: Pick<BookingDetail, 'totalAmountCents' | 'additionalServices' | 'companions' | 'discountCode' | 'priceSnapshot' | 'guest'>): InvoiceLine[] {
  // Issue 38: a code's discount is its own line ("Soodustus KEVAD10 −10 %"), the retreat lines the price before it.
  const code = booking.discountCode;
  return [
    ...retreatLines(booking),
    ...(code ? [line(discountLineText(code), -code.discountCents)] : []),
    ...booking.additionalServices.map((service) => line(service.name, service.priceCents)),
    ...booking.companions
      .filter((companion) => companion.customPriceCents !== null)
      .map((companion) => line(INVOICE_TEXTS.companionLine(`${companion.firstName} ${companion.lastName}`.trim()), companion.customPriceCents ?? 0)),
  ];
}

/** The guest as the invoice's buyer, unless the dialog named someone else (a company). */
export function defaultBuyer(booking: BookingDetail): InvoiceBuyer {
  const guest = booking.guest;
  return {
    name: guest ? `${guest.firstName} ${guest.lastName}`.trim() : '',
    email: guest?.email ?? null,
    phone: guest?.phone ?? null,
    registryCode: null,
    vatNumber: null,
    address: null,
  };
}

/**
 * Issue 39: a VAT-registered seller's document is standard-rated at the rate in force on the supply date (the
 * retreat's first day; the issue day when the document names no retreat), the VAT taken out of its prices once,
 * here. A seller without a VAT number issues none.
 */
function withVat<T extends Pick<DraftDocument, 'lines' | 'seller' | 'booking' | 'issuedOn'>>(draft: T, rate?: { percent: number; supplyDate: string }): T & Pick<DraftDocument, 'vat'> {
  if (!rate && !draft.seller.vatNumber) return draft;
  const supplyDate = rate?.supplyDate ?? draft.booking?.startDate ?? draft.issuedOn;
  const breakdown = vatBreakdown(
    draft.lines.map((l) => l.totalCents),
    rate?.percent ?? standardVatPercentOn(supplyDate),
  );
  return { ...draft, vat: { ...breakdown, supplyDate } };
}

/**
 * An invoice asks for what the booking's schedule asks on the day it is issued: each part still open with its own
 * day (a part already past its day is due on the issue day), and the invoice's due day is the first of them. The
 * advance and "what remains after it" are shown only while part of the advance is unpaid: an advance already paid
 * is never subtracted again.
 */
export function invoiceDraft(booking: BookingDetail, buyer: InvoiceBuyer, issuedOn: string, seller: InvoiceSeller): DraftDocument {
  const lines = invoiceLines(booking);
  const totalCents = sumCents(lines.map((l) => l.totalCents));
  const paidCents = booking.amountPaidCents ?? 0;
  const money = { status: booking.status, waitingList: booking.waitingList, priceCents: totalCents, paidCents, keptCents: null };
  const outstanding = outstandingCents(money);
  const schedule = booking.schedule
    .filter((item) => item.outstandingCents > 0)
    .map((item) => ({ part: item.part, dueOn: item.dueOn < issuedOn ? issuedOn : item.dueOn, amountCents: item.outstandingCents }));
  // The spec's advance line, on the advance plan only: while part of the advance is unpaid (what was paid goes to
  // it first), never again after. The other plans' parts are the schedule's lines.
  const advanceCents = planAdvanceCents(booking);
  const unpaidAdvance = Math.min(outstanding, Math.max(0, advanceCents - paidCents));
  const dueOn = schedule[0]?.dueOn ?? addDays(issuedOn, INVOICE_TERM_DAYS);
  return withVat({
    kind: 'invoice',
    issuedOn,
    dueOn,
    paymentTermDays: daysBetween(issuedOn, dueOn),
    schedule,
    seller,
    buyer,
    booking: {
      id: booking.id,
      referenceNumber: bookingReferenceNumber(booking.id),
      retreatName: booking.retreat?.name ?? INVOICE_TEXTS.retreatLine,
      startDate: detailStart(booking),
      endDate: detailEnd(booking),
    },
    lines,
    totalCents,
    currency: 'EUR',
    paidCents,
    outstandingCents: outstanding,
    // Paid beyond the invoice's total ("Enammakse"): it goes back to the guest.
    overpaidCents: overpaidCents(money),
    advanceCents,
    remainingAfterAdvanceCents: unpaidAdvance > 0 && outstanding > unpaidAdvance ? outstanding - unpaidAdvance : null,
    credits: null,
    reason: null,
    ...(booking.giftVoucherPayments.length > 0 ? { giftVoucherPayments: booking.giftVoucherPayments } : {}),
  });
}

/**
 * A credit note for what is still uncredited on an invoice: all its lines negated the first time, else one line
 * for the rest. Issued today, by today's seller, to the invoice's buyer; its VAT is the invoice's (the rate of the
 * supply it corrects, none when the invoice had none).
 */
export function creditNoteDraft(
  original: InvoiceDocument & { id: number },
  creditedCents: number,
  reason: string | null,
  issuedOn: string,
  seller: InvoiceSeller,
  /** Less than the rest (a cancellation keeps part): one line for this amount. */
  partial?: { cents: number; description: string },
): DraftDocument {
  const { id, number, vat, ...document } = original;
  const restCents = partial ? partial.cents : document.totalCents + creditedCents;
  const lines = partial
    ? [line(partial.description, -restCents)]
    : creditedCents === 0
      ? document.lines.map((l) => ({ ...l, unitCents: -l.unitCents, totalCents: -l.totalCents }))
      : [line(INVOICE_TEXTS.creditsInvoice(number, formatDateEt(document.issuedOn)), -restCents)];
  const note = {
    ...document,
    kind: 'credit_note' as const,
    issuedOn,
    dueOn: null,
    paymentTermDays: null,
    seller,
    lines,
    totalCents: -restCents,
    paidCents: 0,
    outstandingCents: 0,
    overpaidCents: 0,
    remainingAfterAdvanceCents: null,
    schedule: undefined,
    credits: { id, number, issuedOn: document.issuedOn },
    reason,
  };
  return vat ? withVat(note, vat) : note;
}
