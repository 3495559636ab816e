/**
 * An issued invoice or credit note (issue "Back office II", docs/decisions/013): its shape, the Estonian texts it
 * prints and its screens say, its totals and notes, and how its e-mail stands. Without zod: the booking detail and
 * the invoice screens show invoices before anyone issues one (the request schemas are ./invoices, which passes all
 * of this on).
 */
import type { InvoiceKind } from '../enums';
import { SCHEDULE_PART_LABELS, type SchedulePart } from '../payment-schedule';
import { formatMoney } from '../format';

export const INVOICE_TEXTS = {
  title: { invoice: 'Arve', credit_note: 'Kreeditarve' } satisfies Record<InvoiceKind, string>,
  /** The spec's fixed retreat line. */
  retreatLine: 'Uus algus retriit Balis',
  companionLine: (name: string) => `Kaasreisija: ${name}`,
  /** Issue 39: a party's traveller, with the room's supplement the per-person price includes. */
  personLine: (name: string, supplement: { room: string; cents: number } | null) =>
    `Uus algus retriit Balis – ${name}${supplement ? ` (${supplement.room.toLocaleLowerCase('et')}, sh lisatasu ${formatMoney(supplement.cents)})` : ''}`,
  cancellationLine: (bookingId: number) => `Broneeringu nr ${bookingId} tühistamine`,
  /** The spec: the text says the booking is confirmed by paying 300 euro. */
  advanceNote: (advance: string) => `Broneering kinnitatakse ${advance} ettemaksu tasumisel.`,
  remainingAfterAdvance: 'Jääk pärast ettemaksu',
  /** Paid beyond the total: the line and its note. */
  overpaid: 'Enammakse',
  overpaidNote: (amount: string) => `Enammakse ${amount} tagastatakse maksjale.`,
  creditsInvoice: (number: string, issuedOn: string) => `Kreeditarve arvele nr ${number} (${issuedOn})`,
  paymentInstruction: (p: { days: number; dueOn: string; iban: string; bank: string; seller: string; reference: string }) =>
    `Maksetähtaeg ${p.days} päeva: palume tasuda hiljemalt ${p.dueOn} kontole ${p.iban} (${p.bank}), saaja ${p.seller}, viitenumber ${p.reference}.`,
  scheduleInstruction: (p: { parts: string; iban: string; bank: string; seller: string; reference: string }) =>
    `Palume tasuda ${p.parts} kontole ${p.iban} (${p.bank}), saaja ${p.seller}, viitenumber ${p.reference}.`,
  nothingToPay: 'Arve on tasutud: rohkem tasuda ei ole vaja.',
  giftVoucherPaid: (code: string) => `sh kinkekaardiga ${code}`,
  noVat: 'Müüja ei ole käibemaksukohustuslane; arvel käibemaksu ei ole.',
  /** Issue 39: a VAT-registered seller's totals and columns. */
  netTotal: 'Kokku km-ta',
  vatRow: (percent: number) => `Käibemaks ${percent} %`,
  netColumn: { price: 'Hind km-ta', sum: 'Summa km-ta' },
  /** The VAT Act asks for the supply's date where it is not the issue day: the retreat's days. */
  supplyPeriod: (period: string) => `Teenuse osutamise aeg: ${period}`,
} as const;

export const INVOICE_MESSAGES = {
  /** The spec's e-mail texts. */
  sending: 'Saadan arvet meilile...',
  sent: 'Arve saadetud!',
  sentTo: (address: string) => `Arve saadeti aadressile ${address}.`,
  sendFailed: 'Arve saatmine ebaõnnestus. Palun proovige uuesti.',
  issued: 'Arve väljastatud',
  credited: 'Kreeditarve väljastatud',
  queued: 'Arve on saatmisjärjekorras ja läheb teele niipea kui võimalik.',
  buyerNameRequired: 'Sisestage arve saaja nimi.',
  countryCode: 'Riigi kood on kaks suurtähte (nt EE).',
  eInvoiceAddress: 'E-arve aadress kujul skeem:tunnus (nt 0191:12345678).',
  send: 'Saada e-postiga',
  sendAgain: 'Saada uuesti',
  /** The state of the document's latest e-mail, as the invoice and the booking's invoices show it. */
  emailPending: (address: string) => `Saatmisel… aadressile ${address}`,
  emailRetrying: (at: string) => `Eelmine katse ebaõnnestus; järgmine katse ${at}.`,
  emailSent: (at: string, address: string) => `Saadetud ${at} aadressile ${address}`,
  emailFailed: (error: string | null) => (error ? `Saatmine ebaõnnestus: ${error}` : 'Saatmine ebaõnnestus.'),
} as const;

