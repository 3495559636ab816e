/**
 * What the guest is told when the organiser acts on their booking (issue "Sell"): it is confirmed, their
 * cancellation request arrived, it is cancelled (with the refund), it moved to another edition, a place freed up for
 * them on the waiting list, or an admin made it for them. Each goes through the outbox in the batch that made the
 * change, to the booking's main guest, and only if that change happened (the statement before it changed a row, or
 * the guard given), so a refused or repeated action tells no one. Each is in the booking's e-mails.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatDateEt, formatMoney } from '../../../src/lib/format';
import { offerDeadline } from '../../../src/lib/place-offers';
import { SCHEDULE_PART_LABELS } from '../../../src/lib/payment-schedule';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import { SITE_CONTACTS } from '../../../src/lib/retreat-editions';
import type { ScheduleItem } from '../../../src/lib/payment-schedule';
import { bookings, guests } from '../../db/schema';
import { outboxInsert } from './outbox';
import type { AppDeps } from '../../deps';
import { escapeHtml, mailLayout } from './html';
import { paymentInstructions } from './templates';

export type GuestNoticeKind =
  | 'booking_confirmed'
  | 'cancellation_received'
  | 'booking_cancelled'
  | 'booking_moved'
  | 'place_offered'
  // Issue 38: the waiting list's offer of freed places, and its lapse.
  | 'place_offer'
  | 'place_offer_lapsed'
  | 'put_on_waiting_list'
  | 'booking_created'
  // The go/no-go (issue 24, ./edition-notices): the edition goes ahead, or the organiser cancelled it.
  | 'retreat_confirmed'
  | 'retreat_cancelled';

export interface Notice {
  subject: string;
  paragraphs: string[];
}

/** The days of a retreat as a sentence part: "14.01.2027–24.01.2027". */
export const retreatDays = (r: { startDate: string | null; endDate: string | null } | null): string =>
  r?.startDate ? `${formatDateEt(r.startDate)}${r.endDate ? `–${formatDateEt(r.endDate)}` : ''}` : 'kokkulepitud ajal';

/** What is still to pay, part by part: "1. osamakse 866,00 € hiljemalt 10.12.2026". */
const scheduleLines = (schedule: readonly ScheduleItem[]) =>
  schedule.filter((p) => p.outstandingCents > 0).map((p) => `${SCHEDULE_PART_LABELS[p.part]} ${formatMoney(p.outstandingCents)} hiljemalt ${formatDateEt(p.dueOn)}`);

function paying(bookingId: number, schedule: readonly ScheduleItem[]): string[] {
  const lines = scheduleLines(schedule);
  if (lines.length === 0) return [];
  return [`Tasumisele kuulub: ${lines.join('; ')}.`, `Tasuge pangaülekandega: ${paymentInstructions(bookingReferenceNumber(bookingId))}`];
}

const name = SITE_CONTACTS.retreatName;


