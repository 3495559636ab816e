/**
 * Estonian formatting, the one home for every screen, e-mail and print: dates dd.mm.yyyy, times in Europe/Tallinn,
 * money as et-EE euros. Money arrives as integer cents (DESIGN: never floating point) and is divided only here, for
 * display.
 */

export const TIME_ZONE = 'Europe/Tallinn';

// et-EE groups only from five digits by default (CLDR minimumGroupingDigits 2: "1299,00 €"); accounting practice and
// the back office want "1 299,00 €", so grouping is always on.
const centsFormatter = new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const wholeEurFormatter = new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const countFormatter = new Intl.NumberFormat('et-EE', { useGrouping: 'always' });
const dateTimeFormatter = new Intl.DateTimeFormat('et-EE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const zonedDateFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Whole euros as the content pages print prices: 1299 -> "1299 €", 12990 -> "12 990 €". */
export function formatEur(amountEur: number): string {
  return wholeEurFormatter.format(amountEur);
}

/**
 * Cents as the back office shows money: 129900 -> "1 299,00 €"; null/undefined -> "–". Another currency (a bank
 * statement's SEK line) in its own sign: (50000, 'SEK') -> "500,00 SEK".
 */
export function formatMoney(cents: number | null | undefined, currency = 'EUR'): string {
  if (cents === null || cents === undefined) return '–';
  // Minus nothing (a refund total of 0 shown as −0) is nothing: no sign.
  return (currency === 'EUR' ? centsFormatter : currencyFormatter(currency)).format((cents || 0) / 100);
}

const currencyFormatters = new Map<string, Intl.NumberFormat>();
function currencyFormatter(currency: string): Intl.NumberFormat {
  let formatter = currencyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('et-EE', { style: 'currency', currency, currencyDisplay: 'code', useGrouping: 'always' });
    currencyFormatters.set(currency, formatter);
  }
  return formatter;
}

/** A count with Estonian grouping: 50000 -> "50 000". */
export function formatCount(value: number): string {
  return countFormatter.format(value);
}

/**
 * A count with its noun in Estonian: the nominative singular after 1, the partitive otherwise ("1 kasutaja",
 * "2 kasutajat", "0 kasutajat"). Pass both forms: Estonian plurals are not made by a suffix rule.
 */
export function formatCountOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${countNoun(value, one, many)}`;
}

/** The noun alone, for a screen that sets the number apart (the dashboard's big "1" over "kasutaja"). */
export function countNoun(value: number, one: string, many: string): string {
  return value === 1 ? one : many;
}

/** ISO date "2024-11-24" -> "24.11.2024". */
export function formatDateEt(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}

/**
 * An ISO date or timestamp as dd.mm.yyyy. A bare date is a calendar day and is shown as it is; a timestamp is an
 * instant and is shown as the Tallinn calendar day it fell on (23:30 UTC on the 1st is the 2nd in Tallinn).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '–';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDateEt(value);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : formatDateEt(tallinnDay(instant));
}

/** A timestamp as "24.11.2026 14:05" in Tallinn time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '–';
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : dateTimeFormatter.format(instant).replace(',', '');
}

/** One calendar day in milliseconds: the one declaration of it (calendar days are counted in UTC midnights). */
export const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD) moved by whole days: addDays('2026-12-25', 14) -> '2027-01-08'. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from one day to another (YYYY-MM-DD): daysBetween('2026-01-01', '2026-01-15') -> 14. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in Tallinn: "today" for rules such as "no past dates". */
export function tallinnDay(instant: Date = new Date()): string {
  return zonedDateFormatter.format(instant);
}

const zonedPartsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Tallinn's wall clock is ahead of UTC at an instant (2 h in winter, 3 h in summer). */
function tallinnOffsetMs(instant: Date): number {
  const part = Object.fromEntries(zonedPartsFormatter.formatToParts(instant).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a Tallinn calendar day (YYYY-MM-DD) begins, summer time included: the lower bound of "joined today"
 * or of a date-range filter, for comparing with stored UTC timestamps.
 */
export function tallinnDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, then at the answer: right on both sides of a clock change.
  const first = midnightUtc - tallinnOffsetMs(new Date(midnightUtc));
  return new Date(midnightUtc - tallinnOffsetMs(new Date(first)));
}

/**
 * The Tallinn calendar day an instant falls on, as the half-open range of instants [start, end) in the ISO form the
 * database stores timestamps in: "joined today" is `created_at >= start AND created_at < end`.
 */
export function tallinnDayRange(instant: Date = new Date()): { day: string; start: string; end: string } {
  const day = tallinnDay(instant);
  const next = addDays(day, 1);
  return { day, start: tallinnDayStart(day).toISOString(), end: tallinnDayStart(next).toISOString() };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The date badge shown for a retreat edition, from ISO start and end dates:
 * same month "14.-24.11.2025", across months "28.11.-08.12.2025", across years "28.12.2025-08.01.2026".
 */
export function formatDateRangeBadge(startDate: string, endDate: string): string {
  const [sy, sm, sd] = startDate.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = endDate.split('-').map(Number) as [number, number, number];
  if (sy !== ey) return `${pad2(sd)}.${pad2(sm)}.${sy}-${pad2(ed)}.${pad2(em)}.${ey}`;
  if (sm !== em) return `${pad2(sd)}.${pad2(sm)}.-${pad2(ed)}.${pad2(em)}.${ey}`;
  return `${pad2(sd)}.-${pad2(ed)}.${pad2(em)}.${ey}`;
}

const ESTONIAN_MONTHS = [
  'jaanuar', 'veebruar', 'märts', 'aprill', 'mai', 'juuni', 'juuli', 'august', 'september', 'oktoober', 'november', 'detsember',
] as const;

/** A month `AAAA-KK` in Estonian words: "2025-01" -> "jaanuar 2025" (e.g. "Viimati uuendatud: jaanuar 2025"). */
export function formatEstonianMonth(yearMonth: string): string {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  const name = ESTONIAN_MONTHS[month - 1];
  if (!name || !Number.isInteger(year)) throw new Error(`Not a month AAAA-KK: ${yearMonth}`);
  return `${name} ${year}`;
}

/**
 * An edition's name from its first day: "2027-01-14" -> "jaanuar 2027". It always stands inside a text ("14.-24.01.2027
 * (jaanuar 2027)", "Uus algus retriit Balis – jaanuar 2027"), where Estonian writes month names in lower case (issue 21).
 */
export function editionLabel(startDate: string): string {
  return formatEstonianMonth(startDate.slice(0, 7));
}
