/**
 * One booking as the core reads it: the row with its guest, client and retreat, its money (the money module's
 * rules), and its schedule. Every audience that shows or changes a booking starts here.
 */
import { eq, sql } from 'drizzle-orm';
import type { BookingDetail, CompanionView, HealthInfo, ServiceItem } from '../../../src/lib/booking-record';
import { allowedTransitions } from '../../../src/lib/booking-lifecycle';
import { tallinnDay } from '../../../src/lib/format';
import { planLabel, type PriceSnapshot } from '../../../src/lib/payment-plans';
import { stateOf } from './states';
import { bookedOnOf } from '../money/schedule';
import { bookingTotals } from '../money/balance';
import { bookingSchedule } from '../money/schedule';
import { detailStart } from './days';
import { bookings, customers, guests, retreats, type AdditionalServiceItem, type CompanionItem } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { bookingNotFound } from '../not-found';


const toServiceItem = (s: AdditionalServiceItem): ServiceItem => ({
  name: s.name,
  priceCents: s.price_cents,
  date: s.date ?? null,
  startTime: s.start_time ?? null,
  endTime: s.end_time ?? null,
  address: s.address ?? null,
  serviceProvider: s.service_provider ?? null,
});

export const toStoredService = (s: ServiceItem): AdditionalServiceItem => ({
  name: s.name,
  price_cents: s.priceCents,
  date: s.date,
  start_time: s.startTime,
  end_time: s.endTime,
  address: s.address,
  service_provider: s.serviceProvider,
});

const toCompanionView = (c: CompanionItem, index: number): CompanionView => ({
  index,
  firstName: c.first_name,
  lastName: c.last_name,
  age: c.age ?? null,
  customPriceCents: c.custom_price_cents ?? null,
});

/** What each gift voucher paid on the booking (issue 38), in the same query as the booking: [{ code, amountCents }]. */
const GIFT_VOUCHER_PAYMENTS = sql<string>`(SELECT json_group_array(json_object('code', v.code, 'amountCents', s.total)) FROM (
    SELECT gift_voucher_id AS vid, sum(amount_cents) AS total, min(id) AS first FROM payments
    WHERE booking_id = "bookings"."id" AND gift_voucher_id IS NOT NULL GROUP BY gift_voucher_id HAVING sum(amount_cents) <> 0 ORDER BY first) AS s
  JOIN gift_vouchers AS v ON v.id = s.vid)`;

/** The query behind a booking's detail, unawaited: a read may run it in one batch with its audit record. */
export function rowQuery(deps: Pick<AppDeps, 'db'>, id: number) {
  return deps.db
    .select({
      booking: bookings,
      guest: guests,
      customer: { id: customers.id, createdAt: customers.createdAt },
      retreat: { id: retreats.id, name: retreats.name, startDate: retreats.startDate, endDate: retreats.endDate },
      giftVoucherPayments: GIFT_VOUCHER_PAYMENTS,
    })
    .from(bookings)
    .innerJoin(guests, eq(guests.id, bookings.guestId))
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
    .where(eq(bookings.id, id));
}

export type LoadedRow = Awaited<ReturnType<typeof rowQuery>>[number];

export async function loadRow(deps: Pick<AppDeps, 'db'>, id: number): Promise<LoadedRow> {
  const [row] = await rowQuery(deps, id);
  if (!row) throw bookingNotFound();
  return row;
}

/** A loaded row as the detail the screens read, on the day given. */
export function detailOf(row: LoadedRow | undefined, today: string): BookingDetail {
  if (!row) throw bookingNotFound();
  return toDetail(row, today);
}

/** The guest record's health information as the admin reads it, or null when there is none. */
export function healthInfoOf(stored: { medical_conditions?: string | null; medications?: string | null; allergies?: string | null } | null): HealthInfo | null {
  if (!stored) return null;
  const info = { medicalConditions: stored.medical_conditions ?? null, medications: stored.medications ?? null, allergies: stored.allergies ?? null };
  return info.medicalConditions || info.medications || info.allergies ? info : null;
}

