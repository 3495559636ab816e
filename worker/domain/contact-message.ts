import type { ContactRequest } from '../../src/lib/contact-schema';
import { formatDateTime } from '../../src/lib/format';
import { SITE_CONTACTS } from '../../src/lib/retreat-editions';
import { contactMessages } from '../db/schema';
import type { AppDeps } from '../deps';
import { sql } from 'drizzle-orm';
import { deliverSoon, outboxInsert } from './mail/outbox';
import { isRateLimitRefusal, rateLimitGuard, refuseOverLimit, type RateLimitBucket } from './rate-limit';
import { escapeHtml, mailLayout, textParagraphs } from './mail/html';
import { contactNotificationMail } from './mail/templates';
import type { OutgoingMail } from './mail/transport';

/** Where the team's notification says the message's number, until the database has made it (inside the batch). */
const MESSAGE_ID_PLACEHOLDER = '{{sonumi-nr}}';

/**
 * Stores a contact form message and, in the same batch, the per-IP limit's count and the notification to the team,
 * written already claimed; the notification is then sent in the background (the visitor's answer does not wait for
 * it), and the outbox retries it if needed. One round trip to the database before the answer (issue 40): on the edge
 * each is tens of milliseconds. A request the limit refuses stores nothing (the refusal is counted, as ever).
 */
export async function receiveContactMessage(deps: AppDeps, message: ContactRequest, ip: string | undefined, rateLimit?: RateLimitBucket): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const mail = contactNotificationMail(message, MESSAGE_ID_PLACEHOLDER, deps.config.teamEmail);
  // Straight after the message's insert, last_insert_rowid() is its id.
  const withId = (text: string) => sql`replace(${text}, ${MESSAGE_ID_PLACEHOLDER}, CAST(last_insert_rowid() AS TEXT))`;
  let messageId: number;
  let outboxId: number;
  try {
    const [inserted, queued] = await db.batch([
      db
        .insert(contactMessages)
        .values({ name: message.name, email: message.email, subject: message.subject ?? null, message: message.message, ip: ip ?? null, createdAt: now.toISOString() })
        .returning({ id: contactMessages.id }),
      outboxInsert(
        db,
        { kind: 'contact_notification', contactMessageId: sql`last_insert_rowid()`, to: mail.to, subject: mail.subject, html: withId(mail.html ?? ''), text: withId(mail.text) },
        now,
        { claimed: true },
      ),
      // Anywhere in the batch will do (after the two above, which read last_insert_rowid()): when it refuses, the
      // whole batch rolls back.
      ...(rateLimit ? [rateLimitGuard(db, rateLimit, now)] : []),
    ]);
    messageId = inserted[0]!.id;
    outboxId = queued[0]!.id;
  } catch (err) {
    if (rateLimit && isRateLimitRefusal(err)) await refuseOverLimit(deps, rateLimit);
    throw err;
  }
  const id = String(messageId);
  const sent = { ...mail, html: mail.html?.replaceAll(MESSAGE_ID_PLACEHOLDER, id), text: mail.text.replaceAll(MESSAGE_ID_PLACEHOLDER, id) };
  // No wait: the send and its outcome's record run after the answer (waitUntil).
  await deliverSoon(deps, { id: outboxId, kind: 'contact_notification', writtenAt: now, mail: sent }, 0);
  return messageId;
}

/**
 * The back office's reply to a contact-form message (issue 24): the admin's text, then the visitor's own message
 * quoted under it, so the thread reads on in the visitor's mail program.
 */
export function contactReplyMail(
  original: { name: string; email: string; message: string; createdAt: string },
  reply: { subject: string; text: string },
): OutgoingMail {
  const when = formatDateTime(original.createdAt);
  const quoted = original.message.split('\n').map((line) => `> ${line}`).join('\n');
  return {
    to: original.email,
    subject: reply.subject,
    text: `${reply.text}\n\n${SITE_CONTACTS.retreatName}\n\n${when} kirjutasite:\n${quoted}`,
    html: mailLayout(
      reply.subject,
      `${textParagraphs(reply.text)}<p>${escapeHtml(SITE_CONTACTS.retreatName)}</p>
<div style="margin-top:24px;padding-left:12px;border-left:3px solid #d8d2c6;color:#4a5a5a"><p>${escapeHtml(when)} kirjutasite:</p>${textParagraphs(original.message)}</div>`,
    ),
  };
}
