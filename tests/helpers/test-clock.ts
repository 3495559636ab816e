/**
 * The instants the test servers' clocks start at (TEST_CLOCK_START, worker/config.ts), from the content file's
 * editions, so the tests hold whatever today's date is. The file is read, not imported: vitest.config.ts and
 * playwright.config.ts load this module, and their loaders differ on JSON imports.
 */
import { readFileSync } from 'node:fs';
import { DAY_MS } from '../../src/lib/format';

/** The editions of content/settings/site.json, as the site has them. */
export const CONTENT_EDITIONS = (
  JSON.parse(readFileSync(new URL('../../content/settings/site.json', import.meta.url), 'utf8')) as {
    editions: { id: string; label: string; startDate: string; endDate: string; badge: string }[];
  }
).editions;

const starts = CONTENT_EDITIONS.map((edition) => Date.parse(`${edition.startDate}T09:00:00Z`));

/** 60 days before the first edition: every edition takes booking requests. The API tests' default clock, the browser
 * suite's main server and the edge suite's worker; tests about closing set their own. */
export const TEST_CLOCK_START = new Date(Math.min(...starts) - 60 * DAY_MS).toISOString();

/** The last edition's first day: registration has closed for every edition (the page's "none open" state). */
export const AFTER_EDITIONS_CLOCK_START = new Date(Math.max(...starts)).toISOString();
