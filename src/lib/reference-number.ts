/**
 * Estonian payment reference numbers (viitenumber): the base digits followed by a check digit computed with the
 * weights 7, 3, 1 repeated from the right (the Estonian Banking Association's 7-3-1 method). A bank checks the digit
 * before it accepts a transfer, so a mistyped reference fails at the payer's bank rather than in our books.
 */

const WEIGHTS = [7, 3, 1] as const;

/** The 7-3-1 check digit of a string of digits. */
export function checkDigit731(base: string): number {
  if (!/^\d+$/.test(base)) throw new Error(`reference base must be digits: ${base}`);
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[base.length - 1 - i]) * WEIGHTS[i % 3]!;
  return (10 - (sum % 10)) % 10;
}

/**
 * A booking's reference number: its id as the base, after a leading 1 so that every number is at least 3 digits
 * (the standard allows 2 to 20) and none starts with 0.
 */
export function bookingReferenceNumber(bookingId: number): string {
  if (!Number.isSafeInteger(bookingId) || bookingId < 1) throw new Error(`not a booking id: ${bookingId}`);
  const base = `1${bookingId}`;
  return `${base}${checkDigit731(base)}`;
}

/** 2 to 20 digits whose last digit is the 7-3-1 check digit of the rest. */
export function isValidReferenceNumber(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  return /^\d{2,20}$/.test(digits) && checkDigit731(digits.slice(0, -1)) === Number(digits.at(-1));
}

/** The booking a reference number names (the inverse of bookingReferenceNumber), or null when it names none. */
export function bookingIdOfReference(reference: string): number | null {
  const digits = reference.replace(/\s/g, '');
  const match = /^1([1-9]\d{0,15})\d$/.exec(digits);
  if (!match || !isValidReferenceNumber(digits)) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && bookingReferenceNumber(id) === digits ? id : null;
}
