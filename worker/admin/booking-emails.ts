/**
 * A booking's e-mails as the outbox holds them (DESIGN section 6: admins see each booking's e-mails and their
 * delivery state), and "send again".
 */
import { and, desc, eq } from 'drizzle-orm';
import type { BookingEmail } from '../../src/lib/admin/booking-views';
import { emailOutbox } from '../db/schema';
import type { AppDeps } from '../deps';
import { auditIfChanged } from '../domain/audit';
import { deliverMessageWithin } from '../domain/mail/outbox';
import type { Actor } from '../domain/actor';
import { bookingEmailNotFound } from '../domain/not-found';

const EMAIL_COLUMNS = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
};

export async function bookingEmails(deps: Pick<AppDeps, 'db'>, bookingId: number): Promise<BookingEmail[]> {
  return deps.db.select(EMAIL_COLUMNS).from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId)).orderBy(desc(emailOutbox.id)).limit(100);
}

/**
 * Puts one of the booking's messages back in the queue with a fresh attempt budget (also a delivered one: the guest
 * may have lost it) and tries it at once, answering after at most `confirmationWaitMs`; the dispatcher retries it
 * after that as usual.
 */
export async function sendBookingEmailAgain(deps: Pick<AppDeps, 'db' | 'mail' | 'now' | 'log' | 'waitUntil' | 'config' | 'invoicePdf' | 'invoiceUbl'>, bookingId: number, emailId: number, actor: Actor): Promise<BookingEmail> {
  const { db } = deps;
  const stamp = deps.now().toISOString();
  const [requeued] = await db.batch([
    db
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: stamp, lastError: null, updatedAt: stamp })
      .where(and(eq(emailOutbox.id, emailId), eq(emailOutbox.bookingId, bookingId))),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'booking.email_resend',
      severity: 'low',
      resourceType: 'email',
      resourceId: String(emailId),
      metadata: { bookingId },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
  ]);
  if (requeued.rowsAffected === 0) throw bookingEmailNotFound();
  await deliverMessageWithin(deps, emailId, deps.config.confirmationWaitMs);
  const [row] = await db.select(EMAIL_COLUMNS).from(emailOutbox).where(eq(emailOutbox.id, emailId));
  return row!;
}
