/**
 * The public editions (content/settings/site.json, the editors' file) and the back office's retreats (the admins'
 * table) stay one truth, matched by the edition key (`retreats.edition`). The editors own an edition's key, label
 * and start and end dates: a retreat with that key takes them over. The admins own everything else of the retreat
 * (name, location, description, arrival and departure, prices, places). A missing retreat is created, so every
 * edition can be given places and every booking finds its retreat.
 */
import { sql } from 'drizzle-orm';
import { RETREAT_EDITIONS, SITE_CONTACTS, type RetreatEdition } from '../../../src/lib/retreat-editions';
import { retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';

/** The name a retreat made for an edition starts with; admins may rename it. */
export const editionRetreatName = (edition: RetreatEdition) => `${SITE_CONTACTS.retreatName} – ${edition.label}`;

/** The statement that makes an edition's retreat if it has none, for a batch (the booking's, or the job's). */
export function editionRetreatInsert(db: AppDeps['db'], edition: RetreatEdition, stamp: string) {
  return db
    .insert(retreats)
    .values({
      edition: edition.id,
      name: editionRetreatName(edition),
      location: `${SITE_CONTACTS.venue.place}, ${SITE_CONTACTS.venue.island}`,
      startDate: edition.startDate,
      endDate: edition.endDate,
      arrivalDate: edition.startDate,
      departureDate: edition.endDate,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .onConflictDoNothing({ target: retreats.edition });
}

/**
 * Creates the missing editions' retreats and carries the editors' dates over to the ones that exist. Run with the
 * scheduled jobs (and by the Node host at start), so a content change reaches the back office without an admin.
 */
export async function syncEditionRetreats({ db, now }: Pick<AppDeps, 'db' | 'now'>, editions: readonly RetreatEdition[] = RETREAT_EDITIONS) {
  if (editions.length === 0) return;
  const stamp = now().toISOString();
  const [first, ...rest] = editions.flatMap((edition) => [
    editionRetreatInsert(db, edition, stamp),
    db.run(sql`UPDATE ${retreats} SET start_date = ${edition.startDate}, end_date = ${edition.endDate}, updated_at = ${stamp}
      WHERE edition = ${edition.id} AND (start_date IS NOT ${edition.startDate} OR end_date IS NOT ${edition.endDate})`),
  ]);
  await db.batch([first!, ...rest]);
}
