/**
 * Feedback after an edition ends (issue 24). The scheduled job sends each guest who attended (a participant:
 * ./bookings/states.ts) one request, once: the `feedback_requests` row is the mark, written
 * in the same batch as the e-mail and only if it was not there. The e-mail links the public form with a signed token
 * (jose, HS256, the auth secret, audience "feedback"), which names the booking; one answer per booking.
 */
import { sql } from 'drizzle-orm';
import { FEEDBACK_PATH, type FeedbackOpen } from '../../src/lib/feedback';
import type { FeedbackValues } from '../../src/lib/feedback-schema';
import { addDays, tallinnDay } from '../../src/lib/format';
import { SITE_CONTACTS } from '../../src/lib/retreat-editions';
import { feedbackAnswers, feedbackRequests } from '../db/schema';
import { PARTICIPANT_SQL, stateOf } from './bookings/states';
import { outboxInsert } from './mail/outbox';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { signFeedbackToken, verifyFeedbackToken } from './feedback-token';
import { escapeHtml, mailLayout } from './mail/html';

/** Requests go from the day after the edition's last day, for this many days (an old edition's guests get none). */
export const FEEDBACK_REQUEST_WINDOW_DAYS = 14;
export function feedbackRequestMail(guest: { firstName: string; email: string }, retreatName: string, link: string) {
  const subject = `${SITE_CONTACTS.retreatName}: kuidas retriit Teile meeldis?`;
  const intro = `Tere, ${guest.firstName}! Aitäh, et olite meiega retriidil ${retreatName}. Oleksime tänulikud, kui leiaksite minuti, et öelda, kuidas see Teile meeldis: hinne ühest viieni ja paar sõna.`;
  const quote = 'Teie tagasisidet tsiteerime kodulehel ainult siis, kui Te selle vormis lubate.';
  return {
    subject,
    text: `${intro}\n\nTagasiside vorm: ${link}\n\n${quote}\n\n${SITE_CONTACTS.retreatName}`,
    html: mailLayout(
      subject,
      `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#0f5f5c;color:#ffffff;border-radius:8px;text-decoration:none">Anna tagasisidet</a></p><p>${escapeHtml(quote)}</p><p>${escapeHtml(SITE_CONTACTS.retreatName)}</p>`,
    ),
  };
}

const END = sql`coalesce(r.end_date, b.check_out_date)`;

/** Who attended, as a condition on the bookings row `b`: the edition's participants (./bookings/states.ts). */
export const ATTENDED = PARTICIPANT_SQL('b');

/** Queues each due feedback request once; answers how many went into the outbox. */
export async function queueFeedbackRequests(deps: Pick<AppDeps, 'db' | 'now' | 'config'>): Promise<number> {
  const now = deps.now();
  const today = tallinnDay(now);
  const stamp = now.toISOString();
  const rows = await deps.db.all<{ id: number; retreatId: number | null; retreatName: string | null; firstName: string; email: string }>(sql`
    SELECT b.id, b.retreat_id AS retreatId, r.name AS retreatName, g.first_name AS firstName, g.email
    FROM bookings b
    JOIN guests g ON g.id = b.guest_id
    LEFT JOIN retreats r ON r.id = b.retreat_id
    WHERE ${ATTENDED} AND g.email IS NOT NULL AND trim(g.email) <> '' AND g.erased_at IS NULL
      AND ${END} < ${today} AND ${END} >= ${addDays(today, -FEEDBACK_REQUEST_WINDOW_DAYS)}
      AND NOT EXISTS (SELECT 1 FROM ${feedbackRequests} f WHERE f.booking_id = b.id)
    ORDER BY b.id
    LIMIT 2000`);
  let queued = 0;
  for (const row of rows) {
    const token = await signFeedbackToken(deps.config.authSecret, row.id, now);
    // The origin comes from configuration only; the token rides in the fragment, out of server logs and referrers.
    const mail = feedbackRequestMail(row, row.retreatName ?? SITE_CONTACTS.retreatName, `${deps.config.publicOrigin}${FEEDBACK_PATH}#token=${token}`);
    const [marked] = await deps.db.batch([
      deps.db.run(sql`INSERT INTO ${feedbackRequests} (booking_id, retreat_id, requested_at) VALUES (${row.id}, ${row.retreatId}, ${stamp}) ON CONFLICT DO NOTHING`),
      outboxInsert(deps.db, { kind: 'feedback_request', to: row.email, bookingId: row.id, ...mail }, now, { when: sql`changes() > 0` }),
    ]);
    queued += marked.rowsAffected;
  }
  return queued;
}

interface FeedbackBooking {
  id: number;
  retreatId: number | null;
  retreatName: string | null;
  firstName: string;
  lastName: string;
  status: string;
  waitingList: number;
  answered: number;
}

async function bookingOfToken(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, token: string): Promise<FeedbackBooking> {
  const bookingId = await verifyFeedbackToken(deps.config.authSecret, token, deps.now());
  const [booking] = await deps.db.all<FeedbackBooking>(sql`
    SELECT b.id, b.retreat_id AS retreatId, r.name AS retreatName, g.first_name AS firstName, g.last_name AS lastName, b.status, b.waiting_list AS waitingList,
           EXISTS (SELECT 1 FROM ${feedbackAnswers} a WHERE a.booking_id = b.id) AS answered
    FROM bookings b JOIN guests g ON g.id = b.guest_id LEFT JOIN retreats r ON r.id = b.retreat_id
    WHERE b.id = ${bookingId}`);
  // A booking gone or cancelled since the link was sent: the link no longer opens anything.
  if (!booking || stateOf(booking) === 'cancelled') throw new ApiError('invalid_token');
  return booking;
}

export async function openFeedback(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, token: string): Promise<FeedbackOpen> {
  const booking = await bookingOfToken(deps, token);
  return { firstName: booking.firstName, retreatName: booking.retreatName ?? SITE_CONTACTS.retreatName, answered: Number(booking.answered) === 1 };
}

/** Stores the answer, once per booking (409 `feedback_already_given` after that; the first answer stands). */
export async function submitFeedback(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, answer: FeedbackValues): Promise<void> {
  const booking = await bookingOfToken(deps, answer.token);
  const inserted = await deps.db
    .insert(feedbackAnswers)
    .values({
      bookingId: booking.id,
      retreatId: booking.retreatId,
      guestName: `${booking.firstName} ${booking.lastName}`.trim(),
      rating: answer.rating,
      comment: answer.comment,
      mayQuote: answer.mayQuote,
      createdAt: deps.now().toISOString(),
    })
    .onConflictDoNothing({ target: feedbackAnswers.bookingId })
    .returning({ id: feedbackAnswers.id });
  if (inserted.length === 0) throw new ApiError('feedback_already_given');
}
