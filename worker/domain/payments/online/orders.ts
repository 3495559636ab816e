/**
 * Online payment's core (issue "Pay online"): an order for what a guest's booking has due (the next part of its
 * schedule, or all that is open), and the one code path that applies what the provider says of an order, whether it
 * came as the notification or with the guest's return. A paid order becomes one ledger payment in one batch with
 * the order's status, the booking's derived money fields (the money module's statement) and the audit record; the
 * payment's unique `online_order_id` makes a replayed notification, or the notification racing the return, a no-op.
 *
 * The money has left the guest's account when the provider says PAID, so it is recorded whatever the booking's
 * state: on a booking cancelled in the meantime (or beyond what it owes) the order is flagged `refund_review` for
 * the organiser's refund decision, instead of being refused as a typed payment would be.
 */
import { and, eq, sql } from 'drizzle-orm';
import { formatMoney, tallinnDay } from '../../../../src/lib/format';
import type { OnlineOrderStatus, OnlinePaymentPart } from '../../../../src/lib/enums';
import { bookingReferenceNumber } from '../../../../src/lib/reference-number';
import { bookings, onlinePaymentOrders, payments } from '../../../db/schema';
import { MAY_SQL } from '../../bookings/lifecycle';
import { OUTSTANDING_SQL } from '../../money/balance';
import type { AppDeps } from '../../../deps';
import { ApiError } from '../../../errors';
import { ownedBooking } from '../../bookings/ownership';
import { mayTransition } from '../../../../src/lib/booking-lifecycle';
import { stateOf } from '../../bookings/states';
import { retreatOf } from '../../bookings/days';
import { onlinePayment, scheduleFacts } from '../../money/ledger';
import { bookingSchedule } from '../../money/schedule';
import { montonioProvider } from './montonio';
import { PaymentProviderError, type OnlinePaymentProvider, type ProviderOrder } from './port';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config' | 'log'>;

/**
 * The paths the provider is given: the notification, and the return page (src/pages/makse.astro), whose island
 * brings the `order-token` Montonio appends to the API's return endpoint.
 */
export const MONTONIO_WEBHOOK_PATH = '/api/payments/montonio/webhook';
export const MONTONIO_RETURN_PATH = '/api/payments/montonio/return';
export const PAYMENT_RETURN_PAGE = '/makse';

/** The configured provider, or null: online payment is off (no keys). */
export function onlineProvider(deps: Pick<AppDeps, 'config'>): OnlinePaymentProvider | null {
  return deps.config.montonio ? montonioProvider(deps.config.montonio) : null;
}

export type PaymentOutcome = 'paid' | 'pending' | 'abandoned' | 'failed';

export const outcomeOf = (status: OnlineOrderStatus): PaymentOutcome =>
  status === 'paid' || status === 'partially_refunded' || status === 'refunded' ? 'paid' : status === 'abandoned' ? 'abandoned' : status === 'voided' ? 'failed' : 'pending';

/** What a booking has due online: the next part of its schedule with money open on it, or all that is open. */
export function amountDue(schedule: { outstandingCents: number }[], part: OnlinePaymentPart): number {
  if (part === 'next') return schedule.find((item) => item.outstandingCents > 0)?.outstandingCents ?? 0;
  return schedule.reduce((sum, item) => sum + item.outstandingCents, 0);
}

