/**
 * A booking's payment schedule: the parts of its payment plan (src/lib/payment-plans: full, instalments, or the
 * advance and the balance), for what it owes now. What was paid goes to the earliest part first. A part is overdue
 * once its day has passed with money still owed on it.
 *
 * The derived payment status (pending, partial, paid, overdue) follows from it. Both the schedule's "is anything
 * overdue" and the status have a SQL form beside the TypeScript one (OVERDUE_SQL, PAYMENT_STATUS_SQL), built from
 * the same plan shape, so the ledger's batch derives the same status the detail screen and the scheduled job
 * compute; tests/api/money-rules.test.ts checks that they agree.
 */
import { sql, type SQL } from 'drizzle-orm';
import { addDays, tallinnDay } from '../../../src/lib/format';
import { planParts, planShape, type PaymentPlan, type ShareMath } from '../../../src/lib/payment-plans';
import { ADVANCE_CENTS, REMINDER_DAYS } from '../../../src/lib/payment-rules';
import type { ScheduleItem } from '../../../src/lib/payment-schedule';
import { IN_STATES_SQL, isBilled, IS_BILLED_SQL, stateOf, type StateRow } from '../bookings/states';

export interface ScheduleInput {
  /** The Tallinn day the booking was made. */
  bookedOn: string;
  /** The retreat's first day; null when the booking has none (then everything is due one term after booking). */
  startDate: string | null;
  /** The plan the guest chose; null for bookings made without one (read as the advance plan). */
  plan?: PaymentPlan | null;
  /** The advance the plan asks for; the settings' 300 € when the booking has none of its own. */
  advanceCents?: number | null;
  owedCents: number;
  paidCents: number;
  /** The Tallinn day "now". */
  today: string;
}