/** A loaded booking as the screens read it (for a caller that has loaded the row already). */
export function toDetail({ booking: b, guest: g, customer, retreat, giftVoucherPayments }: LoadedRow, today: string): BookingDetail {
  const additionalServices = (b.additionalServices ?? []).map(toServiceItem);
  const companions = (b.companions ?? []).map(toCompanionView);
  const state = stateOf(b);
  const startDate = detailStart({ retreat, checkInDate: b.checkInDate });
  return {
    id: b.id,
    version: b.version,
    status: b.status,
    state,
    actions: allowedTransitions(state),
    paymentStatus: b.paymentStatus,
    roomType: b.roomType,
    roomSharingPreference: b.roomSharingPreference,
    bedTypePreference: b.bedTypePreference,
    totalAmountCents: b.totalAmountCents,
    amountPaidCents: b.amountPaidCents,
    depositAmountCents: b.depositAmountCents,
    depositPaid: b.depositPaid,
    paymentPlan: b.paymentPlan,
    planLabel: planLabel(b.paymentPlan, { bookedOn: bookedOnOf(b), startDate }),
    advanceCents: b.advanceCents,
    priceSnapshot: b.priceSnapshot,
    discountCode: codeDiscountOf(b.priceSnapshot),
    giftVoucherPayments: giftVoucherPayments ? (JSON.parse(giftVoucherPayments) as BookingDetail['giftVoucherPayments']) : [],
    balancePaid: b.balancePaid,
    specialRequests: b.specialRequests,
    comment: b.comment,
    comments: b.comments,
    extraFood: b.extraFood,
    additionalServices,
    companions,
    bookingDate: b.bookingDate,
    checkInDate: b.checkInDate,
    checkOutDate: b.checkOutDate,
    arrivalDate: b.arrivalDate,
    departureDate: b.departureDate,
    arrivalTime: b.arrivalTime,
    departureTime: b.departureTime,
    waitingList: b.waitingList,
    scheduleStartsAt: b.scheduleStartsAt,
    offer: b.offerExpiresAt ? { offeredAt: b.offeredAt!, expiresAt: b.offerExpiresAt } : null,
    offersStoppedAt: b.offersStoppedAt,
    termsAcceptedAt: b.termsAcceptedAt,
    termsVersion: b.termsVersion,
    source: b.source,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
    guest: {
      id: g.id,
      firstName: g.firstName,
      lastName: g.lastName,
      email: g.email,
      phone: g.phone,
      dateOfBirth: g.dateOfBirth,
      nationality: g.nationality,
      passportNumber: g.passportNumber,
      dietaryPreferences: g.dietaryPreferences ?? [],
      emergencyContact: g.emergencyContact ? { name: g.emergencyContact.name || null, phone: g.emergencyContact.phone || null, relationship: g.emergencyContact.relationship || null } : null,
      hasHealthInfo: healthInfoOf(g.healthInfo) !== null,
      createdAt: g.createdAt,
    },
    customer: customer?.id ? { id: customer.id, createdAt: customer.createdAt } : null,
    retreat: retreat?.id ? { id: retreat.id, name: retreat.name, startDate: retreat.startDate, endDate: retreat.endDate } : null,
    totals: bookingTotals({ ...b, additionalServices, companions }),
    schedule: bookingSchedule({ ...b, startDate }, today),
    paymentReminders: b.paymentReminders,
    cancellationRequest: b.cancellationRequestedAt ? { requestedAt: b.cancellationRequestedAt, refundCents: b.cancellationRequestRefundCents } : null,
  };
}

export async function getBookingDetail(deps: Pick<AppDeps, 'db' | 'now'>, id: number): Promise<BookingDetail> {
  return toDetail(await loadRow(deps, id), tallinnDay(deps.now()));
}

/** The fields whose value differs, as { field: { from, to } } for the audit record. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null)) changes[key] = { from: before[key] ?? null, to: value ?? null };
  }
  return changes;
}

/** The code's part of a booking's price, from its snapshot (the quote it was made with). */
export function codeDiscountOf(snapshot: PriceSnapshot | null): BookingDetail['discountCode'] {
  const code = snapshot?.codeDiscount;
  return code ? { code: code.code, percent: code.percent, amountPerPersonCents: code.amountPerPersonCents, discountCents: code.totalCents } : null;
}
