import * as z from 'zod';
import { EXPERIENCE_LEVELS, TRAVEL_MODES } from '../enums';
import { PAYMENT_PLANS } from '../payment-plans';
import { guestDiscountCodeField } from './discount-code-field';
import { emailField, firstFailing, freeTextField, isRealDate, nameField, phoneField } from '../validation/fields';
import { ageOn } from './age';
import { AGREEMENT_MESSAGES, SHA256_HEX } from '../agreement-labels';
import { BOOKING_MESSAGES, MIN_PARTICIPANT_AGE } from './messages';
import { ROOM_TYPE_OPTIONS } from './room-types';

export * from './form-options';
export { ageOn } from './age';

const birthdayField = z
  .string({ error: BOOKING_MESSAGES.birthdayRequired })
  .trim()
  .superRefine(
    firstFailing([
      [(v) => v.length > 0, BOOKING_MESSAGES.birthdayRequired],
      [isRealDate, BOOKING_MESSAGES.birthdayInvalid],
    ]),
  );

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

/** An edition's key as the form sends it ('jan-2027', 'nov-2025-2'). */
export const EDITION_KEY = /^[a-z0-9]+(?:-[a-z0-9]+){0,3}$/;

/**
 * Where the rule "at least 14 on the first day" fails: the main guest's and each companion's birthday that makes
 * them younger on `startDate`. Read from the raw body as well as the parsed one (both hold the birthdays as text).
 */
export function tooYoungPaths(raw: { birthday?: unknown; travelWith?: unknown; companions?: unknown }, startDate: string): (string | number)[][] {
  const tooYoung = (birthday: unknown) => typeof birthday === 'string' && isRealDate(birthday.trim()) && ageOn(birthday.trim(), startDate) < MIN_PARTICIPANT_AGE;
  const paths: (string | number)[][] = tooYoung(raw.birthday) ? [['birthday']] : [];
  if (raw.travelWith !== 'with-companions' || !Array.isArray(raw.companions)) return paths;
  raw.companions.forEach((companion: unknown, index) => {
    if (typeof companion === 'object' && companion !== null && tooYoung((companion as { birthday?: unknown }).birthday)) paths.push(['companions', index, 'birthday']);
  });
  return paths;
}

/**
 * The booking form, exactly as the island and POST /api/bookings see it (visitor spec sections 3 and 5). Trimming,
 * lowercasing and sanitising happen here, so the server stores what the form shows. `startOf` gives an edition's
 * first day for the age rule: the form knows the editions it offers; the API reads the edition first (its route)
 * and checks the age again when it books (tooYoungPaths), so its structural check is `bookingRequestSchema`.
 */
export const bookingRequestSchemaFor = (startOf: (edition: string) => string | undefined) =>
  z
    .strictObject({
      firstName: nameField,
      lastName: nameField,
      birthday: birthdayField,
      email: emailField,
      phone: phoneField,
      // An edition's key; whether it is on sale and open is the API's to say (the editions are back-office data).
      retreatMonth: z
        .string({ error: BOOKING_MESSAGES.retreatMonthRequired })
        .regex(EDITION_KEY, BOOKING_MESSAGES.retreatMonthRequired),
      roomType: z.enum(ROOM_TYPE_OPTIONS, { error: BOOKING_MESSAGES.roomTypeRequired }),
      /** The plan the guest chose; a request without one (an older page) gets the advance plan, or the full payment when that is all the edition offers. */
      paymentPlan: z.enum(PAYMENT_PLANS, { error: BOOKING_MESSAGES.paymentPlanRequired }).optional(),
      /** Issue 38: a discount code, any case; empty is none. Whether it holds is the API's to say (422 on this field). */
      discountCode: guestDiscountCodeField.optional(),
      travelWith: z.enum(TRAVEL_MODES, { error: BOOKING_MESSAGES.travelWithRequired }),
      // Only checked when travelling with companions: for 'alone' whatever the hidden block held is dropped.
      companions: z.array(z.unknown()).max(20).optional().default([]),
      experience: optionalChoice(EXPERIENCE_LEVELS),
      dietaryRestrictions: freeTextField,
      message: freeTextField,
      /** "Nõustun tingimustega": required; the booking stores when and which version (the one in force that day). */
      termsAccepted: z.literal(true, { error: BOOKING_MESSAGES.termsRequired }),
      /** Issue 42: the waiver (health declaration, own responsibility, first aid), required as the terms are. */
      waiverAccepted: z.literal(true, { error: AGREEMENT_MESSAGES.waiverRequired }),
      /**
       * The SHA-256 of each text the form showed (GET /api/agreement-text): a text that changed since is refused
       * with 409 and nothing is stored, so no one signs a text they did not see.
       */
      agreements: z.strictObject(
        { terms: z.string().regex(SHA256_HEX, AGREEMENT_MESSAGES.textMissing), waiver: z.string().regex(SHA256_HEX, AGREEMENT_MESSAGES.textMissing) },
        { error: AGREEMENT_MESSAGES.textMissing },
      ),
      /** Honeypot: hidden from people, filled in by form-filling bots. */
      website: z.string().max(200).optional(),
    })
    // Cross-field rules run even while other fields are still invalid (`when`), so the form shows every message in
    // one round instead of revealing the companion and age rules only after the rest is fixed.
    .superRefine(
      (booking, ctx) => {
        // With `when`, this also sees bodies that are not objects at all (null, an array): nothing to cross-check.
        if (typeof booking !== 'object' || booking === null || Array.isArray(booking)) return;
        const raw = booking as Record<string, unknown>;
        const start = typeof raw.retreatMonth === 'string' ? startOf(raw.retreatMonth) : undefined;
        if (start !== undefined) for (const path of tooYoungPaths(raw, start)) ctx.addIssue({ code: 'custom', path, message: BOOKING_MESSAGES.tooYoung });
        if (raw.travelWith !== 'with-companions') return;
        const companions = Array.isArray(raw.companions) ? raw.companions : [];
        if (companions.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['companions'], message: BOOKING_MESSAGES.companionsRequired });
          return;
        }
        companions.forEach((companion, index) => {
          const parsed = companionSchema.safeParse(companion);
          if (!parsed.success) {
            for (const issue of parsed.error.issues) {
              ctx.addIssue({ code: 'custom', path: ['companions', index, ...issue.path], message: issue.message });
            }
          }
        });
      },
      { when: () => true },
    )
    // Only reached when everything above passed: companions are kept (parsed) only for with-companions.
    .transform((booking) => ({
      ...booking,
      companions: booking.travelWith === 'with-companions' ? booking.companions.map((c) => companionSchema.parse(c)) : [],
    }));

/** The API's structural check: everything but the age, which needs the edition (see bookingRequestSchemaFor). */
export const bookingRequestSchema = bookingRequestSchemaFor(() => undefined);

export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;
