import { eq, sql } from 'drizzle-orm';
import { DAY_MS } from '../../../src/lib/format';
import type { BookingRequest } from '../../../src/lib/booking/schema';
import { BOOKING_MESSAGES, EXPERIENCE_LABELS, TRAVEL_WITH_LABELS, tooYoungPaths } from '../../../src/lib/booking/schema';
import { API_ERRORS } from '../../../src/lib/api-errors';
import { tallinnDay } from '../../../src/lib/format';
import { planOffered, quote, type PaymentPlan, type PlanDays, type PriceSnapshot } from '../../../src/lib/payment-plans';
import { editionOptionLabel } from '../../../src/lib/booking/availability';
import { goesOnWaitingList } from '../../../src/lib/booking/waiting-list';
import type { RetreatEdition } from '../../../src/lib/retreat-editions';
import { acceptanceInsert, bookingOfGuest, isMinorAt, showedTextsInForce, type Signature } from '../agreements/acceptances';
import { textsInForce } from '../agreements/texts';
import { auditIfChanged } from '../audit';
import { bookings, customers, emailOutbox, guests } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { isRateLimitRefusal, rateLimitGuard, refuseOverLimit, type RateLimitBucket } from '../rate-limit';
import { findEditionOnSale, type EditionOnSale } from '../retreats/availability';
import { codeRefused, codeUseRefusal, codeUseStatement, usableCode, type UsableCode } from '../discounts/codes';
import { deliverSoon, deliveryStatusOf, outboxInsert, type FirstDelivery } from '../mail/outbox';
import { bookingConfirmationMail } from '../mail/templates';
import { PORTAL_PATH } from '../../../src/lib/portal';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import { bookingReferenceSql } from '../../db/reference-number';

/** Stands for the booking's reference number in its confirmation until the id is known. */
const REFERENCE_PLACEHOLDER = '{{viitenumber}}';

/** The spec's word for an answer the visitor did not give. */
export const UNSPECIFIED = 'Määramata';
/** The spec's word for "no dietary restrictions". */
export const NONE = 'Puuduvad';

export interface SubmissionContext {
  idempotencyKey?: string;
  userId?: string;
  /** The per-IP limit, checked and recorded inside the booking's own batch (see `rateLimitGuard`). */
  rateLimit?: RateLimitBucket;
  /** The edition as the request's validation just read it; read here when not given. */
  edition?: EditionOnSale;
  /** Where the request came from: the evidence of the booker's acceptances (issue 42). */
  ip?: string;
  userAgent?: string;
}

/**
 * Booking confirmations one address gets at most per day. The confirmation goes to whatever address the form was
 * given, unverified: without a limit the form would mail anyone, as often as asked, in the site's name.
 */
export const CONFIRMATIONS_PER_RECIPIENT_PER_DAY = 3;

export interface SubmissionResult {
  bookingId: number;
  /** 'failed': the provider refused the confirmation, or the address had its confirmations for the day. */
  email: FirstDelivery;
  /** True when an earlier request with the same Idempotency-Key already stored this booking. */
  replayed: boolean;
  /** The edition had too few places left: the request is on its waiting list. */
  waitingList: boolean;
}

/** special_requests: retreat month, experience and travel mode, each "Määramata" when not given (spec section 3). */
export function composeSpecialRequests(booking: BookingRequest, edition: RetreatEdition): string {
  return [
    `Retriidi aeg: ${editionOptionLabel(edition)}`,
    `Kogemus: ${booking.experience ? EXPERIENCE_LABELS[booking.experience] : UNSPECIFIED}`,
    `Reisimine: ${booking.travelWith ? TRAVEL_WITH_LABELS[booking.travelWith] : UNSPECIFIED}`,
  ].join('\n');
}

/** comments: the dietary restrictions or "Puuduvad", plus the companion count (spec section 3). */
export function composeComments(booking: BookingRequest): string {
  return [`Toitumispiirangud: ${booking.dietaryRestrictions ?? NONE}`, `Kaasreisijaid: ${booking.companions.length}`].join('\n');
}

