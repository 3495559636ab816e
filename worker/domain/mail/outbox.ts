import { and, asc, eq, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { emailOutbox } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { LINK_MAIL_LIFETIMES, linkLifetimeOf } from '../auth/link-lifetimes';
import { resolveAttachments, type MailAttachmentRef } from './attachments';
import { MailDeliveryError, type OutgoingMail } from './transport';
import { settledWithin } from '../background';

/**
 * A message that keeps failing is retried for this long after it was written: a provider outage over a weekend
 * still ends in a delivered mail. A link mail stops earlier, when its link expires (nobody could use it).
 */
export const RETRY_WINDOW_MS = 72 * 60 * 60 * 1000;
/** First retry after 30 s, doubling each time, then hourly: about 78 attempts in the 72 hours. */
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
/** How long a claimed message is reserved for the sender that claimed it (a crashed sender frees it after this). */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** Messages one dispatcher run sends at most: keeps a run short when a backlog builds up. */
const BATCH_SIZE = 25;
/** Delivered or abandoned messages are kept this long (the booking's e-mails screen shows them), then deleted. */
export const OUTBOX_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

/** What a link mail's stored body becomes once the link is out of reach: sent, or expired. */
export const REDACTED_LINK_MAIL = {
  text: 'Ühekordse lingiga kiri. Sisu koos lingiga kustutati pärast saatmist või lingi aegumist.',
  html: '<p>Ühekordse lingiga kiri. Sisu koos lingiga kustutati pärast saatmist või lingi aegumist.</p>',
};

export function retryDelayMs(attemptsSoFar: number): number {
  return Math.min(BASE_RETRY_MS * 2 ** Math.max(0, attemptsSoFar - 1), MAX_RETRY_MS);
}

/** Until when a message written at `writtenAt` is worth another try. */
export function retryDeadline(kind: string, writtenAt: Date): Date {
  return new Date(writtenAt.getTime() + Math.min(RETRY_WINDOW_MS, linkLifetimeOf(kind) ?? RETRY_WINDOW_MS));
}

type Writer = Pick<Db, 'all'>;
/** What sending needs: the outbox, the provider, and the files some messages attach. */
type SenderDeps = Pick<AppDeps, 'db' | 'mail' | 'now' | 'log' | 'invoicePdf' | 'invoiceUbl'>;
type QueuedMail = Omit<OutgoingMail, 'to' | 'subject' | 'html' | 'text'> & {
  kind: string;
  /** The subject, or SQL that chooses it in the statement (a booking's, on its waiting list or not). */
  subject: string | SQL;
  /** The address, or SQL that reads it in the same statement (a booking's main guest). */
  to: string | SQL;
  /** The bodies, or SQL that completes them in the statement (a reference number known only there). */
  html: string | SQL;
  text: string | SQL;
  bookingId?: number | SQL;
  contactMessageId?: number | SQL;
  userId?: string;
  /** Files made when the message is sent (./attachments). */
  attachments?: MailAttachmentRef[];
};

/**
 * The one writer of outbox rows: the insert that puts a message into the outbox, for a batch (or transaction) that
 * also writes its cause. `when` writes it only where that holds, inside the statement (the change it reports
 * happened, a limit not yet reached, the guest has an address). `claimed` writes it already leased to the caller
 * (its first attempt under way), for a caller that sends it straight after commit: that saves a write, and if the
 * caller dies the lease runs out and the dispatcher takes over. Answers the new row's id (none when `when` failed).
 */
export function outboxInsert(db: Writer, mail: QueuedMail, now: Date, options: { claimed?: boolean; when?: SQL } = {}) {
  const stamp = now.toISOString();
  const next = options.claimed ? new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() : stamp;
  return db.all<{ id: number }>(sql`
    INSERT INTO ${emailOutbox} (kind, to_address, subject, html, text, booking_id, contact_message_id, user_id, attachments, attempts, next_attempt_at, created_at, updated_at)
    SELECT ${mail.kind}, ${mail.to}, ${mail.subject}, ${mail.html ?? null}, ${mail.text}, ${mail.bookingId ?? null}, ${mail.contactMessageId ?? null}, ${mail.userId ?? null},
           ${mail.attachments ? JSON.stringify(mail.attachments) : null}, ${options.claimed ? 1 : 0}, ${next}, ${stamp}, ${stamp}
    WHERE ${options.when ?? sql`1`}
    RETURNING id`);
}

/** Writes a message into the outbox; call it inside the transaction that causes the mail. */
export async function enqueueMail(tx: Writer, mail: QueuedMail, now: Date): Promise<number> {
  const [row] = await outboxInsert(tx, mail, now);
  return row!.id;
}

export type OutboxState = 'sent' | 'logged' | 'pending' | 'failed';

/** A message a sender holds the lease on. */
interface ClaimedMail {
  id: number;
  kind: string;
  /** When the message was written (the retry window counts from here). */
  writtenAt: Date;
  /** Attempts including the one under way. */
  attempts: number;
  mail: OutgoingMail;
  attachments?: MailAttachmentRef[] | null;
}

/**
 * Sends one message if it is due and nobody else holds it. Claiming moves `next_attempt_at` past now (a lease) in
 * the same UPDATE that checks the row is due, and SQLite runs one write at a time, so two dispatchers, or the
 * immediate send racing the background loop, never send the same message twice.
 */
export async function deliverMessage(deps: SenderDeps, id: number): Promise<OutboxState> {
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
  return sendClaimed(deps, {
    id,
    kind: row.kind,
    writtenAt: new Date(row.createdAt),
    attempts: row.attempts,
    mail: { to: row.toAddress, subject: row.subject, html: row.html ?? '', text: row.text ?? '' },
    attachments: row.attachments,
  });
}

/** Sends a message this caller holds the lease on, and records how it went (sent, retry later, or given up). */
async function sendClaimed(deps: SenderDeps, claimed: ClaimedMail): Promise<OutboxState> {
  const { state, record } = await attemptClaimed(deps, claimed);
  await record();
  return state;
}

/**
 * One attempt at a claimed message: how it went as soon as the provider has answered, and the write that records it,
 * which a caller may run after its own answer (`deliverSoon`). Until it is recorded the lease keeps others off it.
 */
async function attemptClaimed(deps: SenderDeps, { id, kind, writtenAt, attempts, mail, attachments }: ClaimedMail): Promise<{ state: OutboxState; record: () => Promise<void> }> {
  const { db, log } = deps;
  try {
    const outcome = await deps.mail.send({ ...mail, attachments: await resolveAttachments(deps, attachments ?? null) });
    const done = deps.now().toISOString();
    const record = async () => {
      await db
        .update(emailOutbox)
        // A delivered link mail keeps no working link at rest (auth_tokens stores only hashes for the same reason).
        .set({ status: outcome, sentAt: done, lastError: null, updatedAt: done, ...(linkLifetimeOf(kind) !== undefined ? REDACTED_LINK_MAIL : {}) })
        .where(eq(emailOutbox.id, id));
    };
    return { state: outcome, record };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const retryable = !(err instanceof MailDeliveryError) || err.retryable;
    const failedAt = deps.now();
    const nextAttemptAt = new Date(failedAt.getTime() + retryDelayMs(attempts));
    const giveUp = !retryable || nextAttemptAt > retryDeadline(kind, writtenAt);
    log({ level: giveUp ? 'error' : 'warn', msg: 'mail delivery failed', outboxId: id, attempts, giveUp, error: message });
    const record = async () => {
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: message.slice(0, 1000),
          nextAttemptAt: nextAttemptAt.toISOString(),
          updatedAt: failedAt.toISOString(),
        })
        .where(eq(emailOutbox.id, id));
    };
    return { state: giveUp ? 'failed' : 'pending', record };
  }
}

