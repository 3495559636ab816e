/**
 * A booking's payment schedule (the settings' payment rules, src/lib/payment-rules): the advance (300 €) is due one
 * invoice term (14 days) after booking and the rest 60 days before the retreat starts; a booking made too late for
 * that owes everything at once, one term after booking but not after the first day. What was paid goes to the
 * earliest part first. A part is overdue once its day has passed with money still owed on it.
 *
 * The derived payment status (pending, partial, paid, overdue) follows from it. Both the schedule's "is anything
 * overdue" and the status have a SQL form beside the TypeScript one (OVERDUE_SQL, PAYMENT_STATUS_SQL), so the
 * ledger's batch derives the same status the detail screen and the scheduled job compute;
 * tests/unit/money-rules.test.ts checks that they agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, tallinnDay } from '../../../src/lib/format';
import { ADVANCE_CENTS, BALANCE_DUE_DAYS_BEFORE, INVOICE_TERM_DAYS, REMINDER_DAYS } from '../../../src/lib/payment-rules';
import type { ScheduleItem, SchedulePart } from '../../../src/lib/payment-schedule';

export interface ScheduleInput {
  /** The Tallinn day the booking was made. */
  bookedOn: string;
  /** The retreat's first day; null when the booking has none (then everything is due one term after booking). */
  startDate: string | null;
  owedCents: number;
  paidCents: number;
  /** The Tallinn day "now". */
  today: string;
}

const min = (a: string, b: string) => (a < b ? a : b);

export function paymentSchedule({ bookedOn, startDate, owedCents, paidCents, today }: ScheduleInput): ScheduleItem[] {
  if (owedCents <= 0) return [];
  const advanceDue = addDays(bookedOn, INVOICE_TERM_DAYS);
  const balanceDue = startDate ? addDays(startDate, -BALANCE_DUE_DAYS_BEFORE) : null;
  const parts: { part: SchedulePart; dueOn: string; amountCents: number }[] =
    balanceDue && advanceDue < balanceDue && owedCents > ADVANCE_CENTS
      ? [
          { part: 'advance', dueOn: advanceDue, amountCents: ADVANCE_CENTS },
          { part: 'balance', dueOn: balanceDue, amountCents: owedCents - ADVANCE_CENTS },
        ]
      : [{ part: 'full', dueOn: startDate ? min(advanceDue, startDate) : advanceDue, amountCents: owedCents }];
  let unallocated = Math.max(0, paidCents);
  return parts.map(({ part, dueOn, amountCents }) => {
    const paid = Math.min(amountCents, unallocated);
    unallocated -= paid;
    const outstandingCents = amountCents - paid;
    return { part, dueOn, amountCents, paidCents: paid, outstandingCents, overdue: outstandingCents > 0 && dueOn < today };
  });
}

export type ReminderStage = 'before' | 'due' | 'after';

/** The day each reminder for a due day goes: 7 days before, on the day, 3 days after (the settings' numbers). */
export function reminderDays(dueOn: string): Record<ReminderStage, string> {
  return { before: addDays(dueOn, -REMINDER_DAYS.before), due: dueOn, after: addDays(dueOn, REMINDER_DAYS.after) };
}

/**
 * The reminder due today for a part of the schedule, if any: the latest stage whose day has come, while money is
 * owed on it. A stage whose day was before the booking was made is not sent (the guest has just been told), and
 * one missed for more than `graceDays` (the job was down) is skipped rather than sent late and out of order.
 */
export function reminderDue(item: ScheduleItem, bookedOn: string, today: string, graceDays = 2): ReminderStage | null {
  if (item.outstandingCents <= 0) return null;
  const days = reminderDays(item.dueOn);
  for (const stage of ['after', 'due', 'before'] as const) {
    const day = days[stage];
    if (day <= today) return day >= bookedOn && today <= addDays(day, graceDays) ? stage : null;
  }
  return null;
}

/** A booking as stored, for its schedule: a cancelled booking has none (cancellation settles it instead). */
export interface BookingForSchedule {
  status: string;
  /** When the booking was made (ISO instant). */
  createdAt: string;
  /** The retreat's first day, else the booking's check-in day. */
  startDate: string | null;
  owedCents: number;
  amountPaidCents: number | null;
}

/** The day a booking was made, the schedule's first input: its creation instant's Tallinn day. */
export const bookedOnOf = (createdAt: string): string => tallinnDay(new Date(createdAt));

export function bookingSchedule(booking: BookingForSchedule, today: string): ScheduleItem[] {
  if (booking.status === 'cancelled') return [];
  return paymentSchedule({ bookedOn: bookedOnOf(booking.createdAt), startDate: booking.startDate, owedCents: booking.owedCents, paidCents: booking.amountPaidCents ?? 0, today });
}

export type DerivedPaymentStatus = 'pending' | 'partial' | 'paid' | 'overdue';

/** Whether some part of the schedule is overdue, in TypeScript. */
export const isOverdue = (input: ScheduleInput): boolean => paymentSchedule(input).some((item) => item.overdue);

/** The payment status a booking's money gives it, in TypeScript. */
export function derivedPaymentStatus(input: ScheduleInput): DerivedPaymentStatus {
  const { owedCents, paidCents } = input;
  if (paidCents > 0 && owedCents - paidCents <= 0) return 'paid';
  if (isOverdue(input)) return 'overdue';
  return paidCents <= 0 ? 'pending' : 'partial';
}

export interface ScheduleSql {
  bookedOn: string;
  startDate: string | null;
  today: string;
  owed: SQL;
  paid: SQL;
}

/** Whether some part of the schedule is overdue, in SQL: the same parts, days and allocation as paymentSchedule. */
export function OVERDUE_SQL({ bookedOn, startDate, today, owed, paid }: ScheduleSql): SQL {
  const advanceDue = addDays(bookedOn, INVOICE_TERM_DAYS);
  const balanceDue = startDate ? addDays(startDate, -BALANCE_DUE_DAYS_BEFORE) : null;
  const fullDue = startDate ? min(advanceDue, startDate) : advanceDue;
  const twoPartsByDays = balanceDue !== null && advanceDue < balanceDue;
  return sql`(${owed} > 0 AND CASE
    WHEN ${twoPartsByDays ? 1 : 0} = 1 AND ${owed} > ${ADVANCE_CENTS}
      THEN (${advanceDue} < ${today} AND ${paid} < ${ADVANCE_CENTS}) OR (${balanceDue} < ${today} AND ${paid} < ${owed})
    ELSE ${fullDue} < ${today} AND ${paid} < ${owed} END)`;
}

/** The payment status, in SQL. */
export function PAYMENT_STATUS_SQL(input: ScheduleSql): SQL {
  const { owed, paid } = input;
  return sql`(CASE WHEN ${paid} > 0 AND ${owed} - ${paid} <= 0 THEN 'paid' WHEN ${OVERDUE_SQL(input)} THEN 'overdue' WHEN ${paid} <= 0 THEN 'pending' ELSE 'partial' END)`;
}
