/**
 * One booking as the core reads it (worker/domain/bookings/record.ts) and every audience shows it: the admin's detail,
 * the invoice it is issued from, the cancellation it is settled by. Types only, browser-safe: the admin's screens
 * read them through ./admin/booking-views.
 */
import type { BookingState, Transition } from './booking-lifecycle';
import type { CodeDiscountTerms, PaymentPlan, PriceSnapshot } from './payment-plans';
import type { ScheduleItem } from './payment-schedule';

/**
 * A booking's money as its screens show it (worker/domain/money/balance.ts computes it): price = total + services +
 * companion prices; billed = what its state asks of it (the price while it holds its places, nothing on the waiting
 * list, what the cancellation kept); remaining = what is still to pay; overpaid = paid beyond the price of a booking
 * that holds its places; refund owed = paid beyond what is billed, in any state.
 */
export interface BookingTotals {
  servicesCents: number;
  companionsCents: number;
  priceCents: number;
  billedCents: number;
  paidCents: number;
  remainingCents: number;
  overpaidCents: number;
  refundOwedCents: number;
}

export interface GuestSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface ServiceItem {
  name: string;
  priceCents: number;
  date: string | null;
  startTime: string | null;
  endTime: string | null;
  address: string | null;
  serviceProvider: string | null;
}

export interface CompanionView {
  /** Position in the booking's companion list: the key companion price updates use. */
  index: number;
  firstName: string;
  lastName: string;
  age: number | null;
  customPriceCents: number | null;
}

export interface EmergencyContact {
  name: string | null;
  phone: string | null;
  relationship: string | null;
}

export interface HealthInfo {
  medicalConditions: string | null;
  medications: string | null;
  allergies: string | null;
}

export interface GuestDetail extends GuestSummary {
  dateOfBirth: string | null;
  nationality: string | null;
  passportNumber: string | null;
  dietaryPreferences: string[];
  emergencyContact: EmergencyContact | null;
  /**
   * Whether the guest record holds health information. The values leave the server only when an admin asks for them
   * (GET …/guest/health, audited): never in a booking's detail or in the answers that carry it (issue "Privacy and
   * safety", T1).
   */
  hasHealthInfo: boolean;
  createdAt: string;
}

export interface BookingDetail {
  id: number;
  version: number;
  status: string;
  /** Its state in the lifecycle, and the transitions that state allows (a screen offers only these). */
  state: BookingState;
  actions: Transition[];
  paymentStatus: string;
  roomType: string | null;
  roomSharingPreference: string | null;
  bedTypePreference: string | null;
  totalAmountCents: number | null;
  amountPaidCents: number | null;
  depositAmountCents: number | null;
  depositPaid: boolean;
  /** The plan the guest chose (null: made without one, read as the advance plan) and the advance it asks for. */
  paymentPlan: PaymentPlan | null;
  /** The plan as its schedule runs on the booking's days (a plan its days no longer allow is one sum). */
  planLabel: string;
  advanceCents: number | null;
  /** The price the booking was made with (public requests and admin bookings of an edition); null for older ones. */
  priceSnapshot: PriceSnapshot | null;
  /** Issue 38: the discount code the booking was made with and what it took off the party; null: none. */
  discountCode: (CodeDiscountTerms & { discountCents: number }) | null;
  /** Issue 38: what each gift voucher paid on it (a voucher's payments less their reversals), in the order first used. */
  giftVoucherPayments: { code: string; amountCents: number }[];
  /** Issue 38: when the schedule counts from, if not the day it was made (a party given its places from the waiting list). */
  scheduleStartsAt: string | null;
  /**
   * Issue 38: a waiting party's open offer of freed places (held until `expiresAt`), and since when the waiting list
   * no longer offers it places by itself (an offer lapsed, or the organiser put it on the list by hand).
   */
  offer: { offeredAt: string; expiresAt: string } | null;
  offersStoppedAt: string | null;
  balancePaid: boolean;
  specialRequests: string | null;
  comment: string | null;
  comments: string | null;
  extraFood: string | null;
  additionalServices: ServiceItem[];
  companions: CompanionView[];
  bookingDate: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  arrivalDate: string | null;
  departureDate: string | null;
  arrivalTime: string | null;
  departureTime: string | null;
  source: string;
  /** Made when its edition had no places left. */
  waitingList: boolean;
  /** When the visitor accepted the terms ("Nõustun tingimustega") and which version; null for admin-made bookings. */
  termsAcceptedAt: string | null;
  termsVersion: string | null;
  createdAt: string;
  updatedAt: string;
  guest: GuestDetail | null;
  customer: { id: string; createdAt: string } | null;
  retreat: { id: number; name: string; startDate: string | null; endDate: string | null } | null;
  totals: BookingTotals;
  /** What is due when, and what is overdue (src/lib/payment-schedule.ts); empty once cancelled or nothing is owed. */
  schedule: ScheduleItem[];
  /** Payment reminders go out for this booking. */
  paymentReminders: boolean;
  /** The guest asked to cancel from the portal (an admin confirms with "Tühista broneering"): when, and the refund then. */
  cancellationRequest: { requestedAt: string; refundCents: number | null } | null;
}


/** GET /api/admin/bookings/:id/move-targets: an edition the booking may move to, with what the move dialog asks about. */
export interface MoveTarget {
  id: number;
  name: string;
  startDate: string | null;
  endDate: string | null;
  /** Places left there; null: not limited. */
  placesLeft: number | null;
  /** Its registration has closed: the organiser goes past it only on purpose. */
  registrationClosed: boolean;
  /** The plans the booking may have on its days there, and whether its own is one of them. */
  plans: PaymentPlan[];
  keepsPlan: boolean;
}
