import { and, asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { emailOutbox } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { MailDeliveryError, type OutgoingMail } from './transport';

/** After this many failed attempts a message is given up on (status 'failed', visible to admins). */
export const MAX_ATTEMPTS = 8;
/** First retry after 30 s, doubling each time, never more than 6 h apart: 8 attempts span about 1 h 4 min. */
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60 * 1000;
/** How long a claimed message is reserved for the sender that claimed it (a crashed sender frees it after this). */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** Messages one dispatcher run sends at most: keeps a run short when a backlog builds up. */
const BATCH_SIZE = 25;

export function retryDelayMs(attemptsSoFar: number): number {
  return Math.min(BASE_RETRY_MS * 2 ** Math.max(0, attemptsSoFar - 1), MAX_RETRY_MS);
}

type Writer = Pick<Db, 'insert'>;
type QueuedMail = OutgoingMail & { kind: string; bookingId?: number | SQL; contactMessageId?: number; userId?: string };

/**
 * The insert that puts a message into the outbox, for a batch that also writes its cause. `claimed` writes it
 * already leased to the caller (its first attempt under way), for a caller that sends it straight after commit:
 * that saves a write, and if the caller dies the lease runs out and the dispatcher takes over.
 */
export function outboxInsert(db: Writer, mail: QueuedMail, now: Date, options: { claimed?: boolean } = {}) {
  return db
    .insert(emailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      bookingId: mail.bookingId,
      contactMessageId: mail.contactMessageId,
      userId: mail.userId,
      attempts: options.claimed ? 1 : 0,
      nextAttemptAt: options.claimed ? new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() : now.toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .returning({ id: emailOutbox.id });
}

/** Writes a message into the outbox; call it inside the transaction that causes the mail. */
export async function enqueueMail(tx: Writer, mail: QueuedMail, now: Date): Promise<number> {
  const [row] = await outboxInsert(tx, mail, now);
  return row!.id;
}

export type OutboxState = 'sent' | 'logged' | 'pending' | 'failed';

/**
 * Sends one message if it is due and nobody else holds it. Claiming moves `next_attempt_at` past now (a lease) in
 * the same UPDATE that checks the row is due, and SQLite runs one write at a time, so two dispatchers, or the
 * immediate send racing the background loop, never send the same message twice.
 */
export async function deliverMessage(deps: Pick<AppDeps, 'db' | 'mail' | 'now' | 'log'>, id: number): Promise<OutboxState> {
  const { db } = deps;
  const now = deps.now();
  // Claim and read in one statement: only a pending row that is due, and not leased by another sender, comes back.
  const [row] = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
      updatedAt: now.toISOString(),
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now.toISOString())))
    .returning();
  if (!row) {
    const [current] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!current) throw new Error(`outbox message ${id} does not exist`);
    return current.status;
  }
  return sendClaimed(deps, { id, attempts: row.attempts, mail: { to: row.toAddress, subject: row.subject, html: row.html ?? '', text: row.text ?? '' } });
}

/** Sends a message this caller holds the lease on, and records how it went (sent, retry later, or given up). */
async function sendClaimed(
  deps: Pick<AppDeps, 'db' | 'mail' | 'now' | 'log'>,
  { id, attempts, mail }: { id: number; attempts: number; mail: OutgoingMail },
): Promise<OutboxState> {
  const { db, log } = deps;
  try {
    const outcome = await deps.mail.send(mail);
    const done = deps.now().toISOString();
    await db
      .update(emailOutbox)
      .set({ status: outcome, sentAt: done, lastError: null, updatedAt: done })
      .where(eq(emailOutbox.id, id));
    return outcome;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const retryable = !(err instanceof MailDeliveryError) || err.retryable;
    const giveUp = !retryable || attempts >= MAX_ATTEMPTS;
    const failedAt = deps.now();
    await db
      .update(emailOutbox)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lastError: message.slice(0, 1000),
        nextAttemptAt: new Date(failedAt.getTime() + retryDelayMs(attempts)).toISOString(),
        updatedAt: failedAt.toISOString(),
      })
      .where(eq(emailOutbox.id, id));
    log({ level: giveUp ? 'error' : 'warn', msg: 'mail delivery failed', outboxId: id, attempts, giveUp, error: message });
    return giveUp ? 'failed' : 'pending';
  }
}

/**
 * Sends a message that was just committed already claimed (see `outboxInsert`), waiting at most `waitMs`. 'sent'
 * means it went out (or was logged); 'queued' means it did not go out in time or failed, and the dispatcher keeps
 * trying. A send still running when the wait ends carries on in the background.
 */
export async function deliverSoon(
  deps: Pick<AppDeps, 'db' | 'mail' | 'now' | 'log' | 'waitUntil'>,
  claimed: { id: number; mail: OutgoingMail },
  waitMs: number,
) {
  const delivery = sendClaimed(deps, { ...claimed, attempts: 1 });
  deps.waitUntil(delivery);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), waitMs);
  });
  try {
    const state = await Promise.race([delivery.catch(() => 'pending' as const), timeout]);
    return state === 'sent' || state === 'logged' ? ('sent' as const) : ('queued' as const);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends what is due, oldest first. Run by the hosts' schedulers; returns how each message ended. */
export async function dispatchDueMail(deps: Pick<AppDeps, 'db' | 'mail' | 'now' | 'log'>): Promise<Record<OutboxState, number>> {
  const due = await deps.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, deps.now().toISOString())))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(BATCH_SIZE);
  const tally: Record<OutboxState, number> = { sent: 0, logged: 0, pending: 0, failed: 0 };
  for (const { id } of due) tally[await deliverMessage(deps, id)]++;
  return tally;
}

/** How a message stands, in the terms the booking API answers with. */
export async function deliveryStatusOf(db: Db, outboxId: number | undefined): Promise<'sent' | 'queued'> {
  if (outboxId === undefined) return 'queued';
  const [row] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  return row && (row.status === 'sent' || row.status === 'logged') ? 'sent' : 'queued';
}

