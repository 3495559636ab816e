/**
 * Writing the evidence of acceptances (issue 42): one row per traveller, text and version, for the caller's batch.
 * Rows are only ever added (migration 0035's triggers); a traveller who accepted a version does not accept it again
 * (its unique index: the insert skips it), a new version is a new row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AgreementKind, Signer, SigningMethod } from '../../../src/lib/agreement-labels';
import { ageOn } from '../../../src/lib/booking/age';
import { agreementAcceptances } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { TextInForce } from './texts';

/** Adults sign for themselves; a parent or guardian signs for a traveller under this age at the start. */
export const ADULT_AGE = 18;

/** A traveller a parent or guardian signs for: under ADULT_AGE on the first day (not known: an adult). */
export const isMinorAt = (birthday: string | null, startDate: string | null): boolean =>
  Boolean(birthday && startDate && ageOn(birthday, startDate) < ADULT_AGE);

/** The acceptance of a text's version in force among a traveller's rows, if any. */
export const acceptanceInForce = <R extends { kind: AgreementKind; version: string }>(
  rows: readonly R[],
  kind: AgreementKind,
  versions: Record<AgreementKind, string>,
): R | undefined => rows.find((r) => r.kind === kind && r.version === versions[kind]);

/** SQL: the guest (a column or id) has accepted both texts' versions in force. */
export const acceptedBothSql = (guestId: SQL, versions: Record<AgreementKind, string>): SQL => {
  const accepted = (kind: AgreementKind) =>
    sql`EXISTS (SELECT 1 FROM agreement_acceptances AS a WHERE a.guest_id = ${guestId} AND a.kind = ${kind} AND a.version = ${versions[kind]})`;
  return sql`(${accepted('terms')} AND ${accepted('waiver')})`;
};

/** The versions of the texts given, by kind (what the rules above compare with). */
export const versionsOf = (texts: Record<AgreementKind, { version: string }>): Record<AgreementKind, string> => ({
  terms: texts.terms.version,
  waiver: texts.waiver.version,
});

export interface Signature {
  guestId: string;
  signedName: string;
  signedBy: Signer;
}

export interface SigningContext {
  method: SigningMethod;
  ip: string | null;
  userAgent: string | null;
  signedAt: string;
}

/** The rows for each signature on each text shown; `bookingId` may be SQL (a booking the same batch makes). */
export function acceptanceInsert(
  db: AppDeps['db'],
  bookingId: number | SQL,
  signatures: readonly Signature[],
  texts: Partial<Record<AgreementKind, TextInForce>>,
  context: SigningContext,
) {
  const rows = signatures.flatMap((s) =>
    (Object.entries(texts) as [AgreementKind, TextInForce][]).map(([kind, text]) => ({
      bookingId: bookingId as number,
      guestId: s.guestId,
      kind,
      version: text.version,
      textSha256: text.sha256,
      signedName: s.signedName,
      signedBy: s.signedBy,
      method: context.method,
      ip: context.ip,
      userAgent: context.userAgent?.slice(0, 300) ?? null,
      signedAt: context.signedAt,
    })),
  );
  return db.insert(agreementAcceptances).values(rows).onConflictDoNothing();
}

/** True when every hash the client sent is the one of the text in force (the text it showed is the one signed). */
export function showedTextsInForce(shown: Partial<Record<AgreementKind, string>>, texts: Partial<Record<AgreementKind, TextInForce>>): boolean {
  return (Object.entries(texts) as [AgreementKind, TextInForce][]).every(([kind, text]) => shown[kind] === text.sha256);
}

export const bookingOfGuest = (guestId: string) => sql`(SELECT id FROM bookings WHERE guest_id = ${guestId})`;
