/**
 * Who is on an edition for its run sheets (issue 24): everyone on its confirmed bookings, main guests and companions,
 * each with their travel details (without health information) and their booking's room wishes. Pure: the admin use
 * case (worker/admin/retreat-sheets.ts) loads the rows, these functions shape them, and each sheet builds on them.
 */
import type { TravelDetails } from '../../../../src/lib/travel-details';
import { formatDateEt } from '../../../../src/lib/format';
import { ageOn as wholeYears } from '../../../../src/lib/booking/age';

export interface SheetEdition {
  id: number;
  name: string;
  startDate: string | null;
  endDate: string | null;
}

export interface SheetPerson {
  bookingId: number;
  position: number;
  role: 'main' | 'companion';
  name: string;
  /** Travel details as the travellers view gives them (health fields always null here). */
  details: TravelDetails;
  /** A companion's age as the booking form gave it, for when no birthday is known. */
  bookedAge: number | null;
  complete: boolean;
  missing: (keyof TravelDetails)[];
  passportWarning: string | null;
  roomType: string | null;
  roomSharing: string | null;
  bedType: string | null;
  /** The booking's own arrival and departure (day and time as the admin typed them), used when the person gave no flight. */
  bookingArrival: { date: string | null; time: string | null };
  bookingDeparture: { date: string | null; time: string | null };
  room: string | null;
  /** Issue 42: which of the texts in force the person has signed (or a guardian for them). */
  signed: { terms: boolean; waiver: boolean };
}

/** Full years on `day` of someone born on `birthday` (both ISO days); null when either is missing. */
export function ageOn(birthday: string | null, day: string | null): number | null {
  if (!birthday || !day || !/^\d{4}-\d{2}-\d{2}/.test(birthday)) return null;
  return wholeYears(birthday.slice(0, 10), day.slice(0, 10));
}

/** The person's age on the first day: from their birthday, else the age the booking form gave. */
export const ageAtStart = (person: SheetPerson, edition: SheetEdition): number | null => ageOn(person.details.dateOfBirth, edition.startDate) ?? person.bookedAge;

const collator = new Intl.Collator('et', { sensitivity: 'base' });

/** The sheets' order: by the name a person is listed under (Estonian alphabet), then booking and position. */
export function byName(a: SheetPerson, b: SheetPerson): number {
  return collator.compare(a.name, b.name) || a.bookingId - b.bookingId || a.position - b.position;
}

/** "Mari Maasikas (broneering 12)": how a sheet names someone in notes. */
export const personRef = (p: Pick<SheetPerson, 'name' | 'bookingId'>) => `${p.name} (broneering ${p.bookingId})`;

/** A stored Bali-time "YYYY-MM-DDTHH:MM" as "dd.mm.yyyy HH:MM". */
export const baliDateTime = (value: string) => `${formatDateEt(value.slice(0, 10))} ${value.slice(11, 16)}`.trim();

export const orDash = (value: string | null | undefined) => (value && value.trim() ? value : '–');

export const editionDays = (edition: SheetEdition) =>
  edition.startDate && edition.endDate ? `${formatDateEt(edition.startDate)}–${formatDateEt(edition.endDate)}` : '';
