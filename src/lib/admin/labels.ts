/**
 * The admin spec's labels (section 4) in one place, for the screens, the search ("status text") and print: booking
 * status, payment status with its badge colour, room type, room sharing, bed type. A value outside the known set is
 * shown raw; an empty one as 'Määramata'.
 */

import { AUDIT_ACTIONS, type AuditAction, type AuditSeverity, type PaymentStatus } from '../enums';

export type BadgeTone = 'green' | 'yellow' | 'blue' | 'red' | 'grey';

export const UNSET_LABEL = 'Määramata';

/** A request made when its edition had no places left (GET /api/availability): its badge and its filter's words. */
export const WAITING_LIST_LABEL = 'Ootejärjekorras';
export const WAITING_LIST_FILTER_LABELS = { yes: 'Ainult ootejärjekord', no: 'Ilma ootejärjekorrata' } as const;

export const BOOKING_STATUS_LABELS: Record<string, string> = { pending: 'Ootel', confirmed: 'Kinnitatud', cancelled: 'Tühistatud' };
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

export const bookingStatusLabel = label(BOOKING_STATUS_LABELS);
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

// ── audit trail ─────────────────────────────────────────────────────────────────────────────────────────────────

export const AUDIT_SEVERITY_LABELS: Record<AuditSeverity, string> = {
  low: 'Madal',
  medium: 'Keskmine',
  high: 'Kõrge',
  critical: 'Kriitiline',
};

/** Every action the server writes (AUDIT_ACTIONS), in Estonian: the screen's words and its filter's options. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  login: 'Sisselogimine',
  signout: 'Väljalogimine',
  session_timeout: 'Seanss aegus',
  password_reset: 'Salasõna muutmine',
  role_change: 'Rolli muutmine',
  excessive_login_attempts: 'Liiga palju sisselogimisi',
  'account.export': 'Konto andmete allalaadimine',
  'account.delete': 'Konto kustutamine',
  'booking.view': 'Broneeringu vaatamine',
  'booking.create': 'Broneeringu loomine',
  'booking.update': 'Broneeringu muutmine',
  'booking.services': 'Lisateenuste muutmine',
  'booking.companions': 'Kaasreisijate hindade muutmine',
  'booking.delete': 'Broneeringu kustutamine',
  'booking.email_resend': 'Kirja uuesti saatmine',
  'booking.reminders': 'Maksemeeldetuletuste sisse- või väljalülitamine',
  'booking.move': 'Broneeringu viimine teisele retriidile',
  'booking.promote': 'Ootejärjekorrast kohale',
  'booking.plan': 'Maksmise viisi muutmine',
  'booking.cancel': 'Broneeringu tühistamine',
  'booking.cancellation_requested': 'Tühistamise taotlus',
  'guest.update': 'Külalise andmete muutmine',
  'guest.health_read': 'Külalise terviseandmete vaatamine',
  'travellers.update': 'Reisiandmete muutmine',
  'travellers.health_read': 'Reisijate terviseandmete vaatamine',
  'health_data.erased': 'Terviseandmete kustutamine',
  'payment.record': 'Makse lisamine',
  'payment.refund': 'Tagasimakse lisamine',
  'payment.reverse': 'Makse tühistamine',
  'payment.overdue': 'Makse tähtaeg ületatud',
  'payment.import': 'Makse pangaväljavõttest',
  'payment.online': 'Makse internetis (Montonio)',
  'bank_statement.import': 'Pangaväljavõtte import',
  'bank_transaction.assign': 'Väljavõtte makse määramine broneeringule',
  'bank_transaction.dismiss': 'Väljavõtte makse kõrvalejätmine',
  'invoice.issue': 'Arve koostamine',
  'invoice.credit_note': 'Kreeditarve koostamine',
  'invoice.send': 'Arve saatmine',
  'customer.view': 'Kliendi vaatamine',
  'customer.create': 'Kliendi lisamine',
  'customer.update': 'Kliendi muutmine',
  'customer.delete': 'Kliendi kustutamine',
  'customer.sync': 'Broneerijate sünkroniseerimine',
  'retreat.create': 'Retriidi lisamine',
  'retreat.update': 'Retriidi muutmine',
  'retreat.delete': 'Retriidi kustutamine',
  'retreat.publish': 'Retriidi müüki avaldamine',
  'retreat.unpublish': 'Retriidi müügilt võtmine',
  'email.test': 'E-posti test',
};

/** The audit screen's action filter: every action, in the order of AUDIT_ACTIONS (sign-in, bookings, money, …). */
export const AUDIT_ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));

/** A stored action outside today's vocabulary (an old record) is shown as it was written. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
