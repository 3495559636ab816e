/**
 * The admin clients API's contract (admin spec sections 2 clients, 3 customer, 5 customer add/edit and sync, 8),
 * shared by the screen and the API: the request schemas (the API validates with exactly these; the dialogs' forms
 * resolve with them) and the response types the services return. Browser-safe: zod and src/lib only.
 */
import * as z from 'zod';
import { emailField, nameField, phoneField } from '../validation/fields';
import type { BookingTotals } from '../booking-record';
import type { BookingState } from '../booking-lifecycle';
import { countParam, emptyToUndefined, pagingParams, searchParam, type ListPage } from '../list-query';

export const CLIENT_MESSAGES = {
  requiredFields: 'Palun täitke kõik kohustuslikud väljad (eesnimi, perekonnanimi, e-mail)',
  notFound: 'Klienti ei leitud',
} as const;

// ── add / edit ──────────────────────────────────────────────────────────────────────────────────────────────────

/** Empty (after trimming) is the spec's required-fields message; otherwise the shared field rule decides. */
const required = (rule: z.ZodType<string>) =>
  z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if ((value ?? '').trim() === '') {
        ctx.addIssue({ code: 'custom', message: CLIENT_MESSAGES.requiredFields });
        return z.NEVER;
      }
      const parsed = rule.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
        return z.NEVER;
      }
      return parsed.data;
    });

/** Phone is optional (spec); when given, the shared phone rule applies and the formatting is removed. */
const optionalPhone = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if ((value ?? '').trim() === '') return null;
    const parsed = phoneField.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return parsed.data;
  });

/**
 * POST /api/admin/clients and PATCH /api/admin/clients/:id, and every guest the sync turns into a client: first
 * name, last name and e-mail required (trimmed; the e-mail lowercased), phone optional.
 */
export const clientInputSchema = z.object({
  firstName: required(nameField),
  lastName: required(nameField),
  email: required(emailField),
  phone: optionalPhone,
});
export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientValues = z.output<typeof clientInputSchema>;

// ── list ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/clients's query, and the screen's URL state: search and paging; always newest first. */
export const clientListQuerySchema = z.object({ q: searchParam, ...pagingParams });
export type ClientListQuery = z.output<typeof clientListQuerySchema>;

export interface ClientListItem {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  createdAt: string;
}

export interface ClientCounts {
  /** Every client, whatever the search. */
  total: number;
  /** Clients whose created_at falls on today's Tallinn calendar day. */
  joinedToday: number;
}

/** `total` is how many match the search (the "search results" counter). */
export interface ClientListResponse extends ListPage<ClientListItem> {
  counts: ClientCounts;
}

// ── detail ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface ClientBooking {
  id: number;
  status: string;
  state: BookingState;
  paymentStatus: string;
  checkInDate: string | null;
  checkOutDate: string | null;
  retreat: { id: number; name: string; startDate: string | null; endDate: string | null } | null;
  totalAmountCents: number | null;
  amountPaidCents: number | null;
  /** The money rules of worker/domain/money/balance.ts: what is still owed or to go back, services and companions included. */
  totals: BookingTotals;
  createdAt: string;
}

export interface ClientDetail extends ClientListItem {
  updatedAt: string;
  /** How many bookings point at this client: the delete confirmation says it. */
  bookingCount: number;
  /** Newest first. */
  bookings: ClientBooking[];
}

// ── delete and sync ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * DELETE /api/admin/clients/:id?bookingCount=N: N is the count the confirmation showed. When the client's bookings
 * have changed since, nothing is deleted and the answer is 409, so the admin never deletes more than they agreed to.
 */
export const clientDeleteQuerySchema = z.object({
  bookingCount: z.preprocess(emptyToUndefined, z.optional(countParam(0, 1_000_000))),
});

/** POST /api/admin/clients/sync: `synced` = inserted + updated; `failed` = eligible guests the client rules refuse. */
export interface ClientSyncResult {
  synced: number;
  inserted: number;
  updated: number;
  failed: number;
}
