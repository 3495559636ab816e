/**
 * A booking's lifecycle as the screens and the API share it (browser-safe): the states a booking is in,
 * the transitions between them, which state allows which transition, and the Estonian words for a refusal. The
 * transitions themselves, and the SQL and TypeScript forms of every question asked of a state, live in
 * worker/domain/bookings/ (lifecycle.ts, states.ts); the detail carries the transitions its state allows
 * (`actions`), so a screen offers only those.
 *
 * The states, as stored (`bookings.status` and `bookings.waiting_list`):
 * - request: a request that holds its places (pending, not on the waiting list); billed, it owes its schedule;
 * - waiting: a request on the waiting list (pending, waiting list): holds no place and owes nothing until promoted;
 * - confirmed: the organiser confirmed it; it holds its places and owes its schedule;
 * - cancelled: settled by its cancellation (the refund, the credit note); it owes nothing more.
 */

import { BOOKING_STATUS_LABELS, WAITING_LIST_LABEL } from './labels';

export const BOOKING_STATES = ['request', 'waiting', 'confirmed', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** The admin's words for each state: the spec's status labels (a request is "Ootel"), and the waiting list's own. */
export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  request: BOOKING_STATUS_LABELS.pending,
  waiting: WAITING_LIST_LABEL,
  confirmed: BOOKING_STATUS_LABELS.confirmed,
  cancelled: BOOKING_STATUS_LABELS.cancelled,
};

/**
 * The states that hold their places on the edition and are billed their price: a request not on the waiting list, and
 * a confirmed booking. worker/domain/bookings/states.ts asks it of a stored row, in TypeScript and in SQL.
 */
export const holdsPlaces = (state: BookingState): boolean => state === 'request' || state === 'confirmed';

/**
 * Every way a booking changes state or money, and the states it may start from. Creating one (a visitor's request,
 * an admin's booking) starts it; the rest act on one that exists.
 */
export const TRANSITIONS = {
  /** The organiser confirms a request, or a waiting-list party when its places fit (or are overridden). */
  confirm: ['request', 'waiting'],
  /** Back to a request (a confirmation made by mistake); it keeps its places. */
  unconfirm: ['confirmed'],
  /** A request gives up its places and waits; not once money or an invoice is on it. */
  putOnWaitingList: ['request'],
  /** A waiting-list party gets its places when the whole party fits. */
  promote: ['waiting'],
  /** Issue 38: the guest takes the places a waiting-list offer holds for them, while it is open. */
  acceptOffer: ['waiting'],
  /** To another edition that takes it (./edition rule in worker/domain/retreats/eligibility.ts). */
  move: ['request', 'waiting', 'confirmed'],
  changePlan: ['request', 'waiting', 'confirmed'],
  /** Its price: the total, services and companions' prices. A cancelled booking's money is settled. */
  reprice: ['request', 'waiting', 'confirmed'],
  /** Money in, typed by an admin or assigned from the bank's review (online payments are taken whatever the state). */
  takePayment: ['request', 'waiting', 'confirmed'],
  /** An invoice asks for money: only of a party that is billed. */
  invoice: ['request', 'confirmed'],
  /** The guest asks to cancel from the portal; an admin confirms it with `cancel`. */
  requestCancellation: ['request', 'waiting', 'confirmed'],
  cancel: ['request', 'waiting', 'confirmed'],
  /** The organiser cancels the edition: every booking on it that is not cancelled already. */
  cancelWithEdition: ['request', 'waiting', 'confirmed'],
  /** Only while nothing of it is in the books (no payment, invoice or online order): otherwise it is cancelled. */
  delete: ['request', 'waiting', 'confirmed', 'cancelled'],
} as const satisfies Record<string, readonly BookingState[]>;

export type Transition = keyof typeof TRANSITIONS;

export function mayTransition(state: BookingState, transition: Transition): boolean {
  return (TRANSITIONS[transition] as readonly BookingState[]).includes(state);
}

/** The transitions a state allows, in the table's order. */
export function allowedTransitions(state: BookingState): Transition[] {
  return (Object.keys(TRANSITIONS) as Transition[]).filter((t) => mayTransition(state, t));
}

/** Why a transition is refused from a state, as the admin (or, for the guest's own, the guest) reads it. */
export function refusalMessage(transition: Transition, state: BookingState): string {
  if (state === 'cancelled') {
    return transition === 'cancel' || transition === 'requestCancellation' || transition === 'cancelWithEdition'
      ? 'Broneering on juba tühistatud.'
      : 'Tühistatud broneeringut ei saa muuta.';
  }
  switch (transition) {
    case 'confirm':
      return 'Broneering on juba kinnitatud.';
    case 'unconfirm':
      return 'Broneering ei ole kinnitatud.';
    case 'putOnWaitingList':
      return state === 'waiting' ? 'Broneering on juba ootejärjekorras.' : 'Kinnitatud broneeringut ei saa ootejärjekorda panna.';
    case 'promote':
      return 'See broneering ei ole ootejärjekorras.';
    case 'invoice':
      return 'Ootejärjekorras broneeringule arvet ei väljastata: maksta ei ole vaja enne, kui koht vabaneb.';
    default:
      return 'Seda ei saa selle broneeringuga teha.';
  }
}

/** The refusals that are not about the state: the edition a booking goes to, its money, the edit dialog's status. */
export const LIFECYCLE_MESSAGES = {
  editionStarted: 'See retriit on juba alanud või läbi: sinna ei saa broneeringut viia.',
  registrationClosed: 'Selle retriidi registreerimine on suletud. Kinnitage, kui soovite broneeringu siiski sinna viia.',
  planNotOffered: (plan: string) => `Maksmise viis „${plan}“ ei ole uue retriidi kuupäevadega võimalik: valige teine.`,
  waitingWithMoney: 'Broneeringul on makseid või arve: ootejärjekorda seda panna ei saa. Vajadusel tühistage broneering.',
  cancelThroughDialog: 'Broneeringu tühistamiseks kasutage nuppu „Tühista broneering“: see arvestab tagastuse ja kreeditarve.',
  reopenCancelled: 'Tühistatud broneeringut ei saa uuesti avada: tehke uus broneering.',
} as const;