export function paymentSchedule({ bookedOn, startDate, plan = null, advanceCents, owedCents, paidCents, today }: ScheduleInput): ScheduleItem[] {
  let unallocated = Math.max(0, paidCents);
  return planParts(plan, { bookedOn, startDate }, owedCents, advanceCents ?? ADVANCE_CENTS).map(({ part, dueOn, amountCents }) => {
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

/**
 * A booking as stored, for its schedule: only a billed booking has one (../bookings/states.ts): a waiting-list party
 * pays nothing before it gets its places, and a cancelled one is settled by its cancellation.
 */
export interface BookingForSchedule extends StateRow {
  /** When the booking was made (ISO instant). */
  createdAt: string;
  /** When its schedule starts, if not then: the day a waiting party got its places (issue 38). */
  scheduleStartsAt: string | null;
  /** The retreat's first day, else the booking's check-in day. */
  startDate: string | null;
  owedCents: number;
  amountPaidCents: number | null;
  paymentPlan: PaymentPlan | null;
  advanceCents: number | null;
}

/**
 * The day a booking's schedule counts from, its first input: the Tallinn day it was made, or, for a party that got its
 * places from the waiting list, the day it got them (issue 38: a party that waited months does not owe at once).
 */
export const bookedOnOf = (b: { createdAt: string; scheduleStartsAt: string | null }): string => tallinnDay(new Date(b.scheduleStartsAt ?? b.createdAt));

export function bookingSchedule(booking: BookingForSchedule, today: string): ScheduleItem[] {
  if (!isBilled(booking)) return [];
  return paymentSchedule({
    bookedOn: bookedOnOf(booking),
    startDate: booking.startDate,
    plan: booking.paymentPlan,
    advanceCents: booking.advanceCents,
    owedCents: booking.owedCents,
    paidCents: booking.amountPaidCents ?? 0,
    today,
  });
}

export type DerivedPaymentStatus = 'pending' | 'partial' | 'paid' | 'overdue';

/** Whether some part of the schedule is overdue, in TypeScript. */
export const isOverdue = (input: ScheduleInput): boolean => paymentSchedule(input).some((item) => item.overdue);

/** What the payment status and the deposit are judged on besides the schedule: the booking's state. */
export interface StatusInput extends ScheduleInput, StateRow {
  /** What a cancellation kept (null: before one, or one made before it was recorded). */
  keptCents: number | null;
}

/**
 * The payment status a booking's money gives it, in TypeScript: paid once its price is in (a cancelled booking: what
 * its cancellation kept), overdue when a part of a billed booking's schedule is past its day, else pending or
 * partial. A waiting-list party is never overdue: it is not asked to pay.
 */
export function derivedPaymentStatus(input: StatusInput): DerivedPaymentStatus {
  const { owedCents, paidCents } = input;
  const base = stateOf(input) === 'cancelled' ? (input.keptCents ?? paidCents) : owedCents;
  if (paidCents > 0 && base - paidCents <= 0) return 'paid';
  if (isBilled(input) && isOverdue(input)) return 'overdue';
  return paidCents <= 0 ? 'pending' : 'partial';
}

/**
 * What must be paid for the deposit to count as paid, in TypeScript: the first part of the schedule as it runs on
 * the booking's days (the advance, the first instalment, or everything when the plan's days made it one sum).
 */
export function depositDueCents({ bookedOn, startDate, plan = null, advanceCents, owedCents }: Omit<ScheduleInput, 'today' | 'paidCents'>): number {
  return planParts(plan, { bookedOn, startDate }, owedCents, advanceCents ?? ADVANCE_CENTS)[0]?.amountCents ?? 0;
}

export interface ScheduleSql {
  bookedOn: string;
  startDate: string | null;
  plan?: PaymentPlan | null;
  advanceCents?: number | null;
  today: string;
  owed: SQL;
  paid: SQL;
}

/**
 * The plans' whole numbers as integer literals, not bound parameters: the driver binds a JavaScript number as a REAL,
 * and `owed / 3.0` is not the floor that Math.floor gives (a 100 001 cents' first instalment would be 33 333,67).
 */
const int = (n: number): SQL => {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number of cents: ${n}`);
  return sql.raw(String(n));
};

const sqlMath: ShareMath<SQL> = {
  minus: (a, b) => sql`(${a} - ${b})`,
  times: (a, n) => sql`(${a} * ${int(n)})`,
  // owed is a whole number of cents, so SQLite's integer division rounds down like Math.floor.
  div: (a, n) => sql`(${a} / ${int(n)})`,
  constant: (n) => int(n),
};

/**
 * Whether some part of the schedule is overdue, in SQL: the plan's parts on the booking's days (known here), each
 * overdue once its day is past while less than its running total was paid.
 */
export function OVERDUE_SQL({ bookedOn, startDate, plan = null, advanceCents, today, owed, paid }: ScheduleSql): SQL {
  const shape = planShape(plan, { bookedOn, startDate }, advanceCents ?? ADVANCE_CENTS, sqlMath);
  const late = (dueOn: string, upTo: SQL) => sql`(${dueOn} < ${today} AND ${paid} < ${upTo})`;
  const anyLate = sql.join(shape.parts.map(({ dueOn, upTo }) => late(dueOn, upTo(owed))), sql` OR `);
  const oneLate = late(shape.full.dueOn, owed);
  return shape.above === null
    ? sql`(${owed} > 0 AND (${anyLate}))`
    : sql`(${owed} > 0 AND CASE WHEN ${owed} > ${shape.above} THEN (${anyLate}) ELSE ${oneLate} END)`;
}

/** depositDueCents in SQL: the first part's running total on the plan's shape, or what is owed when it is one sum. */
export function DEPOSIT_SQL({ bookedOn, startDate, plan = null, advanceCents, owed }: Omit<ScheduleSql, 'today' | 'paid'>): SQL {
  const shape = planShape(plan, { bookedOn, startDate }, advanceCents ?? ADVANCE_CENTS, sqlMath);
  const first = shape.parts[0]!.upTo(owed);
  return shape.above === null ? first : sql`(CASE WHEN ${owed} > ${shape.above} THEN ${first} ELSE ${owed} END)`;
}

/** The booking row's state, for the payment status in SQL: the row's alias (the ledger's batch: `bookings`). */
export interface StatusSql extends ScheduleSql {
  alias: string;
}

/** The payment status, in SQL, over the bookings row `alias` (its state and what a cancellation kept). */
export function PAYMENT_STATUS_SQL(input: StatusSql): SQL {
  const { owed, paid, alias } = input;
  const base = sql`(CASE WHEN ${IN_STATES_SQL(alias, ['cancelled'])} THEN coalesce(${sql.raw(`${alias}.kept_cents`)}, ${paid}) ELSE ${owed} END)`;
  return sql`(CASE WHEN ${paid} > 0 AND ${base} - ${paid} <= 0 THEN 'paid' WHEN ${IS_BILLED_SQL(alias)} AND ${OVERDUE_SQL(input)} THEN 'overdue' WHEN ${paid} <= 0 THEN 'pending' ELSE 'partial' END)`;
}
