/**
 * The one schema of a person's travel details, shared by the portal's form and PUT /api/me/bookings/:id/people/:n.
 * Every field may be left empty and saved (a guest fills the form over several visits); what is given must be valid.
 */
import * as z from 'zod';
import { TRAVEL_DETAILS_MESSAGES } from './travel-details';
import { firstFailing, isRealDate, isValidPhone } from './validation/fields';
import { sanitizeFreeText, sanitizeSingleLine } from './validation/sanitize';

const M = TRAVEL_DETAILS_MESSAGES;

/** Empty (after trimming) means "not given": stored as null, so a later visit can fill it. */
const optional = (rules: Parameters<typeof firstFailing>[0], normalise: (v: string) => string = (v) => v.trim()) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => normalise(value ?? ''))
    .superRefine((value, ctx) => {
      if (value !== '') firstFailing(rules)(value, ctx);
    })
    .transform((value) => (value === '' ? null : value));

const date = (extra: Parameters<typeof firstFailing>[0] = []) => optional([[isRealDate, M.dateInvalid], ...extra]);
const longText = z
  .union([z.string(), z.null()])
  .optional()
  .superRefine((value, ctx) => {
    if ((value?.trim().length ?? 0) > 1000) ctx.addIssue({ code: 'custom', message: M.textTooLong });
  })
  .transform((value) => sanitizeFreeText(value ?? '') || null);

/** "YYYY-MM-DDTHH:MM" (a datetime-local field's value) with a real day and time. */
const isBaliDateTime = (v: string) => {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(v);
  return !!match && isRealDate(match[1]!) && Number(match[2]) < 24 && Number(match[3]) < 60;
};

/**
 * `today` makes "not in the future" and "not expired" testable and the same on both sides; the form passes the
 * browser's day, the API the server's (Tallinn) day.
 */
export function travelDetailsSchema(today: string) {
  return z.object({
    dateOfBirth: date([[(v) => v <= today, M.birthInFuture]]),
    nationality: optional([[(v) => /^[\p{L}\p{M} '-]{2,60}$/u.test(v), M.nationalityInvalid]], (v) => sanitizeSingleLine(v, 200)),
    passportNumber: optional([[(v) => /^[A-Z0-9]{5,20}$/.test(v), M.passportNumberInvalid]], (v) => v.replace(/[\s-]/g, '').toUpperCase()),
    passportExpiry: date([[(v) => v > today, M.passportExpired]]),
    emergencyName: optional([[(v) => /^[\p{L}\p{M}' .’-]{2,100}$/u.test(v), M.nameInvalid]], (v) => v.trim().replace(/\s+/g, ' ')),
    emergencyPhone: optional([[isValidPhone, M.phoneInvalid]], (v) => v.trim()),
    emergencyRelationship: optional([[(v) => v.length <= 60, M.relationshipTooLong]], (v) => sanitizeSingleLine(v, 200)),
    dietary: longText,
    foodAllergies: longText,
    healthConditions: longText,
    healthMedications: longText,
    healthAllergies: longText,
    arrivalFlight: optional([[(v) => /^[A-Z0-9]{2,3} ?\d{1,4}[A-Z]?$/.test(v), M.flightInvalid]], (v) => v.trim().toUpperCase().replace(/\s+/g, ' ')),
    arrivalAt: optional([[isBaliDateTime, M.dateTimeInvalid]], (v) => v.trim()),
    departureFlight: optional([[(v) => /^[A-Z0-9]{2,3} ?\d{1,4}[A-Z]?$/.test(v), M.flightInvalid]], (v) => v.trim().toUpperCase().replace(/\s+/g, ' ')),
    departureAt: optional([[isBaliDateTime, M.dateTimeInvalid]], (v) => v.trim()),
    pickupNeeded: optional([[(v) => v === 'yes' || v === 'no', M.pickupInvalid]], (v) => v.trim()),
  });
}

export type TravelDetailsInput = z.input<ReturnType<typeof travelDetailsSchema>>;
