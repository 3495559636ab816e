/**
 * The payment plans a guest chooses from when booking, and what each makes of a price (issue "Sell"; the terms'
 * section 3 and the settings' price block). One home for the browser, which shows the plans before the guest
 * commits, and the server, which prices the request again and derives the booking's schedule from the same parts
 * (worker/domain/money/schedule.ts holds the schedule's SQL form beside this).
 *
 * - full: everything at once, one invoice term after booking (never after the first day), per person 5 % off,
 *   rounded down to the whole euro in the guest's favour (1299 € → 1234 €, the advertised figure).
 * - instalments: three interest-free parts of the list price: one term after booking, the balance day (60 days
 *   before the start), and halfway between; offered only while the parts can be at least two terms apart.
 * - advance: 300 € per person ("koha kinnitamiseks", terms 3.2) one term after booking, the rest on the balance
 *   day; offered while the advance falls due before the balance day.
 *
 * A booking made too late for a plan's parts owes everything at once (one part, "Kogu summa").
 */
// A named import: the browser's bundle takes only the price block, not the whole settings file.
import { price } from '../../content/settings/site.json';
import { addDays, daysBetween, formatMoney } from './format';
import { ADVANCE_CENTS, BALANCE_DUE_DAYS_BEFORE, INVOICE_TERM_DAYS } from './payment-rules';
import type { SchedulePart } from './payment-schedule';

export const PAYMENT_PLANS = ['full', 'instalments', 'advance'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];


/** The full payment's discount, percent of the per-person price. */
export const FULL_PAYMENT_DISCOUNT_PERCENT: number = price.fullPayment.discountPercent;
/** How many interest-free instalments. */
export const INSTALMENT_COUNT: number = price.instalments.count;
/** Instalments are offered while the first and the last are at least this many days apart (two invoice terms). */
export const INSTALMENTS_MIN_SPAN_DAYS = 2 * INVOICE_TERM_DAYS;

/** Deferred payment through a credit partner: information only, not a plan (no partner is connected). */
export const DEFERRED_PAYMENT = { fromEur: price.deferred.fromEur, maxMonths: price.deferred.maxMonths } as const;

export const PAYMENT_PLAN_LABELS: Record<PaymentPlan, string> = {
  full: `Täismakse ette (−${FULL_PAYMENT_DISCOUNT_PERCENT} %)`,
  instalments: `${INSTALMENT_COUNT} intressivaba osamakset`,
  advance: `Ettemaks ${formatMoney(ADVANCE_CENTS)} inimese kohta ja ülejäänu ${BALANCE_DUE_DAYS_BEFORE} päeva enne algust`,
};

/** One part of a plan: what is due and when. */
export interface PlanPart {
  part: SchedulePart;
  dueOn: string;
  amountCents: number;
}

export interface PlanDays {
  /** The Tallinn day the booking is (or was) made. */
  bookedOn: string;
  /** The retreat's first day; null when unknown (then everything is due one term after booking). */
  startDate: string | null;
}

const earlier = (a: string, b: string) => (a < b ? a : b);

/**
 * The balance due day of a retreat starting on `startDate`: 60 days before it (the settings' number). The one home of
 * that day: the plans' last parts fall on it, and an edition's go/no-go decision day is it unless the admin set another.
 */
export const balanceDueDay = (startDate: string): string => addDays(startDate, -BALANCE_DUE_DAYS_BEFORE);

/** The days a plan's parts fall on, before any amounts: the first part's, the balance day, the full payment's. */
function planDays({ bookedOn, startDate }: PlanDays) {
  const firstDue = addDays(bookedOn, INVOICE_TERM_DAYS);
  const balanceDue = startDate ? balanceDueDay(startDate) : null;
  const fullDue = startDate ? earlier(firstDue, startDate) : firstDue;
  return { firstDue, balanceDue, fullDue };
}

/** Arithmetic the shapes use, given once for numbers and once for SQL (worker/domain/money/schedule.ts). */
export interface ShareMath<T> {
  minus(a: T, b: T): T;
  times(a: T, n: number): T;
  /** Whole-number division, rounded down (owed is never negative here). */
  div(a: T, n: number): T;
  constant(n: number): T;
}

/**
 * The parts a plan splits into on a booking's days, as thresholds: each part's due day and how much must have been
 * paid by then in all (`upTo`, a function of what is owed, so that the schedule's SQL form builds the same sums).
 * The advance plan holds two parts only while more than the advance is owed (`above`); otherwise everything is one
 * part, due on `full.dueOn`. `plan` null: a booking made before plans existed, read as the advance plan.
 */
