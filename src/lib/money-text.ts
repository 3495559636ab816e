/**
 * Money typed by people, read exactly: "1299", "1299.5", "1 299,50" → integer cents, never through floating point
 * (DESIGN: money is integer cents). Refused: more than two decimals ("12.345"), signs ("-1", "+1"), exponents
 * ("1e3"), anything that is not a plain amount. Browser-safe: the admin screens and the API parse with the same rule.
 * Without zod, so a screen that only shows or fills in amounts does not load it; the zod fields on this rule are
 * ./money, which also passes these on.
 */
export const MONEY_MESSAGES = {
  invalid: 'Sisestage summa eurodes, kuni kaks kohta pärast koma (nt 1299,50).',
  positive: 'Summa peab olema suurem kui 0.',
} as const;

/** Up to 9 whole-euro digits (well inside Number.MAX_SAFE_INTEGER as cents), then at most two decimals. */
const AMOUNT = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** Cents for a typed amount, or null when it is not a valid amount. Spaces used as thousands separators are fine. */
export function parseMoney(text: string): number | null {
  const match = AMOUNT.exec(text.trim().replace(/[\s\u00a0\u202f]/g, ''));
  if (!match) return null;
  const euros = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return euros * 100 + cents;
}

/**
 * Cents as an input's value, with the Estonian decimal comma its hint shows ("0,00"): 129950 → "1299,50", null → ""
 * (the inverse of parseMoney, which takes a comma or a point).
 */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** Sum of cents, treating absent amounts as 0. */
export const sumCents = (values: readonly (number | null | undefined)[]): number => values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
