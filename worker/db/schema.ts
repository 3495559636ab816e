/**
 * The whole database (DESIGN.md section 3). libSQL / SQLite dialect.
 *
 * Conventions:
 * - snake_case column names, spelled out explicitly so the SQL reads the same as the spec.
 * - Money is integer cents in columns ending in `_cents`; a CHECK rejects REAL values (SQLite would otherwise
 *   happily store 12.5 in an INTEGER column) and negatives.
 * - Dates and timestamps are ISO-8601 text: timestamps like `2025-11-14T08:00:00.000Z` (the format of
 *   `Date#toISOString()`, which the SQL default below also produces), calendar dates like `2025-11-14`.
 * - Every change to this file ships as a new migration (`npx drizzle-kit generate`).
 */
import { relations, sql, type SQL } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { withoutPersonalValues } from '../../src/lib/audit-personal-data';
import {
  AUDIT_SEVERITIES,
  type AuditAction,
  AUTH_TOKEN_PURPOSES,
  BED_TYPE_PREFERENCES,
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  EXPERIENCE_LEVELS,
  INVOICE_KINDS,
  ONLINE_ORDER_STATUSES,
  ONLINE_PAYMENT_PARTS,
  ONLINE_PAYMENT_PROVIDERS,
  OUTBOX_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  ROOM_SHARING_PREFERENCES,
  ROOM_TYPES,
  TRAVEL_MODES,
  USER_ROLES,
  type AuthAttemptKind,
} from '../../src/lib/enums';
import { REVIEW_REASONS } from '../../src/lib/bank-statements';
import { AGREEMENT_KINDS, SIGNING_METHODS } from '../../src/lib/agreement-labels';
import { GROUP_MESSAGE_AUDIENCES } from '../../src/lib/group-messages';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookEvent } from '../../src/lib/webhooks';
import type { InvoiceDocument } from '../../src/lib/invoices/documents';
import { PAYMENT_PLANS, type PriceSnapshot } from '../../src/lib/payment-plans';
import { SCHEDULE_PARTS } from '../../src/lib/payment-schedule';

/** A file an outbox message carries, made when it is sent (the database keeps the reference, not the file). */
export type MailAttachmentRef = { type: 'invoice_pdf' | 'invoice_ubl'; invoiceId: number };

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/**
 * SQL default for timestamps, same shape as `new Date().toISOString()`. Services usually pass the injected clock's
 * value explicitly; the default keeps raw inserts (seeds, manual fixes) honest.
 * Caveat for future migrations: SQLite refuses `ALTER TABLE ADD COLUMN` with a non-constant default, so a new
 * timestamp column on an existing table must be added without this default (or via a table rebuild).
 */
const isoNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const createdAt = () => text('created_at').notNull().default(isoNow);
const updatedAt = () =>
  text('updated_at')
    .notNull()
    .default(isoNow)
    .$onUpdateFn(() => new Date().toISOString());

const uuidPk = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/**
 * A column as a bare identifier for CHECK constraints. Drizzle would otherwise write "table"."column", which breaks
 * when drizzle-kit rebuilds a table in a later migration (it creates `__new_<table>` with the same CHECKs).
 */
function col(column: AnySQLiteColumn): SQL {
  return sql`${sql.identifier(column.name)}`;
}

/** `column IN ('a', 'b')`, with literals inlined because DDL cannot carry bound parameters. */
function oneOf(column: AnySQLiteColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
  return sql`${col(column)} IN (${sql.raw(list)})`;
}

/** Nullable enum column: NULL or one of the values. */
function nullOrOneOf(column: AnySQLiteColumn, values: readonly string[]): SQL {
  return sql`${col(column)} IS NULL OR ${oneOf(column, values)}`;
}

/** Money: NULL, or a non-negative INTEGER (never REAL). */
function centsCheck(name: string, column: AnySQLiteColumn) {
  const c = col(column);
  return check(name, sql`${c} IS NULL OR (typeof(${c}) = 'integer' AND ${c} >= 0)`);
}

/** E-mails are stored lowercased; SQLite's lower() folds ASCII only, which is enough to catch a forgotten toLowerCase(). */
function lowercaseCheck(name: string, column: AnySQLiteColumn) {
  const c = col(column);
  return check(name, sql`${c} IS NULL OR ${c} = lower(${c})`);
}

// ---------------------------------------------------------------------------------------------------------------
// JSON payloads (stored as TEXT)

/** Additional service on a booking (admin spec section 3); price in cents like every other amount. */
export interface AdditionalServiceItem {
  name: string;
  price_cents: number;
  date?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  address?: string | null;
  service_provider?: string | null;
}

/** Companion as shown on the booking (admin spec section 3). */
export interface CompanionItem {
  first_name: string;
  last_name: string;
  age: number | null;
  custom_price_cents?: number | null;
}

export interface EmergencyContact {
  name: string;
  phone: string;
  relationship: string;
}

export interface HealthInfo {
  medical_conditions?: string | null;
  medications?: string | null;
  allergies?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Accounts

/** Accounts. Also the spec's "profile" (id, email, first_name, last_name, created_at): one row per person. */
export const users = sqliteTable(
  'users',
  {
    id: uuidPk(),
    email: text('email').notNull().unique(),
    /**
     * argon2id PHC string. NOT NULL on purpose: every way to get an account (sign-up, `admin:create`) sets a
     * password, and a NULL hash is one forgotten check away from a password-less login.
     */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    emailConfirmedAt: text('email_confirmed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_created_at_idx').on(t.createdAt), lowercaseCheck('users_email_lowercase', t.email)],
);

/**
 * Roles. No row means 'user' (spec). The composite primary key is the unique(user_id, role) rule, so no surrogate
 * id is needed; a role change deletes the user's rows and inserts one.
 */
export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: USER_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    // "is there any admin?" (setup screens) and admin listings
    index('user_roles_role_idx').on(t.role),
    check('user_roles_role_valid', oneOf(t.role, USER_ROLES)),
  ],
);

