/**
 * Paying a booking with a gift voucher (issue 38), for the admin on the booking and for the guest in the portal: the
 * voucher found by its code, then one ledger entry through the ledger's voucher door, which checks in the statement
 * that writes that the booking owes at least this much and the voucher holds it. When nothing was written, the
 * refusal says why, naming what is left (409 beyond the balance).
 */
import { eq } from 'drizzle-orm';
import { GIFT_VOUCHER_MESSAGES, type GiftVoucherRedeem, type GiftVoucherRedeemResponse } from '../../../src/lib/gift-vouchers';
import { TRANSITIONS } from '../../../src/lib/booking-lifecycle';
import { tallinnDay } from '../../../src/lib/format';
import { sql } from 'drizzle-orm';
import { bookings, giftVouchers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { IN_STATES_SQL } from '../bookings/states';
import { OUTSTANDING_SQL } from '../money/balance';
import { scheduleFacts, voucherRedemption } from '../money/ledger';
import { bookingNotFound } from '../not-found';
import { VOUCHER_BALANCE_SQL } from './balance';

type Deps = Pick<AppDeps, 'db' | 'now'>;

const onField = (path: string, message: string) => new ApiError('validation_failed', { details: [{ path, message }] });

/** The voucher's balance now, by its id. */
export async function voucherBalance({ db }: Pick<AppDeps, 'db'>, voucherId: number): Promise<number> {
  const [row] = await db.select({ balance: sql<number>`${VOUCHER_BALANCE_SQL('"gift_vouchers"')}` }).from(giftVouchers).where(eq(giftVouchers.id, voucherId));
  return Number(row?.balance ?? 0);
}

export async function redeemVoucher(deps: Deps, bookingId: number, input: GiftVoucherRedeem, actor: Actor, channel: 'admin' | 'portal'): Promise<GiftVoucherRedeemResponse> {
  const facts = await scheduleFacts(deps, bookingId);
  if (!facts) throw bookingNotFound();
  const [voucher] = await deps.db.select({ id: giftVouchers.id, code: giftVouchers.code, validUntil: giftVouchers.validUntil }).from(giftVouchers).where(eq(giftVouchers.code, input.code));
  if (!voucher) throw onField('code', GIFT_VOUCHER_MESSAGES.unknown);
  if (tallinnDay(deps.now()) > voucher.validUntil) throw onField('code', GIFT_VOUCHER_MESSAGES.expired(voucher.validUntil));
  const [inserted] = await deps.db.batch(voucherRedemption(deps, { bookingId, voucherId: voucher.id, code: voucher.code, amountCents: input.amount, facts, actor, channel }));
  const paymentId = inserted[0]?.id;
  if (paymentId !== undefined) return { paymentId, balanceCents: await voucherBalance(deps, voucher.id) };
  throw await whyNotRedeemed(deps, bookingId, voucher.id, input.amount);
}

async function whyNotRedeemed(deps: Deps, bookingId: number, voucherId: number, amountCents: number): Promise<ApiError> {
  const [booking] = await deps.db
    .select({ open: sql<number>`${OUTSTANDING_SQL('"bookings"')}`, takes: sql<number>`${IN_STATES_SQL('"bookings"', TRANSITIONS.takePayment)}` })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return bookingNotFound();
  if (!Number(booking.takes)) return new ApiError('booking_cancelled');
  const left = await voucherBalance(deps, voucherId);
  if (left <= 0) return onField('code', GIFT_VOUCHER_MESSAGES.usedUp);
  if (left < amountCents) {
    return new ApiError('gift_voucher_balance', { message: GIFT_VOUCHER_MESSAGES.beyondBalance(left), details: [{ path: 'amount', message: GIFT_VOUCHER_MESSAGES.beyondBalance(left) }] });
  }
  const open = Number(booking.open);
  return onField('amount', open <= 0 ? GIFT_VOUCHER_MESSAGES.nothingOwed : GIFT_VOUCHER_MESSAGES.beyondOutstanding(open));
}
