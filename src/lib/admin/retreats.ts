/**
 * The admin retreats API's contract (admin spec sections 2 "Retreats" and "Retreat detail", 3, 5 "Retreat form", 8;
 * issue "Back office III": capacity), shared by the screens and the API.
 */
import * as z from 'zod';
import { nullableMoneyInput } from '../money';
import { sanitizeSingleLine } from '../validation/sanitize';
import { MIN_PARTICIPANTS, REGISTRATION_CLOSES_DAYS_BEFORE } from '../retreat-editions';
import { optionalDay, optionalText, wholeNumberInput } from '../validation/form-fields';
import { pagingParams, searchParam, type ListPage } from '../list-query';

import { RETREAT_MESSAGES } from '../retreat-messages';
import type { BookingState } from '../booking-lifecycle';
const M = RETREAT_MESSAGES;

/** GET /api/admin/retreats: searched over name, location and description; newest start first. */
export const retreatListQuerySchema = z.object({ q: searchParam, ...pagingParams });
export type RetreatListQuery = z.output<typeof retreatListQuerySchema>;

/** "" or null → null (not limited); otherwise a whole number of places. */
const capacityInput = wholeNumberInput(0, 1000, M.capacity, null);

/** A room type's supplement per person: empty is none (0 €). */
const supplementInput = nullableMoneyInput.transform((cents) => cents ?? 0);

/**
 * The add and edit dialogs (admin spec section 5: no required fields; empty dates and prices save as null, prices
 * are decimals). The name is required all the same: a retreat without a name cannot be told apart in any list.
 */
export const retreatFormSchema = z
  .object({
    name: z
      .string({ error: M.nameRequired })
      .transform((v) => sanitizeSingleLine(v, 200))
      .refine((v) => v.length > 0, M.nameRequired),
    location: optionalText(200),
    description: optionalText(2000),
    startDate: optionalDay,
    endDate: optionalDay,
    arrivalDate: optionalDay,
    departureDate: optionalDay,
    basePrice: nullableMoneyInput,
    price: nullableMoneyInput,
    capacity: capacityInput,
    /** Issue "Sell": added per person for each room type of the booking form; the minimum; registration's close. */
    singleRoomSupplement: supplementInput,
    sharedRoomSupplement: supplementInput,
    minParticipants: wholeNumberInput(0, 1000, M.minParticipants, MIN_PARTICIPANTS),
    registrationClosesDaysBefore: wholeNumberInput(0, 365, M.closesDaysBefore, REGISTRATION_CLOSES_DAYS_BEFORE),
    /** Issue 24: the go/no-go decision day, when not the balance due day (empty: that day). */
    decisionOn: optionalDay,
    /** Issue 38: the early-bird price per person and its last day (until 23:59 Tallinn time); both or neither. */
    earlyBirdPrice: nullableMoneyInput,
    earlyBirdUntil: optionalDay,
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endBeforeStart });
    if (v.arrivalDate && v.departureDate && v.departureDate < v.arrivalDate) ctx.addIssue({ code: 'custom', path: ['departureDate'], message: M.departureBeforeArrival });
    if (v.earlyBirdPrice !== null && v.earlyBirdUntil === null) ctx.addIssue({ code: 'custom', path: ['earlyBirdUntil'], message: M.earlyBirdUntilRequired });
    if (v.earlyBirdPrice === null && v.earlyBirdUntil !== null) ctx.addIssue({ code: 'custom', path: ['earlyBirdPrice'], message: M.earlyBirdPriceRequired });
    if (v.earlyBirdPrice !== null && (v.price === null || v.earlyBirdPrice >= v.price)) ctx.addIssue({ code: 'custom', path: ['earlyBirdPrice'], message: M.earlyBirdBelowPrice });
    if (v.earlyBirdUntil && v.startDate && v.earlyBirdUntil >= v.startDate) ctx.addIssue({ code: 'custom', path: ['earlyBirdUntil'], message: M.earlyBirdBeforeStart });
  });
export type RetreatFormInput = z.input<typeof retreatFormSchema>;

/** PUT /api/admin/retreats/:id/published: on sale or not. */
export const publishSchema = z.strictObject({ published: z.boolean() });
export type RetreatForm = z.output<typeof retreatFormSchema>;