/**
 * How an e-mail that carries a document stands: 'pending' while the outbox still tries it (the first attempt under
 * way, or retried later), 'sent' once it went out (or, with no provider set, into the local mail log), 'failed'
 * when the provider refused it or the retries ran out.
 */
export const INVOICE_EMAIL_STATES = ['pending', 'sent', 'failed'] as const;
export type InvoiceEmailState = (typeof INVOICE_EMAIL_STATES)[number];
export const INVOICE_EMAIL_STATE_LABELS: Record<InvoiceEmailState, string> = { pending: 'Saatmisel…', sent: 'Saadetud', failed: 'Ebaõnnestus' };

/** One e-mail with a document's PDF, from the outbox. */
export interface InvoiceEmail {
  /** The outbox message. */
  id: number;
  state: InvoiceEmailState;
  to: string;
  /** When the send was asked (the message was written into the outbox). */
  queuedAt: string;
  /** When it went out; null until then. */
  sentAt: string | null;
  /** Attempts so far, the one under way included. */
  attempts: number;
  /** While pending: when the outbox tries it next (or when the attempt under way counts as lost). */
  nextAttemptAt: string | null;
  /** Why the last attempt failed (the provider's answer); null once sent. */
  lastError: string | null;
}

/** POST /api/admin/invoices/:id/send: how the message stood when the answer was given, and which one it is. */
export interface InvoiceSendResult {
  state: InvoiceEmailState;
  to: string;
  outboxId: number;
}

/** The sentence for an e-mail's state: "Saadetud 01.12.2025 12:00 aadressile …", "Saatmisel… aadressile …". */
export function invoiceEmailSentence(email: InvoiceEmail, formatTime: (iso: string) => string): string {
  if (email.state === 'sent') return INVOICE_MESSAGES.emailSent(formatTime(email.sentAt ?? email.queuedAt), email.to);
  if (email.state === 'failed') return INVOICE_MESSAGES.emailFailed(email.lastError);
  const pending = INVOICE_MESSAGES.emailPending(email.to);
  return email.lastError && email.nextAttemptAt ? `${pending}. ${INVOICE_MESSAGES.emailRetrying(formatTime(email.nextAttemptAt))}` : pending;
}

export interface InvoiceSeller {
  name: string;
  registryCode: string;
  vatNumber: string | null;
  address: string;
  email: string;
  bank: string;
  iban: string;
}

export interface InvoiceBuyer {
  name: string;
  email: string | null;
  phone: string | null;
  registryCode: string | null;
  vatNumber: string | null;
  /** One line, as documents issued before issue 39 hold it (and as the PDF prints it when the parts are absent). */
  address: string | null;
  /** Issue 39: the address in parts an e-invoice needs, the country as ISO 3166-1 alpha-2 ("EE"). */
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  countryCode?: string | null;
  /** The buyer's e-invoice address (Peppol participant id, "0191:12345678"), if they gave one. */
  eInvoiceAddress?: string | null;
  /** "Soovib e-arvet": the invoice e-mail carries the e-invoice (XML) beside the PDF. */
  wantsEInvoice?: boolean;
}

