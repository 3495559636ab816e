/**
 * The guest portal's contract (issue "Guest portal"): what a signed-in guest sees of their own bookings. Browser-safe.
 */
import type { BookingState } from './booking-lifecycle';
import type { RefundQuote } from './cancellation';
import type { InvoiceKind } from './enums';
import type { ScheduleItem } from './payment-schedule';
import type { TravelDetails } from './travel-details';

export interface MyBookingSummary {
  id: number;
  status: string;
  /** Its state in the lifecycle (./booking-lifecycle). */
  state: BookingState;
  waitingList: boolean;
  createdAt: string;
  retreat: { name: string; startDate: string | null; endDate: string | null };
  companions: number;
  owedCents: number;
  paidCents: number;
  outstandingCents: number;
  /** Paid beyond what the booking is billed (an overpayment, or money kept after a cancellation): it goes back. */
  refundOwedCents: number;
  /** People whose travel details are complete, of all on the booking. */
  travelDetails: { complete: number; total: number };
  /** Issue 38: freed places held for this waiting party until then ("Kinnita koht"); null: no open offer. */
  offerExpiresAt: string | null;
}

/** One person on the booking (position 0: the main guest; 1..n: the companions in order) and their travel details. */
export interface TravellerView {
  position: number;
  role: 'main' | 'companion';
  name: string;
  details: Record<keyof TravelDetails, string | null>;
  complete: boolean;
  missing: (keyof TravelDetails)[];
  /** The passport runs out before the terms' months after the trip (never blocks saving). */
  passportWarning: string | null;
  /** Health information was erased after the retreat (the retention rule). */
  healthErasedAt: string | null;
  updatedAt: string | null;
}

export interface MyBookingDetail extends MyBookingSummary {
  /** The server's day (Europe/Tallinn): the form checks "not in the future" and "not expired" against the same day. */
  today: string;
  companionNames: string[];
  schedule: ScheduleItem[];
  /**
   * "Maksa kohe" (issue "Pay online"): what can be paid online now, the next part of the schedule and all that is
   * open; null when online payment is not configured, the booking is cancelled or nothing is due.
   */
  onlinePayment: { next: { part: ScheduleItem['part']; amountCents: number }; restCents: number } | null;
  /** How to pay by transfer: the booking's reference number and the seller's account. */
  payment: { referenceNumber: string; recipient: string; iban: string; bank: string };
  invoices: { id: number; number: string; kind: InvoiceKind; issuedOn: string; totalCents: number }[];
  /** What the organiser sent the guest about this booking, newest first. */
  emails: { subject: string; sentAt: string | null; createdAt: string }[];
  people: TravellerView[];
  /** Travel details are due on this day (null without a start date); editable while the booking runs. */
  travel: { dueOn: string | null; editable: boolean };
  cancellation: {
    /** When the guest asked, and the refund the terms gave that day. */
    requestedAt: string | null;
    requestedRefundCents: number | null;
    /** The refund the terms give today, while a request can be made. */
    quote: RefundQuote | null;
    canRequest: boolean;
  };
}

/** The booking's status as the guest reads it (the admin's words are shorter: src/lib/labels.ts). */
const GUEST_STATE_LABELS: Record<BookingState, string> = { request: 'Ootab kinnitust', waiting: 'Ootejärjekorras', confirmed: 'Kinnitatud', cancelled: 'Tühistatud' };

export function myBookingStatusLabel(booking: Pick<MyBookingSummary, 'state'>): string {
  return GUEST_STATE_LABELS[booking.state];
}

/** The portal's line for money going back to the guest. */
export const refundOwedText = (amount: string) => `Teile tagastatakse ${amount}.`;

/** Where the portal lives, for links in the menu and in e-mails. */
export const PORTAL_PATH = '/minu-broneeringud';
