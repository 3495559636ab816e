/**
 * The scheduled job's travel-details work (issue "Guest portal"), run with the money jobs (worker/jobs.ts):
 * - one reminder per booking, from the settings' days before the travel-details deadline until the deadline, while
 *   someone on it has not completed their details (bookings made after the reminder day, cancelled ones and waiting
 *   list places get none);
 * - health information erased the settings' days after the retreat ends (at once for a cancelled booking), from the
 *   portal's travel details and from the guest record the admin's guest dialog keeps.
 */
import { sql } from 'drizzle-orm';
import { addDays, formatDateEt, tallinnDay } from '../../../src/lib/format';
import { PORTAL_PATH } from '../../../src/lib/portal';
import { SITE_CONTACTS } from '../../../src/lib/retreat-editions';
import {
  HEALTH_DATA_KEPT_DAYS_AFTER_END,
  TRAVEL_DETAILS_DUE_DAYS_BEFORE,
  TRAVEL_DETAILS_REMINDER_DAYS_BEFORE,
  travelDetailsDueOn,
  travelDetailsReminderOn,
} from '../../../src/lib/travel-details';
import { auditLogs, bookings } from '../../db/schema';
import { IN_STATES_SQL, PARTICIPANT_SQL } from '../bookings/states';
import { outboxInsert } from '../mail/outbox';
import type { AppDeps } from '../../deps';
import { escapeHtml, mailLayout, summaryTable } from '../mail/html';
import { PEOPLE_OF_BOOKING } from '../retreats/places';
import { COMPLETE_TRAVELLERS, TRAVEL_DETAILS_MISSING } from './completeness';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

export function travelDetailsReminderMail(
  booking: { id: number; firstName: string; email: string; startDate: string; complete: number; total: number },
  origin: string,
) {
  const due = formatDateEt(travelDetailsDueOn(booking.startDate)!);
  const subject = `${SITE_CONTACTS.retreatName}: palun täitke reisiandmed ${due}`;
  const intro = `Tere, ${booking.firstName}! Retriidi korraldamiseks (lennud, kindlustus, majutus) vajame iga reisija andmeid: sünnikuupäev, kodakondsus, pass ja hädaabikontakt. Palun täitke need hiljemalt ${due}.`;
  const summary = summaryTable([
    ['Broneering', `nr ${booking.id}`],
    ['Täidetud', `${booking.complete} / ${booking.total}`],
    ['Tähtaeg', due],
    // The origin comes from configuration only, never from a request's Host header.
    ['Täitke siin', `${origin}${PORTAL_PATH}`],
  ]);
  const closing = `Logige sisse e-posti aadressiga ${booking.email} (kui kontot veel pole, looge see sama aadressiga ja kinnitage).`;
  return {
    subject,
    text: `${intro}\n\n${summary.text}\n\n${closing}\n\n${SITE_CONTACTS.retreatName}`,
    html: mailLayout(subject, `<p>${escapeHtml(intro)}</p>${summary.html}<p>${escapeHtml(closing)}</p>`),
  };
}

const START = sql`coalesce(r.start_date, b.check_in_date)`;
const END = sql`coalesce(r.end_date, b.check_out_date)`;