export function planShape<T>(plan: PaymentPlan | null, days: PlanDays, advanceCents: number, m: ShareMath<T>) {
  const { firstDue, balanceDue, fullDue } = planDays(days);
  const full = { dueOn: fullDue };
  type Part = { part: SchedulePart; dueOn: string; upTo: (owed: T) => T };
  const one: Part[] = [{ part: 'full', dueOn: fullDue, upTo: (owed) => owed }];
  if (plan === 'full' || balanceDue === null) return { parts: one, above: null, full };
  if (plan === 'instalments') {
    if (daysBetween(firstDue, balanceDue) < INSTALMENTS_MIN_SPAN_DAYS) return { parts: one, above: null, full };
    const middleDue = addDays(firstDue, Math.floor(daysBetween(firstDue, balanceDue) / 2));
    // Equal parts in whole cents; the first carries the remainder.
    const each = (owed: T) => m.div(owed, INSTALMENT_COUNT);
    const parts: Part[] = [
      { part: 'instalment1', dueOn: firstDue, upTo: (owed) => m.minus(owed, m.times(each(owed), 2)) },
      { part: 'instalment2', dueOn: middleDue, upTo: (owed) => m.minus(owed, each(owed)) },
      { part: 'instalment3', dueOn: balanceDue, upTo: (owed) => owed },
    ];
    return { parts, above: null, full };
  }
  if (!(firstDue < balanceDue)) return { parts: one, above: null, full };
  const parts: Part[] = [
    { part: 'advance', dueOn: firstDue, upTo: () => m.constant(advanceCents) },
    { part: 'balance', dueOn: balanceDue, upTo: (owed) => owed },
  ];
  return { parts, above: advanceCents, full };
}

export const numberMath: ShareMath<number> = {
  minus: (a, b) => a - b,
  times: (a, n) => a * n,
  div: (a, n) => Math.floor(a / n),
  constant: (n) => n,
};

/** A plan's parts for what is owed: amounts and due days. Nothing owed: no parts. */
export function planParts(plan: PaymentPlan | null, days: PlanDays, owedCents: number, advanceCents: number = ADVANCE_CENTS): PlanPart[] {
  if (owedCents <= 0) return [];
  const shape = planShape(plan, days, advanceCents, numberMath);
  if (shape.above !== null && !(owedCents > shape.above)) return [{ part: 'full', dueOn: shape.full.dueOn, amountCents: owedCents }];
  let before = 0;
  // A part of nothing (three instalments of a few cents) is left out: it can never be owed on its own.
  return shape.parts
    .map(({ part, dueOn, upTo }) => {
      const upToCents = upTo(owedCents);
      const amountCents = upToCents - before;
      before = upToCents;
      return { part, dueOn, amountCents };
    })
    .filter((p) => p.amountCents > 0);
}

/** Whether a plan can be chosen on these days: one that would fall back to a single payment is not offered. */
export function planOffered(plan: PaymentPlan, days: PlanDays): boolean {
  if (plan === 'full') return true;
  return planShape(plan, days, ADVANCE_CENTS, numberMath).parts.length > 1;
}

/** What a booking's plan is called on its days: a plan its days no longer allow (a move, new dates) runs as one sum. */
export const SINGLE_PAYMENT_LABEL = 'Kogu summa korraga';
export const UNSET_PLAN_LABEL = 'Määramata (ettemaks ja jääk)';

export function planLabel(plan: PaymentPlan | null, days: PlanDays): string {
  if (!planOffered(plan ?? 'advance', days)) return SINGLE_PAYMENT_LABEL;
  return plan ? PAYMENT_PLAN_LABELS[plan] : UNSET_PLAN_LABEL;
}

/** The advance a booking's plan asks for: its own (or the settings' 300 €) on the advance plan, none on the others. */
export function planAdvanceCents(b: { paymentPlan: PaymentPlan | null; advanceCents: number | null }): number {
  return b.paymentPlan === 'full' || b.paymentPlan === 'instalments' ? 0 : (b.advanceCents ?? ADVANCE_CENTS);
}

/** An edition's price, as the booking form and the API read it (cents, per person). */
export interface EditionPrice {
  /** The price per person that applies now: the early-bird price while it runs, else the regular one. */
  priceCents: number;
  /** The struck "compare at" price, if any. */
  compareAtCents: number | null;
  /** Added per person for each room type (0: included). */
  roomSupplementCents: { 'single-room': number; 'shared-room': number };
  /**
   * Issue 38: set while the edition's early-bird price applies: the regular price it replaces (struck beside it) and
   * the last day it applies (until 23:59 Europe/Tallinn of that day). null: the regular price applies.
   */
  earlyBird?: EarlyBird | null;
}

export interface EarlyBird {
  regularCents: number;
  /** The last Tallinn day the early-bird price applies. */
  until: string;
}

/**
 * The price per person that applies on a Tallinn day: the early-bird price up to and including its last day, the
 * regular one after it (or when the edition has none). The server asks with the request's instant's Tallinn day, so
 * 23:59:59 in Tallinn is still early and 00:00:00 is not, whatever the host's time zone.
 */
