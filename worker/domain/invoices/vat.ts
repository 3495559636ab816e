/**
 * VAT on a VAT-registered seller's documents (issue 39): the Estonian standard rate in force on the supply date, and
 * the breakdown of the document's prices into what is without VAT and the VAT in them. The prices the guest is asked
 * for (the booking's total, each line) include VAT, as prices to consumers must; the breakdown takes the VAT out of
 * them and never changes what is to be paid. Computed once, when a document is issued, and frozen on it: the PDF,
 * the screens and the e-invoice all print these figures (src/lib/invoices/documents.ts `vat`).
 */

/** The standard rate's history (Käibemaksuseadus § 15): each rate from its first day. */
export const ESTONIAN_STANDARD_VAT_RATES = [
  { from: '2009-07-01', percent: 20 },
  { from: '2024-01-01', percent: 22 },
  { from: '2025-07-01', percent: 24 },
] as const;

/** The standard rate in force on a day ("2026-05-14" → 24). */
export function standardVatPercentOn(day: string): number {
  let percent: number = ESTONIAN_STANDARD_VAT_RATES[0].percent;
  for (const rate of ESTONIAN_STANDARD_VAT_RATES) if (rate.from <= day) percent = rate.percent;
  return percent;
}

/** a / b for integers, rounded half away from zero: a line and its negation (a credit note) round alike. */
function divRound(a: number, b: number): number {
  const q = Math.floor((Math.abs(a) * 2 + b) / (2 * b));
  return a < 0 ? -q : q;
}

export interface VatBreakdown {
  percent: number;
  /** Without VAT: the document's and each line's (same order as its lines); they add up exactly. */
  netCents: number;
  lineNetCents: number[];
  /** The VAT in the total: the total less `netCents`, so what is to be paid stays the price. */
  taxCents: number;
}

/**
 * Takes the VAT out of VAT-inclusive amounts. The document's net is the one whose VAT (net × rate, rounded) brings it
 * back to the total exactly, where such a net exists; where none does (some totals fall between two nets' sums), the
 * nearest net, and the VAT is the total less it, a cent from the product (EN 16931 BR-CO-17 allows less than one
 * unit). Each line's net is its own share, the rounding's rest on the largest line, so the lines add up to the net.
 */
export function vatBreakdown(grossLineCents: readonly number[], percent: number): VatBreakdown {
  const gross = grossLineCents.reduce((sum, cents) => sum + cents, 0);
  const estimate = divRound(gross * 100, 100 + percent);
  const exact = [0, -1, 1, -2, 2].map((d) => estimate + d).find((net) => net + divRound(net * percent, 100) === gross);
  const netCents = exact ?? estimate;
  const lineNetCents = grossLineCents.map((cents) => divRound(cents * 100, 100 + percent));
  const rest = netCents - lineNetCents.reduce((sum, cents) => sum + cents, 0);
  if (rest !== 0 && lineNetCents.length > 0) {
    const largest = grossLineCents.reduce((best, cents, i) => (Math.abs(cents) > Math.abs(grossLineCents[best]!) ? i : best), 0);
    lineNetCents[largest]! += rest;
  }
  return { percent, netCents, lineNetCents, taxCents: gross - netCents };
}
