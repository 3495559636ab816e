/**
 * An admin's edits of a booking (admin spec sections 4, 5, 7): the edit dialog's fields with its status (./status.ts),
 * the additional services and the companions' prices. Each is a compare-and-set on the version the editor loaded,
 * in one batch with its audit record, the guest's e-mail when the status tells them something, and the booking's
 * money fields derived again (../money/ledger.ts): a new price moves the deposit, the balance and the status with
 * it. A cancelled booking's money is settled: its price is not edited (the transition `reprice`).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BookingDetail, ServiceItem } from '../../../src/lib/booking-record';
import { tallinnDay } from '../../../src/lib/format';
import { PAYMENT_MESSAGES } from '../../../src/lib/payments';
import type { AuditAction, BedTypePreference, BookingStatus, PaymentStatus, RoomSharingPreference, RoomType } from '../../../src/lib/enums';
import { bookings } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { auditIfChanged } from '../audit';
import { priceCents } from '../money/balance';
import { afterVersion, deriveMoney, scheduleFactsOf } from '../money/ledger';
import { retreatFullFor } from '../retreats/places';
import { detailStart } from './days';
import { MAY_SQL, refusedWrite, requireTransition } from './lifecycle';
import { changedFields, getBookingDetail, loadRow, toDetail, toStoredService, type LoadedRow } from './record';
import { stateOf } from './states';
import { statusChange, type StatusChange } from './status';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** The edit dialog's fields as the API parsed them (src/lib/admin/bookings.ts's schema): amounts in cents. */
export interface BookingFieldsEdit {
  version: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  roomType: RoomType | null;
  roomSharingPreference: RoomSharingPreference | null;
  bedTypePreference: BedTypePreference | null;
  totalAmount: number | null;
  amountPaid: number | null;
  depositAmount: number | null;
  specialRequests: string | null;
  comments: string | null;
  extraFood: string | null;
  /** Confirm even though the retreat's places are taken (the admin was told and chose to). */
  overrideCapacity?: boolean;
}

/** A write of the booking's own columns: what changes, why (the audit), and what it must find. */
interface BookingWrite {
  version: number;
  values: Partial<typeof bookings.$inferInsert>;
  audit: { action: AuditAction; actor: Actor; changes: Record<string, unknown> };
  /** Checked inside the UPDATE; its refusal when it fails (and the version still matched). */
  guard?: { condition: SQL; refusal: ApiError };
  /** Statements that follow the change in its batch and run only if it happened (a notice to the guest). */
  after?: StatusChange['notice'][];
  /** The edit set the payment status by hand (the spec's select): the derivation leaves it until money moves. */
  keepPaymentStatus?: boolean;
}

/**
 * Compare-and-set: writes `values` only if the booking still has `version`, bumps the version, records the change and
 * derives the money fields in the same batch. 404 if the booking is gone, 409 if someone changed it since it was
 * loaded.
 */
async function writeBooking(deps: Deps, loaded: LoadedRow, write: BookingWrite): Promise<void> {
  const { db } = deps;
  const id = loaded.booking.id;
  const stamp = deps.now().toISOString();
  const facts = scheduleFactsOf({
    ...loaded.booking,
    // A waiting party given its places by this write starts its schedule with it.
    scheduleStartsAt: write.values.scheduleStartsAt ?? loaded.booking.scheduleStartsAt,
    startDate: detailStart({ retreat: loaded.retreat, checkInDate: loaded.booking.checkInDate }),
  });
  const [result] = await db.batch([
    db
      .update(bookings)
      .set({ ...write.values, version: sql`${bookings.version} + 1`, updatedAt: stamp })
      .where(and(eq(bookings.id, id), eq(bookings.version, write.version), write.guard?.condition)),
    auditIfChanged(deps, { actor: write.audit.actor, action: write.audit.action, severity: 'medium', resourceType: 'booking', resourceId: String(id), metadata: { version: write.version, changes: write.audit.changes } }),
    ...(write.after ?? []).filter((s) => s !== undefined),
    deriveMoney(deps, id, facts, afterVersion(write.version), { keepPaymentStatus: write.keepPaymentStatus }),
  ]);
  if (result.rowsAffected === 0) throw await refusedWrite(deps, id, write.version, () => write.guard?.refusal ?? new ApiError('booking_changed'));
}

