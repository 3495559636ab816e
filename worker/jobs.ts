import { and, isNotNull, lt, or } from 'drizzle-orm';
import { authAttempts, authTokens, sessions } from './db/schema';
import type { AppDeps } from './deps';
import { dispatchDueMail, pruneOutbox } from './domain/mail/outbox';
import { markOverdueBookings, queuePaymentReminders } from './domain/money/jobs';
import { queueFeedbackRequests } from './domain/feedback';
import { moveWaitingLists } from './domain/bookings/offers';
import { eraseExpiredHealthData, queueTravelDetailsReminders } from './domain/travellers/jobs';
import { queueAgreementReminders } from './domain/agreements/reminders';
import { dispatchDueWebhooks, pruneWebhookLog } from './domain/webhooks/deliveries';

/** Rate-limit windows are at most a day long; a week of attempts is kept for looking into abuse. */
export const AUTH_ATTEMPT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Expired or used tokens and dead sessions are kept a day so a late click still gets a precise error. */
export const EXPIRED_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Periodic work, run by each host's scheduler (Node: the background loop; Workers: the cron trigger). Each step is
 * idempotent, so an overlap or a retry after a crash is harmless.
 */
export async function runScheduledJobs(deps: AppDeps): Promise<void> {
  await pruneOutbox(deps);
  await moneyJobs(deps);
  // Issue 38: offers past their time lapse and pass on; free places are offered to the waiting parties that fit.
  await moveWaitingLists(deps);
  await dispatchDueMail(deps);
  // Issue 41: the webhook deliveries the changes wrote; their log is kept 30 days.
  await dispatchDueWebhooks(deps);
  await pruneWebhookLog(deps);
  await pruneAuthData(deps);
}

/**
 * Overdue marks, payment and travel-details reminders and the health-data erasure change with the calendar day, not
 * by the second: they run at most every MONEY_JOBS_EVERY_MS per set of deps (a host's lifetime), not on each
 * 15-second tick of the loop.
 */
export const MONEY_JOBS_EVERY_MS = 10 * 60 * 1000;
const moneyJobsRanAt = new WeakMap<object, number>();

async function moneyJobs(deps: AppDeps) {
  const now = deps.now().getTime();
  const last = moneyJobsRanAt.get(deps);
  if (last !== undefined && now - last < MONEY_JOBS_EVERY_MS && now >= last) return;
  moneyJobsRanAt.set(deps, now);
  await markOverdueBookings(deps);
  await queuePaymentReminders(deps);
  await queueTravelDetailsReminders(deps);
  // Issue 42: 30 and 14 days before the start, whoever has not signed the texts in force.
  await queueAgreementReminders(deps);
  await eraseExpiredHealthData(deps);
  await queueFeedbackRequests(deps);
}

export async function pruneAuthData({ db, now }: Pick<AppDeps, 'db' | 'now'>) {
  const current = now().getTime();
  const attemptCutoff = new Date(current - AUTH_ATTEMPT_RETENTION_MS).toISOString();
  const expiredCutoff = new Date(current - EXPIRED_GRACE_MS).toISOString();
  const [attempts, tokens, deadSessions] = await db.batch([
    db.delete(authAttempts).where(lt(authAttempts.createdAt, attemptCutoff)),
    db.delete(authTokens).where(or(lt(authTokens.expiresAt, expiredCutoff), and(isNotNull(authTokens.usedAt), lt(authTokens.usedAt, expiredCutoff)))),
    db.delete(sessions).where(or(lt(sessions.expiresAt, expiredCutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, expiredCutoff)))),
  ]);
  return { attempts: attempts.rowsAffected, tokens: tokens.rowsAffected, sessions: deadSessions.rowsAffected };
}
