/**
 * Travel details of one person on a booking (issue "Guest portal"): the rule for "complete", the labels and messages,
 * the passport-validity warning and the deadlines, all from the settings. Browser-safe and without zod (the portal's
 * first paint needs these; the schema the form and the API share is ./travel-details-schema, loaded with the form).
 *
 * Every field may be left empty and saved (a guest fills the form over several visits); what is given must be valid.
 * A person is complete with date of birth, nationality, passport number and expiry and an emergency contact; dietary
 * needs and health information are optional (many people have none).
 */
// Named imports: the browser's bundle takes only these two blocks, not the whole settings file (as ./payment-plans).
import { portal, terms } from '../../content/settings/site.json';
import { addDays } from './format';

export const TRAVEL_DETAILS_DUE_DAYS_BEFORE: number = portal.travelDetailsDueDaysBefore;
export const TRAVEL_DETAILS_REMINDER_DAYS_BEFORE: number = portal.travelDetailsReminderDaysBefore;
export const HEALTH_DATA_KEPT_DAYS_AFTER_END: number = portal.healthDataKeptDaysAfterEnd;
/** The terms (5.1): the passport must be valid this many months after the trip. */
export const PASSPORT_VALID_MONTHS: number = terms.passportValidMonths;

export const TRAVEL_DETAILS_MESSAGES = {
  dateInvalid: 'Sisestage kuupäev kujul pp.kk.aaaa',
  birthInFuture: 'Sünnikuupäev ei saa olla tulevikus',
  nationalityInvalid: 'Kodakondsus võib sisaldada ainult tähti, tühikuid ja sidekriipse (kuni 60 märki)',
  passportNumberInvalid: 'Passi number koosneb 5–20 tähest ja numbrist',
  passportExpired: 'Pass on aegunud: sisestage kehtiva passi andmed',
  nameInvalid: 'Nimi võib sisaldada ainult tähti, tühikuid, sidekriipse ja ülakomasid (2–100 märki)',
  phoneInvalid: 'Sisestage kehtiv telefoninumber, nt +372 5123 4567',
  relationshipTooLong: 'Seos võib olla kuni 60 märki',
  textTooLong: 'Tekst võib olla kuni 1000 märki',
  flightInvalid: 'Sisestage lennu number, nt QR 962',
  dateTimeInvalid: 'Sisestage kuupäev ja kellaaeg',
  pickupInvalid: 'Valige jah või ei',
} as const;

/** One person's travel details as stored and shown: null is "not given". */
export interface TravelDetails {
  dateOfBirth: string | null;
  nationality: string | null;
  passportNumber: string | null;
  passportExpiry: string | null;
  emergencyName: string | null;
  emergencyPhone: string | null;
  emergencyRelationship: string | null;
  dietary: string | null;
  /** Food allergies and intolerances: the kitchen's to know, printed on its sheet (docs/decisions/034). */
  foodAllergies: string | null;
  healthConditions: string | null;
  healthMedications: string | null;
  healthAllergies: string | null;
  /** Flights (optional, for the arrivals sheet): Bali time "YYYY-MM-DDTHH:MM"; pick-up 'yes' or 'no'. */
  arrivalFlight: string | null;
  arrivalAt: string | null;
  departureFlight: string | null;
  departureAt: string | null;
  pickupNeeded: string | null;
}

/** Health information: a special category of personal data (shown to the guest and, on request, to admins). */
export const HEALTH_FIELDS = ['healthConditions', 'healthMedications', 'healthAllergies'] as const satisfies readonly (keyof TravelDetails)[];

/** The fields a person needs for "complete" (the organiser's list for flights, insurance and the hotel). */
export const REQUIRED_TRAVEL_FIELDS = [
  'dateOfBirth',
  'nationality',
  'passportNumber',
  'passportExpiry',
  'emergencyName',
  'emergencyPhone',
  'emergencyRelationship',
] as const satisfies readonly (keyof TravelDetails)[];

/** The flights and the airport pick-up (optional): the organiser's arrivals and departures sheet. */
export const FLIGHT_FIELDS = ['arrivalFlight', 'arrivalAt', 'departureFlight', 'departureAt', 'pickupNeeded'] as const satisfies readonly (keyof TravelDetails)[];

/** Everything but health information: what the admin's travellers view shows without asking. */
export const NON_HEALTH_FIELDS = [...REQUIRED_TRAVEL_FIELDS, 'dietary', 'foodAllergies', ...FLIGHT_FIELDS] as const satisfies readonly (keyof TravelDetails)[];

