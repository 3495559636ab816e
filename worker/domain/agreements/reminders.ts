/**
 * The reminders to sign (issue 42), run with the scheduled jobs: 30 and 14 days before a participating booking's
 * start, once each, every traveller who has not accepted both texts in force and whose address is known gets a fresh
 * personal link (the booker at their own address; a companion at the address their last link went to), and the
 * booker's reminder names the companions without an address, whom the organiser or the booker must reach. The
 * guarded UPDATE that stamps the booking decides: a second run, or two at once, sends nothing again. The booker is
 * also told of those the job cannot reach (no address known, or a minor, for whom a parent or guardian signs).
 */
import { sql } from 'drizzle-orm';
import { addDays, tallinnDay } from '../../../src/lib/format';
import { SITE_CONTACTS } from '../../../src/lib/retreat-editions';
import type { AppDeps } from '../../deps';
import { START_DATE_SQL } from '../bookings/days';
import { PARTICIPANT_SQL } from '../bookings/states';
import { acceptedBothSql, isMinorAt, versionsOf } from './acceptances';
import { linkStatements } from './links';
import { escapeHtml, mailLayout } from '../mail/html';
import { outboxInsert } from '../mail/outbox';
import { textsInForce } from './texts';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

/** Days before the start: each reminder's window runs until the next one's. */
export const AGREEMENT_REMINDER_DAYS_BEFORE = [30, 14] as const;

const COLUMN = { 30: sql.raw('agreements_reminded_30_at'), 14: sql.raw('agreements_reminded_14_at') } as const;

interface Unsigned {
  bookingId: number;
  guestId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  isBooker: number;
  /** The booker's address, or the address a companion's last link went to. */
  email: string | null;
  startDate: string;
  retreatName: string | null;
}

function bookerReminderMail(to: string, bookerName: string, people: readonly Unsigned[], days: number) {
  const subject = `Meeldetuletus: reisijate allkirjad on puudu – ${SITE_CONTACTS.retreatName}`;
  const names = people.map((p) => `${p.firstName} ${p.lastName}`).join(', ');
  const paragraphs = [
    `Tere, ${bookerName}!`,
    `Retriidi alguseni on umbes ${days} päeva. Tingimused ja osaleja deklaratsioon on veel allkirjastamata: ${names}.`,
    'Iga täiskasvanud reisija allkirjastab need ise; alaealise eest allkirjastab lapsevanem või eestkostja. Vastake sellele kirjale ja saatke meile reisijate e-posti aadressid: saadame igaühele isikliku allkirjastamise lingi.',
  ];
  return {
    to,
    subject,
    text: [...paragraphs, SITE_CONTACTS.retreatName].join('\n\n'),
    html: mailLayout(subject, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
  };
}

/** Queues each due reminder once; answers how many bookings were reminded. */
export async function queueAgreementReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const today = tallinnDay(now);
  const stamp = now.toISOString();
  const texts = await textsInForce(today);
  let reminded = 0;
  for (const [i, days] of AGREEMENT_REMINDER_DAYS_BEFORE.entries()) {
    // Its day has come (start − days ≤ today) and the next reminder's has not (today < start − next).
    const next = AGREEMENT_REMINDER_DAYS_BEFORE[i + 1] ?? 0;
    const rows = await deps.db.all<Unsigned>(sql`
      SELECT bookings.id AS bookingId, g.id AS guestId, g.first_name AS firstName, g.last_name AS lastName, g.date_of_birth AS dateOfBirth,
             (g.id = bookings.guest_id) AS isBooker,
             CASE WHEN g.id = bookings.guest_id THEN g.email
                  ELSE (SELECT l.email FROM agreement_links AS l WHERE l.guest_id = g.id ORDER BY l.id DESC LIMIT 1) END AS email,
             ${START_DATE_SQL} AS startDate, retreats.name AS retreatName
      FROM bookings
      JOIN guests AS g ON g.id = bookings.guest_id OR g.companion_of_guest_id = bookings.guest_id
      LEFT JOIN retreats ON retreats.id = bookings.retreat_id
      WHERE bookings.${COLUMN[days]} IS NULL AND ${PARTICIPANT_SQL('"bookings"')}
        AND ${START_DATE_SQL} BETWEEN ${addDays(today, next + 1)} AND ${addDays(today, days)}
        AND NOT ${acceptedBothSql(sql`g.id`, versionsOf(texts))}
      ORDER BY bookings.id, isBooker DESC, g.rowid
      LIMIT 2000`);
    const byBooking = new Map<number, Unsigned[]>();
    for (const row of rows) byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row]);
    for (const [bookingId, travellers] of byBooking) {
      const ours = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId} AND ${COLUMN[days]} = ${stamp})`;
      const [booker] = await deps.db.all<{ firstName: string; lastName: string; email: string | null }>(
        sql`SELECT g.first_name AS firstName, g.last_name AS lastName, g.email FROM bookings JOIN guests AS g ON g.id = bookings.guest_id WHERE bookings.id = ${bookingId}`,
      );
      const bookerName = booker ? `${booker.firstName} ${booker.lastName}` : SITE_CONTACTS.retreatName;
      // A minor's parent or guardian signs: the booker, at the booker's address.
      const adults = travellers.filter((t) => !isMinorAt(t.dateOfBirth, t.startDate));
      const withAddress = adults.filter((t) => t.email);
      // Those the job cannot reach (no address known, or a minor whose guardian signs): the booker is told.
      const unreachable = travellers.filter((t) => !withAddress.includes(t));
      const statements = [];
      if (unreachable.length > 0 && booker?.email) {
        const mail = bookerReminderMail(booker.email, bookerName, unreachable, days);
        statements.push(outboxInsert(deps.db, { kind: 'agreement_reminder', bookingId, ...mail }, now, { when: ours }));
      }
      for (const t of withAddress) {
        const made = await linkStatements(
          deps,
          {
            bookingId,
            guestId: t.guestId,
            email: t.email!,
            name: `${t.firstName} ${t.lastName}`,
            booker: bookerName,
            retreat: t.retreatName,
            startDate: t.startDate,
            createdBy: null,
          },
          { when: ours, reminder: true },
        );
        statements.push(...made.statements);
      }
      const [marked] = await deps.db.batch([
        deps.db.run(sql`UPDATE bookings SET ${COLUMN[days]} = ${stamp} WHERE id = ${bookingId} AND ${COLUMN[days]} IS NULL`),
        ...statements,
      ]);
      reminded += marked.rowsAffected;
    }
  }
  return reminded;
}
