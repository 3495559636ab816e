/**
 * An audit record's details in words (issue 21): each field with its Estonian name, each value as the screens show it
 * (money in euros, statuses, plans and methods in Estonian, dates as dates, yes/no), never raw JSON. A field this
 * table does not know keeps its own name; a value it cannot read is summarised, not dumped.
 */
import { formatDate, formatDateTime, formatMoney } from '../format';
import { BANK_OUTCOME_LABELS, REVIEW_REASON_LABELS, STATEMENT_FORMAT_LABELS } from './bank-statements';
import { PAYMENT_PLAN_LABELS, type PaymentPlan } from '../payment-plans';
import { TRAVEL_FIELD_LABELS } from '../travel-details';
import { BED_TYPE_LABELS, BOOKING_STATUS_LABELS, PAYMENT_STATUS_LABELS, ROOM_TYPE_LABELS, roomSharingLabel } from '../labels';
import { PAYMENT_METHOD_LABELS } from '../payments';
import { BOOKING_STATE_LABELS } from '../booking-lifecycle';
import { isWithheldMarker } from '../audit-personal-data';
import { SHEETS, type SheetKind } from '../retreat-sheets';

export const AUDIT_FIELD_LABELS: Record<string, string> = {
  ...TRAVEL_FIELD_LABELS,
  status: 'Staatus',
  paymentStatus: 'Makse staatus',
  roomType: 'Toa tüüp',
  roomSharingPreference: 'Toa jagamine',
  bedTypePreference: 'Voodi tüüp',
  totalAmountCents: 'Summa',
  amountPaidCents: 'Makstud',
  depositAmountCents: 'Ettemaks',
  advanceCents: 'Ettemaks',
  paymentPlan: 'Maksmise viis',
  specialRequests: 'Erisoovid',
  comment: 'Kommentaar',
  comments: 'Märkused',
  extraFood: 'Lisatoit',
  arrivalDate: 'Saabumine',
  departureDate: 'Lahkumine',
  additionalServices: 'Lisateenused',
  companions: 'Kaasreisijad',
  overrideCapacity: 'Kohtade arvu ületamine',
  firstName: 'Eesnimi',
  lastName: 'Perekonnanimi',
  email: 'E-post',
  phone: 'Telefon',
  phoneNumber: 'Telefon',
  nationality: 'Kodakondsus',
  passportNumber: 'Passi number',
  dateOfBirth: 'Sünnikuupäev',
  dietaryPreferences: 'Toitumiseelistused',
  emergencyContact: 'Hädaabikontakt',
  healthInfo: 'Terviseandmed',
  marketingConsent: 'Turundusnõusolek',
  name: 'Nimi',
  location: 'Asukoht',
  description: 'Kirjeldus',
  startDate: 'Algus',
  endDate: 'Lõpp',
  capacity: 'Kohti',
  priceCents: 'Hind inimese kohta',
  basePriceCents: 'Baashind',
  singleRoomSupplementCents: 'Ühekohalise toa lisatasu',
  sharedRoomSupplementCents: 'Jagatud toa lisatasu',
  minParticipants: 'Vähim osalejate arv',
  registrationClosesDaysBefore: 'Registreerimine sulgub (päeva enne)',
  published: 'Müügil',
  edition: 'Retriidi võti',
  amountCents: 'Summa',
  method: 'Makseviis',
  receivedOn: 'Laekumise kuupäev',
  reference: 'Viitenumber',
  note: 'Märkus',
  overpayment: 'Ettemaksuna',
  reversesPaymentId: 'Tühistatav makse',
  refundCents: 'Tagastatav summa',
  quotedRefundCents: 'Pakutud tagastus',
  daysBefore: 'Päevi enne algust',
  reason: 'Põhjus',
  tier: 'Tühistamistingimus',
  number: 'Number',
  totalCents: 'Summa',
  paidCents: 'Makstud',
  to: 'Saaja',
  file: 'Fail',
  buyer: 'Ostja',
  creditsInvoiceId: 'Krediteeritav arve',
  bookingId: 'Broneering',
  fileName: 'Faili nimi',
  format: 'Vorming',
  transactions: 'Tehinguid',
  duplicates: 'Juba imporditud',
  payments: 'Makseid',
  payer: 'Maksja',
  archiveId: 'Arhiveerimistunnus',
  line: 'Rida',
  outcome: 'Tulemus',
  reviewReason: 'Ülevaatuse põhjus',
  bookingCount: 'Broneeringuid',
  bookings: 'Broneeringud',
  bookingsKept: 'Alles jäetud broneeringud',
  by: 'Kes',
  customerId: 'Klient',
  created: 'Lisatud',
  deleted: 'Kustutatud',
  travellers: 'Reisijaid',
  guests: 'Külalisi',
  fields: 'Väljad',
  failures: 'Ebaõnnestunud',
  eligible: 'Sobivaid',
  keptDaysAfterEnd: 'Hoitud päeva pärast lõppu',
  paymentReminders: 'Maksemeeldetuletused',
  kind: 'Liik',
  role: 'Roll',
  version: 'Versioon',
  people: 'Inimesi',
  assigned: 'Toaga',
  from: 'Enne',
  loginsLast24h: 'Sisselogimisi 24 tunni jooksul',
  priceSnapshot: 'Hinnakiri',
  nights: 'Öid',
  first_name: 'Eesnimi',
  last_name: 'Perekonnanimi',
  age: 'Vanus',
  price_cents: 'Hind',
  custom_price_cents: 'Eraldi hind',
  // The go/no-go (issue 24).
  decisionOn: 'Toimumise otsuse päev',
  confirmedPeople: 'Kinnitatud osalejaid',
  paidPeople: 'Makstud osalejaid',
  guestsTold: 'Teavitatud külalisi',
  creditCents: 'Krediteeritud summa',
  keptCents: 'Jäeti tasuna',
  overpaidCents: 'Enammakse',
  overrideRegistration: 'Registreerimise sulgemisest hoolimata',
  creditNotes: 'Kreeditarveid',
  retreatCancelled: 'Tühistatud retriit',
  // A run sheet's download (issue 37).
  sheet: 'Nimekiri',
};