/** How the first attempt at a just-written message ended, as the API tells the visitor. */
export type FirstDelivery = 'sent' | 'queued' | 'failed';

/**
 * Sends a message that was just committed already claimed (see `outboxInsert`), waiting at most `waitMs`. 'sent'
 * means it went out (or was logged); 'failed' that the provider refused it outright; 'queued' that it did not go
 * out in time or failed in a way the dispatcher keeps retrying. A send still running when the wait ends carries on
 * in the background.
 */
export async function deliverSoon(
  deps: SenderDeps & Pick<AppDeps, 'waitUntil'>,
  claimed: Omit<ClaimedMail, 'attempts'>,
  waitMs: number,
): Promise<FirstDelivery> {
  // The answer waits for the provider, not for the outcome's write: that runs after it (issue 40: one round trip to
  // the database before a booking is answered). Should the write fail, the lease runs out and the dispatcher tries
  // again, as after a crash: a message may go twice, never not at all.
  const attempt = attemptClaimed(deps, { ...claimed, attempts: 1 }).then(({ state, record }) => {
    deps.waitUntil(record().catch((err: unknown) => deps.log({ level: 'error', msg: 'mail outcome not recorded', outboxId: claimed.id, error: String(err) })));
    return state;
  });
  const state = await settledWithin<OutboxState>(deps, attempt, waitMs, 'pending');
  return state === 'sent' || state === 'logged' ? 'sent' : state === 'failed' ? 'failed' : 'queued';
}

