/**
 * Money as the banks write it, read exactly into integer cents: the digits are put together as text and converted
 * once, so no amount ever passes through a binary fraction (0.1 + 0.2). An amount that is not a whole number of cents
 * ("8,855") is refused rather than rounded: a booked euro amount never has a third decimal, so such a value means the
 * file is not what it seems, and a rounded cent could match the wrong invoice (docs/decisions/020).
 */

export type AmountProblem = 'not_a_number' | 'sub_cent' | 'too_large';

/** How a refused amount is described after the amount itself: „8,855“ on sendist täpsem. */
export const AMOUNT_PROBLEM_WORDS: Record<AmountProblem, string> = {
  not_a_number: 'ei ole summa',
  sub_cent: 'on sendist täpsem',
  too_large: 'on liiga suur',
};

export type ParsedAmount = { ok: true; cents: number; negative: boolean } | { ok: false; problem: AmountProblem };

/** The other spaces people and spreadsheets put between thousands (NBSP, narrow NBSP, thin space): read as a space. */
const GROUP_SPACES = /[\u00A0\u202F\u2009]/g;

/** 15 digits of cents (ten trillion euros) are exact in a double; anything longer is not a bank amount. */
const MAX_DIGITS = 15;

/**
 * "1299,00", "1 299,00", "23.000,00", "23,000.00", "-300,00", "+5", "885.00000" → cents and sign.
 *
 * `decimalSeparator` is the mark the format is known to use (camt: ".", Swedbank and SEB: ",", LHV: "."); the other
 * mark is then a thousands separator, so "1.234" in an LHV file is a sub-cent amount, not 1234 euros. Without it, the
 * last mark decides: it is the decimal one unless it is followed by exactly three digits and is the only decimal-looking
 * mark ("23,000" → 23000), or it occurs more than once ("1.234.567"). Thousands separators, spaces included, must
 * stand between groups of three digits: "1 2,00" is refused, not read as 12 euros.
 */
export function parseAmount(raw: string, decimalSeparator?: ',' | '.'): ParsedAmount {
  const match = /^([+-]?)(\d[\d., ]*)$/.exec(raw.trim().replace(GROUP_SPACES, ' '));
  if (!match || !/\d$/.test(match[2]!)) return { ok: false, problem: 'not_a_number' };
  const sign = match[1]!;
  const body = match[2]!;

  const decimal = decimalSeparator ?? guessDecimalSeparator(body);
  const decimalAt = decimal === null ? -1 : body.lastIndexOf(decimal);
  const integerPart = decimalAt === -1 ? body : body.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? '' : body.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction)) return { ok: false, problem: 'not_a_number' };

  const groups = integerPart.split(/[., ]/);
  const grouped = groups.length === 1 || (/^[1-9]\d{0,2}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g)));
  if (!grouped) return { ok: false, problem: 'not_a_number' };

  if (/[^0]/.test(fraction.slice(2))) return { ok: false, problem: 'sub_cent' };
  const digits = (groups.join('') + fraction.slice(0, 2).padEnd(2, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { ok: false, problem: 'too_large' };
  return { ok: true, cents: Number(digits), negative: sign === '-' && digits !== '0' };
}

function guessDecimalSeparator(body: string): ',' | '.' | null {
  const last = Math.max(body.lastIndexOf(','), body.lastIndexOf('.'));
  if (last === -1) return null;
  const mark = body[last] as ',' | '.';
  const other = mark === ',' ? '.' : ',';
  if (body.includes(other)) return mark;
  if (body.indexOf(mark) !== last) return null;
  return body.length - last - 1 === 3 ? null : mark;
}