/**
 * One row per sign-in. `id` is the JWT `sid` claim; sensitive endpoints check the row is alive
 * (revoked_at IS NULL, last_seen_at within 8 h, expires_at in the future).
 *
 * Refresh rotation: `refresh_token_hash` is the CURRENT token (SHA-256 hex). On rotation the service moves the old
 * hash into `session_refresh_tokens` and stores the new one here. A presented hash found in
 * `session_refresh_tokens` is a reuse: revoke every session with the same `family_id`.
 * `family_id` equals the first session's id of a sign-in chain; keeping it separate lets a service choose to start a
 * new session row per rotation without losing the ability to revoke the whole chain.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Idle timeout (8 h) is measured from here. */
    lastSeenAt: text('last_seen_at').notNull().default(isoNow),
    /** Absolute lifetime (30 days from sign-in). */
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    /** e.g. 'signout', 'idle_timeout', 'refresh_reuse', 'password_changed', 'role_changed'. Free text for the log. */
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_family_id_idx').on(t.familyId)],
);

/**
 * Refresh tokens that have been rotated out. Only their hashes are kept, for reuse detection. `retired_at` lets the
 * service allow a short grace window (two tabs refreshing at once) before treating a reuse as theft.
 */
export const sessionRefreshTokens = sqliteTable(
  'session_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    retiredAt: text('retired_at').notNull().default(isoNow),
  },
  (t) => [index('session_refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Single-use e-mail confirmation / password reset tokens; only the SHA-256 hex of the token is stored. */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: uuidPk(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('auth_tokens_purpose_valid', oneOf(t.purpose, AUTH_TOKEN_PURPOSES)),
  ],
);

/**
 * Rate-limit ledger: one row per attempt. `key` is the normalised e-mail (sign-in / sign-up share 3 per 15 min) or
 * the client IP (per-IP limit on mail-sending endpoints). Integer id: this table is append-heavy and purged by age.
 * Login records for the "over 10 in 24 h" rule live in audit_logs (action 'login'), as the spec queries them there.
 */
