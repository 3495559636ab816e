// React Aria's date fields and calendars build their calendar through @internationalized/date's createCalendar,
// which imports all thirteen calendar systems (Islamic, Hebrew, Japanese, Ethiopic, ...) so that any locale's
// calendar can be made. The admin app runs in et-EE alone (its I18nProvider), whose calendar is the Gregorian one,
// the function's own default. In the browser's bundle this swaps the function for one that makes only that calendar,
// as @react-aria/optimize-locales-plugin keeps only et-EE's strings (docs/decisions/023-page-javascript.md).
// tests/unit/gregorian-calendar.test.ts checks that the swapped module still has the one export and that et-EE asks
// for 'gregory'.

const CREATE_CALENDAR = /[\\/]@internationalized[\\/]date[\\/]dist[\\/]private[\\/]createCalendar\.mjs$/;

export const GREGORIAN_ONLY_SOURCE = `import { GregorianCalendar } from './calendars/GregorianCalendar.mjs';
/** et-EE's calendar; the app has no other locale (scripts/vite/gregorian-calendar.mjs). */
export function createCalendar() {
  return new GregorianCalendar();
}
`;

/** @returns {import('vite').Plugin} */
export function gregorianCalendarOnly() {
  return {
    name: 'gregorian-calendar-only',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load(id) {
      return CREATE_CALENDAR.test(id.split('?')[0] ?? '') ? GREGORIAN_ONLY_SOURCE : null;
    },
  };
}
