/**
 * A companion's personal signing link (issue 42): the organiser or the booker sends it to the companion's address;
 * the companion opens /allkirjasta, reads both texts and signs each, typing their full name. Only the link's
 * SHA-256 is stored; the link works for that one traveller until it expires. The mail goes through the outbox in the
 * batch that makes the link, with its audit record.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { AGREEMENT_KINDS, AGREEMENT_MESSAGES, SIGNING_PATH, type AgreementKind, type SigningView } from '../../../src/lib/agreement-labels';
import { formatDateEt, formatDateTime, tallinnDay } from '../../../src/lib/format';
import { SITE_CONTACTS } from '../../../src/lib/retreat-editions';
import { agreementAcceptances, agreementLinks, bookings, guests, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import type { Actor } from '../actor';
import { auditIfChanged } from '../audit';
import { AGREEMENT_LINK_TTL_MS } from '../auth/link-lifetimes';
import { randomToken, sha256Hex } from '../auth/tokens';
import { START_DATE_SQL } from '../bookings/days';
import { escapeHtml, mailLayout } from '../mail/html';
import { deliverSoon, outboxInsert, type FirstDelivery } from '../mail/outbox';
import { bookingNotFound } from '../not-found';
import { acceptanceInForce, acceptanceInsert, isMinorAt, versionsOf } from './acceptances';
import { textsInForce } from './texts';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config' | 'mail' | 'log' | 'waitUntil' | 'invoicePdf' | 'invoiceUbl'>;

/** A traveller of the booking: its main guest or one of their companions, with the booking's retreat. */
async function travellerOf(deps: Pick<AppDeps, 'db'>, bookingId: number, guestId: string) {
  const [row] = await deps.db
    .select({
      bookingId: bookings.id,
      bookerGuestId: bookings.guestId,
      firstName: guests.firstName,
      lastName: guests.lastName,
      dateOfBirth: guests.dateOfBirth,
      retreatName: retreats.name,
      startDate: START_DATE_SQL,
      endDate: retreats.endDate,
    })
    .from(bookings)
    .innerJoin(guests, or(eq(guests.id, bookings.guestId), eq(guests.companionOfGuestId, bookings.guestId)))
    .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
    .where(and(eq(bookings.id, bookingId), eq(guests.id, guestId)));
  return row;
}

const fullName = (t: { firstName: string; lastName: string }) => `${t.firstName} ${t.lastName}`.trim();
const normalName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('et');

function linkMail(
  to: string,
  t: { name: string; booker: string; retreat: string | null; startDate: string | null },
  link: string,
  expiresAt: string,
  reminder: boolean,
) {
  const subject = `${reminder ? 'Meeldetuletus: p' : 'P'}alun allkirjastage tingimused ja osaleja deklaratsioon – ${SITE_CONTACTS.retreatName}`;
  const paragraphs = [
    `Tere, ${t.name}!`,
    ...(reminder ? ['Retriidi alguseni on jäänud vähe aega ja Teie allkiri on veel puudu.'] : []),
    `${t.booker} broneeris Teile koha retriidile ${t.retreat ?? SITE_CONTACTS.retreatName}${t.startDate ? ` (algus ${formatDateEt(t.startDate)})` : ''}.`,
    'Enne reisi palume Teil läbi lugeda ja allkirjastada retriidi tingimused ning osaleja deklaratsiooni (tervisedeklaratsioon, vastutus tegevuste eest ja nõusolek esmaabiks).',
    `Allkirjastamiseks avage link: ${link}`,
    `Link kehtib kuni ${formatDateTime(expiresAt)} ja on mõeldud ainult Teile.`,
  ];
  return {
    to,
    subject,
    text: [...paragraphs, '', SITE_CONTACTS.retreatName].join('\n\n'),
    html: mailLayout(subject, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
  };
}

/** A traveller's new signing link, for a batch: the link's row and its mail in the outbox (claimed when sent at once). */
export async function linkStatements(
  deps: Pick<AppDeps, 'db' | 'now' | 'config'>,
  t: {
    bookingId: number;
    guestId: string;
    email: string;
    name: string;
    booker: string;
    retreat: string | null;
    startDate: string | null;
    createdBy: string | null;
  },
  options: { claimed?: boolean; when?: SQL; reminder?: boolean } = { claimed: true },
) {
  const now = deps.now();
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + AGREEMENT_LINK_TTL_MS).toISOString();
  const mail = linkMail(t.email, t, `${deps.config.publicOrigin}${SIGNING_PATH}#allkiri=${token}`, expiresAt, options.reminder ?? false);
  const stamp = now.toISOString();
  const when = options.when ?? sql`1`;
  return {
    mail,
    expiresAt,
    statements: [
      deps.db.run(sql`INSERT INTO ${agreementLinks} (booking_id, guest_id, email, token_hash, expires_at, created_by, created_at)
        SELECT ${t.bookingId}, ${t.guestId}, ${t.email}, ${await sha256Hex(token)}, ${expiresAt}, ${t.createdBy}, ${stamp} WHERE ${when}`),
      outboxInsert(deps.db, { kind: 'agreement_link', bookingId: t.bookingId, ...mail }, now, {
        claimed: options.claimed ?? false,
        when: sql`changes() > 0`,
      }),
    ] as const,
  };
}

