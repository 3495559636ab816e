/**
 * "Sõnumid" (issue 24): contact-form messages in the back office. The list with search, the new/answered filter and
 * paging on the server; one message with its replies; a reply by e-mail through the outbox, which marks the message
 * answered (when, by whom) in the same transaction as the mail and its audit record.
 */
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { type ContactMessageDetail, type ContactMessageListItem, type ContactMessageListQuery, type ContactMessageListResponse } from '../../src/lib/admin/contact-messages';
import type { ContactReplyValues } from '../../src/lib/admin/contact-reply';
import { containsPattern, pageWindow } from '../db/paging';
import { auditLogs, contactMessageReplies, contactMessages, emailOutbox, users } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Actor } from '../domain/actor';
import { contactReplyMail } from '../domain/contact-message';
import { deliverMessageWithin, enqueueMail } from '../domain/mail/outbox';
import { contactMessageNotFound } from '../domain/not-found';

type Deps = Pick<AppDeps, 'db' | 'now' | 'log'>;


const EXCERPT_LENGTH = 140;
const NEWEST_FIRST = [desc(contactMessages.createdAt), desc(contactMessages.id)];

/** A person's name as the screens show who did something: their name, or their e-mail when they gave none. */
const personName = sql<string | null>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`;

/** The list's search and state filter (case-insensitive for Latin letters; the user's own % and _ taken literally). */
export function contactMessageFilter(query: Pick<ContactMessageListQuery, 'q' | 'state'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q.toLowerCase());
    conditions.push(
      sql`lower(${contactMessages.name} || ' ' || ${contactMessages.email} || ' ' || coalesce(${contactMessages.subject}, '') || ' ' || ${contactMessages.message}) LIKE ${pattern} ESCAPE '\\'`,
    );
  }
  if (query.state === 'new') conditions.push(isNull(contactMessages.answeredAt));
  if (query.state === 'answered') conditions.push(isNotNull(contactMessages.answeredAt));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const listColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  excerpt: sql<string>`substr(${contactMessages.message}, 1, ${EXCERPT_LENGTH})`,
  createdAt: contactMessages.createdAt,
  answeredAt: contactMessages.answeredAt,
  answeredBy: personName,
};

export async function listContactMessages(deps: Deps, query: ContactMessageListQuery): Promise<ContactMessageListResponse> {
  const { db } = deps;
  const where = contactMessageFilter(query);
  const { limit, offset } = pageWindow(query);
  const pageIds = db.select({ id: contactMessages.id }).from(contactMessages).where(where).orderBy(...NEWEST_FIRST).limit(limit).offset(offset);
  const [rows, [counts]] = await db.batch([
    db.select(listColumns).from(contactMessages).leftJoin(users, eq(users.id, contactMessages.answeredBy)).where(inArray(contactMessages.id, pageIds)).orderBy(...NEWEST_FIRST),
    db.all<{ total: number; fresh: number; matching: number }>(sql`
      SELECT (SELECT count(*) FROM ${contactMessages}) AS total,
             (SELECT count(*) FROM ${contactMessages} WHERE answered_at IS NULL) AS fresh,
             (SELECT count(*) FROM ${contactMessages} ${where ? sql`WHERE ${where}` : sql``}) AS matching`),
  ]);
  const items: ContactMessageListItem[] = rows.map((r) => ({ ...r, state: r.answeredAt ? 'answered' : 'new' }));
  return {
    items,
    total: Number(counts?.matching ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: { total: Number(counts?.total ?? 0), new: Number(counts?.fresh ?? 0) },
  };
}

export async function getContactMessage(deps: Deps, id: number): Promise<ContactMessageDetail> {
  const { db } = deps;
  const [[row], replies] = await db.batch([
    db
      .select({ ...listColumns, message: contactMessages.message })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.answeredBy))
      .where(eq(contactMessages.id, id)),
    db
      .select({
        id: contactMessageReplies.id,
        subject: contactMessageReplies.subject,
        body: contactMessageReplies.body,
        createdAt: contactMessageReplies.createdAt,
        by: personName,
        delivery: emailOutbox.status,
      })
      .from(contactMessageReplies)
      .leftJoin(users, eq(users.id, contactMessageReplies.userId))
      .leftJoin(emailOutbox, eq(emailOutbox.id, contactMessageReplies.outboxId))
      .where(eq(contactMessageReplies.contactMessageId, id))
      .orderBy(contactMessageReplies.id),
  ]);
  if (!row) throw contactMessageNotFound();
  const { excerpt: _excerpt, ...message } = row;
  return { ...message, state: row.answeredAt ? 'answered' : 'new', replies };
}

/**
 * Replies by e-mail: the mail into the outbox, the reply kept with the message, the message marked answered and the
 * audit record, in one transaction; the mail is then tried at once (the answer waits at most `confirmationWaitMs`),
 * and the outbox retries it if that fails.
 */
export async function replyToContactMessage(
  deps: Pick<AppDeps, 'db' | 'now' | 'log' | 'mail' | 'waitUntil' | 'config' | 'invoicePdf' | 'invoiceUbl'>,
  id: number,
  reply: ContactReplyValues,
  actor: Actor,
): Promise<ContactMessageDetail> {
  const { db } = deps;
  const [original] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!original) throw contactMessageNotFound();
  const now = deps.now();
  const stamp = now.toISOString();
  const outboxId = await db.transaction(async (tx) => {
    const outboxId = await enqueueMail(tx, { kind: 'contact_reply', contactMessageId: id, ...contactReplyMail(original, reply) }, now);
    await tx.insert(contactMessageReplies).values({ contactMessageId: id, userId: actor.userId, subject: reply.subject, body: reply.text, outboxId, createdAt: stamp });
    await tx.update(contactMessages).set({ answeredAt: stamp, answeredBy: actor.userId }).where(eq(contactMessages.id, id));
    await tx.insert(auditLogs).values({
      userId: actor.userId,
      action: 'contact_message.reply',
      severity: 'low',
      resourceType: 'contact_message',
      resourceId: String(id),
      metadata: { to: original.email, subject: reply.subject, outboxId },
      ip: actor.ip,
      userAgent: actor.userAgent,
      createdAt: stamp,
    });
    return outboxId;
  });
  await deliverMessageWithin(deps, outboxId, deps.config.confirmationWaitMs);
  return getContactMessage(deps, id);
}
