/**
 * What the admin bookings API answers (docs/decisions/006): the list's items and counts, one booking's detail with its
 * money, the travellers, options, e-mails and the dashboard. Types only: the services return them, the screens read
 * them.
 */
import type { PaymentPlan, PriceSnapshot } from '../payment-plans';
import type { TravellerView } from '../portal';
import type { ScheduleItem } from '../payment-schedule';
import type { AuditRecord } from './audit';
import type { DecisionAlert, DecisionState } from './retreat-decision';

/**
 * A booking's money as its screens show it (worker/domain/money/balance.ts computes it): billed = total + services +
 * companion prices; remaining = what is still to pay (0 once cancelled); overpaid = paid beyond the bill.
 */
export interface BookingTotals {
  servicesCents: number;
  companionsCents: number;
  billedCents: number;
  paidCents: number;
  remainingCents: number;
  overpaidCents: number;
}

export interface GuestSummary {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface BookingListItem {
  id: number;
  status: string;
  /** Made when its edition had no places left. */
  waitingList: boolean;
  paymentStatus: string;
  roomType: string | null;
  totalAmountCents: number | null;
  amountPaidCents: number | null;
  /** The balance rule's total (total + services + companion prices) and what of it is still to pay. */
  owedCents: number;
  outstandingCents: number;
  createdAt: string;
  bookingDate: string | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  retreat: { id: number; name: string } | null;
  guest: GuestSummary | null;
}

export interface BookingCounts {
  total: number;
  confirmed: number;
  pending: number;
  fullyPaid: number;
}

export interface BookingListResponse {
  items: BookingListItem[];
  total: number;
  page: number;
  pageSize: number;
  counts: BookingCounts;
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
  advanceCents: number | null;
  /** The price the booking was made with (public requests and admin bookings of an edition); null for older ones. */
  priceSnapshot: PriceSnapshot | null;
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

/** GET /api/admin/bookings/:id/travellers: each person's travel details without health information. */
export interface AdminTravellers {
  people: (TravellerView & { hasHealthInfo: boolean })[];
  complete: number;
  total: number;
  dueOn: string | null;
}

/** GET /api/admin/bookings/:id/travellers/health: read only on request, and each read is audited. */
export interface AdminTravellerHealth {
  people: { position: number; healthConditions: string | null; healthMedications: string | null; healthAllergies: string | null; healthErasedAt: string | null }[];
}

export type GuestOption = GuestSummary;

export interface RetreatOption {
  id: number;
  name: string;
  startDate: string | null;
  endDate: string | null;
  arrivalDate: string | null;
  departureDate: string | null;
  /** An edition's price (issue "Sell"): an admin-made booking on it is priced as a visitor's request is. */
  priceCents: number | null;
  basePriceCents: number | null;
  singleRoomSupplementCents: number;
  sharedRoomSupplementCents: number;
}

export interface BookingEmail {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  nextAttemptAt: string;
}

export type EmailTestResult = 'sent' | 'logged' | 'queued' | 'failed';

export interface DashboardResponse {
  /** newMessages: contact-form messages not yet answered. */
  counts: { users: number; clients: number; bookings: number; retreats: number; newMessages: number };
  upcomingRetreats: {
    id: number;
    name: string;
    startDate: string | null;
    endDate: string | null;
    bookings: number;
    confirmed: number;
    pending: number;
    people: number;
    /** Of the bookings that are not cancelled: owed in all, paid, still to pay; and how many are overdue. */
    billedCents: number;
    receivedCents: number;
    outstandingCents: number;
    overdue: number;
    /** The go/no-go (issue 24, ./retreat-decision): people confirmed and paid against the minimum, and the decision. */
    minParticipants: number;
    confirmedPeople: number;
    paidPeople: number;
    decisionDay: string | null;
    decision: DecisionState;
    decisionAlert: DecisionAlert;
  }[];
  /** Critical security events of the last 7 days (excessive sign-in attempts): how many, and the newest few. */
  criticalEvents: { total: number; items: AuditRecord[] };
}