/** Sends a traveller of the booking their signing link; `actor` is the organiser or the booker. */
export async function sendSigningLink(
  deps: Deps,
  bookingId: number,
  input: { guestId: string; email: string },
  actor: Actor,
): Promise<{ email: FirstDelivery; expiresAt: string }> {
  const traveller = await travellerOf(deps, bookingId, input.guestId);
  if (!traveller) {
    if (!(await deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)))[0]) throw bookingNotFound();
    throw new ApiError('validation_failed', { details: [{ path: 'guestId', message: AGREEMENT_MESSAGES.notTraveller }] });
  }
  if (isMinorAt(traveller.dateOfBirth, traveller.startDate)) {
    throw new ApiError('validation_failed', { details: [{ path: 'guestId', message: AGREEMENT_MESSAGES.minorSignedByGuardian }] });
  }
  const now = deps.now();
  const texts = await textsInForce(tallinnDay(now));
  const signed = await deps.db
    .select({ kind: agreementAcceptances.kind, version: agreementAcceptances.version })
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.guestId, input.guestId));
  if (AGREEMENT_KINDS.every((kind) => acceptanceInForce(signed, kind, versionsOf(texts)))) throw new ApiError('agreement_already_signed');

  const [booker] = await deps.db
    .select({ firstName: guests.firstName, lastName: guests.lastName })
    .from(guests)
    .where(eq(guests.id, traveller.bookerGuestId));
  const made = await linkStatements(deps, {
    bookingId,
    guestId: input.guestId,
    email: input.email,
    name: fullName(traveller),
    booker: booker ? fullName(booker) : SITE_CONTACTS.retreatName,
    retreat: traveller.retreatName,
    startDate: traveller.startDate,
    createdBy: actor.userId,
  });
  const [, queued] = await deps.db.batch([
    ...made.statements,
    // The address is personal: the record says for whom, not where.
    auditIfChanged(
      deps,
      {
        actor,
        action: 'agreement.link_sent',
        severity: 'low',
        resourceType: 'booking',
        resourceId: String(bookingId),
        metadata: { guestId: input.guestId },
      },
      sql`1`,
    ),
  ]);
  const { mail, expiresAt } = made;
  const email = await deliverSoon(deps, { id: queued[0]!.id, kind: 'agreement_link', writtenAt: now, mail }, deps.config.confirmationWaitMs);
  return { email, expiresAt };
}

/** The link behind a token, refused as not found (wrong) or expired. */
async function linkOf(deps: Pick<AppDeps, 'db' | 'now'>, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ApiError('agreement_link_not_found');
  const [link] = await deps.db
    .select()
    .from(agreementLinks)
    .where(eq(agreementLinks.tokenHash, await sha256Hex(token)));
  if (!link) throw new ApiError('agreement_link_not_found');
  if (link.expiresAt <= deps.now().toISOString()) throw new ApiError('agreement_link_expired');
  const traveller = await travellerOf(deps, link.bookingId, link.guestId);
  if (!traveller) throw new ApiError('agreement_link_not_found');
  return { link, traveller };
}

