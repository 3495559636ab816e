/**
 * The questions every screen, list, export, job and e-mail audience asks of a booking's state, each answered once,
 * in TypeScript beside its SQL form (tests/api/lifecycle-properties.test.ts checks that the two agree on random
 * sequences of transitions; tests/unit/lifecycle-home.test.ts that no other module writes its own status condition).
 * The states are src/lib/booking-lifecycle.ts's; the money questions (billed, owes, overpaid, refund owed) are
 * ../money/balance.ts's, built on these.
 *
 * SQL forms take the alias of a `bookings` row in the query (`'b'`, or `'"bookings"'` for drizzle's own table).
 */
import { sql, type SQL } from 'drizzle-orm';
import { holdsPlaces, type BookingState } from '../../../src/lib/booking-lifecycle';

/** A booking row as far as its state goes. */
export interface StateRow {
  status: string;
  waitingList: boolean | number | null;
}

// ── the state ───────────────────────────────────────────────────────────────────────────────────────────────────

export function stateOf({ status, waitingList }: StateRow): BookingState {
  if (status === 'cancelled') return 'cancelled';
  if (status === 'confirmed') return 'confirmed';
  return waitingList ? 'waiting' : 'request';
}

/** The state as SQL text: STATE_SQL's, and, word for word, migration 0038's webhook triggers' (they cannot import it). */
export const STATE_CASE = (alias: string) =>
  `(CASE WHEN ${alias}.status = 'cancelled' THEN 'cancelled' WHEN ${alias}.status = 'confirmed' THEN 'confirmed' WHEN ${alias}.waiting_list = 1 THEN 'waiting' ELSE 'request' END)`;

export const STATE_SQL = (alias: string): SQL => sql.raw(STATE_CASE(alias));

/** The stored columns of a state (a cancelled booking keeps the waiting-list flag it had). */
type Stored<S extends BookingState> = S extends 'cancelled'
  ? { status: 'cancelled' }
  : S extends 'confirmed'
    ? { status: 'confirmed'; waitingList: false }
    : { status: 'pending'; waitingList: boolean };

/** What a state is stored as: the status column and the waiting-list flag. */
export function storedState<S extends BookingState>(state: S): Stored<S> {
  if (state === 'cancelled') return { status: 'cancelled' } as Stored<S>;
  if (state === 'confirmed') return { status: 'confirmed', waitingList: false } as Stored<S>;
  return { status: 'pending', waitingList: state === 'waiting' } as Stored<S>;
}

/** The states a stored status stands for (the admin spec's status filter and search name statuses). */
export function statesOfStatus(status: string): BookingState[] {
  if (status === 'pending') return ['request', 'waiting'];
  return status === 'confirmed' || status === 'cancelled' ? [status] : [];
}

/**
 * "The booking is in one of these states", in SQL, written on the stored columns as plainly as the set allows (a
 * whole status as `status IN (…)`, so that the status indexes serve it; a request or a waiting-list party alone with
 * its flag).
 */
export function IN_STATES_SQL(alias: string, states: readonly BookingState[]): SQL {
  const has = (s: BookingState) => states.includes(s);
  const statuses = [...(has('request') && has('waiting') ? ['pending'] : []), ...(has('confirmed') ? ['confirmed'] : []), ...(has('cancelled') ? ['cancelled'] : [])];
  const terms = [
    ...(statuses.length > 0 ? [`${alias}.status IN (${statuses.map((v) => `'${v}'`).join(', ')})`] : []),
    ...(has('request') !== has('waiting') ? [`(${alias}.status = 'pending' AND ${alias}.waiting_list = ${has('waiting') ? 1 : 0})`] : []),
  ];
  return sql.raw(terms.length === 0 ? '0' : `(${terms.join(' OR ')})`);
}

// ── takes a place ───────────────────────────────────────────────────────────────────────────────────────────────

/** Holds its places on its edition (its main guest and each companion): a request not waiting, or a confirmed one. */
export const takesPlace = (b: StateRow): boolean => holdsPlaces(stateOf(b));

export const TAKES_PLACE_SQL = (alias: string): SQL =>
  sql.raw(`(${alias}.status = 'confirmed' OR (${alias}.status = 'pending' AND ${alias}.waiting_list = 0))`);

// ── holds an offer ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A waiting party offered freed places (issue 38): the places are kept for it until it confirms or the offer lapses
 * (../bookings/offers.ts clears a lapsed one), so the places rule counts them as held; it still owes nothing.
 */
export const holdsOffer = (b: StateRow & { offerExpiresAt: string | null }): boolean => stateOf(b) === 'waiting' && b.offerExpiresAt !== null;

export const HOLDS_OFFER_SQL = (alias: string): SQL =>
  sql.raw(`(${alias}.status = 'pending' AND ${alias}.waiting_list = 1 AND ${alias}.offer_expires_at IS NOT NULL)`);

/**
 * What a waiting party given its places stores besides its new state (issue 38): its plan's schedule starts that day
 * (it was told it need not pay while it waited), and its offer, if any, is spent.
 */
export const placesGiven = (stamp: string) => ({ scheduleStartsAt: stamp, offerExpiresAt: null, offerTokenHash: null });

/**
 * Waiting without an offer, and not stopped (an offer that lapsed, or put on the list by the organiser's hand): the
 * parties a freed place is offered to by itself, in order.
 */
export const AWAITS_OFFER_SQL = (alias: string): SQL =>
  sql.raw(`(${alias}.status = 'pending' AND ${alias}.waiting_list = 1 AND ${alias}.offer_expires_at IS NULL AND ${alias}.offers_stopped_at IS NULL)`);

// ── is a participant ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * On the trip: the people of the run sheets, the go/no-go's counts and its e-mails, the group messages, the
 * travel-details reminder and the feedback request. Those who hold their places; never the waiting list or the
 * cancelled.
 */
export const isParticipant = (b: StateRow): boolean => takesPlace(b);

export const PARTICIPANT_SQL = (alias: string): SQL => TAKES_PLACE_SQL(alias);

// ── is billed ───────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Asked to pay its price: a party that holds its places. A waiting-list party is told "Maksta ei ole vaja enne, kui
 * koht vabaneb"; a cancelled one is settled by its cancellation (it keeps what the cancellation kept).
 */
export const isBilled = (b: StateRow): boolean => takesPlace(b);

export const IS_BILLED_SQL = (alias: string): SQL => TAKES_PLACE_SQL(alias);
