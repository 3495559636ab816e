/**
 * The payment rules, read from content/settings/site.json (their one home): the server derives a booking's deposit
 * flag from them, and the screens and documents show them. Browser-safe.
 */
import settings from '../../content/settings/site.json';

/** The advance payment that confirms a place, in cents. */
export const ADVANCE_CENTS: number = settings.payments.advanceEur * 100;
