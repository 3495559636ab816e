import type { BookingRequest } from '../../../src/lib/booking/schema';
import { EXPERIENCE_LABELS, ROOM_TYPE_LABELS, TRAVEL_WITH_LABELS } from '../../../src/lib/booking/schema';
import type { ContactRequest } from '../../../src/lib/contact-schema';
import settings from '../../../content/settings/site.json';
import { formatDateEt, formatMoney } from '../../../src/lib/format';
import { discountLineText } from '../../../src/lib/discount-code-text';
import { PAYMENT_PLAN_LABELS, type EarlyBird, type Quote } from '../../../src/lib/payment-plans';
import { SCHEDULE_PART_LABELS } from '../../../src/lib/payment-schedule';
import { SITE_CONTACTS, type RetreatEdition } from '../../../src/lib/retreat-editions';
import { escapeHtml, mailLayout, summaryTable } from './html';
import type { OutgoingMail } from './transport';

const editionText = (edition: RetreatEdition) => `${formatDateEt(edition.startDate)}–${formatDateEt(edition.endDate)} (${edition.label})`;

/** "2 × 1 299,00 €" and the discount, if any: how the total came about. */
function priceText(quote: Quote): string {
  const each = `${quote.people} × ${formatMoney(quote.unitCents)}`;
  return quote.discountCents > 0 ? `${formatMoney(quote.totalCents)} (${each}, soodustus ${formatMoney(quote.discountCents)})` : `${formatMoney(quote.totalCents)} (${each})`;
}

/** The plan's parts, one per line: "1. osamakse 866,00 € hiljemalt 15.09.2026". */
export const partsText = (quote: Pick<Quote, 'parts'>): string[] =>
  quote.parts.map((p) => `${SCHEDULE_PART_LABELS[p.part]} ${formatMoney(p.amountCents)} hiljemalt ${formatDateEt(p.dueOn)}`);

/** Where to pay: the seller's account and the booking's reference number (bank transfer, the main way). */
export function paymentInstructions(referenceNumber: string): string {
  const { seller } = settings.invoicing;
  return `Saaja ${seller.name}, IBAN ${seller.iban} (${seller.bank}), viitenumber ${referenceNumber}.`;
}

/** Stands for free text the guest wrote, which the confirmation does not repeat. */
export const RECEIVED = 'Saime kätte, arvestame sellega.';

const contactLines = () => [
  `E-post: ${SITE_CONTACTS.email}`,
  `Telefon ja WhatsApp: ${SITE_CONTACTS.phone}`,
];

/**
 * The confirmation a guest gets after sending the booking form (visitor spec sections 1 and 3). It goes to an
 * address nobody has verified, so it repeats none of the form's free text (the message, the dietary notes): only
 * that they were received. Otherwise anyone could send their own text and links to anybody in the site's name.
 */
/**
 * The confirmation of a booking request. On the waiting list (the edition had no places left) it says so: the
 * request is kept in the order it came and the team writes when a place frees up.
 */
