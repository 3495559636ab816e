/**
 * The booking form's constants: options, labels and defaults. Kept apart from the zod schema and what only it reads
 * (./messages.ts, ./room-types.ts) so the form island can render at once and load the validation code only when it
 * is first needed.
 */
import { EXPERIENCE_LEVELS, TRAVEL_MODES } from '../enums';
import type { PaymentPlan } from '../payment-plans';
import type { RoomTypeOption } from './room-types';

/** The rules' messages live with the schema (./messages.ts); named here too for the API and its tests, which import them from here. */
export { BOOKING_MESSAGES, MIN_PARTICIPANT_AGE } from './messages';

/** What the form starts with and returns to after a successful submit (spec: roomType defaults to single-room). */
export const BOOKING_DEFAULTS = {
  firstName: '',
  lastName: '',
  birthday: '',
  email: '',
  phone: '',
  retreatMonth: '',
  roomType: 'single-room' as RoomTypeOption,
  /** The terms' way (the advance confirms the place); the form switches to one the edition offers when it must. */
  paymentPlan: 'advance' as PaymentPlan,
  travelWith: 'alone' as (typeof TRAVEL_MODES)[number],
  companions: [] as CompanionInput[],
  experience: '' as '' | (typeof EXPERIENCE_LEVELS)[number],
  dietaryRestrictions: '',
  message: '',
  termsAccepted: false,
  waiverAccepted: false,
  /** Issue 42: the hashes of the texts the form links, from GET /api/availability once it answers. */
  agreements: { terms: '', waiver: '' },
  website: '',
};

/** A new companion starts empty (spec section 2). */
export const EMPTY_COMPANION = { firstName: '', lastName: '', birthday: '', age: '' };

export interface CompanionInput {
  firstName: string;
  lastName: string;
  birthday: string;
  age?: string | number | null;
}

export const ROOM_TYPE_LABELS: Record<RoomTypeOption, string> = { 'single-room': 'Ühekohaline tuba', 'shared-room': 'Jagatud tuba' };
export const TRAVEL_WITH_LABELS: Record<(typeof TRAVEL_MODES)[number], string> = { alone: 'Üksi', 'with-companions': 'Koos kaaslastega' };
export const EXPERIENCE_LABELS: Record<(typeof EXPERIENCE_LEVELS)[number], string> = {
  beginner: 'Algaja',
  intermediate: 'Keskmine',
  advanced: 'Edasijõudnud',
};
