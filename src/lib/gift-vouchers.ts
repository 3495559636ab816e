/**
 * Gift vouchers (issue 38): the contract the back office ("Kinkekaardid", the booking's "Kasuta kinkekaarti"), the
 * guest portal and the API share. A voucher is a multi-purpose voucher: issuing it is no sale of the retreat; using
 * it pays a booking (the ledger's method `gift_voucher`), in parts until its balance is used, until its last day.
 * Its code is unguessable (80 random bits in Crockford's base32), typed in any case, with or without dashes.
 */
import * as z from 'zod';
import { formatDateEt, formatMoney } from './format';
import { pagingParams, searchParam, type ListPage } from './list-query';
import { MONEY_MESSAGES, moneyInput } from './money';
import { emailField } from './validation/fields';
import { optionalDay, optionalText } from './validation/form-fields';
import { sanitizeSingleLine } from './validation/sanitize';

/** A voucher is valid this many years from its issue by default (the Law of Obligations' general limit is 3). */
export const GIFT_VOUCHER_VALID_YEARS = 3;
export const GIFT_VOUCHER_MAX_CENTS = 10_000_000;

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed by hand is not mistaken. */
export const VOUCHER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const VOUCHER_LENGTH = 16;

/**
 * The one spelling of a voucher code ("K7Q2-M9XD-4TRP-HZ3B"): capitals, dashes and spaces as the person typed them
 * ignored, the letters base32 reads as digits (O → 0, I and L → 1) read so. null: not a code there could be.
 */
export function normalizeVoucherCode(typed: string): string | null {
  const plain = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (plain.length !== VOUCHER_LENGTH || [...plain].some((ch) => !VOUCHER_ALPHABET.includes(ch))) return null;
  return plain.match(/.{4}/g)!.join('-');
}

export const GIFT_VOUCHER_MESSAGES = {
  recipientRequired: 'Sisestage kinkekaardi saaja nimi.',
  amountPositive: 'Summa peab olema suurem kui 0.',
  tooLarge: 'Summa on liiga suur.',
  codeRequired: 'Sisestage kinkekaardi kood.',
  unknown: 'Sellist kinkekaarti ei ole. Kontrollige koodi.',
  expired: (until: string) => `Kinkekaart on aegunud (kehtis kuni ${formatDateEt(until)}).`,
  usedUp: 'Kinkekaart on juba täielikult kasutatud.',
  /** 409: more than the voucher has left. */
  beyondBalance: (left: number) => `Kinkekaardil on alles ${formatMoney(left)}: rohkem sellega tasuda ei saa.`,
  /** More than the booking still owes: a voucher never pays beyond it. */
  beyondOutstanding: (open: number) => `Broneeringu tasumata summa on ${formatMoney(open)}: kinkekaardiga saab tasuda kuni selle summani.`,
  nothingOwed: 'Broneeringul ei ole midagi tasuda.',
  validUntilPast: 'Kehtivuse lõpp ei saa olla minevikus.',
  created: 'Kinkekaart väljastatud',
  redeemed: (amount: string) => `Kinkekaardiga tasutud ${amount}`,
  use: 'Kasuta kinkekaarti',
} as const;

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

/** How a voucher stands on a day: money left and valid, used up, or past its last day with money left. */
export type GiftVoucherState = 'open' | 'used' | 'expired';
export const GIFT_VOUCHER_STATE_LABELS: Record<GiftVoucherState, string> = { open: 'Kehtiv', used: 'Kasutatud', expired: 'Aegunud' };

export function giftVoucherState(v: { balanceCents: number; validUntil: string }, today: string): GiftVoucherState {
  if (v.balanceCents <= 0) return 'used';
  return today > v.validUntil ? 'expired' : 'open';
}

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

/** The voucher's printable words (its A4 PDF). */
export const GIFT_VOUCHER_TEXTS = {
  title: 'Kinkekaart',
  for: (name: string) => `${name}`,
  worth: (amount: string) => `väärtusega ${amount}`,
  validUntil: (day: string) => `Kehtib kuni ${formatDateEt(day)}`,
  code: 'Kood',
  howTo: 'Kinkekaardiga saab tasuda retriidi „Uus algus“ broneeringu eest: sisestage kood oma konto broneeringu juures („Kasuta kinkekaarti“) või saatke see meile.',
} as const;

/** The export's money for the voucher summary line ("Kinkekaart K7Q2-… 60,00 €"). */
export const voucherPaymentText = (code: string, cents: number): string => `Kinkekaart ${code}: ${formatMoney(cents)}`;

