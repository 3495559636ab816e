import type { ContactRequest } from '../../src/lib/contact-schema';
import { contactMessages } from '../db/schema';
import type { AppDeps } from '../deps';
import { deliverMessage, enqueueMail } from './mail/outbox';
import { contactNotificationMail } from './mail/templates';

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
