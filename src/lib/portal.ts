/**
 * The guest portal's contract (issue "Guest portal"): what a signed-in guest sees of their own bookings. Browser-safe.
 */
import type { InvoiceKind } from './enums';
import type { ScheduleItem } from './payment-schedule';

export interface MyBookingSummary {
  id: number;
  status: string;
  createdAt: string;
  retreat: { name: string; startDate: string | null; endDate: string | null };
  companions: number;
  owedCents: number;
  paidCents: number;
  outstandingCents: number;
}

export interface MyBookingDetail extends MyBookingSummary {
  companionNames: string[];
  schedule: ScheduleItem[];
  /** How to pay by transfer: the booking's reference number and the seller's account. */
  payment: { referenceNumber: string; recipient: string; iban: string; bank: string };
  invoices: { id: number; number: string; kind: InvoiceKind; issuedOn: string; totalCents: number }[];
  /** What the organiser sent about this booking, newest first. */
  emails: { subject: string; sentAt: string | null; createdAt: string }[];
}
