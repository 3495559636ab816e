/**
 * The audit trail's words (issue "Back office III"): severities and every action the server writes, in Estonian.
 * Apart from ./labels: the action table is long, and only the audit screen and the dashboard's recent events show it.
 */
import { AUDIT_ACTIONS, type AuditAction, type AuditSeverity } from '../enums';

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
  'booking.offer': 'Vabanenud koha pakkumine',
  'booking.offer_lapsed': 'Pakkumine aegus',
  'booking.offer_accepted': 'Pakkumine kinnitatud',
  'booking.waiting_list': 'Ootejärjekorda panemine',
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
  'payment.gift_voucher': 'Makse kinkekaardiga',
  'gift_voucher.create': 'Kinkekaardi väljastamine',
  'agreement.link_sent': 'Allkirjastamise link saadetud',
  'agreement.sign': 'Tingimused allkirjastatud',
  'bank_statement.import': 'Pangaväljavõtte import',
  'bank_transaction.assign': 'Väljavõtte makse määramine broneeringule',
  'bank_transaction.dismiss': 'Väljavõtte makse kõrvalejätmine',
  'invoice.issue': 'Arve koostamine',
  'invoice.credit_note': 'Kreeditarve koostamine',
  'invoice.send': 'Arve saatmine',
  'contact_message.reply': 'Vastus kontaktivormi sõnumile',
  'group_message.send': 'Kiri retriidi grupile',
  'feedback.export': 'Tagasiside allalaadimine',
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
  'retreat.health_sheet_read': 'Retriidi terviseandmete nimekirja allalaadimine',
  'retreat.sheet_read': 'Retriidi nimekirja allalaadimine',
  'retreat.rooms': 'Tubade jagamine',
  'retreat.confirm': 'Retriidi toimumise kinnitamine',
  'retreat.cancel': 'Retriidi tühistamine',
  'discount_code.create': 'Sooduskoodi lisamine',
  'discount_code.update': 'Sooduskoodi muutmine',
  'discount_code.end': 'Sooduskoodi lõpetamine',
  'email.test': 'E-posti test',
};

/** The audit screen's action filter: every action, in the order of AUDIT_ACTIONS (sign-in, bookings, money, …). */
export const AUDIT_ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));

/** A stored action outside today's vocabulary (an old record) is shown as it was written. */
export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
