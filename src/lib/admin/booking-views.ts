/**
 * What the admin bookings API answers (docs/decisions/006): the list's items and counts, one booking's detail with its
 * money, the travellers, options, e-mails and the dashboard. Types only: the services return them, the screens read
 * them.
 */
import type { TravellerView } from '../portal';
import type { AuditRecord } from './audit';
import type { DecisionAlert, DecisionState } from './retreat-decision';

export type { BookingTotals, GuestSummary, ServiceItem, CompanionView, EmergencyContact, HealthInfo, GuestDetail, BookingDetail } from '../booking-record';
import type { GuestSummary } from '../booking-record';
import type { BookingState } from '../booking-lifecycle';

export interface BookingListItem {
  id: number;
  status: string;
  /** Made when its edition had no places left. */
  waitingList: boolean;
  paymentStatus: string;
  roomType: string | null;
  totalAmountCents: number | null;
  amountPaidCents: number | null;
  /** The price (total + services + companion prices), what of it is still to pay, and what is to go back. */
  owedCents: number;
  outstandingCents: number;
  refundOwedCents: number;
  /** Its state in the lifecycle (src/lib/booking-lifecycle.ts). */
  state: BookingState;
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
    /**
     * Its bookings' money (worker/domain/money/balance.ts): billed in all, received (every ledger row of its
     * bookings, a cancelled booking's kept fee included), still to pay, to go back; and how many participants are
     * overdue.
     */
    billedCents: number;
    receivedCents: number;
    outstandingCents: number;
    refundOwedCents: number;
    overdue: number;
    /** Issue 42: travellers (bookers and companions) who have not yet signed both texts in force. */
    toSign: number;
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
