/**
 * What the screens need of gift vouchers (issue 38) without the schemas (./gift-vouchers), so the booking detail and
 * the portal show the words without loading zod: the code's spelling, the messages, the states and the printed words.
 */
import { formatDateEt, formatMoney } from './format';

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

/** The button that pays with a voucher, on its own so a screen takes only these words (the bundler drops the rest). */
export const GIFT_VOUCHER_USE = 'Kasuta kinkekaarti';
/** What a payment with a voucher says afterwards: what it paid, what is left on it, or that it failed. */
export const voucherPaidText = (amount: string) => `Kinkekaardiga tasutud ${amount}`;
export const voucherLeftText = (left: string) => `Kinkekaardile jäi ${left}.`;
export const VOUCHER_PAY_FAILED = 'Kinkekaardiga tasumine ebaõnnestus';

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
  redeemed: voucherPaidText,
  use: GIFT_VOUCHER_USE,
} as const;

/** How a voucher stands on a day: money left and valid, used up, or past its last day with money left. */
export type GiftVoucherState = 'open' | 'used' | 'expired';
export const GIFT_VOUCHER_STATE_LABELS: Record<GiftVoucherState, string> = { open: 'Kehtiv', used: 'Kasutatud', expired: 'Aegunud' };

export function giftVoucherState(v: { balanceCents: number; validUntil: string }, today: string): GiftVoucherState {
  if (v.balanceCents <= 0) return 'used';
  return today > v.validUntil ? 'expired' : 'open';
}

/** The voucher's printable words (its A4 PDF). */
export const GIFT_VOUCHER_TEXTS = {
  title: 'Kinkekaart',
  worth: (amount: string) => `väärtusega ${amount}`,
  validUntil: (day: string) => `Kehtib kuni ${formatDateEt(day)}`,
  code: 'Kood',
  howTo: 'Kinkekaardiga saab tasuda retriidi „Uus algus“ broneeringu eest: sisestage kood oma konto broneeringu juures („Kasuta kinkekaarti“) või saatke see meile.',
} as const;
