import { z } from 'zod';
import { EXPERIENCE_LEVELS, TRAVEL_MODES } from '../../../worker/db/enums';
import { findEdition, RETREAT_EDITIONS } from '../retreat-editions';
import { emailField, freeTextField, nameField, phoneField } from '../validation/fields';

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
  travelWith: 'alone' as (typeof TRAVEL_MODES)[number],
  companions: [] as CompanionInput[],
  experience: '' as '' | (typeof EXPERIENCE_LEVELS)[number],
  dietaryRestrictions: '',
  message: '',
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

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole years between a birthday and a day, both YYYY-MM-DD (calendar arithmetic, no time zones involved). */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [dy, dm, dd] = day.split('-').map(Number) as [number, number, number];
  return dy - by - (dm < bm || (dm === bm && dd < bd) ? 1 : 0);
}

function isRealDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

const birthdayField = z
  .string({ error: BOOKING_MESSAGES.birthdayRequired })
  .trim()
  .min(1, { error: BOOKING_MESSAGES.birthdayRequired, abort: true })
  .refine(isRealDate, BOOKING_MESSAGES.birthdayInvalid);

/** Optional whole number; the form's empty input arrives as '' and means "not given". */
const ageField = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const age = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(age) || age < 0 || age > 120) {
      ctx.addIssue({ code: 'custom', message: BOOKING_MESSAGES.ageInvalid });
      return z.NEVER;
    }
    return age;
  });

const companionSchema = z.strictObject({
  firstName: nameField,
  lastName: nameField,
  birthday: birthdayField,
  age: ageField,
});

/** '' from an unselected <select> means "not chosen". */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * The booking form, exactly as the island and POST /api/bookings see it (visitor spec sections 3 and 5). Trimming,
 * lowercasing and sanitising happen here, so the server stores what the form shows.
 */
export const bookingRequestSchema = z
  .strictObject({
    firstName: nameField,
    lastName: nameField,
    birthday: birthdayField,
    email: emailField,
    phone: phoneField,
    retreatMonth: z
      .string({ error: BOOKING_MESSAGES.retreatMonthRequired })
      .refine((id) => findEdition(id) !== undefined, BOOKING_MESSAGES.retreatMonthRequired),
    roomType: z.enum(ROOM_TYPE_OPTIONS, { error: BOOKING_MESSAGES.roomTypeRequired }),
    travelWith: z.enum(TRAVEL_MODES, { error: BOOKING_MESSAGES.travelWithRequired }),
    // Only checked when travelling with companions: for 'alone' whatever the hidden block held is dropped.
    companions: z.array(z.unknown()).max(20).optional().default([]),
    experience: optionalChoice(EXPERIENCE_LEVELS),
    dietaryRestrictions: freeTextField,
    message: freeTextField,
    /** Honeypot: hidden from people, filled in by form-filling bots. */
    website: z.string().max(200).optional(),
  })
  .transform((booking, ctx) => {
    const edition = findEdition(booking.retreatMonth);
    const start = edition?.startDate;
    if (start && isRealDate(booking.birthday) && ageOn(booking.birthday, start) < MIN_PARTICIPANT_AGE) {
      ctx.addIssue({ code: 'custom', path: ['birthday'], message: BOOKING_MESSAGES.tooYoung });
    }
    if (booking.travelWith === 'alone') return { ...booking, companions: [] };

    if (booking.companions.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['companions'], message: BOOKING_MESSAGES.companionsRequired });
      return z.NEVER;
    }
    const companions = booking.companions.map((raw, index) => {
      const parsed = companionSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['companions', index, ...issue.path], message: issue.message });
        }
        return null;
      }
      if (start && ageOn(parsed.data.birthday, start) < MIN_PARTICIPANT_AGE) {
        ctx.addIssue({ code: 'custom', path: ['companions', index, 'birthday'], message: BOOKING_MESSAGES.tooYoung });
      }
      return parsed.data;
    });
    return { ...booking, companions: companions.filter((c) => c !== null) };
  });

export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

export const RETREAT_MONTH_OPTIONS = RETREAT_EDITIONS.map((e) => ({ value: e.id, label: `${e.badge} (${e.label})` }));
export const ROOM_TYPE_LABELS: Record<RoomTypeOption, string> = { 'single-room': 'Ühekohaline tuba', 'shared-room': 'Jagatud tuba' };
export const TRAVEL_WITH_LABELS: Record<(typeof TRAVEL_MODES)[number], string> = { alone: 'Üksi', 'with-companions': 'Koos kaaslastega' };
export const EXPERIENCE_LABELS: Record<(typeof EXPERIENCE_LEVELS)[number], string> = {
  beginner: 'Algaja',
  intermediate: 'Keskmine',
  advanced: 'Edasijõudnud',
};
