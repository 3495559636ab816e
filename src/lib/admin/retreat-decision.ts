/**
 * The go/no-go of an edition (issue 24), shared by the API and the screens: its decision day, the numbers it is
 * decided on, the request bodies and the words. Browser-safe.
 *
 * - The decision day is the balance due day (src/lib/payment-plans: 60 days before the start) unless the admin set
 *   another; an edition without a start day has none.
 * - Participants are people (a booking's main guest and each companion). "Confirmed" counts the people on confirmed
 *   bookings; "paid" the people on bookings that are not cancelled and whose deposit is paid (the ledger's derived
 *   `deposit_paid`: the advance, or the plan's first part, is in).
 * - The flag: an edition not yet decided whose decision day is at most a week away ('soon'), or has passed ('overdue').
 * Free of zod (the dashboard shows these words): the cancel body's schema is in ./retreat-cancel.
 */
import { addDays, daysBetween, formatMoney } from '../format';
import { balanceDueDay } from '../payment-plans';

/** The flag is raised this many days before the decision day. */
export const DECISION_WARNING_DAYS = 7;

export type DecisionState = 'open' | 'confirmed' | 'cancelled';
export type DecisionAlert = 'soon' | 'overdue' | null;

/** The decision day: the admin's own, else the balance due day; null without a start day. */
export function decisionDay(r: { startDate: string | null; decisionOn: string | null }): string | null {
  if (r.decisionOn) return r.decisionOn;
  return r.startDate ? balanceDueDay(r.startDate) : null;
}

export function decisionState(r: { confirmedAt: string | null; cancelledAt: string | null }): DecisionState {
  if (r.cancelledAt) return 'cancelled';
  return r.confirmedAt ? 'confirmed' : 'open';
}

/** Whether the decision is due soon (within a week) or overdue; null once decided or without a day. */
export function decisionAlert(day: string | null, state: DecisionState, today: string): DecisionAlert {
  if (state !== 'open' || day === null) return null;
  if (day < today) return 'overdue';
  return daysBetween(today, day) <= DECISION_WARNING_DAYS ? 'soon' : null;
}

/** The day the flag goes up for a decision day. */
export const alertFrom = (day: string): string => addDays(day, -DECISION_WARNING_DAYS);

export const DECISION_MESSAGES = {
  reasonRequired: 'Kirjutage tühistamise põhjus: see läheb külalistele kirjaga.',
  reasonTooLong: 'Põhjus võib olla kuni 1000 märki.',
  stateLabels: { open: 'Otsustamata', confirmed: 'Toimumine kinnitatud', cancelled: 'Retriit tühistatud' } satisfies Record<DecisionState, string>,
  alertLabels: { soon: 'Otsuse päev on lähedal', overdue: 'Otsuse päev on möödas' },
  confirmTitle: 'Kinnita toimumine',
  cancelTitle: 'Tühista retriit',
  /** The confirmation dialog's first sentence: the numbers. */
  confirmNumbers: (guests: number, people: number, min: number) =>
    `Toimumise kinnituse saab e-kirjaga ${guests} ${guests === 1 ? 'külaline' : 'külalist'}. Osalejaid on ${people}, miinimum ${min}.`,
  cancelNumbers: (p: { bookings: number; people: number; refundCents: number; invoices: number }) =>
    `Tühistatakse ${p.bookings} ${p.bookings === 1 ? 'broneering' : 'broneeringut'} (${p.people} ${p.people === 1 ? 'inimene' : 'inimest'}), tagastatakse ${formatMoney(p.refundCents)} ja ${p.invoices} ${p.invoices === 1 ? 'arve krediteeritakse' : 'arvet krediteeritakse'}. Igale külalisele läheb e-kiri põhjusega. Seda ei saa tagasi võtta.`,
  confirmed: 'Toimumine kinnitatud: külalistele läksid e-kirjad.',
  cancelled: 'Retriit tühistatud: broneeringud tühistati, tagastused ja kreeditarved on kirjas.',
} as const;

/** POST /api/admin/retreats/:id/cancel's answer: the decision now, and what was done. */
export interface RetreatCancelResult {
  decision: RetreatDecision;
  /** Bookings cancelled, money refunded (cents), credit notes issued, guests e-mailed. */
  done: { bookings: number; refundCents: number; creditNotes: number; emails: number };
}

/** GET /api/admin/retreats/:id/decision: where the edition stands, and what each action would do. */
export interface RetreatDecision {
  retreatId: number;
  minParticipants: number;
  startDate: string | null;
  /** The day in force, the balance due day, and the admin's own (null: none set). */
  decisionDay: string | null;
  defaultDecisionDay: string | null;
  decisionOn: string | null;
  state: DecisionState;
  alert: DecisionAlert;
  confirmedAt: string | null;
  cancelledAt: string | null;
  cancellationReason: string | null;
  confirmedPeople: number;
  paidPeople: number;
  /** "Kinnita toimumine": the guests who get the e-mail (one each). */
  confirmation: { guests: number; people: number };
  /** "Tühista retriit": what it cancels, refunds and credits, and the e-mails (one per booking's guest). */
  cancellation: { bookings: number; people: number; emails: number; refundCents: number; invoices: number; creditCents: number };
}