/** What the signing page shows: the traveller, the retreat, and each text in force with whether it is signed. */
export async function signingView(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<SigningView> {
  const { link, traveller } = await linkOf(deps, token);
  const texts = await textsInForce(tallinnDay(deps.now()));
  const signed = await deps.db.select().from(agreementAcceptances).where(eq(agreementAcceptances.guestId, link.guestId));
  const signedAt = (kind: AgreementKind) => acceptanceInForce(signed, kind, versionsOf(texts))?.signedAt ?? null;
  return {
    bookingId: link.bookingId,
    traveller: { name: fullName(traveller) },
    retreat: traveller.retreatName ? { name: traveller.retreatName, startDate: traveller.startDate, endDate: traveller.endDate } : null,
    expiresAt: link.expiresAt,
    texts: {
      terms: { ...texts.terms, signedAt: signedAt('terms') },
      waiver: { ...texts.waiver, signedAt: signedAt('waiver') },
    },
  };
}

/** One signature on one text, for a traveller found by the caller: the name checked, the hash of the text shown too. */
async function recordSignature(
  deps: Pick<AppDeps, 'db' | 'now'>,
  s: {
    bookingId: number;
    guestId: string;
    expectedName: string;
    signedBy: 'self' | 'guardian';
    name: string;
    kind: AgreementKind;
    textSha256: string;
  },
  context: { method: 'link' | 'portal'; ip: string | null; userAgent: string | null; actor: Actor | null },
): Promise<{ kind: AgreementKind; version: string; signedAt: string }> {
  if (normalName(s.name) !== normalName(s.expectedName)) {
    throw new ApiError('validation_failed', { details: [{ path: 'name', message: AGREEMENT_MESSAGES.nameMismatch }] });
  }
  const now = deps.now();
  const text = (await textsInForce(tallinnDay(now)))[s.kind];
  if (s.textSha256 !== text.sha256) throw new ApiError('agreement_text_changed');
  const stamp = now.toISOString();
  await deps.db.batch([
    acceptanceInsert(
      deps.db,
      s.bookingId,
      [{ guestId: s.guestId, signedName: s.name.trim().replace(/\s+/g, ' '), signedBy: s.signedBy }],
      { [s.kind]: text },
      {
        method: context.method,
        ip: context.ip,
        userAgent: context.userAgent,
        signedAt: stamp,
      },
    ),
    auditIfChanged(deps, {
      actor: context.actor,
      userId: null,
      action: 'agreement.sign',
      severity: 'low',
      resourceType: 'booking',
      resourceId: String(s.bookingId),
      metadata: { guestId: s.guestId, kind: s.kind, version: text.version, method: context.method, signedBy: s.signedBy },
      ip: context.ip ?? undefined,
      userAgent: context.userAgent ?? undefined,
    }),
  ]);
  const [row] = await deps.db
    .select({ signedAt: agreementAcceptances.signedAt })
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.guestId, s.guestId), eq(agreementAcceptances.kind, s.kind), eq(agreementAcceptances.version, text.version)));
  return { kind: s.kind, version: text.version, signedAt: row?.signedAt ?? stamp };
}

/**
 * Signs one text through the link: the typed name must be the traveller's, the hash the text's in force (409, and
 * nothing stored, when it changed since the page showed it). Signing a text already signed changes nothing.
 */
export async function signByLink(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: { token: string; name: string; kind: AgreementKind; textSha256: string },
  context: { ip: string | null; userAgent: string | null },
): Promise<{ kind: AgreementKind; version: string; signedAt: string }> {
  const { link, traveller } = await linkOf(deps, input.token);
  return recordSignature(
    deps,
    {
      bookingId: link.bookingId,
      guestId: link.guestId,
      expectedName: fullName(traveller),
      signedBy: 'self',
      name: input.name,
      kind: input.kind,
      textSha256: input.textSha256,
    },
    { method: 'link', ...context, actor: null },
  );
}

/**
 * "Allkirjasta ise" in the portal, on the booker's device: an adult traveller types their own full name; for a minor
 * the booker signs as parent or guardian, with the booker's name. The booking is the signed-in guest's (the route
 * checks it).
 */
export async function signInPortal(
  deps: Pick<AppDeps, 'db' | 'now'>,
  bookingId: number,
  input: { guestId: string; name: string; kind: AgreementKind; textSha256: string },
  actor: Actor,
): Promise<{ kind: AgreementKind; version: string; signedAt: string }> {
  const traveller = await travellerOf(deps, bookingId, input.guestId);
  if (!traveller) throw new ApiError('validation_failed', { details: [{ path: 'guestId', message: AGREEMENT_MESSAGES.notTraveller }] });
  const minor = isMinorAt(traveller.dateOfBirth, traveller.startDate);
  const [booker] = await deps.db
    .select({ firstName: guests.firstName, lastName: guests.lastName })
    .from(guests)
    .where(eq(guests.id, traveller.bookerGuestId));
  return recordSignature(
    deps,
    {
      bookingId,
      guestId: input.guestId,
      expectedName: minor && booker ? fullName(booker) : fullName(traveller),
      signedBy: minor ? 'guardian' : 'self',
      name: input.name,
      kind: input.kind,
      textSha256: input.textSha256,
    },
    { method: 'portal', ip: actor.ip ?? null, userAgent: actor.userAgent ?? null, actor },
  );
}