export const authAttempts = sqliteTable(
  'auth_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<AuthAttemptKind>().notNull(),
    key: text('key').notNull(),
    success: integer('success', { mode: 'boolean' }).notNull().default(false),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_attempts_kind_key_created_idx').on(t.kind, t.key, t.createdAt),
    index('auth_attempts_created_at_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Guests, customers, retreats, bookings

/**
 * People who stay at the retreat. A booking form submission inserts one main guest (every time; guests are not
 * de-duplicated) and one row per named companion.
 *
 * Companions are modelled honestly (DESIGN section 3): `is_companion` + `companion_of_guest_id`, and their e-mail
 * and phone are simply NULL. No placeholder "companion.local" addresses; customer sync filters on is_companion = 0.
 */
export const guests = sqliteTable(
  'guests',
  {
    id: uuidPk(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    dateOfBirth: text('date_of_birth'),
    nationality: text('nationality'),
    passportNumber: text('passport_number'),
    dietaryPreferences: text('dietary_preferences', { mode: 'json' }).$type<string[]>(),
    marketingConsent: integer('marketing_consent', { mode: 'boolean' }).notNull().default(false),
    isCompanion: integer('is_companion', { mode: 'boolean' }).notNull().default(false),
    /** Companions go with their main guest; a main guest can only be deleted once no booking points at it. */
    companionOfGuestId: text('companion_of_guest_id').references((): AnySQLiteColumn => guests.id, {
      onDelete: 'cascade',
    }),
    emergencyContact: text('emergency_contact', { mode: 'json' }).$type<EmergencyContact>(),
    healthInfo: text('health_info', { mode: 'json' }).$type<HealthInfo>(),
    /** When the account this guest booked with was deleted: only the name and e-mail the booking needs remain. */
    erasedAt: text('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('guests_email_idx').on(t.email),
    index('guests_name_idx').on(t.lastName, t.firstName),
    // admin booking form lists clients ordered by first name
    index('guests_first_name_idx').on(t.firstName),
    index('guests_companion_of_idx').on(t.companionOfGuestId),
    lowercaseCheck('guests_email_lowercase', t.email),
    // the flag and the link must agree, so neither can be trusted alone by mistake
    check(
      'guests_companion_consistent',
      sql`(${col(t.isCompanion)} = 0 AND ${col(t.companionOfGuestId)} IS NULL) OR (${col(t.isCompanion)} = 1 AND ${col(t.companionOfGuestId)} IS NOT NULL)`,
    ),
  ],
);

/** Clients (admin /admin/clients). One per e-mail; kept in step with main guests by the booking flow and "sync". */
export const customers = sqliteTable(
  'customers',
  {
    id: uuidPk(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().unique(),
    phoneNumber: text('phone_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The clients list: newest first with the id as tie-breaker, read from this index alone (the last of 2,000
    // pages included); its created_at prefix also serves the "joined today" range and count(*).
    index('customers_created_at_id_idx').on(t.createdAt, t.id),
    index('customers_name_idx').on(t.lastName, t.firstName),
    lowercaseCheck('customers_email_lowercase', t.email),
  ],
);

/** Retreat editions. Integer ids because the spec's URLs show numbers. */
export const retreats = sqliteTable(
  'retreats',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /**
     * Stable key of an edition as the public form names it ('nov-2025'); lets the booking flow find the retreat
     * for a submitted retreatMonth and lets the seed upsert. Optional: admin-made retreats may have none.
     */
    edition: text('edition').unique(),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location'),
    startDate: text('start_date'),
    endDate: text('end_date'),
    arrivalDate: text('arrival_date'),
    departureDate: text('departure_date'),
    basePriceCents: integer('base_price_cents'),
    priceCents: integer('price_cents'),
    /** Places on the retreat (main guests and companions); null: not limited. Confirming past it needs an override. */
    capacity: integer('capacity'),
    /** Offered to visitors (issue "Sell", migration 0017): the booking form, the booking page and the landing page read it. */
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    /** Added to the per-person price for each room type of the public form (0: included). */
    singleRoomSupplementCents: integer('single_room_supplement_cents').notNull().default(0),
    sharedRoomSupplementCents: integer('shared_room_supplement_cents').notNull().default(0),
    /** The terms' minimum number of participants for the edition to go ahead. */
    minParticipants: integer('min_participants').notNull().default(8),
    /** Registration closes this many days before the start (Europe/Tallinn days): no request on that day or after. */
    registrationClosesDaysBefore: integer('registration_closes_days_before').notNull().default(4),
    /** Issue 38 (migration 0032): the early-bird price per person and its last Tallinn day (until 23:59 of it). */
    earlyBirdPriceCents: integer('early_bird_price_cents'),
    earlyBirdUntil: text('early_bird_until'),
    /**
     * The go/no-go (issue 24, migration 0026): the decision day when the admin set one (null: the balance due day),
     * and the decision: going ahead confirmed, or cancelled with the reason the guests were told; `decisionId` is
     * the token of the request that decided (its e-mails and refunds are written only where it is).
     */
    decisionOn: text('decision_on'),
    confirmedAt: text('confirmed_at'),
    cancelledAt: text('cancelled_at'),
    cancellationReason: text('cancellation_reason'),
    decisionId: text('decision_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('retreats_start_date_idx').on(t.startDate),
    // The admin list's order (undated last, latest start first, id as tie-break): pages read from it, not a sort.
    index('retreats_list_order_idx').on(sql`(${col(t.startDate)} IS NULL)`, sql`${col(t.startDate)} DESC`, sql`${col(t.id)} DESC`),
    check('retreats_capacity_valid', sql`${col(t.capacity)} IS NULL OR (typeof(${col(t.capacity)}) = 'integer' AND ${col(t.capacity)} BETWEEN 0 AND 1000)`),
    index('retreats_end_date_idx').on(t.endDate),
    index('retreats_published_start_idx').on(t.published, t.startDate),
    centsCheck('retreats_base_price_cents_valid', t.basePriceCents),
    centsCheck('retreats_price_cents_valid', t.priceCents),
    check('retreats_decision_on_valid', sql`${col(t.decisionOn)} IS NULL OR ${col(t.decisionOn)} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`),
  ],
);

/**
 * Discount codes (issue 38, migration 0032): a percentage or a fixed amount off each person's price, on every
 * edition (`retreatIds` null) or on some, between its days, up to `maxUses`. `uses` is counted in the booking's own
 * batch and the CHECK refuses a batch that would pass the maximum; a used code is never deleted (a trigger), only
 * ended. `code` is stored in capitals: codes are read case-insensitively.
 */
export const discountCodes = sqliteTable(
  'discount_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    percent: integer('percent'),
    amountPerPersonCents: integer('amount_per_person_cents'),
    retreatIds: text('retreat_ids', { mode: 'json' }).$type<number[]>(),
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    note: text('note'),
    endedAt: text('ended_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    index('discount_codes_created_idx').on(t.createdAt, t.id),
    check('discount_codes_one_kind', sql`(${col(t.percent)} IS NULL) <> (${col(t.amountPerPersonCents)} IS NULL)`),
    check('discount_codes_percent_valid', sql`${col(t.percent)} IS NULL OR (typeof(${col(t.percent)}) = 'integer' AND ${col(t.percent)} BETWEEN 1 AND 100)`),
    check('discount_codes_amount_valid', sql`${col(t.amountPerPersonCents)} IS NULL OR (typeof(${col(t.amountPerPersonCents)}) = 'integer' AND ${col(t.amountPerPersonCents)} > 0)`),
    check('discount_codes_uses_within_max', sql`${col(t.maxUses)} IS NULL OR ${col(t.uses)} <= ${col(t.maxUses)}`),
    check('discount_codes_code_upper', sql`${col(t.code)} = upper(${col(t.code)})`),
  ],
);

/**
 * Bookings: every column of the admin spec (section 3), amounts in cents, plus the public form's structured answers.
 *
 * Idempotency: `idempotency_key` (the Idempotency-Key header) lives here, UNIQUE, instead of in a separate table.
 * The booking insert itself is then the lock: of two concurrent submits with one key, the second hits the unique
 * index inside its transaction, rolls back, and replays from the existing row (its id and its outbox e-mail's
 * state rebuild the response). `idempotency_request_hash` lets the service answer 422 when a key is reused with a
 * different body. A generic table would add a second write and its own race for no gain while only one endpoint
 * needs it; the contact form's worst case (a duplicate message) is harmless.
 */
export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Every booking has a guest. RESTRICT: a guest with bookings cannot vanish under them. */
    guestId: text('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'restrict' }),
    /** CASCADE: the spec's customer delete removes "the customer and all their bookings". */
    customerId: text('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** SET NULL: deleting a retreat must not delete people's bookings. */
    retreatId: integer('retreat_id').references(() => retreats.id, { onDelete: 'set null' }),
    /** The signed-in account that submitted the form, if any. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),

    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),

    roomType: text('room_type', { enum: ROOM_TYPES }),
    roomSharingPreference: text('room_sharing_preference', { enum: ROOM_SHARING_PREFERENCES }),
    bedTypePreference: text('bed_type_preference', { enum: BED_TYPE_PREFERENCES }),

    /** NULL = not set (the edit dialog saves empty amounts as null); read as 0 in balance sums. */
    totalAmountCents: integer('total_amount_cents'),
    amountPaidCents: integer('amount_paid_cents'),
    depositAmountCents: integer('deposit_amount_cents'),
    depositPaid: integer('deposit_paid', { mode: 'boolean' }).notNull().default(false),
    balancePaid: integer('balance_paid', { mode: 'boolean' }).notNull().default(false),
    /**
     * The balance rule's total (total + services + companion prices), kept by triggers (migration 0012) after every
     * insert and every change of those three: never written by the app.
     */
    owedCents: integer('owed_cents').notNull().default(0),
    /** Cancelled through "Tühista broneering" (its refund and credit note in the same batch): when, and that batch's token. */
    cancelledAt: text('cancelled_at'),
    cancellationId: text('cancellation_id'),
    /**
     * What the cancellation kept (the ledger's sum after its refund; migration 0028): a cancelled booking is billed
     * this, and what its ledger holds beyond it is owed back (worker/domain/money/balance.ts). Null before.
     */
    keptCents: integer('kept_cents'),
    /** The travel-details reminder (issue "Guest portal") was queued then: it goes once per booking. */
    travelDetailsRemindedAt: text('travel_details_reminded_at'),
    /** Issue 42: when the 30- and the 14-day reminders to sign the texts went (migration 0037). */
    agreementsReminded30At: text('agreements_reminded_30_at'),
    agreementsReminded14At: text('agreements_reminded_14_at'),
    /** How many people on the booking have not completed their travel details: kept by triggers (migration 0016). */
    travellersMissing: integer('travellers_missing').notNull().default(1),
    /** The guest asked to cancel from the portal (an admin confirms it): when, and the refund the terms gave that day. */
    cancellationRequestedAt: text('cancellation_requested_at'),
    cancellationRequestRefundCents: integer('cancellation_request_refund_cents'),
    /**
     * The price as the booking was made (issue "Sell", migration 0017): the plan the guest chose, the advance it asks
     * for (null: the settings' 300 €) and the quote it was priced with; later price changes never touch them.
     */
    paymentPlan: text('payment_plan', { enum: PAYMENT_PLANS }),
    advanceCents: integer('advance_cents'),
    priceSnapshot: text('price_snapshot', { mode: 'json' }).$type<PriceSnapshot>(),
    /** Issue 38: the discount code the booking was made with, and what it took off the whole party. */
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'restrict' }),
    codeDiscountCents: integer('code_discount_cents'),
    /** Payment reminders go out (issue "Back office II") unless an admin turned them off for this booking. */
    paymentReminders: integer('payment_reminders', { mode: 'boolean' }).notNull().default(true),

    specialRequests: text('special_requests'),
    /** Legacy single comment: the public form's message goes here (spec). */
    comment: text('comment'),
    comments: text('comments'),
    extraFood: text('extra_food'),
    additionalServices: text('additional_services', { mode: 'json' }).$type<AdditionalServiceItem[]>(),
    companions: text('companions', { mode: 'json' }).$type<CompanionItem[]>(),

    bookingDate: text('booking_date'),
    checkInDate: text('check_in_date'),
    checkOutDate: text('check_out_date'),
    arrivalDate: text('arrival_date'),
    departureDate: text('departure_date'),
    arrivalTime: text('arrival_time'),
    departureTime: text('departure_time'),

    /**
     * Structured copies of the public form's answers. The spec also folds them into special_requests text (kept,
     * because the screens show that text); these columns make them filterable without parsing prose.
     */
    retreatEdition: text('retreat_edition'),
    experience: text('experience', { enum: EXPERIENCE_LEVELS }),
    travelWith: text('travel_with', { enum: TRAVEL_MODES }),
    /** When the visitor accepted the terms of use ("Nõustun tingimustega"), and which version (their last-updated month). */
    termsAcceptedAt: text('terms_accepted_at'),
    termsVersion: text('terms_version'),
    /** A request for an edition that had no places left: a place on its waiting list, not a claim on a place. */
    waitingList: integer('waiting_list', { mode: 'boolean' }).notNull().default(false),
    /**
     * Issue 38 (migration 0034): the waiting list's offer of freed places: made then, held until then (the places
     * rule counts it), confirmed by the link whose SHA-256 this is. `offersStoppedAt`: from then the party is not
     * offered places by itself (its offer lapsed, or the organiser put it on the list by hand). A party given its
     * places from the waiting list starts its plan's schedule at `scheduleStartsAt` (null: when it was made).
     */
    offeredAt: text('offered_at'),
    offerExpiresAt: text('offer_expires_at'),
    offerTokenHash: text('offer_token_hash'),
    offersStoppedAt: text('offers_stopped_at'),
    scheduleStartsAt: text('schedule_starts_at'),

    source: text('source', { enum: BOOKING_SOURCES }).notNull().default('public_form'),
    /**
     * Optimistic concurrency for admin edits: every admin write sets `version = version + 1` in an UPDATE that also
     * requires the version the editor loaded, so of two edits made from the same state only the first lands and the
     * second gets 409 instead of silently overwriting it.
     */
    version: integer('version').notNull().default(1),
    idempotencyKey: text('idempotency_key').unique(),
    idempotencyRequestHash: text('idempotency_request_hash'),

    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_created_at_idx').on(t.createdAt),
    // The admin list (bench:admin): each filter with the default newest-first order served from one index, and the
    // four counters from a narrow covering index instead of the whole table.
    index('bookings_status_payment_created_idx').on(t.status, t.paymentStatus, t.createdAt),
    index('bookings_payment_created_idx').on(t.paymentStatus, t.createdAt),
    index('bookings_retreat_created_idx').on(t.retreatId, t.createdAt),
    index('bookings_status_balance_idx').on(t.status, t.balancePaid),
    index('bookings_guest_id_idx').on(t.guestId),
    index('bookings_customer_id_idx').on(t.customerId),
    // retreat detail: bookings of one retreat with status in (confirmed, pending)
    index('bookings_retreat_status_idx').on(t.retreatId, t.status),
    index('bookings_user_id_idx').on(t.userId),
    index('bookings_retreat_edition_idx').on(t.retreatEdition),
    // The lifecycle's filters term for term (migration 0028): owes money, a participant's travel details missing,
    // and money paid (the refunds owed are among those).
    index('bookings_owing_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`(${col(t.status)} = 'confirmed' OR (${col(t.status)} = 'pending' AND ${col(t.waitingList)} = 0)) AND ${col(t.owedCents)} > coalesce(${col(t.amountPaidCents)}, 0)`),
    index('bookings_details_missing_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`(${col(t.status)} = 'confirmed' OR (${col(t.status)} = 'pending' AND ${col(t.waitingList)} = 0)) AND ${col(t.travellersMissing)} > 0`),
    index('bookings_discount_code_idx').on(t.discountCodeId).where(sql`${col(t.discountCodeId)} IS NOT NULL`),
    uniqueIndex('bookings_offer_token_unique').on(t.offerTokenHash).where(sql`${col(t.offerTokenHash)} IS NOT NULL`),
    index('bookings_offer_expires_idx').on(t.offerExpiresAt).where(sql`${col(t.offerExpiresAt)} IS NOT NULL`),
    index('bookings_paid_created_idx').on(t.createdAt, t.id).where(sql`coalesce(${col(t.amountPaidCents)}, 0) > 0`),
    check('bookings_status_valid', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_payment_status_valid', oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check('bookings_room_type_valid', nullOrOneOf(t.roomType, ROOM_TYPES)),
    check('bookings_room_sharing_valid', nullOrOneOf(t.roomSharingPreference, ROOM_SHARING_PREFERENCES)),
    check('bookings_bed_type_valid', nullOrOneOf(t.bedTypePreference, BED_TYPE_PREFERENCES)),
    check('bookings_experience_valid', nullOrOneOf(t.experience, EXPERIENCE_LEVELS)),
    check('bookings_travel_with_valid', nullOrOneOf(t.travelWith, TRAVEL_MODES)),
    check('bookings_source_valid', oneOf(t.source, BOOKING_SOURCES)),
    centsCheck('bookings_total_amount_cents_valid', t.totalAmountCents),
    centsCheck('bookings_amount_paid_cents_valid', t.amountPaidCents),
    centsCheck('bookings_deposit_amount_cents_valid', t.depositAmountCents),
    centsCheck('bookings_kept_cents_valid', t.keptCents),
    centsCheck('bookings_code_discount_cents_valid', t.codeDiscountCents),
  ],
);

/**
 * Gift vouchers (issue 38, migration 0033): multi-purpose vouchers the organiser issues. Issuing one is no sale of
 * the retreat; using one is a payment (method `gift_voucher`, `payments.gift_voucher_id`), and its balance is its
 * amount less what the ledger holds on it. Never deleted; amount and code never change (triggers).
 */
export const giftVouchers = sqliteTable(
  'gift_vouchers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    recipientName: text('recipient_name').notNull(),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
    validUntil: text('valid_until').notNull(),
    note: text('note'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_vouchers_code_unique').on(t.code),
    index('gift_vouchers_created_idx').on(t.createdAt, t.id),
    check('gift_vouchers_amount_valid', sql`typeof(${col(t.amountCents)}) = 'integer' AND ${col(t.amountCents)} > 0`),
    check('gift_vouchers_valid_until_valid', sql`${col(t.validUntil)} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`),
  ],
);

/**
 * Issue 42: each traveller's acceptance of the terms and the waiver, with its evidence: which text (kind, version,
 * SHA-256 of the text as shown), the name typed, for themself or as a minor's parent or guardian, how, when, and from
 * which address and browser. Append-only (triggers, migration 0035): an erasure may only clear the address and the
 * browser. Plain ids, no foreign keys: the evidence outlives the booking and the guest records.
 */
export const agreementAcceptances = sqliteTable(
  'agreement_acceptances',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id').notNull(),
    guestId: text('guest_id').notNull(),
    kind: text('kind', { enum: AGREEMENT_KINDS }).notNull(),
    version: text('version').notNull(),
    textSha256: text('text_sha256').notNull(),
    signedName: text('signed_name').notNull(),
    signedBy: text('signed_by', { enum: ['self', 'guardian'] }).notNull(),
    method: text('method', { enum: SIGNING_METHODS }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    signedAt: text('signed_at').notNull(),
  },
  (t) => [
    uniqueIndex('agreement_acceptances_once').on(t.guestId, t.kind, t.version),
    index('agreement_acceptances_booking_idx').on(t.bookingId),
    check('agreement_acceptances_kind', sql`${col(t.kind)} IN ('terms', 'waiver')`),
    check('agreement_acceptances_sha', sql`length(${col(t.textSha256)}) = 64`),
    check('agreement_acceptances_name', sql`length(trim(${col(t.signedName)})) > 0`),
    check('agreement_acceptances_signed_by', sql`${col(t.signedBy)} IN ('self', 'guardian')`),
    check('agreement_acceptances_method', sql`${col(t.method)} IN ('booking_form', 'portal', 'link')`),
  ],
);

/** Issue 42: a companion's personal signing link (its SHA-256 only), for one traveller of one booking, until it expires. */
export const agreementLinks = sqliteTable(
  'agreement_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agreement_links_token_unique').on(t.tokenHash), index('agreement_links_booking_idx').on(t.bookingId)],
);

/**
 * The payments ledger (issue "Back office II"): one row per money movement on a booking, in cents, positive for a
 * payment and negative for a refund. Append-only: triggers (migration 0010) refuse to change or delete a row, so a
 * mistake is corrected by a reversing entry (`reverses_payment_id`, once per payment). A booking's amount paid, its
 * deposit and balance flags and its payment status are derived from these rows in the batch that writes one. Rows
 * outlive their booking (booking_id becomes NULL) and keep the reference the money came in with.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The day the money arrived or left (YYYY-MM-DD, Europe/Tallinn), as the bank statement says. */
    receivedOn: text('received_on').notNull(),
    /** The booking's reference number (viitenumber) at the time, or the bank's own reference. */
    reference: text('reference'),
    note: text('note'),
    reversesPaymentId: integer('reverses_payment_id').references((): AnySQLiteColumn => payments.id),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The bank-statement transaction the payment was made from (migration 0022); null for one typed in. */
    bankTransactionId: integer('bank_transaction_id').references((): AnySQLiteColumn => bankTransactions.id),
    /** The online payment order the payment was made from (migration 0023); one payment per order. */
    onlineOrderId: integer('online_order_id').references((): AnySQLiteColumn => onlinePaymentOrders.id),
    /** Paid with a gift voucher (issue 38, migration 0033): the voucher, on its payments and their reversals. */
    giftVoucherId: integer('gift_voucher_id').references((): AnySQLiteColumn => giftVouchers.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('payments_booking_id_idx').on(t.bookingId),
    index('payments_bank_transaction_idx').on(t.bankTransactionId),
    // The accountant's ledger export for a period, in the order money came in.
    index('payments_received_on_idx').on(t.receivedOn, t.id),
    uniqueIndex('payments_reverses_payment_id_unique').on(t.reversesPaymentId),
    uniqueIndex('payments_online_order_unique').on(t.onlineOrderId),
    index('payments_gift_voucher_idx').on(t.giftVoucherId).where(sql`${col(t.giftVoucherId)} IS NOT NULL`),
    check('payments_gift_voucher_method', sql`(${col(t.method)} = 'gift_voucher') = (${col(t.giftVoucherId)} IS NOT NULL)`),
    check('payments_amount_cents_valid', sql`typeof(${col(t.amountCents)}) = 'integer' AND ${col(t.amountCents)} <> 0`),
    check('payments_method_valid', oneOf(t.method, PAYMENT_METHODS)),
  ],
);

/**
 * An order made with an online payment provider (issue "Pay online", migration 0023): what the guest was sent to
 * pay, the provider's id for it (unique), and its last known status. A paid order makes one ledger payment.
 */
export const onlinePaymentOrders = sqliteTable(
  'online_payment_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider', { enum: ONLINE_PAYMENT_PROVIDERS }).notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    /** Ours, unique per order (the provider reuses an order for a reference it has seen). */
    merchantReference: text('merchant_reference').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    part: text('part', { enum: ONLINE_PAYMENT_PARTS }).notNull(),
    status: text('status', { enum: ONLINE_ORDER_STATUSES }).notNull(),
    /** The provider's name for how it was paid (Montonio: paymentInitiation, cardPayments, …). */
    providerMethod: text('provider_method'),
    /** Paid after the booking was cancelled: the money is in the ledger, the organiser decides on the refund. */
    refundReview: integer('refund_review', { mode: 'boolean' }).notNull().default(false),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('online_payment_orders_provider_order_unique').on(t.provider, t.providerOrderId),
    uniqueIndex('online_payment_orders_merchant_reference_unique').on(t.merchantReference),
    index('online_payment_orders_booking_idx').on(t.bookingId, t.id),
    check('online_payment_orders_amount_valid', sql`typeof(${col(t.amountCents)}) = 'integer' AND ${col(t.amountCents)} > 0`),
  ],
);

/** An uploaded bank statement (issue "Collect", migration 0022): the file, and what it held. */
export const bankStatements = sqliteTable('bank_statements', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  fileName: text('file_name'),
  format: text('format').notNull(),
  accountIban: text('account_iban'),
  transactions: integer('transactions').notNull(),
  duplicates: integer('duplicates').notNull(),
  importedBy: text('imported_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * One transaction of a statement, kept once by its key (the bank's archive id or a checksum), with what became of
 * it: matched to bookings (their payments point here), waiting for review, assigned or dismissed by an admin, or a
 * debit listed and not applied. Never deleted (a trigger refuses).
 */
export const bankTransactions = sqliteTable(
  'bank_transactions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id),
    key: text('key').notNull(),
    line: integer('line').notNull(),
    bookedOn: text('booked_on').notNull(),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    counterpartyName: text('counterparty_name'),
    counterpartyAccount: text('counterparty_account'),
    counterpartyIdCode: text('counterparty_id_code'),
    reference: text('reference'),
    text: text('text').notNull(),
    endToEndId: text('end_to_end_id'),
    archiveId: text('archive_id'),
    outcome: text('outcome', { enum: ['matched', 'partial', 'overpaid', 'review', 'assigned', 'dismissed', 'debit'] }).notNull(),
    reviewReason: text('review_reason', { enum: REVIEW_REASONS }),
    namedBookingId: integer('named_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: text('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_transactions_key_unique').on(t.key),
    index('bank_transactions_statement_idx').on(t.statementId, t.line),
    index('bank_transactions_review_idx').on(t.bookedOn, t.id).where(sql`${col(t.outcome)} = 'review'`),
    check('bank_transactions_amount_cents_valid', sql`typeof(${col(t.amountCents)}) = 'integer' AND ${col(t.amountCents)} > 0`),
  ],
);

/**
 * Travel details per person of a booking (issue "Guest portal", migration 0014): position 0 is the main guest, 1..n
 * the companions in the booking's order. Health fields are erased by the scheduled job a set number of days after the
 * retreat. `complete` is written by the API from the shared rule (src/lib/travel-details.ts) for the list's filter.
 */
export const bookingTravellers = sqliteTable(
  'booking_travellers',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    dateOfBirth: text('date_of_birth'),
    nationality: text('nationality'),
    passportNumber: text('passport_number'),
    passportExpiry: text('passport_expiry'),
    emergencyName: text('emergency_name'),
    emergencyPhone: text('emergency_phone'),
    emergencyRelationship: text('emergency_relationship'),
    dietary: text('dietary'),
    /** Food allergies and intolerances, for the kitchen (migration 0031; docs/decisions/034). */
    foodAllergies: text('food_allergies'),
    healthConditions: text('health_conditions'),
    healthMedications: text('health_medications'),
    healthAllergies: text('health_allergies'),
    healthErasedAt: text('health_erased_at'),
    /** Flights (migration 0025): Bali time "YYYY-MM-DDTHH:MM" as typed; pick-up 'yes', 'no' or null (not said). */
    arrivalFlight: text('arrival_flight'),
    arrivalAt: text('arrival_at'),
    departureFlight: text('departure_flight'),
    departureAt: text('departure_at'),
    pickupNeeded: text('pickup_needed'),
    complete: integer('complete', { mode: 'boolean' }).notNull().default(false),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.position] }),
    index('booking_travellers_health_idx')
      .on(t.bookingId)
      .where(
        sql`${col(t.healthErasedAt)} IS NULL AND (${col(t.healthConditions)} IS NOT NULL OR ${col(t.healthMedications)} IS NOT NULL OR ${col(t.healthAllergies)} IS NOT NULL)`,
      ),
    check('booking_travellers_position_valid', sql`typeof(${col(t.position)}) = 'integer' AND ${col(t.position)} >= 0`),
  ],
);