export const GUEST_NOTICES = {
  confirmed: (b: { id: number; retreat: { name: string; startDate: string | null; endDate: string | null } | null; schedule: readonly ScheduleItem[] }): Notice => ({
    subject: `Broneering kinnitatud – ${name}`,
    paragraphs: [`Teie broneering nr ${b.id} on kinnitatud: ootame Teid ${retreatDays(b.retreat)}.`, ...paying(b.id, b.schedule)],
  }),
  cancellationReceived: (b: { id: number }, refundCents: number): Notice => ({
    subject: `Tühistamise soov kätte saadud – ${name}`,
    paragraphs: [
      `Saime kätte Teie soovi tühistada broneering nr ${b.id}. Tingimuste järgi tagastame täna tühistades ${formatMoney(refundCents)}.`,
      'Kinnitame tühistamise ja tagastuse lähiajal eraldi kirjaga.',
    ],
  }),
  cancelled: (b: { id: number }, refundCents: number): Notice => ({
    subject: `Broneering tühistatud – ${name}`,
    paragraphs: [
      `Teie broneering nr ${b.id} on tühistatud.`,
      refundCents > 0 ? `Tagastame Teile ${formatMoney(refundCents)} samale kontole, kust makse tuli.` : 'Tingimuste järgi tagastatavat summat ei ole.',
    ],
  }),
  moved: (b: { id: number; schedule: readonly ScheduleItem[] }, to: { name: string; startDate: string | null; endDate: string | null }): Notice => ({
    subject: `Broneering viidi teisele retriidile – ${name}`,
    paragraphs: [`Teie broneering nr ${b.id} on nüüd retriidil „${to.name}“ (${retreatDays(to)}).`, ...paying(b.id, b.schedule)],
  }),
  placeOffered: (b: { id: number; retreat: { name: string; startDate: string | null; endDate: string | null } | null; schedule: readonly ScheduleItem[] }): Notice => ({
    subject: `Vabanes koht – ${name}`,
    paragraphs: [
      `Hea uudis: retriidil ${retreatDays(b.retreat)} vabanes koht kogu Teie seltskonnale ja Teie broneering nr ${b.id} ei ole enam ootejärjekorras.`,
      ...paying(b.id, b.schedule),
    ],
  }),
  /** Issue 38: freed places held for a waiting party until `expiresAt`; the link confirms them. */
  offer: (b: { id: number; retreat: { name: string; startDate: string | null; endDate: string | null } | null; people: number }, o: { link: string; expiresAt: string }): Notice => ({
    subject: `Teile vabanes koht – kinnitage see ${offerDeadline(o.expiresAt)} – ${name}`,
    paragraphs: [
      `Hea uudis: retriidil ${retreatDays(b.retreat)} vabanes koht kogu Teie seltskonnale (${b.people} ${b.people === 1 ? 'inimene' : 'inimest'}), broneering nr ${b.id}.`,
      `Hoiame kohta Teie jaoks kuni ${offerDeadline(o.expiresAt)}. Kinnitage see lingil ${o.link} või oma kontol („Minu broneeringud“).`,
      'Kui Te kohta enam ei soovi, ei pea midagi tegema: pärast tähtaega pakume seda järjekorras järgmisele.',
    ],
  }),
  offerAccepted: (b: { id: number; retreat: { name: string; startDate: string | null; endDate: string | null } | null; schedule: readonly ScheduleItem[] }): Notice => ({
    subject: `Koht on Teie – ${name}`,
    paragraphs: [`Kinnitasite koha retriidil ${retreatDays(b.retreat)}: Teie broneering nr ${b.id} ei ole enam ootejärjekorras.`, ...paying(b.id, b.schedule)],
  }),
  offerLapsed: (b: { id: number; retreat: { name: string; startDate: string | null; endDate: string | null } | null }): Notice => ({
    subject: `Pakkumine aegus – ${name}`,
    paragraphs: [
      `Pakutud koht retriidil ${retreatDays(b.retreat)} (broneering nr ${b.id}) jäi tähtajaks kinnitamata ja läks järjekorras järgmisele.`,
      'Teie broneering jääb ootejärjekorda. Kui soovite siiski tulla, kirjutage meile.',
    ],
  }),
  putOnWaitingList: (b: { id: number; retreat: { name: string; startDate: string | null; endDate: string | null } | null }): Notice => ({
    subject: `Broneering on ootejärjekorras – ${name}`,
    paragraphs: [
      `Teie broneering nr ${b.id} on nüüd retriidi ${retreatDays(b.retreat)} ootejärjekorras: praegu ei ole sellel kogu Teie seltskonnale kohti.`,
      'Maksta ei ole vaja enne, kui koht vabaneb: anname Teile kohe teada.',
    ],
  }),
  created: (b: { id: number; retreat: { name: string; startDate: string | null; endDate: string | null } | null; totalCents: number | null; schedule: readonly ScheduleItem[] }): Notice => ({
    subject: `Teile tehti broneering – ${name}`,
    paragraphs: [
      `Tegime Teile broneeringu nr ${b.id}${b.retreat ? ` (${retreatDays(b.retreat)})` : ''}${b.totalCents !== null ? `, summa ${formatMoney(b.totalCents)}` : ''}.`,
      ...paying(b.id, b.schedule),
    ],
  }),
};

function render(notice: Notice, firstName: string | null): { subject: string; text: string; html: string } {
  const greeting = firstName ? `Tere, ${firstName}!` : 'Tere!';
  const outro = `Küsimuste korral vastake sellele kirjale või kirjutage ${SITE_CONTACTS.email}.`;
  return {
    subject: notice.subject,
    text: [greeting, '', ...notice.paragraphs.flatMap((p) => [p, '']), outro, '', name].join('\n'),
    html: mailLayout(
      notice.subject,
      `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(greeting)}</h1>
${notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p>${escapeHtml(outro)}</p>
<p style="color:#4a5a5a">${escapeHtml(name)}</p>`,
    ),
  };
}

/**
 * The outbox row of a notice to the booking's main guest, for a batch: written only when `when` holds (by default:
 * the statement before it changed a row) and the guest has an address. The dispatcher sends it.
 */
export function guestNoticeInsert(
  deps: Pick<AppDeps, 'db' | 'now'>,
  booking: { id: number; firstName: string | null },
  kind: GuestNoticeKind,
  notice: Notice,
  when: SQL = sql`changes() > 0`,
) {
  const address = sql`(SELECT g.email FROM ${bookings} AS b JOIN ${guests} AS g ON g.id = b.guest_id WHERE b.id = ${booking.id})`;
  return outboxInsert(deps.db, { kind, to: address, bookingId: booking.id, ...render(notice, booking.firstName) }, deps.now(), { when: sql`${address} IS NOT NULL AND (${when})` });
}