export function priceOn(
  r: { priceCents: number; earlyBirdPriceCents: number | null; earlyBirdUntil: string | null },
  day: string,
): { priceCents: number; earlyBird: EarlyBird | null } {
  if (r.earlyBirdPriceCents === null || r.earlyBirdUntil === null || day > r.earlyBirdUntil || r.earlyBirdPriceCents >= r.priceCents) {
    return { priceCents: r.priceCents, earlyBird: null };
  }
  return { priceCents: r.earlyBirdPriceCents, earlyBird: { regularCents: r.priceCents, until: r.earlyBirdUntil } };
}

/**
 * A discount code as the price reads it (issue 38): a percentage of the per-person price, or a fixed amount off
 * each person. Checked and counted by the server (worker/domain/discounts); the form only shows what it would give.
 */
export interface CodeDiscountTerms {
  code: string;
  percent: number | null;
  amountPerPersonCents: number | null;
}

export interface CodeDiscount extends CodeDiscountTerms {
  /** Taken off each person's price (room supplement included), before the plan's own discount. */
  perPersonCents: number;
  /** perPersonCents × people. */
  totalCents: number;
}

/**
 * A code's discount per person on a per-person price: a percentage rounded up to the cent (the guest's favour), a
 * fixed amount at most the price itself (a price never goes below zero).
 */
export function codeDiscountPerPersonCents(unitCents: number, terms: CodeDiscountTerms): number {
  if (terms.percent !== null) return Math.min(unitCents, Math.ceil((unitCents * terms.percent) / 100));
  return Math.min(unitCents, terms.amountPerPersonCents ?? 0);
}

export type PricedRoomType = keyof EditionPrice['roomSupplementCents'];

export interface Quote {
  plan: PaymentPlan;
  people: number;
  /** Per person: the edition's price that applies plus the room type's supplement. */
  unitCents: number;
  /** Per person after the code's and the plan's discounts. */
  unitAfterDiscountCents: number;
  /** unit × people. */
  listCents: number;
  /** Every discount together (the code's and the plan's): listCents − totalCents. */
  discountCents: number;
  /** The code's part of it, when a code was used (issue 38). Absent on quotes made before codes. */
  codeDiscount?: CodeDiscount | null;
  totalCents: number;
  /** The advance the plan asks for (the advance plan; else 0). */
  advanceCents: number;
  parts: PlanPart[];
}

/** Per person with the full payment's discount, rounded down to the whole euro (1299 € → 1234 €). */
export function fullPaymentUnitCents(unitCents: number): number {
  return Math.floor((unitCents * (100 - FULL_PAYMENT_DISCOUNT_PERCENT)) / 100 / 100) * 100;
}

/**
 * What a party pays on a plan, with its parts, for a booking made on `days.bookedOn`: per person the edition's price
 * and the room's supplement, less the code's discount, then the plan's (the full payment's −5 % of what is left).
 */
export function quote(
  edition: EditionPrice,
  roomType: PricedRoomType,
  people: number,
  plan: PaymentPlan,
  days: PlanDays,
  code: CodeDiscountTerms | null = null,
): Quote {
  const unitCents = edition.priceCents + edition.roomSupplementCents[roomType];
  const codePerPerson = code ? codeDiscountPerPersonCents(unitCents, code) : 0;
  const afterCode = unitCents - codePerPerson;
  const unitAfterDiscountCents = plan === 'full' ? fullPaymentUnitCents(afterCode) : afterCode;
  const listCents = unitCents * people;
  const totalCents = unitAfterDiscountCents * people;
  const advanceCents = plan === 'advance' ? ADVANCE_CENTS * people : 0;
  return {
    plan,
    people,
    unitCents,
    unitAfterDiscountCents,
    listCents,
    discountCents: listCents - totalCents,
    codeDiscount: code ? { ...code, perPersonCents: codePerPerson, totalCents: codePerPerson * people } : null,
    totalCents,
    advanceCents,
    parts: planParts(plan, days, totalCents, advanceCents),
  };
}

/** Every plan for a party, the ones not offered on these days left out (the full payment always is). */
export function quotes(edition: EditionPrice, roomType: PricedRoomType, people: number, days: PlanDays, code: CodeDiscountTerms | null = null): Quote[] {
  return PAYMENT_PLANS.filter((plan) => planOffered(plan, days)).map((plan) => quote(edition, roomType, people, plan, days, code));
}

/** What a booking keeps of its price (bookings.price_snapshot): the quote it was made with, and from what. */
export interface PriceSnapshot extends Quote {
  retreatId: number;
  roomType: PricedRoomType;
  compareAtCents: number | null;
  /** The Tallinn day it was priced. */
  pricedOn: string;
  /** Issue 38: the early-bird price applied (its regular price and last day); null or absent: the regular price. */
  earlyBird?: EarlyBird | null;
  /** Issue 39: what the room type added per person (0: included); absent on snapshots made before. */
  roomSupplementCents?: number;
}