export interface RetreatItem {
  id: number;
  edition: string | null;
  name: string;
  location: string | null;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  arrivalDate: string | null;
  departureDate: string | null;
  basePriceCents: number | null;
  priceCents: number | null;
  /** Places on the retreat; null: not limited. */
  capacity: number | null;
  /** On sale: offered to visitors (issue "Sell"). */
  published: boolean;
  singleRoomSupplementCents: number;
  sharedRoomSupplementCents: number;
  minParticipants: number;
  registrationClosesDaysBefore: number;
  /** Issue 24: the admin's own decision day (null: the balance due day), and when the edition was cancelled. */
  decisionOn: string | null;
  /** Issue 38: the early-bird price and its last day; null when the edition has none. */
  earlyBirdPriceCents: number | null;
  earlyBirdUntil: string | null;
  cancelledAt: string | null;
  /** People (main guest and companions) on its pending and confirmed bookings. */
  placesTaken: number;
  /** Its bookings of any status: a retreat with any is not deleted. */
  bookingCount: number;
  /** On sale in words' terms (saleState), by the server's day. */
  sale: SaleState;
}

export interface RetreatListResponse extends ListPage<RetreatItem> {
  counts: { total: number; upcoming: number; ongoing: number };
}

export interface RetreatBookingRow {
  id: number;
  guestName: string;
  email: string | null;
  status: string;
  roomType: string | null;
  totalAmountCents: number | null;
  paymentStatus: string;
  bookingDate: string | null;
  people: number;
  /** Its lifecycle state; issue 38: freed places held for a waiting party until `offerExpiresAt` (null: no open offer). */
  state: BookingState;
  offerExpiresAt: string | null;
}

export interface RetreatDetail extends RetreatItem {
  createdAt: string;
  bookings: RetreatBookingRow[];
}

/** The list's price column (admin spec section 2): price, else base price, else 0. */
export const displayPriceCents = (r: Pick<RetreatItem, 'priceCents' | 'basePriceCents'>): number => r.priceCents ?? r.basePriceCents ?? 0;

export type RetreatStatus = 'Tulevane' | 'Käimasolev' | 'Lõppenud' | 'Määramata';

/** The detail's status from the dates (Tallinn calendar days): before the start, until the end, after it. */
export function retreatStatus(r: Pick<RetreatItem, 'startDate' | 'endDate'>, today: string): RetreatStatus {
  if (!r.startDate || !r.endDate) return 'Määramata';
  if (today < r.startDate) return 'Tulevane';
  if (today <= r.endDate) return 'Käimasolev';
  return 'Lõppenud';
}

/**
 * Whether the edition is sold, as the list and the detail say it (issue 37): "Müügil" only while it is published,
 * not cancelled and not begun. An edition that has started or ended, or was cancelled, is never "on sale", whatever
 * its published flag says (the content's past editions, which every database starts with, are published).
 */
export type SaleState = 'on_sale' | 'not_on_sale' | 'sale_over' | 'cancelled';

export function saleState(r: Pick<RetreatItem, 'published' | 'cancelledAt' | 'startDate'>, today: string): SaleState {
  if (r.cancelledAt) return 'cancelled';
  if (r.startDate !== null && today >= r.startDate) return 'sale_over';
  return r.published ? 'on_sale' : 'not_on_sale';
}

export const SALE_STATE_LABELS: Record<SaleState, string> = {
  on_sale: 'Müügil',
  not_on_sale: 'Ei ole müügil',
  sale_over: 'Müük on läbi',
  cancelled: 'Tühistatud',
};

/** The same in a sentence, on the edition's own page. */
export const SALE_STATE_TEXTS: Record<SaleState, string> = {
  on_sale: RETREAT_MESSAGES.published,
  not_on_sale: RETREAT_MESSAGES.unpublished,
  sale_over: RETREAT_MESSAGES.saleOver,
  cancelled: RETREAT_MESSAGES.cancelledSale,
};

/** "12 / 20" or "12" when the retreat has no limit. */
export const occupancyText = (r: Pick<RetreatItem, 'placesTaken' | 'capacity'>): string =>
  r.capacity === null ? String(r.placesTaken) : `${r.placesTaken} / ${r.capacity}`;