/** Values with words of their own, by field. */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: BOOKING_STATUS_LABELS,
  // A cancellation's `from`: the booking's state (older records: its status).
  from: { ...BOOKING_STATUS_LABELS, ...BOOKING_STATE_LABELS },
  paymentStatus: PAYMENT_STATUS_LABELS,
  roomType: ROOM_TYPE_LABELS,
  bedTypePreference: BED_TYPE_LABELS,
  roomSharingPreference: { shared: roomSharingLabel('shared'), private: roomSharingLabel('private') },
  paymentPlan: PAYMENT_PLAN_LABELS as Record<PaymentPlan, string>,
  method: PAYMENT_METHOD_LABELS,
  by: { self: 'Konto omanik ise', admin: 'Administraator' },
  format: STATEMENT_FORMAT_LABELS,
  outcome: BANK_OUTCOME_LABELS,
  reviewReason: REVIEW_REASON_LABELS,
  sheet: Object.fromEntries(Object.entries(SHEETS).map(([kind, s]) => [kind, s.title])) as Record<SheetKind, string>,
};

/** What a record is about (its resource_type). */
export const AUDIT_RESOURCE_LABELS: Record<string, string> = {
  booking: 'Broneering',
  customer: 'Klient',
  retreat: 'Retriit',
  invoice: 'Arve',
  payment: 'Makse',
  bank_statement: 'Pangaväljavõte',
  bank_transaction: 'Väljavõtte makse',
  user: 'Kasutaja',
  email: 'E-kiri',
  guest: 'Külaline',
  session: 'Seanss',
  contact_message: 'Kontaktisõnum',
  discount_code: 'Sooduskood',
  gift_voucher: 'Kinkekaart',
  webhook: 'Liides',
};

export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? field;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One value as the screens would show it. */
export function auditValueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Jah' : 'Ei';
  if (typeof value === 'number') return /cents$/i.test(field) ? formatMoney(value) : String(value);
  if (typeof value === 'string') {
    const words = VALUE_LABELS[field]?.[value];
    if (words) return words;
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    if (ISO_DAY.test(value)) return formatDate(value);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '–' : value.map((item) => auditValueText(field, item)).join('; ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1 && (value as { changed?: unknown }).changed === true) return 'muudetud (väärtust ei salvestata)';
    if (isWithheldMarker(value)) return 'väärtust ei salvestata';
    return entries.map(([key, inner]) => `${auditFieldLabel(key)}: ${auditValueText(key, inner)}`).join(', ');
  }
  return String(value);
}
