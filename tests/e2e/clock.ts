/**
 * The test server's clock (playwright.config.ts starts it at TEST_CLOCK_START so every edition of the content file
 * takes requests): what the server calls "now", give or take its few seconds of start-up. Tests that compare with
 * dates the server wrote ("joined today", a date range of audit records) use this, not the machine's clock.
 */
import { TEST_CLOCK_START } from '../helpers/test-clock';

export function serverNow(): Date {
  const setAt = Number(process.env.E2E_CLOCK_SET_AT);
  if (!setAt) throw new Error('E2E_CLOCK_SET_AT is not set (playwright.config.ts sets it)');
  return new Date(Date.parse(TEST_CLOCK_START) + (Date.now() - setAt));
}
