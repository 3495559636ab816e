/**
 * The scheduled job's money work (issue "Back office II"), run by both hosts' schedulers (worker/jobs.ts): bookings
 * with a part of their schedule past its day and money owed on it become 'overdue'; payment reminders go out 7 days
 * before a due day, on it and 3 days after, each once (a unique row per booking, part, day and stage), only while
 * money is owed, the booking is not cancelled and its reminders are on. The schedule is src/lib/payment-schedule.
 */
import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { addDays, formatDateEt, formatMoney, tallinnDay } from '../../../src/lib/format';
import { SCHEDULE_PART_GENITIVES, type ScheduleItem } from '../../../src/lib/payment-schedule';
import { bookedOnOf, bookingSchedule, reminderDue, type BookingForSchedule, type ReminderStage } from './schedule';
import { OWES_SQL } from './balance';
import { START_DATE_SQL } from '../bookings/days';
import { INVOICE_TERM_DAYS } from '../../../src/lib/payment-rules';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import { SITE_CONTACTS } from '../../../src/lib/retreat-editions';
import settings from '../../../content/settings/site.json';
import { auditLogs, bookings, guests, paymentReminders, retreats } from '../../db/schema';
import { outboxInsert } from '../mail/outbox';
import type { AppDeps } from '../../deps';
import { escapeHtml, mailLayout, summaryTable } from '../mail/html';
import type { AuditAction } from '../../../src/lib/enums';

type Deps = Pick<AppDeps, 'db' | 'now'>;

/** Rows read per query: the jobs walk the owing bookings in pages, so a large backlog never loads at once. */
const PAGE = 500;

/** An owing booking as the jobs read it: what its schedule needs, and who to remind. */
interface Owing extends BookingForSchedule {
  id: number;
  paymentStatus: string;
  email: string | null;
  firstName: string;
}

/**
 * Bookings that owe money (the money module's rule: billed, holding their places), made early enough for some part to be due by `until` (the
 * earliest due day is one invoice term after booking or the first day, whichever is sooner), in id order.
 */
async function owingBookings({ db }: Deps, until: string, afterId: number, extra = sql`1 = 1`): Promise<Owing[]> {
  // A loose bound in UTC (a day to spare for Tallinn's offset): the schedule itself decides.
  const madeBy = `${addDays(until, -INVOICE_TERM_DAYS + 1)}T00:00:00.000Z`;
  const start = START_DATE_SQL;
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      waitingList: bookings.waitingList,
      paymentStatus: bookings.paymentStatus,
      createdAt: bookings.createdAt,
      scheduleStartsAt: bookings.scheduleStartsAt,
      startDate: start,
      owedCents: bookings.owedCents,
      amountPaidCents: bookings.amountPaidCents,
      paymentPlan: bookings.paymentPlan,
      advanceCents: bookings.advanceCents,
      email: guests.email,
      firstName: guests.firstName,
    })
    .from(bookings)
    .innerJoin(guests, eq(guests.id, bookings.guestId))
    .leftJoin(retreats, eq(retreats.id, bookings.retreatId))
    .where(
      and(
        gt(bookings.id, afterId),
        OWES_SQL('"bookings"'),
        or(lte(sql`coalesce(${bookings.scheduleStartsAt}, ${bookings.createdAt})`, madeBy), sql`${start} <= ${until}`),
        extra,
      ),
    )
    .orderBy(bookings.id)
    .limit(PAGE);
}

/**
 * Marks as 'overdue' every pending or partly paid booking with a part past its day; answers how many. One batch per
 * page of bookings: the UPDATE, then an audit record for each booking it changed (found by this run's timestamp).
 * CROSS JOIN keeps the page's ids as the outer loop, each booking found by its key (left to itself, the planner
 * walked every overdue booking once per id: 42 s for 12,500 marks in bench:admin).
 */
