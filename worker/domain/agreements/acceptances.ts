/**
 * Writing the evidence of acceptances (issue 42): one row per traveller, text and version, for the caller's batch.
 * Rows are only ever added (migration 0035's triggers); a traveller who accepted a version does not accept it again
 * (its unique index: the insert skips it), a new version is a new row.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AgreementKind, Signer, SigningMethod } from '../../../src/lib/agreement-labels';
import { agreementAcceptances } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { TextInForce } from './texts';

/** Adults sign for themselves; a parent or guardian signs for a traveller under this age at the start. */
export const ADULT_AGE = 18;

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
