/**
 * The instants the test servers' clocks start at (TEST_CLOCK_START, worker/config.ts), from the editions every
 * database starts with (migration 0017 made the content file's three editions rows, published), so the tests hold
 * whatever today's date is. vitest.config.ts and playwright.config.ts load this module: it imports no JSON.
 */
import { DAY_MS } from '../../src/lib/format';

/** The editions migration 0017 carried over from the content file: published, 1299 € (1599 € struck), no limit. */
export const MIGRATED_EDITIONS = [
  { id: 'nov-2025', label: 'november 2025', startDate: '2025-11-14', endDate: '2025-11-24', badge: '14.-24.11.2025' },
  { id: 'jan-2026', label: 'jaanuar 2026', startDate: '2026-01-14', endDate: '2026-01-24', badge: '14.-24.01.2026' },
  { id: 'mar-2026', label: 'märts 2026', startDate: '2026-03-14', endDate: '2026-03-24', badge: '14.-24.03.2026' },
] as const;

const starts = MIGRATED_EDITIONS.map((edition) => Date.parse(`${edition.startDate}T09:00:00Z`));

/** 60 days before the first edition: every edition takes booking requests. The API tests' default clock, the browser
 * suite's main server and the edge suite's worker; tests about closing set their own. */
export const TEST_CLOCK_START = new Date(Math.min(...starts) - 60 * DAY_MS).toISOString();

/** The last edition's first day: registration has closed for every edition (the page's "none open" state). */
export const AFTER_EDITIONS_CLOCK_START = new Date(Math.max(...starts)).toISOString();