/** The buyer's address as one line: the parts when given ("Tartu mnt 1, 10115 Tallinn"), else the line as typed. */
export function buyerAddressLine(b: Pick<InvoiceBuyer, 'address' | 'street' | 'postalCode' | 'city' | 'countryCode'>): string | null {
  const place = [b.postalCode, b.city].filter(Boolean).join(' ');
  const parts = [b.street, place, b.countryCode && b.countryCode !== 'EE' ? b.countryCode : null].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : (b.address ?? null);
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/** Everything an issued invoice or credit note shows, frozen on the day it was issued. */
export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  issuedOn: string;
  /** An invoice: issue day + the payment term. A credit note: null. */
  dueOn: string | null;
  paymentTermDays: number | null;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  booking: { id: number; referenceNumber: string; retreatName: string; startDate: string | null; endDate: string | null } | null;
  lines: InvoiceLine[];
  totalCents: number;
  currency: 'EUR';
  /** Paid on the booking on the issue day, and what was left to pay (an invoice only). */
  paidCents: number;
  outstandingCents: number;
  /** Paid beyond the invoice's total on the issue day ("Enammakse"): it goes back. Absent on documents issued before. */
  overpaidCents?: number;
  /**
   * The spec's advance (300 €) and, while part of it is unpaid and more than that part is outstanding, what remains
   * after it (never subtracting an advance already paid).
   */
  advanceCents: number;
  remainingAfterAdvanceCents: number | null;
  /**
   * What the booking's schedule still asks on the issue day, part by part (an invoice only): the invoice asks for
   * exactly this, never for something else. Absent on documents issued before it was recorded.
   */
  schedule?: { part: SchedulePart; dueOn: string; amountCents: number }[];
  credits: { id: number; number: string; issuedOn: string } | null;
  reason: string | null;
  /** Issue 38: the part of what was paid that gift vouchers paid, voucher by voucher. Absent on documents issued before. */
  giftVoucherPayments?: { code: string; amountCents: number }[];
  /**
   * Issue 39: a VAT-registered seller's document, standard-rated: the rate in force on the supply date (the retreat's
   * first day) and the VAT taken out of the prices, computed once when the document was issued
   * (worker/domain/invoices/vat.ts). Each line's amount without VAT is `lineNetCents[i]`. Absent: the seller was not
   * registered for VAT (EN 16931 category O).
   */
  vat?: { percent: number; supplyDate: string; netCents: number; taxCents: number; lineNetCents: number[] };
}

export interface InvoiceSummary {
  id: number;
  number: string;
  kind: InvoiceKind;
  issuedOn: string;
  dueOn: string | null;
  totalCents: number;
  buyerName: string;
  buyerEmail: string | null;
  creditsInvoiceId: number | null;
  /** What credit notes have taken back from this invoice so far (≤ 0). */
  creditedCents: number;
  issuedBy: string | null;
  createdAt: string;
}

export interface InvoiceView extends InvoiceSummary {
  bookingId: number | null;
  document: InvoiceDocument;
}

/** GET /api/admin/invoices/:id: the document and its latest e-mails, newest first. */
export interface InvoiceDetail extends InvoiceView {
  emails: InvoiceEmail[];
}

/** A row of the booking's invoices: the document and its latest e-mail. */
export interface BookingInvoiceItem extends InvoiceSummary {
  lastEmail: InvoiceEmail | null;
}

/** GET /api/admin/bookings/:id/invoices: the invoices, and a preview of the next one for the create dialog. */
export interface BookingInvoices {
  items: BookingInvoiceItem[];
  preview: Omit<InvoiceDocument, 'number'>;
  version: number;
}

/** The totals block, in order, for the print view and the PDF: [label, cents, emphasised]. */
export function invoiceTotals(
  invoice: Pick<InvoiceDocument, 'kind' | 'totalCents' | 'paidCents' | 'outstandingCents' | 'overpaidCents' | 'advanceCents' | 'remainingAfterAdvanceCents' | 'giftVoucherPayments' | 'vat'>,
): [string, number, boolean][] {
  // A VAT-registered seller's document says what is without VAT and the VAT before the total (with VAT).
  const vat: [string, number, boolean][] = invoice.vat
    ? [
        [INVOICE_TEXTS.netTotal, invoice.vat.netCents, false],
        [INVOICE_TEXTS.vatRow(invoice.vat.percent), invoice.vat.taxCents, false],
      ]
    : [];
  if (invoice.kind === 'credit_note') return [...vat, ['Kokku krediteeritud', invoice.totalCents, true]];
  const rows: [string, number, boolean][] = [
    ...vat,
    ['Kokku', invoice.totalCents, true],
    ['Tasutud', invoice.paidCents, false],
    // A voucher is a means of payment (a multi-purpose voucher): its use shows as part of what was paid.
    ...(invoice.giftVoucherPayments ?? []).map((v): [string, number, boolean] => [INVOICE_TEXTS.giftVoucherPaid(v.code), v.amountCents, false]),
    ['Tasuda', invoice.outstandingCents, true],
  ];
  if ((invoice.overpaidCents ?? 0) > 0) rows.push([INVOICE_TEXTS.overpaid, invoice.overpaidCents!, false]);
  if (invoice.remainingAfterAdvanceCents !== null) {
    const unpaidAdvance = invoice.outstandingCents - invoice.remainingAfterAdvanceCents;
    rows.push(['Ettemaks', unpaidAdvance, false], [INVOICE_TEXTS.remainingAfterAdvance, invoice.remainingAfterAdvanceCents, false]);
  }
  return rows;
}

