/**
 * The booking form's constants: options, labels, defaults and messages. Kept apart from the zod schema so the
 * form island can render at once and load the validation code only when it is first needed.
 */
import { EXPERIENCE_LEVELS, TRAVEL_MODES } from '../enums';
import type { PaymentPlan } from '../payment-plans';

/** Youngest age admitted, counted on the retreat's first day (visitor spec sections 1 and 9). */
export const MIN_PARTICIPANT_AGE = 14;

export const ROOM_TYPE_OPTIONS = ['single-room', 'shared-room'] as const;
export type RoomTypeOption = (typeof ROOM_TYPE_OPTIONS)[number];

export const BOOKING_MESSAGES = {
  birthdayRequired: 'Sünnikuupäev on kohustuslik',
  birthdayInvalid: 'Sisestage kehtiv sünnikuupäev',
  tooYoung: `Osaleja peab retriidi alguseks olema vähemalt ${MIN_PARTICIPANT_AGE}-aastane`,
  retreatMonthRequired: 'Valige retriidi toimumisaeg',
  roomTypeRequired: 'Valige toa tüüp',
  travelWithRequired: 'Valige, kas reisite üksi või koos kaaslastega',
  companionsRequired: 'Lisage vähemalt üks kaasreisija',
  ageInvalid: 'Vanus peab olema täisarv vahemikus 0–120',
  termsRequired: 'Broneerimiseks nõustuge palun tingimustega',
  paymentPlanRequired: 'Valige, kuidas soovite maksta',
  paymentPlanNotOffered: 'Seda maksmise viisi sellele retriidile enam valida ei saa. Valige mõni teine.',
} as const;

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
