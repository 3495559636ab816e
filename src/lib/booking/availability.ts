/**
 * GET /api/availability's answer (issue "Back office III"), shared by the API and the booking form: each public
 * edition, whether it still takes requests, and its places left when the retreat has a limit. Browser-safe.
 */

/** Below this many places left the form says how many ("N kohta vaba"); above it, just that there are places. */
export const FEW_PLACES_LEFT = 5;

export interface EditionAvailability {
  id: string;
  label: string;
  badge: string;
  startDate: string;
  endDate: string;
  /** Requests are taken until the day before `closesOn` (Europe/Tallinn calendar days). */
  open: boolean;
  closesOn: string;
  /** null: the retreat has no limit set. Never below 0. */
  placesLeft: number | null;
  /** No place left: a request becomes a waiting-list request. */
  full: boolean;
}

export interface AvailabilityResponse {
  editions: EditionAvailability[];
}

export const AVAILABILITY_TEXTS = {
  placesLeft: (n: number) => (n === 1 ? '1 koht vaba' : `${n} kohta vaba`),
  full: 'Kohad on täis – ootejärjekorda',
  waitingListNote:
    'Sellel retriidil on kohad täis. Saatke taotlus ootejärjekorda: kui koht vabaneb, võtame Teiega ühendust järjekorra alusel.',
  noneOpenTitle: 'Praegu ei ole ühtegi retriiti, kuhu saaks registreeruda',
  noneOpenText:
    'Järgmiste retriitide ajad avaldame peagi. Kirjutage meile allolevas vormis ja anname Teile teada, kui registreerimine avaneb.',
  unavailable: 'Vabade kohtade laadimine ebaõnnestus. Palun laadige leht uuesti või kirjutage meile.',
  loading: 'Laadin retriitide aegu...',
} as const;