/**
 * The lines as the document prints them: as issued, or, on a VAT-registered seller's document, each at its amount
 * without VAT (the law asks for the price without VAT; the VAT is in the totals).
 */
export function linesAsShown(invoice: Pick<InvoiceDocument, 'lines' | 'vat'>): InvoiceLine[] {
  const vat = invoice.vat;
  if (!vat) return invoice.lines;
  return invoice.lines.map((l, i) => {
    const net = vat.lineNetCents[i] ?? 0;
    return { ...l, unitCents: l.quantity === 0 ? 0 : Math.round(net / l.quantity), totalCents: net };
  });
}

/** "Teenuse osutamise aeg: 14.05.2027–24.05.2027" on a VAT-registered seller's document; null on others. */
export function supplyPeriodLine(invoice: Pick<InvoiceDocument, 'vat' | 'booking'>, formatDay: (day: string) => string): string | null {
  if (!invoice.vat) return null;
  const b = invoice.booking;
  return INVOICE_TEXTS.supplyPeriod(b?.startDate && b.endDate ? `${formatDay(b.startDate)}–${formatDay(b.endDate)}` : formatDay(invoice.vat.supplyDate));
}

/** The notes under the totals: the advance, how to pay, and the VAT note. */
export function invoiceNotes(invoice: Omit<InvoiceDocument, 'number'>, formatDay: (day: string) => string, formatCents: (cents: number) => string): string[] {
  const notes: string[] = [];
  if (invoice.kind === 'invoice') {
    // Only while the advance is unpaid: once it is in, the booking is confirmed by it.
    if (invoice.paidCents < invoice.advanceCents) notes.push(INVOICE_TEXTS.advanceNote(formatCents(invoice.advanceCents)));
    if ((invoice.overpaidCents ?? 0) > 0) notes.push(INVOICE_TEXTS.overpaidNote(formatCents(invoice.overpaidCents!)));
    if (invoice.schedule) {
      notes.push(
        invoice.schedule.length === 0
          ? INVOICE_TEXTS.nothingToPay
          : INVOICE_TEXTS.scheduleInstruction({
              parts: scheduleSentence(invoice.schedule, formatDay, formatCents),
              iban: invoice.seller.iban,
              bank: invoice.seller.bank,
              seller: invoice.seller.name,
              reference: invoice.booking?.referenceNumber ?? '–',
            }),
      );
    } else if (invoice.dueOn && invoice.paymentTermDays !== null) {
      notes.push(
        INVOICE_TEXTS.paymentInstruction({
          days: invoice.paymentTermDays,
          dueOn: formatDay(invoice.dueOn),
          iban: invoice.seller.iban,
          bank: invoice.seller.bank,
          seller: invoice.seller.name,
          reference: invoice.booking?.referenceNumber ?? '–',
        }),
      );
    }
  }
  if (!invoice.vat && !invoice.seller.vatNumber) notes.push(INVOICE_TEXTS.noVat);
  return notes;
}

/** "ettemaks 300,00 € hiljemalt 24.01.2026 ja jääk 1 143,00 € hiljemalt 15.04.2026": what the schedule asks, in words. */
export function scheduleSentence(
  parts: readonly { part: SchedulePart; dueOn: string; amountCents: number }[],
  formatDay: (day: string) => string,
  formatCents: (cents: number) => string,
): string {
  const each = parts.map((p) => `${SCHEDULE_PART_LABELS[p.part].toLocaleLowerCase('et')} ${formatCents(p.amountCents)} hiljemalt ${formatDay(p.dueOn)}`);
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} ja ${each.at(-1)}` : (each[0] ?? '');
}

/** The PDF's file name: "arve-2026-0001.pdf", "kreeditarve-2026-0002.pdf". */
export function invoiceFileName(kind: InvoiceKind, number: string, extension: 'pdf' | 'xml' = 'pdf'): string {
  return `${kind === 'invoice' ? 'arve' : 'kreeditarve'}-${number.replace(/[^\w.-]+/g, '-')}.${extension}`;
}
