/**
 * Personal data in the audit trail (issue 37 "Privacy and safety", docs/decisions/033-audit-personal-data.md): the
 * trail records THAT a person's field changed, or that a snapshot had a value there, never the value.
 *
 * The fields are the ones account deletion erases (docs/decisions/018-erasure.md): phone, birthday, nationality,
 * passport, diet, emergency contact, health, the travel details, the booking form's free text, plus a companion's age
 * (the booking form's birthday in years). Names and e-mail addresses stay: the bookings and invoices keep them too,
 * and the trail must say whose booking an entry is about; account deletion withholds them as well
 * (ERASED_AUDIT_FIELDS).
 *
 * One rule, applied where metadata is written, not by each caller: the `audit_logs.metadata` column serialises
 * through `withoutPersonalValues` (worker/db/schema.ts), and so does the raw-SQL writer `auditIfChanged`
 * (worker/domain/audit.ts). Records written before are rewritten by migration 0030 (the same walk in SQL), and
 * account deletion runs that walk over the person's records with ERASED_AUDIT_FIELDS.
 *
 * Pure and dependency-free: the database schema, the API and the admin screen (which words the markers) import it.
 */

/** In a change list (`changes: { field: { from, to } }`): the field changed; its old and new values are not kept. */
export const CHANGED = { changed: true } as const;
/** Anywhere else (a snapshot's `created` / `deleted`, a companion inside a change): a value was there, not kept. */
export const WITHHELD = { withheld: true } as const;

/**
 * Keys whose values never enter the audit trail, at any depth, as the app's rows (camelCase), the stored JSON and SQL
 * rows (snake_case) and the booking form (birthday, dietaryRestrictions) name them.
 */
export const PERSONAL_AUDIT_FIELDS: readonly string[] = [
  // The guest record (guests) and the client record (customers).
  'phone',
  'phoneNumber',
  'dateOfBirth',
  'birthday',
  'nationality',
  'passportNumber',
  'dietaryPreferences',
  'dietaryRestrictions',
  'emergencyContact',
  'healthInfo',
  // One person's travel details (booking_travellers), flights included.
  'passportExpiry',
  'emergencyName',
  'emergencyPhone',
  'emergencyRelationship',
  'dietary',
  'foodAllergies',
  'healthConditions',
  'healthMedications',
  'healthAllergies',
  'medicalConditions',
  'medications',
  'allergies',
  'arrivalFlight',
  'arrivalAt',
  'departureFlight',
  'departureAt',
  'pickupNeeded',
  // The booking form's free text (the diet line is in `comments`) and the yoga experience.
  'specialRequests',
  'comment',
  'comments',
  'extraFood',
  'experience',
  // A companion's age (bookings.companions): their birthday in years.
  'age',
  // The same as stored JSON and SQL rows name them.
  'phone_number',
  'date_of_birth',
  'passport_number',
  'passport_expiry',
  'dietary_preferences',
  'emergency_contact',
  'emergency_name',
  'emergency_phone',
  'emergency_relationship',
  'health_info',
  'health_conditions',
  'health_medications',
  'health_allergies',
  'food_allergies',
  'medical_conditions',
  'special_requests',
  'extra_food',
  'arrival_flight',
  'arrival_at',
  'departure_flight',
  'departure_at',
  'pickup_needed',
];

/**
 * What account deletion takes out of the person's own records (worker/portal/account.ts): the fields above, and also
 * their names, address and the free-text reason of a cancellation (the bookings keep the names and address the
 * Accounting Act needs; the trail keeps who did what, when, and the amounts).
 */
export const ERASED_AUDIT_FIELDS: readonly string[] = [...PERSONAL_AUDIT_FIELDS, 'firstName', 'lastName', 'first_name', 'last_name', 'email', 'reason'];

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The metadata fit for the audit trail: each of `fields` that holds a value (not null) becomes CHANGED directly in a
 * change list (an object under a `changes` key) and WITHHELD anywhere else, at any depth (inside arrays too). Empty
 * values stay (there is nothing to hide), everything else is kept as it was.
 */
export function withoutPersonalValues<T>(metadata: T, fields: readonly string[] = PERSONAL_AUDIT_FIELDS): T {
  const personal = new Set(fields);
  const walk = (value: unknown, inChangeList: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, false));
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        if (personal.has(key) && inner !== null && inner !== undefined) return [key, inChangeList ? CHANGED : WITHHELD];
        return [key, walk(inner, key === 'changes' && isPlainObject(inner))];
      }),
    );
  };
  return walk(metadata, false) as T;
}

/** True for WITHHELD (the admin screen words it; CHANGED has its words there since migration 0018). */
export const isWithheldMarker = (value: unknown): boolean => isPlainObject(value) && Object.keys(value).length === 1 && value.withheld === true;