/** A price that changes on a booking whose state does not take a new price is refused before anything is written. */
function requireRepriceIf(loaded: LoadedRow, changes: boolean) {
  if (changes) requireTransition(stateOf(loaded.booking), 'reprice');
}

export async function updateBooking(deps: Deps, id: number, edit: BookingFieldsEdit, actor: Actor): Promise<BookingDetail> {
  const loaded = await loadRow(deps, id);
  const before = loaded.booking;
  // The spec's update sends the amount paid; it is the payments ledger's sum, so the edit may repeat it but not
  // change it. A payment in between bumps the version: that edit gets 409 below.
  if ((edit.amountPaid ?? 0) !== (before.amountPaidCents ?? 0)) {
    throw new ApiError('validation_failed', { details: [{ path: 'amountPaid', message: PAYMENT_MESSAGES.amountPaidFromLedger }] });
  }
  requireRepriceIf(loaded, (edit.totalAmount ?? null) !== (before.totalAmountCents ?? null));
  const detail = toDetail(loaded, tallinnDay(deps.now()));
  const price = priceCents({ ...detail, totalAmountCents: edit.totalAmount ?? null });
  const change = statusChange(deps, loaded, edit.status, { overrideCapacity: edit.overrideCapacity, priceCents: price });
  const values = {
    paymentStatus: edit.paymentStatus,
    roomType: edit.roomType,
    roomSharingPreference: edit.roomSharingPreference,
    bedTypePreference: edit.bedTypePreference,
    totalAmountCents: edit.totalAmount,
    depositAmountCents: edit.depositAmount,
    specialRequests: edit.specialRequests,
    comments: edit.comments,
    extraFood: edit.extraFood,
    ...change?.values,
  };
  const override = change?.transition === 'confirm' && edit.overrideCapacity ? { overrideCapacity: { from: null, to: true } } : {};
  try {
    await writeBooking(deps, loaded, {
      version: edit.version,
      values,
      audit: { action: 'booking.update', actor, changes: { ...changedFields(before, values), ...override } },
      guard: change?.guard,
      after: change?.notice ? [change.notice] : [],
      keepPaymentStatus: edit.paymentStatus !== before.paymentStatus,
    });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'retreat_full') throw await retreatFullFor(deps, id);
    throw err;
  }
  return getBookingDetail(deps, id);
}

export async function replaceServices(deps: Deps, id: number, update: { version: number; services: ServiceItem[] }, actor: Actor): Promise<BookingDetail> {
  const loaded = await loadRow(deps, id);
  // An empty list is stored as null (admin spec section 5).
  const additionalServices = update.services.length > 0 ? update.services.map(toStoredService) : null;
  const changes = changedFields({ additionalServices: loaded.booking.additionalServices }, { additionalServices });
  requireRepriceIf(loaded, Object.keys(changes).length > 0);
  await writeBooking(deps, loaded, { version: update.version, values: { additionalServices }, audit: { action: 'booking.services', actor, changes }, guard: { condition: MAY_SQL('"bookings"', 'reprice'), refusal: new ApiError('booking_changed') } });
  return getBookingDetail(deps, id);
}

export async function setCompanionPrices(deps: Deps, id: number, update: { version: number; companions: { index: number; customPrice: number | null }[] }, actor: Actor): Promise<BookingDetail> {
  const loaded = await loadRow(deps, id);
  const current = loaded.booking.companions ?? [];
  for (const [position, entry] of update.companions.entries()) {
    if (entry.index >= current.length) {
      throw new ApiError('validation_failed', { details: [{ path: `companions.${position}.index`, message: 'Sellist kaasreisijat ei ole.' }] });
    }
  }
  const prices = new Map(update.companions.map((c) => [c.index, c.customPrice]));
  const companions = current.map((c, index) => (prices.has(index) ? { ...c, custom_price_cents: prices.get(index) ?? null } : c));
  const changes = changedFields({ companions: loaded.booking.companions }, { companions });
  requireRepriceIf(loaded, Object.keys(changes).length > 0);
  await writeBooking(deps, loaded, {
    version: update.version,
    values: { companions: companions.length > 0 ? companions : null },
    audit: { action: 'booking.companions', actor, changes },
    guard: { condition: MAY_SQL('"bookings"', 'reprice'), refusal: new ApiError('booking_changed') },
  });
  return getBookingDetail(deps, id);
}