export function bookingConfirmationMail(
  booking: BookingRequest,
  {
    edition,
    quote,
    waitingList = false,
    referenceNumber,
    onlinePaymentUrl = null,
  }: {
    edition: RetreatEdition;
    quote: Quote & { earlyBird?: EarlyBird | null };
    waitingList?: boolean;
    referenceNumber: string;
    /**
     * The guest portal's address when online payment is configured (issue "Pay online"): "Maksa kohe" is there,
     * behind sign-in, so the mail carries no link that pays without the guest (docs/decisions/024).
     */
    onlinePaymentUrl?: string | null;
  },
): OutgoingMail {
  const companions = booking.companions.map((c) => `${c.firstName} ${c.lastName}${c.age !== null ? ` (${c.age})` : ''}`);
  const summary = summaryTable([
    ['Viitenumber', referenceNumber],
    ['Nimi', `${booking.firstName} ${booking.lastName}`],
    ['E-post', booking.email],
    ['Telefon', booking.phone],
    ['Retriidi aeg', editionText(edition)],
    ['Tuba', ROOM_TYPE_LABELS[booking.roomType]],
    ['Hind kokku', priceText(quote)],
    // Issue 38: the code and what it gave, and the early-bird price when it applied.
    ['Sooduskood', quote.codeDiscount ? `${discountLineText(quote.codeDiscount)}: ${formatMoney(-quote.codeDiscount.totalCents)}` : undefined],
    ['Varajase broneerija hind', quote.earlyBird ? `kehtis (tavahind ${formatMoney(quote.earlyBird.regularCents)} inimese kohta)` : undefined],
    ['Maksmise viis', PAYMENT_PLAN_LABELS[quote.plan]],
    ['Maksegraafik', waitingList ? undefined : partsText(quote).join('\n')],
    ['Reisin', TRAVEL_WITH_LABELS[booking.travelWith]],
    ['Kaasreisijad', companions.length > 0 ? companions.join('\n') : undefined],
    ['Kogemus joogaga', booking.experience ? EXPERIENCE_LABELS[booking.experience] : undefined],
    ['Toitumispiirangud', booking.dietaryRestrictions ? RECEIVED : undefined],
    ['Sõnum', booking.message ? RECEIVED : undefined],
  ]);
  const subject = waitingList
    ? `Olete ootejärjekorras – ${SITE_CONTACTS.retreatName}`
    : `Broneeringu taotlus kätte saadud – ${SITE_CONTACTS.retreatName}`;
  const greeting = `Tere, ${booking.firstName}!`;
  const intro = waitingList
    ? 'Täname taotluse eest. Valitud retriidil on kohad praegu täis, seega lisasime Teid ootejärjekorda. Kui koht vabaneb, võtame Teiega ühendust järjekorra alusel.'
    : 'Täname broneeringu taotluse eest. Saime selle kätte ja võtame Teiega ühendust 24 tunni jooksul, et kõik üksikasjad kokku leppida.';
  const outro = 'Kui soovite vahepeal midagi lisada või küsida, vastake lihtsalt sellele kirjale või võtke meiega ühendust:';
  const first = quote.parts[0];
  const paying = waitingList
    ? 'Maksta ei ole vaja enne, kui koht vabaneb: siis saadame Teile maksegraafiku ja arve.'
    : [
        first ? `Esimene makse: ${formatMoney(first.amountCents)} hiljemalt ${formatDateEt(first.dueOn)}.` : '',
        `Tasuge pangaülekandega: ${paymentInstructions(referenceNumber)} Märkige viitenumber kindlasti makse juurde. Arve saadame soovi korral.`,
      ]
        .filter(Boolean)
        .join(' ');
  const payOnline =
    onlinePaymentUrl && !waitingList
      ? `Soovite maksta kohe? Logige sisse kontoga, mille e-posti aadress on ${booking.email}, avage „Minu broneeringud“ ja valige „Maksa kohe“ (internetipank või pangakaart):`
      : null;
  return {
    to: booking.email,
    subject,
    text: [
      greeting,
      '',
      intro,
      '',
      'Teie taotlus:',
      summary.text,
      '',
      paying,
      ...(payOnline ? ['', payOnline, onlinePaymentUrl!] : []),
      '',
      outro,
      ...contactLines(),
      '',
      `${SITE_CONTACTS.retreatName}`,
    ].join('\n'),
    html: mailLayout(
      subject,
      `<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(greeting)}</h1>
<p>${escapeHtml(intro)}</p>
<h2 style="font-size:16px;margin:24px 0 8px">Teie taotlus</h2>
${summary.html}
<p style="margin-top:24px">${escapeHtml(paying)}</p>
${payOnline ? `<p>${escapeHtml(payOnline)} <a href="${escapeHtml(onlinePaymentUrl!)}">Maksa kohe</a></p>\n` : ''}<p>${escapeHtml(outro)}</p>
<p>${contactLines().map(escapeHtml).join('<br>')}</p>
<p style="color:#4a5a5a">${escapeHtml(SITE_CONTACTS.retreatName)}</p>`,
    ),
  };
}

/** What the team gets for every contact form message; reply-to is the sender's address in the text. */
export function contactNotificationMail(message: ContactRequest, messageId: number | string, teamEmail: string): OutgoingMail {
  const summary = summaryTable([
    ['Saatja', message.name],
    ['E-post', message.email],
    ['Teema', message.subject],
    ['Sõnum', message.message],
  ]);
  const subject = `Uus sõnum kodulehelt: ${message.subject ?? message.name}`;
  return {
    to: teamEmail,
    subject,
    text: [`Kodulehe kontaktivormist tuli sõnum #${messageId}.`, '', summary.text, '', `Vastamiseks kirjutage aadressile ${message.email}.`].join('\n'),
    html: mailLayout(
      subject,
      `<p>Kodulehe kontaktivormist tuli sõnum #${messageId}.</p>${summary.html}
<p style="margin-top:24px">Vastamiseks kirjutage aadressile <a href="mailto:${escapeHtml(message.email)}">${escapeHtml(message.email)}</a>.</p>`,
    ),
  };
}