/** 'yes' / 'no' of the pick-up question in words. */
export const PICKUP_LABELS: Record<string, string> = { yes: 'Jah', no: 'Ei' };

/** Said on the guest's form: who reads the food allergies, and where the other allergies go (docs/decisions/034). */
export const FOOD_ALLERGIES_HINT = 'Näiteks pähklid, gluteen, laktoos. See läheb köögile: kokk näeb seda köögi nimekirjas.';
export const HEALTH_ALLERGIES_HINT = 'Muud allergiad (ravimid, putukad jms). Toiduallergiad märkige ülal: need näeb köök.';

export const TRAVEL_FIELD_LABELS: Record<keyof TravelDetails, string> = {
  dateOfBirth: 'Sünnikuupäev',
  nationality: 'Kodakondsus',
  passportNumber: 'Passi number',
  passportExpiry: 'Pass kehtib kuni',
  emergencyName: 'Hädaabikontakti nimi',
  emergencyPhone: 'Hädaabikontakti telefon',
  emergencyRelationship: 'Seos reisijaga',
  dietary: 'Toitumisvajadused',
  foodAllergies: 'Toiduallergiad ja -talumatused',
  healthConditions: 'Terviseseisundid',
  healthMedications: 'Ravimid',
  healthAllergies: 'Allergiad',
  arrivalFlight: 'Saabumise lend',
  arrivalAt: 'Saabumine Balile (Bali aeg)',
  departureFlight: 'Lahkumise lend',
  departureAt: 'Väljalend Balilt (Bali aeg)',
  pickupNeeded: 'Vajan transfeeri lennujaamast',
};

export function missingTravelFields(details: Partial<Record<keyof TravelDetails, string | null>> | null | undefined): (keyof TravelDetails)[] {
  return REQUIRED_TRAVEL_FIELDS.filter((field) => !details?.[field]);
}

export function isTravelDetailsComplete(details: Partial<Record<keyof TravelDetails, string | null>> | null | undefined): boolean {
  return missingTravelFields(details).length === 0;
}

/** A calendar day moved by whole months, clamped to the month's last day: 2026-08-31 + 6 → 2027-02-28. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The day the passport must still be valid on (the terms: 6 months after the trip's last day); null without an end. */
export function passportValidUntilRequired(retreatEnd: string | null): string | null {
  return retreatEnd ? addMonths(retreatEnd, PASSPORT_VALID_MONTHS) : null;
}

/** The warning shown (never blocking) when a passport runs out before the terms' validity: null when it is fine. */
export function passportWarning(passportExpiry: string | null | undefined, retreatEnd: string | null): string | null {
  const required = passportValidUntilRequired(retreatEnd);
  if (!passportExpiry || !required || passportExpiry >= required) return null;
  const [y, m, d] = required.split('-');
  return `Pass peab kehtima vähemalt ${PASSPORT_VALID_MONTHS} kuud pärast reisi lõppu (vähemalt ${d}.${m}.${y}). Uuendage pass enne reisi.`;
}

/**
 * What the guest is told after saving a traveller's details: everything needed is there only when nothing is missing
 * and nothing must still be done (a passport that runs out too early is not "all there": issue 37).
 */
export function savedTravellerText(person: { name: string; complete: boolean; missing: readonly unknown[]; passportWarning: string | null }): string {
  if (!person.complete) return `${person.name}: puudu veel ${person.missing.length}.`;
  if (person.passportWarning) return `${person.name}: andmed on täidetud, kuid pass tuleb enne reisi uuendada.`;
  return `${person.name}: kõik vajalik on olemas.`;
}

/** The day the travel details are due: the settings' days before the first day. */
export function travelDetailsDueOn(startDate: string | null): string | null {
  return startDate ? addDays(startDate, -TRAVEL_DETAILS_DUE_DAYS_BEFORE) : null;
}

/** The day the reminder goes for a booking still incomplete: the settings' days before the due day. */
export function travelDetailsReminderOn(startDate: string | null): string | null {
  const due = travelDetailsDueOn(startDate);
  return due ? addDays(due, -TRAVEL_DETAILS_REMINDER_DAYS_BEFORE) : null;
}

/** Health information is erased on this day (the settings' days after the last day). */
export function healthDataErasedOn(endDate: string): string {
  return addDays(endDate, HEALTH_DATA_KEPT_DAYS_AFTER_END);
}
