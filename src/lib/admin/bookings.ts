/**
 * The admin bookings API's contract, shared by the screens and the API (docs/decisions/006): its request schemas (the
 * API validates with exactly these; the screens' forms resolve with them). What it answers is ./booking-views; the
 * small field rules are ./form-fields. Browser-safe: zod and src/lib only.
 */
import * as z from 'zod';
import { PAYMENT_PLANS } from '../payment-plans';
import { BED_TYPE_PREFERENCES, BOOKING_STATUSES, PAYMENT_STATUSES, ROOM_SHARING_PREFERENCES, ROOM_TYPES } from '../enums';
import { nullableMoneyInput, parseMoney } from '../money';
import { emailField, nameField, phoneField } from '../validation/fields';
import { sanitizeFreeText } from '../validation/sanitize';
import { countParam, emptyToUndefined } from '../list-query';
import { ADMIN_PAYMENT_STATUSES, ADMIN_ROOM_TYPES } from './pricing';
import type { ServiceItem } from './booking-views';
import { FIELD_MESSAGES, isRealDay, optionalDay, optionalText, optionalTime } from '../validation/form-fields';
import { MOVE_MESSAGES } from '../labels';

export const ADMIN_BOOKING_MESSAGES = {
  requiredFields: 'Palun täitke kõik kohustuslikud väljad',
  // The spec says "saabumiset hiljem" (a typo): its meaning in correct Estonian (docs/decisions/019-estonian-words.md).
  checkOutAfterCheckIn: 'Lahkumise kuupäev peab olema saabumisest hiljem',
  pastDate: 'Möödunud kuupäeva ei saa valida',
  serviceRequired: 'Palun täitke nõutavad väljad (nimi ja hind)',
  servicePrice: 'Palun sisestage kehtiv hind',
  invalidDate: FIELD_MESSAGES.invalidDate,
  invalidTime: FIELD_MESSAGES.invalidTime,
} as const;

const M = ADMIN_BOOKING_MESSAGES;

// ── building blocks ─────────────────────────────────────────────────────────────────────────────────────────────

const version = z.number().int().min(1);

const nullableEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal(''), z.null()]).transform((v) => (v === '' ? null : v));

// ── list ────────────────────────────────────────────────────────────────────────────────────────────────────────

export const BOOKING_SORTS = ['created', '-created', 'name', '-name', 'email', '-email', 'status', '-status', 'room', '-room', 'amount', '-amount'] as const;

export type BookingSort = (typeof BOOKING_SORTS)[number];

/** GET /api/admin/bookings's query, and the list screen's URL state (defaults left out of the URL). */
export const bookingListQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(BOOKING_STATUSES).optional()),
  paymentStatus: z.preprocess(emptyToUndefined, z.enum(PAYMENT_STATUSES).optional()),
  retreatId: z.preprocess(emptyToUndefined, z.optional(countParam(1, 2_147_483_647))),
  /** yes: only waiting-list requests; no: none of them. */
  waitingList: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  /** yes: only bookings that still owe money (billed: holding their places; worker/domain/money/balance.ts). */
  owes: z.preprocess(emptyToUndefined, z.enum(['yes']).optional()),
  /** yes: only bookings whose ledger holds more than they are billed: money to go back ("Tagastada"). */
  refund: z.preprocess(emptyToUndefined, z.enum(['yes']).optional()),
  /** missing: not cancelled, and someone on it has not completed their travel details (issue "Guest portal"). */
  details: z.preprocess(emptyToUndefined, z.enum(['missing']).optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(BOOKING_SORTS).default('-created')),
  page: z.preprocess(emptyToUndefined, z._default(countParam(1, 1_000_000), 1)),
  pageSize: z.preprocess(emptyToUndefined, z._default(countParam(1, 100), 25)),
});

export type BookingListQuery = z.output<typeof bookingListQuerySchema>;

// ── detail ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** PUT /api/admin/bookings/:id/reminders: payment reminders on or off for this booking. */
export const paymentRemindersSchema = z.object({ enabled: z.boolean() });

