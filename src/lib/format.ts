/** Estonian formatting for the content pages. */

const eurFormatter = new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

/** Whole euros as Estonians write them: 1299 -> "1299 €", 12990 -> "12 990 €". */
export function formatEur(amountEur: number): string {
  return eurFormatter.format(amountEur);
}

/** ISO date "2024-11-24" -> "24.11.2024". */
export function formatDateEt(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}
