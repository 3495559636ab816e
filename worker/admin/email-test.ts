/**
 * /email-test (admin spec section 2; admin-only per DESIGN section 8): a short test message, or the real booking
 * confirmation template with sample data, sent through the outbox like every other mail, so the answer shows what
 * the outbox really does (sent, logged, queued for retry, or failed).
 */
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import type { EmailTestResult } from '../../src/lib/admin/booking-views';
import type { BookingRequest } from '../../src/lib/booking/schema';
import settings from '../../content/settings/site.json';
import { addDays, formatDateTime, tallinnDay } from '../../src/lib/format';
import { planOffered, quote, type EditionPrice } from '../../src/lib/payment-plans';
import { publicEdition, SITE_CONTACTS, type RetreatEdition } from '../../src/lib/retreat-editions';
import { editionAvailability } from '../domain/retreats/availability';
import type { AppDeps } from '../deps';
import { auditIfChanged } from '../domain/audit';
import { escapeHtml, mailLayout } from '../domain/mail/html';
import { deliverMessage, outboxInsert } from '../domain/mail/outbox';
import { bookingConfirmationMail } from '../domain/mail/templates';
import type { OutgoingMail } from '../domain/mail/transport';
import type { Actor } from '../domain/actor';

function testMail(to: string, now: Date): OutgoingMail {
  const subject = `Testkiri – ${SITE_CONTACTS.retreatName}`;
  const text = `See on testkiri halduse e-posti testi lehelt (${formatDateTime(now.toISOString())}). Kui see kohale jõudis, saab sait e-kirju saata.`;
  return { to, subject, text, html: mailLayout(subject, `<p>${escapeHtml(text)}</p>`) };
}

/** The first edition on sale, or (none open) a sample one four months ahead at the settings' price. */
async function sampleEdition(deps: Pick<AppDeps, 'db' | 'now'>): Promise<{ edition: RetreatEdition; price: EditionPrice }> {
  const [onSale] = (await editionAvailability(deps)).editions;
  if (onSale) return { edition: onSale, price: onSale.price };
  const start = addDays(tallinnDay(deps.now()), 120);
  return {
    edition: publicEdition('naidis', start, addDays(start, settings.retreat.durationDays)),
    price: { priceCents: settings.price.amountEur * 100, compareAtCents: settings.price.compareAtEur * 100, roomSupplementCents: { 'single-room': 0, 'shared-room': 0 } },
  };
}

/** The booking confirmation as a visitor would get it for that edition, clearly marked as a test. */
async function sampleConfirmation(deps: Pick<AppDeps, 'db' | 'now'>, email: string): Promise<OutgoingMail> {
  const { edition, price } = await sampleEdition(deps);
  const days = { bookedOn: tallinnDay(deps.now()), startDate: edition.startDate };
  const booking = sampleBooking(email, edition.id);
  return bookingConfirmationMail(booking, {
    edition,
    quote: quote(price, 'single-room', 1, planOffered('advance', days) ? 'advance' : 'full', days),
    referenceNumber: bookingReferenceNumber(1),
  });
}

/** A booking request as a visitor might send it, clearly marked as a test. */
function sampleBooking(email: string, retreatMonth: string): BookingRequest {
  return {
    firstName: 'Test',
    lastName: 'Külaline',
    birthday: '1990-01-01',
    email,
    phone: '+37250000000',
    retreatMonth,
    roomType: 'single-room',
    travelWith: 'alone',
    companions: [],
    experience: 'beginner',
    dietaryRestrictions: 'Taimetoit',
    message: 'See on halduse testkiri.',
    termsAccepted: true,
    waiverAccepted: true,
    // A sample for the confirmation's wording: nothing is signed or stored.
    agreements: { terms: '0'.repeat(64), waiver: '0'.repeat(64) },
    website: '',
  } as BookingRequest;
}

export async function sendTestEmail(deps: Pick<AppDeps, 'db' | 'mail' | 'now' | 'log' | 'invoicePdf' | 'invoiceUbl'>, input: { email: string; kind: 'test' | 'booking_confirmation' }, actor: Actor): Promise<{ result: EmailTestResult; outboxId: number }> {
  const now = deps.now();
  const mail = input.kind === 'test' ? testMail(input.email, now) : await sampleConfirmation(deps, input.email);
  const { db } = deps;
  const [[row]] = await db.batch([
    outboxInsert(db, { kind: `email_test_${input.kind}`, ...mail }, now),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'email.test',
      severity: 'low',
      resourceType: 'email',
      metadata: { kind: input.kind, to: input.email },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
  ]);
  const outboxId = row!.id;
  const state = await deliverMessage(deps, outboxId);
  return { result: state === 'pending' ? 'queued' : state, outboxId };
}