// ── edits ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** PATCH /api/admin/bookings/:id: every field of the spec's update call, amounts as typed decimals. */
export const bookingEditSchema = z.object({
  version,
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  roomType: nullableEnum(ROOM_TYPES),
  roomSharingPreference: nullableEnum(ROOM_SHARING_PREFERENCES),
  bedTypePreference: nullableEnum(BED_TYPE_PREFERENCES),
  totalAmount: nullableMoneyInput,
  amountPaid: nullableMoneyInput,
  depositAmount: nullableMoneyInput,
  specialRequests: optionalText(),
  comments: optionalText(),
  extraFood: optionalText(),
  /** Confirm even though the retreat's places are taken (the admin was told and chose to). */
  overrideCapacity: z.boolean().optional(),
});

export type BookingEditInput = z.input<typeof bookingEditSchema>;

export type BookingEdit = z.output<typeof bookingEditSchema>;

const optionalEmail = z.string().nullish().transform((v, ctx) => {
  if (v === null || v === undefined || v.trim() === '') return null;
  const parsed = emailField.safeParse(v);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }
  return parsed.data;
});

const optionalPhone = z.string().nullish().transform((v, ctx) => {
  if (v === null || v === undefined || v.trim() === '') return null;
  const parsed = phoneField.safeParse(v);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }
  return parsed.data;
});

/** An object of optional texts that is null when every part is empty. */
const optionalGroup = <K extends string>(keys: readonly K[], max = 500) =>
  z
    .record(z.string(), z.string().nullish())
    .nullish()
    .transform((value) => {
      const entries = keys.map((key) => {
        const clean = sanitizeFreeText(String(value?.[key] ?? '')).slice(0, max);
        return [key, clean === '' ? null : clean] as const;
      });
      return entries.every(([, v]) => v === null) ? null : (Object.fromEntries(entries) as Record<K, string | null>);
    });

/** PATCH /api/admin/bookings/:id/guest: the guest's data, with the shared field rules. */
export const guestEditSchema = z.object({
  firstName: nameField,
  lastName: nameField,
  dateOfBirth: optionalDay,
  email: optionalEmail,
  phone: optionalPhone,
  nationality: optionalText(100),
  passportNumber: optionalText(50),
  dietaryPreferences: z
    .array(z.string())
    .max(20)
    .default([])
    .transform((list) => list.map((item) => sanitizeFreeText(item).slice(0, 100)).filter(Boolean)),
  emergencyContact: optionalGroup(['name', 'phone', 'relationship'] as const),
  healthInfo: optionalGroup(['medicalConditions', 'medications', 'allergies'] as const, 1000),
});

export type GuestEditInput = z.input<typeof guestEditSchema>;

export type GuestEdit = z.output<typeof guestEditSchema>;

/** One additional service as typed: name and price required (the spec's messages), the rest optional. */
export const serviceInputSchema = z
  .object({
    name: z.string().nullish(),
    price: z.string().nullish(),
    date: optionalDay,
    startTime: optionalTime,
    endTime: optionalTime,
    address: optionalText(300),
    serviceProvider: optionalText(200),
  })
  .transform((input, ctx): ServiceItem => {
    const name = sanitizeFreeText(input.name ?? '').slice(0, 200);
    const priceText = (input.price ?? '').trim();
    if (!name || !priceText) {
      ctx.addIssue({ code: 'custom', path: [!name ? 'name' : 'price'], message: M.serviceRequired });
      return z.NEVER;
    }
    const priceCents = parseMoney(priceText);
    if (priceCents === null || priceCents <= 0) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: M.servicePrice });
      return z.NEVER;
    }
    const { date, startTime, endTime, address, serviceProvider } = input;
    return { name, priceCents, date, startTime, endTime, address, serviceProvider };
  });

export type ServiceInput = z.input<typeof serviceInputSchema>;

/** PUT /api/admin/bookings/:id/services: the whole list (an empty list is stored as null). */
export const servicesUpdateSchema = z.object({ version, services: z.array(serviceInputSchema).max(50) });

export type ServicesUpdate = z.input<typeof servicesUpdateSchema>;

/** PUT /api/admin/bookings/:id/companions: a custom price per companion (by index), "" or null for none. */
export const companionPricesSchema = z.object({
  version,
  companions: z.array(z.object({ index: z.number().int().min(0).max(49), customPrice: nullableMoneyInput })).max(50),
});

export type CompanionPricesUpdate = z.input<typeof companionPricesSchema>;

