/**
 * The waiting list's offer of freed places (issue 38) as the guest meets it: the page its e-mail links to (/vaba-koht,
 * src/scripts/place-offer.ts, no framework) and the portal's "Kinnita koht". Browser-safe: words and shapes only.
 */
import { formatDateEt, formatDateTime, formatMoney } from './format';

export const PLACE_OFFER_PATH = '/vaba-koht';

/** POST /api/place-offers/view: the offer as the page shows it. */
export interface PlaceOfferView {
  bookingId: number;
  retreat: { name: string; startDate: string | null; endDate: string | null } | null;
  people: number;
  expiresAt: string;
  totalCents: number;
  /** What is due first once the places are taken (the plan's schedule counted from today). */
  firstPart: { label: string; amountCents: number; dueOn: string } | null;
}

/** An offer's deadline as the guest reads it, in Tallinn time: "30.11.2026 kell 14:05". */
export const offerDeadline = (instant: string): string => formatDateTime(instant).replace(' ', ' kell ');

const days = (r: PlaceOfferView['retreat']) => (r?.startDate ? `${formatDateEt(r.startDate)}${r.endDate ? `–${formatDateEt(r.endDate)}` : ''}` : '');

export const PLACE_OFFER_TEXTS = {
  title: 'Teile vabanes koht',
  loading: 'Laadin pakkumist...',
  summary: (o: PlaceOfferView) =>
    `Retriidil ${o.retreat?.name ?? ''}${o.retreat?.startDate ? ` (${days(o.retreat)})` : ''} vabanes koht kogu Teie seltskonnale: ${o.people} ${o.people === 1 ? 'inimene' : 'inimest'}, broneering nr ${o.bookingId}.`,
  deadline: (o: PlaceOfferView) => `Hoiame kohta Teie jaoks kuni ${offerDeadline(o.expiresAt)}.`,
  price: (o: PlaceOfferView) =>
    `Hind kokku ${formatMoney(o.totalCents)}.${o.firstPart ? ` Pärast kinnitamist kuulub tasumisele ${o.firstPart.label.toLocaleLowerCase('et')} ${formatMoney(o.firstPart.amountCents)} hiljemalt ${formatDateEt(o.firstPart.dueOn)}.` : ''}`,
  accept: 'Kinnitan koha',
  accepting: 'Kinnitan...',
  accepted: 'Koht on Teie!',
  acceptedBody: 'Saatsime kinnituse ja maksejuhised e-postiga. Broneeringut näete ka oma kontol.',
  noToken: 'Lingis ei ole pakkumise koodi. Avage link e-kirjast uuesti.',
  offline: 'Ühendus katkes. Kontrollige internetiühendust ja proovige uuesti.',
  errorTitle: 'Pakkumist ei saa kinnitada',
  noScript: 'Pakkumise kinnitamiseks on vaja JavaScripti. Saate koha kinnitada ka oma kontol:',
  /** The portal's button and its line on a waiting booking with an open offer. */
  portalLine: (expiresAt: string) => `Teile vabanes koht! Kinnitage see kuni ${offerDeadline(expiresAt)}.`,
  portalAccept: 'Kinnitage koht',
  /** The organiser's line on the booking and the retreat. */
  adminLine: (expiresAt: string) => `Koht pakutud, kinnitamise tähtaeg ${formatDateTime(expiresAt)}`,
  adminStopped: 'Ootejärjekord seda broneeringut ise enam ei paku (pakkumine aegus või pandi see käsitsi ootejärjekorda): andke koht käsitsi.',
} as const;