async function requestHash(booking: BookingRequest): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(booking));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The booking an earlier request with this key made, if any; a different body under the same key is refused. */
async function replayOf(deps: Pick<AppDeps, 'db'>, key: string, hash: string): Promise<SubmissionResult | null> {
  const [earlier] = await deps.db
    .select({ id: bookings.id, hash: bookings.idempotencyRequestHash, waitingList: bookings.waitingList, outboxId: emailOutbox.id })
    .from(bookings)
    .leftJoin(emailOutbox, eq(emailOutbox.bookingId, bookings.id))
    .where(eq(bookings.idempotencyKey, key))
    .limit(1);
  if (!earlier) return null;
  if (earlier.hash !== hash) throw new ApiError('idempotency_key_reused');
  // No outbox row: the address had had its confirmations for the day.
  const email = earlier.outboxId === null ? 'failed' : await deliveryStatusOf(deps.db, earlier.outboxId);
  return { bookingId: earlier.id, email, replayed: true, waitingList: earlier.waitingList };
}

/**
 * The request's price, made here from the edition and the plan (never from the browser): the plan asked for, or for
 * a request without one the advance plan (the full payment when that is all the days allow). A plan the edition no
 * longer offers on this day is refused with its field, so the form can ask again.
 */
function priceRequest(booking: BookingRequest, edition: EditionOnSale, days: PlanDays, code: UsableCode | null): PriceSnapshot {
  const plan: PaymentPlan = booking.paymentPlan ?? (planOffered('advance', days) ? 'advance' : 'full');
  if (!planOffered(plan, days)) throw new ApiError('validation_failed', { details: [{ path: 'paymentPlan', message: BOOKING_MESSAGES.paymentPlanNotOffered }] });
  const people = 1 + booking.companions.length;
  return {
    ...quote(edition.price, booking.roomType, people, plan, days, code && { code: code.code, percent: code.percent, amountPerPersonCents: code.amountPerPersonCents }),
    retreatId: edition.retreatId,
    roomType: booking.roomType,
    compareAtCents: edition.price.compareAtCents,
    pricedOn: days.bookedOn,
    earlyBird: edition.price.earlyBird ?? null,
    roomSupplementCents: edition.price.roomSupplementCents[booking.roomType],
  };
}

/**
 * The whole submit flow of visitor spec section 4 as one atomic batch: main guest, named companions, booking,
 * customer upsert by e-mail and the confirmation e-mail in the outbox. Either all of it is stored or none of it.
 * Then the confirmation is tried at once for a bounded time; the outbox retries it if that fails.
 */
export async function submitBooking(deps: AppDeps, booking: BookingRequest, context: SubmissionContext = {}): Promise<SubmissionResult> {
  const hash = await requestHash(booking);
  // A request sent again under its key is found when it fails (its key is unique in the batch; or the edition closed
  // since, the code ran out, the limit was reached): a first request, the usual one, reads nothing more than it
  // writes. On the edge each read is a round trip to the database (issue 40).
  try {
    return await submitOnce(deps, booking, context, hash);
  } catch (err) {
    const replay = context.idempotencyKey ? await replayOf(deps, context.idempotencyKey, hash) : null;
    if (replay) return replay;
    throw err;
  }
}

