import { eq, sql, type SQL } from 'drizzle-orm';
import { DAY_MS } from '../../../src/lib/format';
import type { BookingRequest } from '../../../src/lib/booking/schema';
import { BOOKING_MESSAGES, EXPERIENCE_LABELS, TRAVEL_WITH_LABELS, tooYoungPaths } from '../../../src/lib/booking/schema';
import { API_ERRORS } from '../../../src/lib/api-errors';
import { tallinnDay } from '../../../src/lib/format';
import { planOffered, quote, type PaymentPlan, type PlanDays, type PriceSnapshot } from '../../../src/lib/payment-plans';
import { editionOptionLabel } from '../../../src/lib/booking/availability';
import type { RetreatEdition } from '../../../src/lib/retreat-editions';
import { acceptanceInsert, bookingOfGuest, isMinorAt, showedTextsInForce, type Signature } from '../agreements/acceptances';
import { textsInForce } from '../agreements/texts';
import { auditIfChanged } from '../audit';
import { bookings, customers, emailOutbox, guests, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { isRateLimitRefusal, rateLimitGuard, refuseOverLimit, type RateLimitBucket } from '../rate-limit';
import { EDITION_TERMS_SQL, editionForBooking, forgetEdition, type EditionTerms } from '../retreats/availability';
import { WAITING_LIST_SQL } from '../retreats/places';
import { failedWith } from '../../db/failures';
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
  /** The edition as the request's validation found it; found here when not given (`editionForBooking`). */
  edition?: EditionTerms;
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
function priceRequest(booking: BookingRequest, edition: EditionTerms, days: PlanDays, code: UsableCode | null): PriceSnapshot {
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
    if (isEditionChanged(err)) return submitAgain(deps, booking, context, hash);
    const replay = context.idempotencyKey ? await replayOf(deps, context.idempotencyKey, hash) : null;
    if (replay) return replay;
    throw err;
  }
}

/** The batch refused itself: the edition's row no longer has the terms the request was built on (`EDITION_TERMS_SQL`). */
const isEditionChanged = (err: unknown) => failedWith(err, /NOT NULL constraint failed: bookings\.waiting_list/);

/**
 * The edition changed after the request found it (an admin's edit, a closed sale): built again on the row as it is
 * now, which may refuse it (closed) or price it anew. Twice more at most: the row changing under each of three
 * reads in the milliseconds between read and write is not a race a visitor meets.
 */
async function submitAgain(deps: AppDeps, booking: BookingRequest, context: SubmissionContext, hash: string, tries = 2): Promise<SubmissionResult> {
  forgetEdition(deps, booking.retreatMonth);
  try {
    return await submitOnce(deps, booking, { ...context, edition: undefined }, hash);
  } catch (err) {
    if (isEditionChanged(err) && tries > 1) return submitAgain(deps, booking, context, hash, tries - 1);
    throw err;
  }
}

