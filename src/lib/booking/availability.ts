/**
 * GET /api/availability's answer (issues "Back office III" and "Sell"), shared by the API, the booking form and the
 * small script that shows the dates on the landing and booking pages: each published edition that has not started,
 * whether it still takes requests, its places left when it has a limit, and its price. Browser-safe.
 */
import type { AgreementKind } from '../agreement-labels';
import type { EditionPrice } from '../payment-plans';
import type { RetreatEdition } from '../retreat-editions';

/** The booking form's option text for an edition: "14.-24.01.2027 (jaanuar 2027)". */
export const editionOptionLabel = (edition: Pick<RetreatEdition, 'label' | 'badge'>): string => `${edition.badge} (${edition.label})`;

/** Below this many places left the form says how many ("N kohta vaba"); above it, just that there are places. */
export const FEW_PLACES_LEFT = 5;

export interface EditionAvailability extends RetreatEdition {
  /** Requests are taken until the day before `closesOn` (Europe/Tallinn calendar days). */
  open: boolean;
  closesOn: string;
  /** null: the retreat has no limit set. Never below 0. */
  placesLeft: number | null;
  /** No place left: a request becomes a waiting-list request. */
  full: boolean;
  /** Per person, with the room types' supplements: the form prices the party with it (the API prices again). */
  price: EditionPrice;
}

export interface AvailabilityResponse {
  /** The server's Tallinn day: the plans' due days count from it (the visitor's own clock may be wrong). */
  today: string;
  editions: EditionAvailability[];
  /**
   * Issue 42: the version of each text in force today and the SHA-256 of its exact text: the form links the version's
   * page and sends the hash back with the request (a text changed in between is refused, 409).
   */
  agreements: Record<AgreementKind, { version: string; sha256: string }>;
}

export const AVAILABILITY_TEXTS = {
  placesLeft: (n: number) => (n === 1 ? '1 koht vaba' : `${n} kohta vaba`),
  full: 'Kohad on täis – ootejärjekorda',
  waitingListNote:
    'Sellel retriidil on kohad täis. Saatke taotlus ootejärjekorda: kui koht vabaneb, võtame Teiega ühendust järjekorra alusel.',
  noneOpenTitle: 'Praegu ei ole ühtegi retriiti, kuhu saaks registreeruda',
  noneOpenText:
    'Järgmiste retriitide ajad avaldame peagi. Kirjutage meile allolevas vormis ja anname Teile teada, kui registreerimine avaneb.',
  /** The landing and booking pages' date badges when nothing is open: the same honesty, and the way to ask. */
  noneOpenShort: 'Uued ajad avaldame peagi',
  askLink: 'Küsi järgmiste aegade kohta',
  unavailable: 'Vabade kohtade laadimine ebaõnnestus. Palun laadige leht uuesti või kirjutage meile.',
  loading: 'Laadin retriitide aegu...',
} as const;
