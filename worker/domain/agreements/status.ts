/**
 * Who of a booking's travellers has accepted which text (issue 42): the booker and each companion, with the
 * evidence of their acceptance of the version in force today, or null while it is awaited ("Ootab"). A traveller
 * who accepted an older version only is awaited again: a new version asks again.
 */
import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { AGREEMENT_KINDS, type AcceptanceEvidence, type AgreementKind, type TravellerAgreements } from '../../../src/lib/agreement-labels';
import { tallinnDay } from '../../../src/lib/format';
import { agreementAcceptances, bookings, guests, retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { START_DATE_SQL } from '../bookings/days';
import { PARTICIPANT_SQL } from '../bookings/states';
import { bookingNotFound } from '../not-found';
import { acceptanceInForce, acceptedBothSql, isMinorAt, versionsOf } from './acceptances';
import { textsInForce } from './texts';

/**
 * How many travellers of an edition's participating bookings (the booker and each companion) have not yet accepted
 * both texts in force, as SQL over the edition's id (the dashboard's column). The versions are the ones in force today.
 */
export function travellersToSignSql(retreatId: SQL, versions: Record<AgreementKind, string>): SQL<number> {
  return sql<number>`(SELECT count(*) FROM bookings AS b JOIN guests AS g ON g.id = b.guest_id OR g.companion_of_guest_id = b.guest_id
    WHERE b.retreat_id = ${retreatId} AND ${PARTICIPANT_SQL('b')} AND NOT ${acceptedBothSql(sql`g.id`, versions)})`;
}

export async function bookingAgreements(deps: Pick<AppDeps, 'db' | 'now'>, bookingId: number): Promise<{ travellers: TravellerAgreements[] }> {
  const [[booking], people, rows] = await deps.db.batch([
    deps.db
      .select({ guestId: bookings.guestId, startDate: START_DATE_SQL })
      .from(bookings)
      .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
      .where(eq(bookings.id, bookingId)),
    deps.db
      .select({
        id: guests.id,
        firstName: guests.firstName,
        lastName: guests.lastName,
        dateOfBirth: guests.dateOfBirth,
        isCompanion: guests.isCompanion,
      })
      .from(guests)
      .where(
        or(
          eq(guests.id, sql`(SELECT guest_id FROM bookings WHERE id = ${bookingId})`),
          eq(guests.companionOfGuestId, sql`(SELECT guest_id FROM bookings WHERE id = ${bookingId})`),
        ),
      )
      // The booker first, then the companions as the form listed them (one insert: rowid order).
      .orderBy(asc(guests.isCompanion), sql`guests.rowid`),
    deps.db.select().from(agreementAcceptances).where(eq(agreementAcceptances.bookingId, bookingId)).orderBy(asc(agreementAcceptances.id)),
  ]);
  if (!booking) throw bookingNotFound();
  const texts = await textsInForce(tallinnDay(deps.now()));
  const versions = versionsOf(texts);
  const evidence = (guestId: string, kind: AgreementKind): AcceptanceEvidence | null => {
    const row = acceptanceInForce(
      rows.filter((r) => r.guestId === guestId),
      kind,
      versions,
    );
    return row
      ? {
          signedAt: row.signedAt,
          version: row.version,
          textSha256: row.textSha256,
          signedName: row.signedName,
          signedBy: row.signedBy,
          method: row.method,
          ip: row.ip,
          userAgent: row.userAgent,
        }
      : null;
  };
  return {
    travellers: people.map((p) => ({
      guestId: p.id,
      name: `${p.firstName} ${p.lastName}`.trim(),
      minor: isMinorAt(p.dateOfBirth, booking.startDate),
      ...(Object.fromEntries(AGREEMENT_KINDS.map((kind) => [kind, evidence(p.id, kind)])) as Record<AgreementKind, AcceptanceEvidence | null>),
    })),
  };
}
