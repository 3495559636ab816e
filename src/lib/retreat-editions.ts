import settings from '../../content/settings/site.json';

/** One bookable retreat edition, as the editors wrote it in content/settings/site.json. */
export interface RetreatEdition {
  id: string;
  label: string;
  startDate: string;
  endDate: string;
  badge: string;
}

/**
 * The editions the booking form offers and the API accepts. Read straight from the content file (the build has
 * validated it against its schema) so the form, the API and the e-mails can never disagree about dates.
 */
export const RETREAT_EDITIONS: readonly RetreatEdition[] = settings.editions.map(({ id, label, startDate, endDate, badge }) => ({
  id,
  label,
  startDate,
  endDate,
  badge,
}));

/** The booking form's retreat choices; the page passes them to the island so the island ships no content file. */
export const RETREAT_MONTH_OPTIONS = RETREAT_EDITIONS.map((e) => ({ value: e.id, label: `${e.badge} (${e.label})` }));
export type RetreatMonthOption = (typeof RETREAT_MONTH_OPTIONS)[number];

/** Registration for an edition closes this many days before its start (the content's "4-5 days": the later, 4). */
export const REGISTRATION_CLOSES_DAYS_BEFORE: number = settings.retreat.registrationClosesDaysBefore.min;

export function findEdition(id: string): RetreatEdition | undefined {
  return RETREAT_EDITIONS.find((edition) => edition.id === id);
}

/** The team's contact details for e-mails and error texts, from the same file. */
export const SITE_CONTACTS = {
  email: settings.contacts.email,
  phone: settings.contacts.phone,
  whatsapp: settings.contacts.whatsapp,
  retreatName: settings.retreatName,
  venue: settings.venue,
} as const;

/** The version of the terms of use a booking accepts: the month they were last changed (content/legal/tingimused.md). */
export const TERMS_VERSION: string = settings.terms.lastUpdated;