/**
 * `deliverMessage` for a person waiting on the screen: tries the message now and answers after at most `waitMs`
 * (../background.ts). The row says how it stands afterwards ('pending' while the attempt or its retries run).
 */
export async function deliverMessageWithin(deps: SenderDeps & Pick<AppDeps, 'waitUntil'>, id: number, waitMs: number): Promise<void> {
  await settledWithin<OutboxState>(deps, deliverMessage(deps, id), waitMs, 'pending');
}

/** Sends what is due, oldest first. Run by the hosts' schedulers; returns how each message ended. */
export async function dispatchDueMail(deps: SenderDeps): Promise<Record<OutboxState, number>> {
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
export async function deliveryStatusOf(db: Db, outboxId: number | undefined): Promise<FirstDelivery> {
  if (outboxId === undefined) return 'queued';
  const [row] = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  if (row?.status === 'failed') return 'failed';
  return row && (row.status === 'sent' || row.status === 'logged') ? 'sent' : 'queued';
}

/**
 * The outbox's retention rules, run with the scheduled jobs: a link mail whose link has expired is not sent any
 * more and keeps no link at rest; delivered or abandoned messages go after OUTBOX_RETENTION_MS.
 */
export async function pruneOutbox({ db, now }: Pick<AppDeps, 'db' | 'now'>) {
  const current = now();
  const stamp = current.toISOString();
  const linkExpired = or(
    ...Object.entries(LINK_MAIL_LIFETIMES).map(([kind, lifetime]) =>
      and(eq(emailOutbox.kind, kind), lt(emailOutbox.createdAt, new Date(current.getTime() - lifetime).toISOString())),
    ),
  );
  const [expired, redacted, deleted] = await db.batch([
    db
      .update(emailOutbox)
      .set({ status: 'failed', lastError: 'Link aegus enne, kui kirja saadeti.', updatedAt: stamp })
      .where(and(eq(emailOutbox.status, 'pending'), linkExpired)),
    db
      .update(emailOutbox)
      .set({ ...REDACTED_LINK_MAIL, updatedAt: stamp })
      .where(and(linkExpired, ne(emailOutbox.text, REDACTED_LINK_MAIL.text))),
    db
      .delete(emailOutbox)
      .where(and(ne(emailOutbox.status, 'pending'), lt(emailOutbox.createdAt, new Date(current.getTime() - OUTBOX_RETENTION_MS).toISOString()))),
  ]);
  return { expired: expired.rowsAffected, redacted: redacted.rowsAffected, deleted: deleted.rowsAffected };
}
