import type { ContactRequest } from '../../src/lib/contact-schema';
import { formatDateTime } from '../../src/lib/format';
import { SITE_CONTACTS } from '../../src/lib/retreat-editions';
import { contactMessages } from '../db/schema';
import type { AppDeps } from '../deps';
import { deliverMessage, enqueueMail } from './mail/outbox';
import { escapeHtml, mailLayout, textParagraphs } from './mail/html';
import { contactNotificationMail } from './mail/templates';
import type { OutgoingMail } from './mail/transport';

/**
 * Stores a contact form message and, in the same transaction, the notification to the team; the notification is
 * then sent in the background (the visitor's answer does not wait for it), and the outbox retries it if needed.
 */
export async function receiveContactMessage(deps: AppDeps, message: ContactRequest, ip: string | undefined): Promise<number> {
  const now = deps.now();
  const { messageId, outboxId } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: message.name, email: message.email, subject: message.subject ?? null, message: message.message, ip: ip ?? null, createdAt: now.toISOString() })
      .returning({ id: contactMessages.id });
    const messageId = row!.id;
    const outboxId = await enqueueMail(
      tx,
      { kind: 'contact_notification', contactMessageId: messageId, ...contactNotificationMail(message, messageId, deps.config.teamEmail) },
      now,
    );
    return { messageId, outboxId };
  });
  deps.waitUntil(deliverMessage(deps, outboxId));
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
