/**
 * Retreat editions as visitors see them. Since the issue "Sell" the editions are back-office data (the `retreats`
 * table, published by an admin): the booking form, the booking page and the landing page read them at run time
 * from GET /api/availability. This module keeps what is the same for every edition: its public name and date badge
 * from its days, and the site's contact details from the content file. Browser-safe.
 */
// Named imports: a browser bundle takes only these parts of the settings file.
import { contacts, retreat, retreatName, terms, venue } from '../../content/settings/site.json';
import { editionLabel, formatDateRangeBadge } from './format';

/** One edition as the public pages name it: its key (the booking's `retreatMonth`), name and date badge. */
export interface RetreatEdition {
  id: string;
  label: string;
  startDate: string;
  endDate: string;
  badge: string;
}

/** An edition's public names from its key and days: "jaanuar 2027", "14.-24.01.2027". */
export function publicEdition(id: string, startDate: string, endDate: string): RetreatEdition {
  return { id, label: editionLabel(startDate), startDate, endDate, badge: formatDateRangeBadge(startDate, endDate) };
}


/** A new edition's registration closes this many days before its start unless the admin sets another (the content's "4-5 days": the later, 4). */
export const REGISTRATION_CLOSES_DAYS_BEFORE: number = retreat.registrationClosesDaysBefore.min;

/** The terms' minimum number of participants, a new edition's default. */
export const MIN_PARTICIPANTS: number = terms.minParticipants;

/** The team's contact details for e-mails and error texts, from the same file. */
export const SITE_CONTACTS = {
  email: contacts.email,
  phone: contacts.phone,
  whatsapp: contacts.whatsapp,
  retreatName,
  venue,
} as const;