export async function markOverdueBookings(deps: Deps): Promise<number> {
  const now = deps.now();
  const today = tallinnDay(now);
  const stamp = now.toISOString();
  let marked = 0;
  for (let after = 0; ; ) {
    const rows = await owingBookings(deps, addDays(today, -1), after, inArray(bookings.paymentStatus, ['pending', 'partial']));
    if (rows.length === 0) return marked;
    after = rows.at(-1)!.id;
    const overdue = rows.flatMap((row) => {
      const late = bookingSchedule(row, today).find((item) => item.overdue);
      return late ? [{ id: row.id, meta: JSON.stringify({ from: row.paymentStatus, part: late.part, dueOn: late.dueOn, outstandingCents: late.outstandingCents }) }] : [];
    });
    if (overdue.length === 0) continue;
    const [updated] = await deps.db.batch([
      deps.db
        .update(bookings)
        .set({ paymentStatus: 'overdue', version: sql`${bookings.version} + 1`, updatedAt: stamp })
        .where(and(inArray(bookings.id, overdue.map((o) => o.id)), inArray(bookings.paymentStatus, ['pending', 'partial']))),
      deps.db.run(sql`
        INSERT INTO ${auditLogs} (user_id, action, severity, resource_type, resource_id, metadata, created_at)
        SELECT NULL, ${'payment.overdue' satisfies AuditAction}, 'medium', 'booking', CAST(b.id AS TEXT), j.value ->> '$.meta', ${stamp}
        FROM json_each(${JSON.stringify(overdue)}) AS j
        CROSS JOIN ${bookings} AS b ON b.id = CAST(j.value ->> '$.id' AS INTEGER)
        WHERE b.payment_status = 'overdue' AND b.updated_at = ${stamp}`),
    ]);
    marked += updated.rowsAffected;
  }
}

const STAGE_SUBJECTS: Record<ReminderStage, (part: string, due: string) => string> = {
  before: (part, due) => `Meeldetuletus: ${part} tähtaeg on ${due}`,
  due: (part, due) => `Meeldetuletus: ${part} tähtaeg on täna, ${due}`,
  after: (part, due) => `Meeldetuletus: ${part} tähtaeg (${due}) on möödas`,
};

/** The reminder e-mail: what is due, by when, and how to pay. */
export function paymentReminderMail(booking: { id: number; firstName: string }, item: ScheduleItem, stage: ReminderStage) {
  // "ettemaksu tähtaeg": the part's name in the genitive; the guest is addressed as "Teie", as in every guest text.
  const part = SCHEDULE_PART_GENITIVES[item.part];
  const due = formatDateEt(item.dueOn);
  const subject = `${SITE_CONTACTS.retreatName}: ${STAGE_SUBJECTS[stage](part, due)}`;
  const { seller } = settings.invoicing;
  const intro =
    stage === 'after'
      ? `Tere, ${booking.firstName}! Me ei ole veel saanud makset, mille tähtaeg oli ${due}. Kui Te olete juba maksnud, on kõik korras ja võite selle kirja kõrvale jätta.`
      : `Tere, ${booking.firstName}! Tuletame meelde, et broneeringu nr ${booking.id} ${part} tähtaeg on ${due}.`;
  const summary = summaryTable([
    ['Tasuda', formatMoney(item.outstandingCents)],
    ['Tähtaeg', due],
    ['Saaja', seller.name],
    ['Konto', `${seller.iban} (${seller.bank})`],
    ['Viitenumber', bookingReferenceNumber(booking.id)],
  ]);
  const closing = 'Küsimuste korral vastake sellele kirjale.';
  return {
    subject,
    text: `${intro}\n\n${summary.text}\n\n${closing}\n\n${SITE_CONTACTS.retreatName}`,
    html: mailLayout(subject, `<p>${escapeHtml(intro)}</p>${summary.html}<p>${escapeHtml(closing)}</p>`),
  };
}

/** Writes each reminder due today once (with its outbox e-mail); the dispatcher sends them. Answers how many. */
export async function queuePaymentReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const today = tallinnDay(now);
  const stamp = now.toISOString();
  let queued = 0;
  // A reminder goes from 7 days before a due day: bookings with a part due within that reach.
  const reach = addDays(today, settings.payments.reminderDays.before);
  for (let after = 0; ; ) {
    const rows = await owingBookings(deps, reach, after, eq(bookings.paymentReminders, true));
    if (rows.length === 0) return queued;
    after = rows.at(-1)!.id;
    for (const row of rows) {
      if (!row.email) continue;
      const bookedOn = bookedOnOf(row);
      for (const item of bookingSchedule(row, today)) {
        const stage = reminderDue(item, bookedOn, today);
        if (!stage) continue;
        const mail = paymentReminderMail(row, item, stage);
        const [inserted] = await deps.db.batch([
          deps.db
            .insert(paymentReminders)
            .values({ bookingId: row.id, part: item.part, dueOn: item.dueOn, stage, createdAt: stamp })
            .onConflictDoNothing(),
          // Only if the reminder row was new: the unique row is what makes each reminder go once.
          outboxInsert(deps.db, { kind: 'payment_reminder', to: row.email, bookingId: row.id, ...mail }, now, { when: sql`changes() > 0` }),
        ]);
        queued += inserted.rowsAffected;
      }
    }
  }
}