/** Queues each due reminder once (the guarded UPDATE of the booking decides); answers how many. */
export async function queueTravelDetailsReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const today = tallinnDay(now);
  const stamp = now.toISOString();
  // Reminder day ≤ today < due day, with reminder day = start − due − reminder days. Incomplete bookings only, so
  // every row read is either reminded (and leaves the set) or was made too late (and leaves with the window).
  const startFrom = addDays(today, TRAVEL_DETAILS_DUE_DAYS_BEFORE + 1);
  const startTo = addDays(today, TRAVEL_DETAILS_DUE_DAYS_BEFORE + TRAVEL_DETAILS_REMINDER_DAYS_BEFORE);
  const rows = await deps.db.all<{ id: number; firstName: string; email: string; startDate: string; createdAt: string; complete: number; total: number }>(sql`
    SELECT b.id, g.first_name AS firstName, g.email, ${START} AS startDate, b.created_at AS createdAt,
           ${COMPLETE_TRAVELLERS('b')} AS complete, ${PEOPLE_OF_BOOKING('b')} AS total
    FROM bookings b
    JOIN guests g ON g.id = b.guest_id
    LEFT JOIN retreats r ON r.id = b.retreat_id
    WHERE b.travel_details_reminded_at IS NULL AND ${PARTICIPANT_SQL('b')}
      AND g.email IS NOT NULL AND ${START} BETWEEN ${startFrom} AND ${startTo} AND ${TRAVEL_DETAILS_MISSING('b')}
    LIMIT 2000`);
  let queued = 0;
  for (const row of rows) {
    // Made on or after its reminder day: the confirmation has just told them, no reminder.
    if (tallinnDay(new Date(row.createdAt)) >= travelDetailsReminderOn(row.startDate)!) continue;
    const mail = travelDetailsReminderMail(row, deps.config.publicOrigin);
    const [marked] = await deps.db.batch([
      deps.db.run(sql`UPDATE ${bookings} SET travel_details_reminded_at = ${stamp} WHERE id = ${row.id} AND travel_details_reminded_at IS NULL`),
      outboxInsert(deps.db, { kind: 'travel_details_reminder', to: row.email, bookingId: row.id, ...mail }, now, { when: sql`changes() > 0` }),
    ]);
    queued += marked.rowsAffected;
  }
  return queued;
}

/**
 * Erases health information past its keeping time; answers how many people's records it cleared. One batch: the
 * travel details, the guest records, and one audit record naming the bookings (never the data).
 */
export async function eraseExpiredHealthData(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  const stamp = now.toISOString();
  // A retreat that ended on or before this day has been over long enough.
  const endedBy = addDays(tallinnDay(now), -HEALTH_DATA_KEPT_DAYS_AFTER_END);
  const expired = sql`(${IN_STATES_SQL('b', ['cancelled'])} OR ${END} <= ${endedBy})`;
  const due = await deps.db.all<{ bookingId: number; position: number }>(sql`
    SELECT t.booking_id AS bookingId, t.position
    FROM booking_travellers t
    JOIN bookings b ON b.id = t.booking_id
    LEFT JOIN retreats r ON r.id = b.retreat_id
    WHERE t.health_erased_at IS NULL
      AND (t.health_conditions IS NOT NULL OR t.health_medications IS NOT NULL OR t.health_allergies IS NOT NULL)
      AND ${expired}`);
  const guestsDue = await deps.db.all<{ id: string }>(sql`
    SELECT g.id FROM guests g
    WHERE g.health_info IS NOT NULL
      AND EXISTS (SELECT 1 FROM bookings b WHERE b.guest_id = g.id)
      AND NOT EXISTS (
        SELECT 1 FROM bookings b LEFT JOIN retreats r ON r.id = b.retreat_id
        WHERE b.guest_id = g.id AND NOT ${expired})`);
  if (due.length === 0 && guestsDue.length === 0) return 0;
  const bookingIds = [...new Set(due.map((d) => d.bookingId))];
  await deps.db.batch([
    deps.db.run(sql`
      UPDATE booking_travellers SET health_conditions = NULL, health_medications = NULL, health_allergies = NULL, health_erased_at = ${stamp}
      WHERE (booking_id, position) IN (SELECT j.value ->> '$[0]', j.value ->> '$[1]' FROM json_each(${JSON.stringify(due.map((d) => [d.bookingId, d.position]))}) AS j)`),
    deps.db.run(sql`
      UPDATE guests SET health_info = NULL, updated_at = ${stamp}
      WHERE id IN (SELECT value FROM json_each(${JSON.stringify(guestsDue.map((g) => g.id))}))`),
    deps.db.insert(auditLogs).values({
      userId: null,
      action: 'health_data.erased',
      severity: 'medium',
      resourceType: 'booking',
      metadata: { bookings: bookingIds, travellers: due.length, guests: guestsDue.length, keptDaysAfterEnd: HEALTH_DATA_KEPT_DAYS_AFTER_END },
      createdAt: stamp,
    }),
  ]);
  return due.length + guestsDue.length;
}