export async function startOnlinePayment(
  deps: Deps,
  provider: OnlinePaymentProvider | null,
  guest: { userId: string },
  bookingId: number,
  { part, method }: { part: OnlinePaymentPart; method: 'bank_link' | 'card' },
): Promise<{ paymentUrl: string; amountCents: number }> {
  if (!provider) throw new ApiError('online_payment_off');
  const row = await ownedBooking(deps, guest.userId, bookingId);
  if (!mayTransition(stateOf(row), 'takePayment')) throw new ApiError('booking_cancelled_pay');
  const schedule = bookingSchedule({ ...row, startDate: retreatOf(row).startDate }, tallinnDay(deps.now()));
  const amountCents = amountDue(schedule, part);
  if (amountCents <= 0) throw new ApiError('nothing_due');

  const reference = bookingReferenceNumber(bookingId);
  // Unique per order: Montonio reuses (and rewrites) an unpaid order whose merchant reference it has seen.
  const merchantReference = `${reference}-${crypto.randomUUID().slice(0, 8)}`;
  const origin = deps.config.publicOrigin;
  let created;
  try {
    created = await provider.createOrder({
      merchantReference,
      amountCents,
      currency: 'EUR',
      returnUrl: `${origin}${PAYMENT_RETURN_PAGE}`,
      notificationUrl: `${origin}${MONTONIO_WEBHOOK_PATH}`,
      method,
      locale: 'et',
      description: `Broneering ${bookingId}, viitenumber ${reference}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log({ level: 'error', msg: 'online payment: the provider created no order', provider: provider.name, bookingId, error: error.message });
    throw new ApiError('payment_provider_failed');
  }
  const stamp = deps.now().toISOString();
  await deps.db.insert(onlinePaymentOrders).values({
    provider: provider.name,
    providerOrderId: created.providerOrderId,
    merchantReference,
    bookingId,
    amountCents,
    currency: 'EUR',
    part,
    status: 'created',
    createdBy: guest.userId,
    createdAt: stamp,
    updatedAt: stamp,
  });
  deps.log({ level: 'info', msg: 'online payment: order created', provider: provider.name, bookingId, amountCents, part, merchantReference });
  return { paymentUrl: created.paymentUrl, amountCents };
}

/** Why a provider's word about an order was refused (nothing written). */
export class OrderRefused extends ApiError {}

/** Which status may follow which: a final one is never undone by a late PENDING or ABANDONED. */
function mayMove(from: OnlineOrderStatus, to: OnlineOrderStatus): boolean {
  if (from === to) return false;
  if (from === 'refunded') return false;
  if (from === 'partially_refunded') return to === 'refunded';
  if (from === 'paid') return to === 'partially_refunded' || to === 'refunded';
  if (to === 'created') return false;
  // created, pending, authorized, abandoned, voided: a payment may still complete after an abandon (open banking).
  return from === 'abandoned' || from === 'voided' ? to === 'paid' : true;
}

/**
 * Applies what the provider says of an order (already verified by the adapter): the order must be ours, by the
 * provider's id and our merchant reference together, for the same amount and currency. Answers the order's stored
 * status after it.
 */
export async function applyProviderOrder(deps: Deps, provider: OnlinePaymentProvider, said: ProviderOrder, source: 'notification' | 'return'): Promise<{ status: OnlineOrderStatus; bookingId: number }> {
  const { db } = deps;
  const [order] = await db
    .select()
    .from(onlinePaymentOrders)
    .where(and(eq(onlinePaymentOrders.provider, provider.name), eq(onlinePaymentOrders.providerOrderId, said.providerOrderId), eq(onlinePaymentOrders.merchantReference, said.merchantReference)));
  if (!order) {
    deps.log({ level: 'warn', msg: 'online payment refused: unknown order', source, provider: provider.name, providerOrderId: said.providerOrderId, merchantReference: said.merchantReference });
    throw new OrderRefused('payment_order_unknown');
  }
  if (said.amountCents !== order.amountCents || said.currency !== order.currency) {
    deps.log({ level: 'warn', msg: 'online payment refused: amount differs from the order', source, orderId: order.id, expected: `${order.amountCents} ${order.currency}`, got: `${said.amountCents} ${said.currency}` });
    throw new OrderRefused('payment_amount_mismatch');
  }
  const stamp = deps.now().toISOString();

  if (said.status === 'paid') {
    const facts = await scheduleFacts(deps, order.bookingId);
    if (!facts) throw new OrderRefused('payment_order_unknown');
    // Flagged for the organiser's refund decision when the booking's state takes no payment (cancelled) or the
    // payment goes beyond what it owes (the money module's outstanding, before this payment is in).
    const beyond = sql`(SELECT NOT ${MAY_SQL('b', 'takePayment')} OR ${OUTSTANDING_SQL('b')} < ${order.amountCents} FROM ${bookings} AS b WHERE b.id = ${order.bookingId})`;
    await db.batch([
      // The order's status first, while the ledger does not yet hold its payment.
      db
        .update(onlinePaymentOrders)
        .set({
          status: sql`CASE WHEN ${onlinePaymentOrders.status} IN ('partially_refunded', 'refunded') THEN ${onlinePaymentOrders.status} ELSE 'paid' END`,
          providerMethod: said.providerMethod,
          refundReview: sql`CASE WHEN EXISTS (SELECT 1 FROM ${payments} WHERE online_order_id = ${order.id}) THEN ${onlinePaymentOrders.refundReview} ELSE coalesce(${beyond}, 0) END`,
          updatedAt: stamp,
        })
        .where(eq(onlinePaymentOrders.id, order.id)),
      // One payment per order (the ledger's door): a replay or the racing return writes nothing and changes nothing.
      ...onlinePayment(
        deps,
        {
          id: order.id,
          bookingId: order.bookingId,
          amountCents: order.amountCents,
          method: said.ledgerMethod,
          note: `${provider.name}: ${said.providerOrderId}`,
          metadata: { amountCents: order.amountCents, method: said.ledgerMethod, provider: provider.name, providerOrderId: said.providerOrderId, providerMethod: said.providerMethod, merchantReference: order.merchantReference, source },
        },
        facts,
      ),
    ]);
    const [after] = await db.select({ status: onlinePaymentOrders.status, refundReview: onlinePaymentOrders.refundReview }).from(onlinePaymentOrders).where(eq(onlinePaymentOrders.id, order.id));
    deps.log({ level: 'info', msg: 'online payment: paid', source, orderId: order.id, bookingId: order.bookingId, amount: formatMoney(order.amountCents), refundReview: after?.refundReview ?? false });
    return { status: after?.status ?? 'paid', bookingId: order.bookingId };
  }

  if (mayMove(order.status, said.status)) {
    await db
      .update(onlinePaymentOrders)
      .set({ status: said.status, providerMethod: said.providerMethod ?? order.providerMethod, updatedAt: stamp })
      .where(and(eq(onlinePaymentOrders.id, order.id), eq(onlinePaymentOrders.status, order.status)));
    deps.log({ level: 'info', msg: 'online payment: order status', source, orderId: order.id, from: order.status, to: said.status });
  }
  const [after] = await db.select({ status: onlinePaymentOrders.status }).from(onlinePaymentOrders).where(eq(onlinePaymentOrders.id, order.id));
  return { status: after?.status ?? order.status, bookingId: order.bookingId };
}

/**
 * The guest's return: the token says what the provider knew when it sent them back; when that is not yet final
 * and the notification has not arrived, the provider's API is asked. Either way the same path applies it.
 */
export async function applyReturn(deps: Deps, provider: OnlinePaymentProvider, said: ProviderOrder): Promise<{ outcome: PaymentOutcome; bookingId: number }> {
  let applied = await applyProviderOrder(deps, provider, said, 'return');
  if (applied.status !== 'paid' && (applied.status === 'created' || applied.status === 'pending' || applied.status === 'authorized')) {
    try {
      const now = await provider.fetchOrder(said.providerOrderId);
      applied = await applyProviderOrder(deps, provider, now, 'return');
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log({ level: 'warn', msg: 'online payment: the provider could not be asked on return', orderId: said.providerOrderId, error: error.message });
    }
  }
  return { outcome: outcomeOf(applied.status), bookingId: applied.bookingId };
}