// ── admin-made booking ──────────────────────────────────────────────────────────────────────────────────────────

const requiredDay = z.string().nullish().transform((v, ctx) => {
  const text = (v ?? '').trim();
  if (!text) {
    ctx.addIssue({ code: 'custom', message: M.requiredFields });
    return z.NEVER;
  }
  if (!isRealDay(text)) {
    ctx.addIssue({ code: 'custom', message: M.invalidDate });
    return z.NEVER;
  }
  return text;
});

/**
 * POST /api/admin/bookings for a given "today" (the Tallinn calendar day: the screen's clock in the browser, the
 * server's in the API). No total: the API computes it from the dates and the room type.
 */
export function adminBookingCreateSchema(today: string) {
  return z
    .object({
      guestId: z.string().nullish().transform((v, ctx) => {
        const id = (v ?? '').trim();
        if (!id || id.length > 64) {
          ctx.addIssue({ code: 'custom', message: M.requiredFields });
          return z.NEVER;
        }
        return id;
      }),
      retreatId: z.number().int().min(1).max(2_147_483_647).nullable().optional().transform((v) => v ?? null),
      checkInDate: requiredDay,
      checkOutDate: requiredDay,
      roomType: z.union([z.enum(ADMIN_ROOM_TYPES), z.literal('')]).nullish().transform((v, ctx) => {
        if (!v) {
          ctx.addIssue({ code: 'custom', message: M.requiredFields });
          return z.NEVER;
        }
        return v;
      }),
      paymentStatus: z.enum(ADMIN_PAYMENT_STATUSES).default('pending'),
      /** Book even though the edition's places are taken (the admin was told and chose to). */
      overrideCapacity: z.boolean().optional(),
      /** On an edition with a price: the plan (the advance plan when not given). */
      paymentPlan: z.union([z.enum(PAYMENT_PLANS), z.literal('')]).nullish().transform((v) => v || null),
      specialRequests: optionalText(),
      adminNotes: optionalText(),
    })
    .superRefine((value, ctx) => {
      if (value.checkInDate < today) ctx.addIssue({ code: 'custom', path: ['checkInDate'], message: M.pastDate });
      if (value.checkOutDate < today) ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: M.pastDate });
      if (value.checkOutDate <= value.checkInDate) ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: M.checkOutAfterCheckIn });
    });
}

export type AdminBookingCreateInput = z.input<ReturnType<typeof adminBookingCreateSchema>>;

export type AdminBookingCreate = z.output<ReturnType<typeof adminBookingCreateSchema>>;

// ── options, e-mails, dashboard ─────────────────────────────────────────────────────────────────────────────────

export const guestSearchSchema = z.object({ q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()) });

export const EMAIL_TEST_KINDS = ['test', 'booking_confirmation'] as const;

export const emailTestSchema = z.object({ email: emailField, kind: z.enum(EMAIL_TEST_KINDS) });

// ── moving, the waiting list, the plan (issue "Sell") ──────────────────────────────────────────────────────────────

/** POST /api/admin/bookings/:id/move: to another retreat (places checked; the guest is told). */
export const moveBookingSchema = z.strictObject({
  version: z.number().int().min(1),
  retreatId: z.number({ error: MOVE_MESSAGES.retreatRequired }).int().min(1).max(2_147_483_647),
  /** The plan on the new days, when the booking's own is not offered there (the dialog asks). */
  paymentPlan: z.enum(PAYMENT_PLANS).nullish(),
  /** Past the edition's registration close: the organiser confirmed it. */
  overrideRegistration: z.boolean().optional(),
});
export type MoveBooking = z.output<typeof moveBookingSchema>;
export type MoveBookingInput = z.input<typeof moveBookingSchema>;

/**
 * POST /api/admin/bookings/:id/promote: a waiting-list booking gets its place when the whole party fits;
 * POST …/waiting-list: a request gives up its places and waits.
 */
export const promoteBookingSchema = z.strictObject({ version: z.number().int().min(1) });

/** PUT /api/admin/bookings/:id/plan: the booking's payment plan; its schedule, reminders and invoices follow. */
export const planChangeSchema = z.strictObject({ version: z.number().int().min(1), paymentPlan: z.enum(PAYMENT_PLANS) });
export type PlanChange = z.output<typeof planChangeSchema>;
