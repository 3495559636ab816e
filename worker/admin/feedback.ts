/**
 * The back office's view of an edition's feedback (issue 24): the answers newest first with the mean rating and how
 * many requests went, and a CSV for the content editors (audited: it carries guests' names and words).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { FeedbackAnswer, FeedbackSummary } from '../../src/lib/feedback';
import { formatDate } from '../../src/lib/format';
import { feedbackAnswers, feedbackRequests, retreats } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import { recordAudit } from '../domain/audit';
import { csvStream } from './exports';
import { retreatNotFound } from '../domain/not-found';

type Deps = Pick<AppDeps, 'db' | 'now' | 'log'>;

const ANSWER_COLUMNS = {
  id: feedbackAnswers.id,
  bookingId: feedbackAnswers.bookingId,
  guestName: feedbackAnswers.guestName,
  rating: feedbackAnswers.rating,
  comment: feedbackAnswers.comment,
  mayQuote: feedbackAnswers.mayQuote,
  createdAt: feedbackAnswers.createdAt,
};

async function requireRetreat(deps: Pick<AppDeps, 'db'>, retreatId: number): Promise<void> {
  const [retreat] = await deps.db.select({ id: retreats.id }).from(retreats).where(eq(retreats.id, retreatId));
  if (!retreat) throw retreatNotFound();
}

export async function retreatFeedback(deps: Deps, retreatId: number): Promise<FeedbackSummary> {
  await requireRetreat(deps, retreatId);
  const [items, [counts]] = await deps.db.batch([
    deps.db.select(ANSWER_COLUMNS).from(feedbackAnswers).where(eq(feedbackAnswers.retreatId, retreatId)).orderBy(desc(feedbackAnswers.createdAt), desc(feedbackAnswers.id)).limit(1000),
    deps.db.all<{ requested: number; average: number | null }>(sql`
      SELECT (SELECT count(*) FROM ${feedbackRequests} WHERE retreat_id = ${retreatId}) AS requested,
             (SELECT round(avg(rating), 1) FROM ${feedbackAnswers} WHERE retreat_id = ${retreatId}) AS average`),
  ]);
  return {
    items: items satisfies FeedbackAnswer[],
    requested: Number(counts?.requested ?? 0),
    average: counts?.average === null || counts?.average === undefined ? null : Number(counts.average),
  };
}

export const FEEDBACK_CSV_HEADER = ['Kuupäev', 'Nimi', 'Hinne', 'Tagasiside', 'Tohib tsiteerida', 'Broneeringu nr'];

/** The edition's answers as CSV for the content editors; the download is recorded in the audit trail. */
export async function retreatFeedbackCsv(deps: Deps, retreatId: number, actor: Actor): Promise<ReadableStream<Uint8Array>> {
  await requireRetreat(deps, retreatId);
  await recordAudit(deps, { userId: actor.userId, action: 'feedback.export', severity: 'low', resourceType: 'retreat', resourceId: String(retreatId), ip: actor.ip, userAgent: actor.userAgent });
  const CHUNK = 500;
  return csvStream(FEEDBACK_CSV_HEADER, async (offset) => {
    const rows = await deps.db.select(ANSWER_COLUMNS).from(feedbackAnswers).where(eq(feedbackAnswers.retreatId, retreatId)).orderBy(feedbackAnswers.createdAt, feedbackAnswers.id).limit(CHUNK).offset(offset);
    return rows.map((r) => [formatDate(r.createdAt), r.guestName, r.rating, r.comment ?? '', r.mayQuote ? 'jah' : 'ei', r.bookingId]);
  });
}