async function submitOnce(deps: AppDeps, booking: BookingRequest, context: SubmissionContext, hash: string): Promise<SubmissionResult> {
  const now = deps.now();
  const { companions } = booking;
  // Found without a read when an earlier request read it today; the batch writes only while the edition's row
  // still has these terms. The places are counted inside the batch (the waiting-list flag, below).
  const edition = context.edition?.id === booking.retreatMonth ? context.edition : await editionForBooking(deps, booking.retreatMonth);
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
  const stamp = now.toISOString();
  // The booking's reference number comes from its id, which the database makes inside the batch: the stored mail
  // gets it there (in SQL), the copy sent at once after the batch (in TypeScript); a test keeps the two equal.
  const confirmationFor = (waitingList: boolean) =>
    bookingConfirmationMail(booking, {
      edition,
      quote: priced,
      waitingList,
      referenceNumber: REFERENCE_PLACEHOLDER,
      // "Maksa kohe" lives in the portal, behind sign-in (issue "Pay online"): the mail points there when it is on.
      onlinePaymentUrl: deps.config.montonio ? `${deps.config.publicOrigin}${PORTAL_PATH}` : null,
    });
  // Whether the party waits is known only inside the batch, so the stored mail is chosen there; an edition without
  // a limit never has a waiting list.
  const placed = confirmationFor(false);
  const waiting = edition.capacity === null ? placed : confirmationFor(true);
  const waitsInBatch = sql`(SELECT ${bookings.waitingList} FROM ${bookings} WHERE ${bookings.id} = last_insert_rowid())`;
  const stored = (field: 'subject' | 'html' | 'text'): SQL =>
    waiting === placed ? sql`${placed[field]}` : sql`CASE WHEN ${waitsInBatch} THEN ${waiting[field]} ELSE ${placed[field]} END`;
  const withReference = (text: SQL) => sql`replace(${text}, ${REFERENCE_PLACEHOLDER}, ${bookingReferenceSql(sql`last_insert_rowid()`)})`;
  const { db } = deps;
  // One atomic batch rather than an interactive transaction: the statements run back to back on one connection,
  // so the write lock is held for microseconds instead of across event-loop turns (bench:api measures this).
  // Ids the later rows need are either made here (guest) or looked up in SQL (customer, retreat, booking).
  let written: { bookingId: number; waitingList: boolean; outboxId: number | undefined };
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
          // The places counted as the booking is written, on the edition's row only while it still has the terms
          // the price and the mail were built on: else NULL, which the column refuses (isEditionChanged).
          waitingList: sql`(SELECT ${WAITING_LIST_SQL('retreats', priced.people)} FROM ${retreats} WHERE ${retreats.id} = ${edition.retreatId} AND ${EDITION_TERMS_SQL} = ${edition.terms})`,
          experience: booking.experience ?? null,
          travelWith: booking.travelWith,
          source: 'public_form',
          idempotencyKey: context.idempotencyKey ?? null,
          idempotencyRequestHash: hash,
          createdAt: stamp,
          updatedAt: stamp,
        })
        .returning({ id: bookings.id, waitingList: bookings.waitingList }),
      // The confirmation, written already claimed (its first attempt follows the commit), unless the address has
      // had its confirmations for the day: one statement, so concurrent bookings cannot both slip under the limit.
      // Straight after the booking insert, last_insert_rowid() is that booking's id.
      outboxInsert(
        db,
        { kind: 'booking_confirmation', to: placed.to, subject: stored('subject'), html: withReference(stored('html')), text: withReference(stored('text')), bookingId: sql`last_insert_rowid()` },
        now,
        {
          claimed: true,
          when: sql`(SELECT count(*) FROM ${emailOutbox} WHERE to_address = ${placed.to} AND kind = 'booking_confirmation' AND created_at > ${new Date(now.getTime() - DAY_MS).toISOString()})
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
    const bookingRow = results.at(-4) as { id: number; waitingList: boolean }[];
    const outboxRow = results.at(-3) as { id: number }[];
    written = { bookingId: bookingRow[0]!.id, waitingList: Boolean(bookingRow[0]!.waitingList), outboxId: outboxRow[0]?.id };
  } catch (err) {
    if (context.rateLimit && isRateLimitRefusal(err)) await refuseOverLimit(deps, context.rateLimit);
    const codeRefusal = codeUseRefusal(err);
    if (codeRefusal) throw codeRefused(codeRefusal, 'discountCode');
    // The key's earlier request (or one racing this one) has it: submitBooking answers with that booking.
    throw err;
  }

  const { bookingId, waitingList, outboxId } = written;
  if (outboxId === undefined) {
    deps.log({ level: 'warn', msg: 'booking confirmation not sent: daily limit for the address', bookingId });
    return { bookingId, email: 'failed', replayed: false, waitingList };
  }
  const confirmation = waitingList ? waiting : placed;
  const email = await deliverSoon(
    deps,
    {
      id: outboxId,
      kind: 'booking_confirmation',
      writtenAt: now,
      mail: {
        ...confirmation,
        html: confirmation.html.replaceAll(REFERENCE_PLACEHOLDER, bookingReferenceNumber(bookingId)),
        text: confirmation.text.replaceAll(REFERENCE_PLACEHOLDER, bookingReferenceNumber(bookingId)),
      },
    },
    deps.config.confirmationWaitMs,
  );
  return { bookingId, email, replayed: false, waitingList };
}