async function submitOnce(deps: AppDeps, booking: BookingRequest, context: SubmissionContext, hash: string): Promise<SubmissionResult> {
  const now = deps.now();
  const { companions } = booking;
  // Read before the batch: two requests for the last places at once may both get one. Requests hold no place for
  // sure; confirming one does, and that is where the capacity guard refuses an overfilled retreat (bookings service).
  const edition = context.edition?.id === booking.retreatMonth ? context.edition : await findEditionOnSale(deps, booking.retreatMonth);
  if (!edition?.open) {
    throw new ApiError('edition_closed', { details: [{ path: 'retreatMonth', message: API_ERRORS.edition_closed.message }] });
  }
  const tooYoung = tooYoungPaths(booking, edition.startDate);
  if (tooYoung.length > 0) throw new ApiError('validation_failed', { details: tooYoung.map((path) => ({ path: path.join('.'), message: BOOKING_MESSAGES.tooYoung })) });
  const today = tallinnDay(now);
  // Issue 42: the texts the form showed must be the ones in force, or nothing is stored.
  const texts = await textsInForce(today);
  if (!showedTextsInForce(booking.agreements, texts)) throw new ApiError('agreement_text_changed');
  // The booker signs for themself and, as parent or guardian, for each companion under age at the start.
  const guestId = crypto.randomUUID();
  const companionIds = companions.map(() => crypto.randomUUID());
  const bookerName = `${booking.firstName} ${booking.lastName}`;
  const signatures: Signature[] = [
    { guestId, signedName: bookerName, signedBy: 'self' },
    ...companions.flatMap((c, i) => (isMinorAt(c.birthday, edition.startDate) ? [{ guestId: companionIds[i]!, signedName: bookerName, signedBy: 'guardian' as const }] : [])),
  ];
  // The code's reason, when it does not hold, before anything is written; the batch counts the use and checks again.
  const code = booking.discountCode ? await usableCode(deps, booking.discountCode, edition.retreatId, today, 'discountCode') : null;
  const priced = priceRequest(booking, edition, { bookedOn: today, startDate: edition.startDate }, code);
  const waitingList = goesOnWaitingList(edition, priced.people);
  const stamp = now.toISOString();
  // The booking's reference number comes from its id, which the database makes inside the batch: the stored mail
  // gets it there (in SQL), the copy sent at once after the batch (in TypeScript); a test keeps the two equal.
  const confirmation = bookingConfirmationMail(booking, {
    edition,
    quote: priced,
    waitingList,
    referenceNumber: REFERENCE_PLACEHOLDER,
    // "Maksa kohe" lives in the portal, behind sign-in (issue "Pay online"): the mail points there when it is on.
    onlinePaymentUrl: deps.config.montonio ? `${deps.config.publicOrigin}${PORTAL_PATH}` : null,
  });
  const withReference = (text: string) => sql`replace(${text}, ${REFERENCE_PLACEHOLDER}, ${bookingReferenceSql(sql`last_insert_rowid()`)})`;
  const { db } = deps;
  // One atomic batch rather than an interactive transaction: the statements run back to back on one connection,
  // so the write lock is held for microseconds instead of across event-loop turns (bench:api measures this).
  // Ids the later rows need are either made here (guest) or looked up in SQL (customer, retreat, booking).
  let stored: { bookingId: number; outboxId: number | undefined };
  try {
    const results = await db.batch([
      db.insert(guests).values({
        id: guestId,
        firstName: booking.firstName,
        lastName: booking.lastName,
        email: booking.email,
        phone: booking.phone,
        dateOfBirth: booking.birthday,
        dietaryPreferences: booking.dietaryRestrictions ? [booking.dietaryRestrictions] : null,
        marketingConsent: true,
        createdAt: stamp,
        updatedAt: stamp,
      }),
      // Anywhere in the batch will do: when it refuses, the whole batch rolls back.
      ...(context.rateLimit ? [rateLimitGuard(db, context.rateLimit, now)] : []),
      // Likewise the code's use: past its maximum, or ended since the read, it fails the batch (exactly once).
      ...(code ? [codeUseStatement(deps, code.id, today, stamp)] : []),
      ...(companions.length > 0
        ? [
            db.insert(guests).values(
              companions.map((c, i) => ({
                id: companionIds[i],
                firstName: c.firstName,
                lastName: c.lastName,
                dateOfBirth: c.birthday,
                marketingConsent: false,
                isCompanion: true,
                companionOfGuestId: guestId,
                createdAt: stamp,
                updatedAt: stamp,
              })),
            ),
          ]
        : []),
      db
        .insert(customers)
        .values({ firstName: booking.firstName, lastName: booking.lastName, email: booking.email, phoneNumber: booking.phone, createdAt: stamp, updatedAt: stamp })
        .onConflictDoUpdate({
          target: customers.email,
          set: { firstName: booking.firstName, lastName: booking.lastName, phoneNumber: booking.phone, updatedAt: stamp },
        }),
      db
        .insert(bookings)
        .values({
          guestId,
          customerId: sql`(SELECT ${customers.id} FROM ${customers} WHERE ${customers.email} = ${booking.email})`,
          retreatId: edition.retreatId,
          userId: context.userId ?? null,
          status: 'pending',
          paymentStatus: 'pending',
          roomType: booking.roomType === 'shared-room' ? 'shared' : 'single',
          roomSharingPreference: booking.roomType === 'shared-room' ? 'shared' : 'private',
          totalAmountCents: priced.totalCents,
          paymentPlan: priced.plan,
          advanceCents: priced.plan === 'advance' ? priced.advanceCents : null,
          depositAmountCents: priced.plan === 'advance' ? priced.advanceCents : null,
          priceSnapshot: priced,
          discountCodeId: code?.id ?? null,
          codeDiscountCents: priced.codeDiscount ? priced.codeDiscount.totalCents : null,
          bookingDate: stamp,
          comment: booking.message ?? null,
          specialRequests: composeSpecialRequests(booking, edition),
          comments: composeComments(booking),
          companions: companions.length > 0 ? companions.map((c) => ({ first_name: c.firstName, last_name: c.lastName, age: c.age })) : null,
          retreatEdition: booking.retreatMonth,
          termsAcceptedAt: stamp,
          termsVersion: texts.terms.version,
          waitingList,
          experience: booking.experience ?? null,
          travelWith: booking.travelWith,
          source: 'public_form',
          idempotencyKey: context.idempotencyKey ?? null,
          idempotencyRequestHash: hash,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .returning({ id: bookings.id }),
      // The confirmation, written already claimed (its first attempt follows the commit), unless the address has
      // had its confirmations for the day: one statement, so concurrent bookings cannot both slip under the limit.
      // Straight after the booking insert, last_insert_rowid() is that booking's id.
      outboxInsert(
        db,
        { kind: 'booking_confirmation', to: confirmation.to, subject: confirmation.subject, html: withReference(confirmation.html), text: withReference(confirmation.text), bookingId: sql`last_insert_rowid()` },
        now,
        {
          claimed: true,
          when: sql`(SELECT count(*) FROM ${emailOutbox} WHERE to_address = ${confirmation.to} AND kind = 'booking_confirmation' AND created_at > ${new Date(now.getTime() - DAY_MS).toISOString()})
            < ${CONFIRMATIONS_PER_RECIPIENT_PER_DAY}`,
        },
      ),
      // Issue 42: the evidence of what the booker accepted, for themself and for the minors they travel with.
      acceptanceInsert(db, bookingOfGuest(guestId), signatures, texts, {
        method: 'booking_form',
        ip: context.ip ?? null,
        userAgent: context.userAgent ?? null,
        signedAt: stamp,
      }),
      auditIfChanged(deps, {
        actor: null,
        userId: context.userId ?? null,
        action: 'agreement.sign',
        severity: 'low',
        resourceType: 'booking',
        resourceId: bookingOfGuest(guestId),
        metadata: { method: 'booking_form', signatures: signatures.length, terms: texts.terms.version, waiver: texts.waiver.version },
        ip: context.ip,
        userAgent: context.userAgent,
      }),
    ]);
    const bookingRow = results.at(-4) as { id: number }[];
    const outboxRow = results.at(-3) as { id: number }[];
    stored = { bookingId: bookingRow[0]!.id, outboxId: outboxRow[0]?.id };
  } catch (err) {
    if (context.rateLimit && isRateLimitRefusal(err)) await refuseOverLimit(deps, context.rateLimit);
    const codeRefusal = codeUseRefusal(err);
    if (codeRefusal) throw codeRefused(codeRefusal, 'discountCode');
    // The key's earlier request (or one racing this one) has it: submitBooking answers with that booking.
    throw err;
  }

  if (stored.outboxId === undefined) {
    deps.log({ level: 'warn', msg: 'booking confirmation not sent: daily limit for the address', bookingId: stored.bookingId });
    return { bookingId: stored.bookingId, email: 'failed', replayed: false, waitingList };
  }
  const email = await deliverSoon(
    deps,
    {
      id: stored.outboxId,
      kind: 'booking_confirmation',
      writtenAt: now,
      mail: {
        ...confirmation,
        html: confirmation.html.replaceAll(REFERENCE_PLACEHOLDER, bookingReferenceNumber(stored.bookingId)),
        text: confirmation.text.replaceAll(REFERENCE_PLACEHOLDER, bookingReferenceNumber(stored.bookingId)),
      },
    },
    deps.config.confirmationWaitMs,
  );
  return { bookingId: stored.bookingId, email, replayed: false, waitingList };
}
