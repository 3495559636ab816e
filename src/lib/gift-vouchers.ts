/**
 * Gift vouchers (issue 38): the contract the back office ("Kinkekaardid", the booking's "Kasuta kinkekaarti"), the
 * guest portal and the API share. A voucher is a multi-purpose voucher: issuing it is no sale of the retreat; using
 * it pays a booking (the ledger's method `gift_voucher`), in parts until its balance is used, until its last day.
 * Its code is unguessable (80 random bits in Crockford's base32), typed in any case, with or without dashes.
 */
import * as z from 'zod';
import { pagingParams, searchParam, type ListPage } from './list-query';
import { MONEY_MESSAGES, moneyInput } from './money';
import { emailField } from './validation/fields';
import { optionalDay, optionalText } from './validation/form-fields';
import { sanitizeSingleLine } from './validation/sanitize';
import { GIFT_VOUCHER_MAX_CENTS, GIFT_VOUCHER_MESSAGES, normalizeVoucherCode, type GiftVoucherState } from './gift-voucher-text';

export * from './gift-voucher-text';

/** POST /api/admin/gift-vouchers: the amount (text euros, as every amount travels), the recipient, optionally the rest. */
export const giftVoucherCreateSchema = z.strictObject({
  amount: moneyInput.refine((c) => c > 0, GIFT_VOUCHER_MESSAGES.amountPositive).refine((c) => c <= GIFT_VOUCHER_MAX_CENTS, GIFT_VOUCHER_MESSAGES.tooLarge),
  recipientName: z
    .string({ error: GIFT_VOUCHER_MESSAGES.recipientRequired })
    .transform((v) => sanitizeSingleLine(v, 100))
    .refine((v) => v.length > 0, GIFT_VOUCHER_MESSAGES.recipientRequired),
  buyerName: optionalText(100),
  buyerEmail: z.union([z.literal(''), emailField]).nullish().transform((v) => (v ? v : null)),
  /** Absent: three years from today (the server's day). */
  validUntil: optionalDay,
  note: optionalText(500),
});
export type GiftVoucherCreateInput = z.input<typeof giftVoucherCreateSchema>;
export type GiftVoucherCreate = z.output<typeof giftVoucherCreateSchema>;

/** The code as typed: checked against the alphabet here, against the vouchers by the server. */
const voucherCodeField = z
  .string({ error: GIFT_VOUCHER_MESSAGES.codeRequired })
  .max(40, GIFT_VOUCHER_MESSAGES.unknown)
  .transform((v, ctx) => {
    if (v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: GIFT_VOUCHER_MESSAGES.codeRequired });
      return z.NEVER;
    }
    const code = normalizeVoucherCode(v);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: GIFT_VOUCHER_MESSAGES.unknown });
      return z.NEVER;
    }
    return code;
  });

/** POST /api/admin/bookings/:id/gift-vouchers and POST /api/me/bookings/:id/gift-vouchers: pay part of it with a voucher. */
export const giftVoucherRedeemSchema = z.strictObject({
  code: voucherCodeField,
  amount: moneyInput.refine((c) => c > 0, MONEY_MESSAGES.positive).refine((c) => c <= GIFT_VOUCHER_MAX_CENTS, GIFT_VOUCHER_MESSAGES.tooLarge),
});
export type GiftVoucherRedeemInput = z.input<typeof giftVoucherRedeemSchema>;
export type GiftVoucherRedeem = z.output<typeof giftVoucherRedeemSchema>;

/** GET /api/admin/gift-vouchers: searched over the code, the recipient, the buyer and the note; newest first. */
export const giftVoucherListQuerySchema = z.object({ q: searchParam, ...pagingParams });

export interface GiftVoucherRedemption {
  paymentId: number;
  bookingId: number | null;
  amountCents: number;
  receivedOn: string;
  /** Reversed later: its money is back on the voucher. */
  reversed: boolean;
}

export interface GiftVoucherItem {
  id: number;
  code: string;
  amountCents: number;
  /** What is left: the amount less what the ledger holds on the voucher. */
  balanceCents: number;
  /** Payments made with it that stand (reversed ones left out). */
  uses: number;
  recipientName: string;
  buyerName: string | null;
  buyerEmail: string | null;
  validUntil: string;
  note: string | null;
  state: GiftVoucherState;
  createdAt: string;
}

export interface GiftVoucherDetail extends GiftVoucherItem {
  redemptions: GiftVoucherRedemption[];
}

export type GiftVoucherListResponse = ListPage<GiftVoucherItem>;

/** What a redemption answers: the voucher's new balance and the booking's ledger entry. */
export interface GiftVoucherRedeemResponse {
  paymentId: number;
  balanceCents: number;
}

