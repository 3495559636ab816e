/**
 * The admin spec's labels (section 4) in one place, for the screens, the search ("status text") and print: booking
 * status, payment status with its badge colour, room type, room sharing, bed type. A value outside the known set is
 * shown raw; an empty one as 'Määramata'. The audit trail's words, a long table only its screens use, are
 * ./audit-labels.
 */

import type { BookingStatus, PaymentMethod, PaymentStatus } from './enums';

export type BadgeTone = 'green' | 'yellow' | 'blue' | 'red' | 'grey';

export const UNSET_LABEL = 'Määramata';

/** A request made when its edition had no places left (GET /api/availability): its badge and its filter's words. */
export const WAITING_LIST_LABEL = 'Ootejärjekorras';
export const WAITING_LIST_FILTER_LABELS = { yes: 'Ainult ootejärjekord', no: 'Ilma ootejärjekorrata' } as const;

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = { pending: 'Ootel', confirmed: 'Kinnitatud', cancelled: 'Tühistatud' };
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Ootel',
  partial: 'Osaliselt makstud',
  paid: 'Makstud',
  overdue: 'Tähtaeg ületatud',
  failed: 'Makse ebaõnnestus',
};
export const ROOM_TYPE_LABELS: Record<string, string> = { single: 'Ühekohaline', shared: 'Jagatud', double: 'Kahekohaline' };
export const BED_TYPE_LABELS: Record<string, string> = { single_bed: 'Üheinimesevoodi', double_bed: 'Kaheinimesevoodi' };

const label = (labels: Record<string, string>) => (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? UNSET_LABEL : (labels[value] ?? value);

export const bookingStatusLabel = label(BOOKING_STATUS_LABELS as Record<string, string>);
/**
 * A cancelled booking's payment is settled, whatever its last payment status: the cancellation's refund and credit
 * note decided what was kept, and nothing more is owed (worker/domain/money/balance.ts).
 */
export const SETTLED_LABEL = 'Tasaarveldatud';

export const paymentStatusLabel = (value: string | null | undefined, bookingStatus?: string): string =>
  bookingStatus === 'cancelled' ? SETTLED_LABEL : label(PAYMENT_STATUS_LABELS as Record<string, string>)(value);
export const roomTypeLabel = label(ROOM_TYPE_LABELS);
export const bedTypeLabel = label(BED_TYPE_LABELS);

/** The detail view's rule: 'Jagatud' for shared, otherwise 'Eraldi'. */
export const roomSharingLabel = (value: string | null | undefined): string => (value === 'shared' ? 'Jagatud' : 'Eraldi');

/** Payment badges: paid green, pending yellow, partial blue, anything else red (spec section 4). */
export function paymentStatusTone(value: string | null | undefined, bookingStatus?: string): BadgeTone {
  if (bookingStatus === 'cancelled') return 'grey';
  return value === 'paid' ? 'green' : value === 'pending' ? 'yellow' : value === 'partial' ? 'blue' : 'red';
}

/** Booking badges follow the same colour logic: confirmed green, pending yellow, cancelled red, unknown grey. */
export function bookingStatusTone(value: string | null | undefined): BadgeTone {
  return value === 'confirmed' ? 'green' : value === 'pending' ? 'yellow' : value === 'cancelled' ? 'red' : 'grey';
}

/**
 * The status values whose raw value or Estonian label contains the search text ("ootel" → pending, "kinnit" →
 * confirmed), so the list's search over "status text" finds what the admin sees on screen.
 */
export function statusesMatching(text: string): string[] {
  const needle = text.trim().toLocaleLowerCase('et');
  if (!needle) return [];
  return Object.entries(BOOKING_STATUS_LABELS)
    .filter(([value, shown]) => value.includes(needle) || shown.toLocaleLowerCase('et').includes(needle))
    .map(([value]) => value);
}

/** How a payment came in (../admin/payments' ledger entries). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Pangaülekanne',
  bank_link: 'Pangalink',
  card: 'Kaardimakse',
  cash: 'Sularaha',
  other: 'Muu',
  gift_voucher: 'Kinkekaart',
};

/** The booking detail's selling actions (move, waiting-list place, payment plan): their refusals and toasts. */
export const MOVE_MESSAGES = {
  sameRetreat: 'Broneering on juba sellel retriidil.',
  retreatRequired: 'Valige retriit, kuhu broneering viia.',
  moved: 'Broneering viidi teisele retriidile',
  noTargets: 'Ühtegi retriiti, kuhu broneeringu saaks viia, ei ole: teised on alanud, tühistatud või selle seltskonna jaoks täis.',
  planRequired: 'Valige maksmise viis, mille uue retriidi kuupäevad lubavad.',
  planNotOnNewDays: (current: string) => `Praegune maksmise viis („${current}“) ei ole uue retriidi kuupäevadega võimalik.`,
  registrationClosed: 'Selle retriidi registreerimine on suletud. „Vii siiski“ viib broneeringu sinna Teie otsusel.',
  waitingList: 'Broneering on nüüd ootejärjekorras',
  promoted: 'Broneering on ootejärjekorrast väljas',
  planChanged: 'Maksmise viis muudetud',
} as const;