/**
 * The organiser's rooming (issue 24, migration 0025): a room label per person of a booking (positions as in
 * booking_travellers); people with the same label on one edition share the room.
 */
export const roomAssignments = sqliteTable(
  'room_assignments',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    room: text('room').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.position] }),
    check('room_assignments_position_valid', sql`typeof(${col(t.position)}) = 'integer' AND ${col(t.position)} >= 0`),
    check('room_assignments_room_valid', sql`length(${col(t.room)}) BETWEEN 1 AND 40`),
  ],
);

/** Payment reminders sent: one row per booking, schedule part, due day and stage, so each goes once. */
export const paymentReminders = sqliteTable(
  'payment_reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    part: text('part', { enum: SCHEDULE_PARTS }).notNull(),
    dueOn: text('due_on').notNull(),
    stage: text('stage', { enum: ['before', 'due', 'after'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_reminders_once').on(t.bookingId, t.part, t.dueOn, t.stage)],
);

/**
 * Invoices and credit notes (migration 0011, docs/decisions/013): numbers from one consecutive series (a trigger
 * refuses any other), and each row frozen once written (triggers refuse updates and deletes; a deleted booking or
 * user only clears its link). `document` is the whole issued document as JSON (`InvoiceDocument`): seller, buyer,
 * lines and totals as they were on the day.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seriesNumber: integer('series_number').notNull(),
    number: text('number').notNull(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    creditsInvoiceId: integer('credits_invoice_id').references((): AnySQLiteColumn => invoices.id),
    /** YYYY-MM-DD, Europe/Tallinn. */
    issuedOn: text('issued_on').notNull(),
    dueOn: text('due_on'),
    totalCents: integer('total_cents').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email'),
    document: text('document', { mode: 'json' }).$type<InvoiceDocument>().notNull(),
    /**
     * Kept by triggers (migration 0015), never written by the app, not part of the frozen document: what credit notes
     * took back (≤ 0), and what is still open on an invoice (worker/domain/invoices/open.ts's rule).
     */
    creditedCents: integer('credited_cents').notNull().default(0),
    openCents: integer('open_cents').notNull().default(0),
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_series_number_unique').on(t.seriesNumber),
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_booking_id_idx').on(t.bookingId, t.id),
    index('invoices_credits_invoice_id_idx').on(t.creditsInvoiceId),
    // The invoices screen's and the accountant's period filter; its sums from an index (migration 0015); open ones.
    index('invoices_issued_on_idx').on(t.issuedOn, t.seriesNumber, t.kind, t.totalCents, t.creditedCents, t.openCents),
    index('invoices_money_idx').on(t.seriesNumber, t.kind, t.totalCents, t.creditedCents, t.openCents),
    index('invoices_open_idx').on(t.seriesNumber).where(sql`${col(t.openCents)} > 0`),
    check('invoices_kind_valid', oneOf(t.kind, INVOICE_KINDS)),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Messages, mail, audit

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    /** Answered from the back office (issue 24): when, and by whom. */
    answeredAt: text('answered_at'),
    answeredBy: text('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt), index('contact_messages_answered_created_idx').on(t.answeredAt, t.createdAt)],
);

/** Replies sent from the back office's "Sõnumid" (issue 24, migration 0027); the mail itself is in the outbox. */
export const contactMessageReplies = sqliteTable(
  'contact_message_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contactMessageId: integer('contact_message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    outboxId: integer('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('contact_message_replies_message_idx').on(t.contactMessageId, t.id)],
);

/** A message to an edition's group (issue 24): one row per send, its idempotency key unique. */
export const groupMessages = sqliteTable(
  'group_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    retreatId: integer('retreat_id')
      .notNull()
      .references(() => retreats.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: GROUP_MESSAGE_AUDIENCES }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    recipientCount: integer('recipient_count').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('group_messages_idempotency_key_unique').on(t.idempotencyKey),
    index('group_messages_retreat_idx').on(t.retreatId, t.id),
    check('group_messages_audience_valid', oneOf(t.audience, GROUP_MESSAGE_AUDIENCES)),
  ],
);

/** One row per address a send went to: the primary key keeps anyone from getting the same send twice. */
export const groupMessageRecipients = sqliteTable(
  'group_message_recipients',
  {
    groupMessageId: integer('group_message_id')
      .notNull()
      .references(() => groupMessages.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    outboxId: integer('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.groupMessageId, t.toAddress] })],
);

/** The feedback request of a booking (issue 24): the row is the mark that it went, once. */
export const feedbackRequests = sqliteTable('feedback_requests', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  retreatId: integer('retreat_id').references(() => retreats.id, { onDelete: 'set null' }),
  requestedAt: text('requested_at').notNull(),
});

/** A guest's feedback on an edition, one per booking; `may_quote` is their permission to quote it on the site. */
export const feedbackAnswers = sqliteTable(
  'feedback_answers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    retreatId: integer('retreat_id').references(() => retreats.id, { onDelete: 'set null' }),
    guestName: text('guest_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    mayQuote: integer('may_quote', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('feedback_answers_booking_unique').on(t.bookingId), index('feedback_answers_retreat_idx').on(t.retreatId, t.createdAt)],
);

/**
 * Every e-mail, written in the same transaction as its cause and sent later by the dispatcher (DESIGN section 6).
 * Claiming a row without a 'sending' status: the dispatcher bumps `next_attempt_at` (a lease) and `attempts` with
 * `UPDATE ... WHERE id = ? AND next_attempt_at = <value it read>`; only the winner of that compare-and-set sends.
 * Links to the cause use SET NULL so the delivery history outlives a deleted booking or user.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Template name, e.g. 'booking_confirmation', 'contact_notification', 'password_reset', 'invoice'. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html'),
    text: text('text'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at').notNull().default(isoNow),
    lastError: text('last_error'),
    sentAt: text('sent_at'),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    contactMessageId: integer('contact_message_id').references(() => contactMessages.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Files made when the message is sent, not stored with it (an invoice's PDF). */
    attachments: text('attachments', { mode: 'json' }).$type<MailAttachmentRef[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('email_outbox_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_booking_id_idx').on(t.bookingId),
    index('email_outbox_contact_message_id_idx').on(t.contactMessageId),
    index('email_outbox_user_id_idx').on(t.userId),
    // "booking confirmations to this address in the last day" (the per-recipient limit on the booking form).
    index('email_outbox_recipient_kind_created_idx').on(t.toAddress, t.kind, t.createdAt),
    check('email_outbox_status_valid', oneOf(t.status, OUTBOX_STATUSES)),
  ],
);

/**
 * Issue 41: the organiser's webhook endpoints ("Liidesed"): where, which events, the secret the deliveries are signed
 * with (HMAC needs it, so it is kept, and shown once), on or off (off by the organiser, or by a 410 answer).
 */
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  url: text('url').notNull(),
  events: text('events', { mode: 'json' }).$type<WebhookEvent[]>().notNull(),
  secret: text('secret').notNull(),
  description: text('description'),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  disabledReason: text('disabled_reason', { enum: ['gone', 'admin'] }),
  disabledAt: text('disabled_at'),
  version: integer('version').notNull().default(1),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An event, written by the triggers of migration 0038 in the statement that made the change (never by the app). */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The Standard Webhooks `webhook-id`: the same on every attempt, so a receiver can ignore a repeat. */
    messageId: text('message_id').notNull(),
    type: text('type').$type<WebhookEvent>().notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    occurredAt: text('occurred_at').notNull(),
  },
  (t) => [uniqueIndex('webhook_events_message_id_unique').on(t.messageId), index('webhook_events_occurred_idx').on(t.occurredAt)],
);

/** One event to one endpoint: its attempts and how the last one went (worker/domain/webhooks/deliveries.ts). */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Null: due now. While an attempt runs, its lease's end. */
    nextAttemptAt: text('next_attempt_at'),
    /** The retry window (72 hours) counts from here. */
    firstAttemptAt: text('first_attempt_at'),
    lastAttemptAt: text('last_attempt_at'),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    deliveredAt: text('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt, t.id).where(sql`${col(t.status)} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** A text JSON column like `{ mode: 'json' }` whose writes pass the audit trail's rule on personal values. */
const auditMetadata = customType<{ data: Record<string, unknown>; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(withoutPersonalValues(value)),
  fromDriver: (value) => JSON.parse(value) as Record<string, unknown>,
});

/** Security and admin audit trail. `user_id` survives as NULL when the account is deleted (the entry stays). */
export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'login', 'session_timeout', 'password_reset', 'role_change', 'excessive_login_attempts'. */
    action: text('action').notNull().$type<AuditAction>(),
    resourceType: text('resource_type'),
    /** Text because resources mix integer ids (bookings) and UUIDs (users). */
    resourceId: text('resource_id'),
    severity: text('severity', { enum: AUDIT_SEVERITIES }).notNull().default('low'),
    /** JSON; personal values never get in (src/lib/audit-personal-data.ts): every write through this column drops them. */
    metadata: auditMetadata('metadata'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    // "login records of this user in the last 24 h"
    index('audit_logs_user_action_created_idx').on(t.userId, t.action, t.createdAt),
    index('audit_logs_action_created_idx').on(t.action, t.createdAt),
    index('audit_logs_created_at_idx').on(t.createdAt),
    check('audit_logs_severity_valid', oneOf(t.severity, AUDIT_SEVERITIES)),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Relations (for db.query.* with `with: { guest: true }` and the like)

export const usersRelations = relations(users, ({ many }) => ({
  roles: many(userRoles),
  sessions: many(sessions),
  authTokens: many(authTokens),
  bookings: many(bookings),
  auditLogs: many(auditLogs),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one, many }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
  retiredRefreshTokens: many(sessionRefreshTokens),
}));

export const sessionRefreshTokensRelations = relations(sessionRefreshTokens, ({ one }) => ({
  session: one(sessions, { fields: [sessionRefreshTokens.sessionId], references: [sessions.id] }),
}));

export const authTokensRelations = relations(authTokens, ({ one }) => ({
  user: one(users, { fields: [authTokens.userId], references: [users.id] }),
}));

export const guestsRelations = relations(guests, ({ one, many }) => ({
  bookings: many(bookings),
  companionOf: one(guests, {
    fields: [guests.companionOfGuestId],
    references: [guests.id],
    relationName: 'guest_companions',
  }),
  companionGuests: many(guests, { relationName: 'guest_companions' }),
}));

export const customersRelations = relations(customers, ({ many }) => ({
  bookings: many(bookings),
}));

export const retreatsRelations = relations(retreats, ({ many }) => ({
  bookings: many(bookings),
}));

export const bookingsRelations = relations(bookings, ({ one, many }) => ({
  guest: one(guests, { fields: [bookings.guestId], references: [guests.id] }),
  customer: one(customers, { fields: [bookings.customerId], references: [customers.id] }),
  retreat: one(retreats, { fields: [bookings.retreatId], references: [retreats.id] }),
  user: one(users, { fields: [bookings.userId], references: [users.id] }),
  invoices: many(invoices),
  emails: many(emailOutbox),
}));

export const invoicesRelations = relations(invoices, ({ one }) => ({
  booking: one(bookings, { fields: [invoices.bookingId], references: [bookings.id] }),
}));

export const contactMessagesRelations = relations(contactMessages, ({ many }) => ({
  emails: many(emailOutbox),
}));

export const emailOutboxRelations = relations(emailOutbox, ({ one }) => ({
  booking: one(bookings, { fields: [emailOutbox.bookingId], references: [bookings.id] }),
  contactMessage: one(contactMessages, {
    fields: [emailOutbox.contactMessageId],
    references: [contactMessages.id],
  }),
  user: one(users, { fields: [emailOutbox.userId], references: [users.id] }),
}));

export const auditLogsRelations = relations(auditLogs, ({ one }) => ({
  user: one(users, { fields: [auditLogs.userId], references: [users.id] }),
}));

// ---------------------------------------------------------------------------------------------------------------
// Row types

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Guest = typeof guests.$inferSelect;
export type NewGuest = typeof guests.$inferInsert;
export type NewCustomer = typeof customers.$inferInsert;
export type Retreat = typeof retreats.$inferSelect;
export type NewRetreat = typeof retreats.$inferInsert;
export type Booking = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type Invoice = typeof invoices.$inferSelect;
