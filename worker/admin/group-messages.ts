/**
 * A message to an edition's group (issue 24): who it goes to (the audience rule, in SQL), the e-mail each gets, a
 * preview of one, and the send: one e-mail per recipient through the outbox, each linked to its booking (so it is
 * listed on the booking's e-mails), with the send's row, its recipients and the audit record in one transaction.
 * A send is named by its Idempotency-Key: the same key again sends nothing and answers with the first send, and the
 * recipients' primary key (send, address) keeps anyone from getting one send twice.
 */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  type GroupMessageAudience,
  type GroupMessagePreview,
  type GroupMessageRecipient,
  type GroupMessageSent,
  type GroupMessageSummary,
} from '../../src/lib/group-messages';
import type { GroupMessageValues } from '../../src/lib/admin/group-message-schema';
import { SITE_CONTACTS } from '../../src/lib/retreat-editions';
import { auditLogs, emailOutbox, groupMessageRecipients, groupMessages, retreats, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Actor } from '../domain/actor';
import { escapeHtml, mailLayout, textParagraphs } from '../domain/mail/html';
import { deliverMessage, enqueueMail } from '../domain/mail/outbox';
import type { OutgoingMail } from '../domain/mail/transport';
import { OWES_SQL } from '../domain/money/balance';
import { PARTICIPANT_SQL } from '../domain/bookings/states';
import { TRAVEL_DETAILS_MISSING } from '../domain/travellers/completeness';
import { retreatNotFound } from '../domain/not-found';
import { failedWith } from '../db/failures';

type Deps = Pick<AppDeps, 'db' | 'now' | 'log'>;

/**
 * The audience as a condition on the bookings row `b`: the edition's participants (../domain/bookings/states.ts: the
 * waiting list and the cancelled are not on the trip), narrowed to those who still owe money (the money module's
 * rule) or whose travel details are not complete.
 */
export function audienceCondition(audience: GroupMessageAudience): SQL {
  const active = PARTICIPANT_SQL('b');
  if (audience === 'unpaid') return sql`${active} AND ${OWES_SQL('b')}`;
  if (audience === 'travel_details_missing') return sql`${active} AND ${TRAVEL_DETAILS_MISSING('b')}`;
  return active;
}

interface RecipientRow extends GroupMessageRecipient {
  firstName: string;
}

/** The audience's recipients, one per address (the oldest booking of an address is the one the e-mail is filed under). */
export async function groupRecipients(deps: Pick<AppDeps, 'db'>, retreatId: number, audience: GroupMessageAudience): Promise<RecipientRow[]> {
  const rows = await deps.db.all<{ bookingId: number; firstName: string; lastName: string; email: string }>(sql`
    SELECT b.id AS bookingId, g.first_name AS firstName, g.last_name AS lastName, lower(trim(g.email)) AS email
    FROM bookings b JOIN guests g ON g.id = b.guest_id
    WHERE b.retreat_id = ${retreatId} AND ${audienceCondition(audience)}
      AND g.email IS NOT NULL AND trim(g.email) <> '' AND lower(g.email) NOT LIKE '%@companion.local'
    ORDER BY b.id`);
  const seen = new Set<string>();
  const recipients: RecipientRow[] = [];
  for (const r of rows) {
    if (seen.has(r.email)) continue;
    seen.add(r.email);
    recipients.push({ bookingId: Number(r.bookingId), firstName: r.firstName, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email });
  }
  return recipients;
}

/** The e-mail one recipient gets: a greeting with their first name, the admin's text, and why they get it. */
export function groupMessageMail(recipient: { firstName: string; email: string; bookingId: number }, retreatName: string, message: { subject: string; text: string }): OutgoingMail {
  const greeting = `Tere, ${recipient.firstName}!`;
  const why = `Saite selle kirja, sest Teil on broneering (nr ${recipient.bookingId}) retriidile ${retreatName}.`;
  const paragraphs = textParagraphs(message.text);
  return {
    to: recipient.email,
    subject: message.subject,
    text: `${greeting}\n\n${message.text}\n\n${SITE_CONTACTS.retreatName}\n\n${why}`,
    html: mailLayout(
      message.subject,
      `<p>${escapeHtml(greeting)}</p>${paragraphs}<p>${escapeHtml(SITE_CONTACTS.retreatName)}</p><p style="margin-top:24px;font-size:13px;color:#4a5a5a">${escapeHtml(why)}</p>`,
    ),
  };
}

async function retreatName(deps: Pick<AppDeps, 'db'>, retreatId: number): Promise<string> {
  const [retreat] = await deps.db.select({ name: retreats.name }).from(retreats).where(eq(retreats.id, retreatId));
  if (!retreat) throw retreatNotFound();
  return retreat.name;
}

export async function previewGroupMessage(deps: Deps, retreatId: number, message: GroupMessageValues): Promise<GroupMessagePreview> {
  const name = await retreatName(deps, retreatId);
  const recipients = await groupRecipients(deps, retreatId, message.audience);
  const first = recipients[0];
  return {
    recipients: recipients.map(({ bookingId, name, email }) => ({ bookingId, name, email })),
    sample: first ? { ...groupMessageMail(first, name, message), to: first.email } : null,
  };
}

const isKeyTaken = (err: unknown): boolean => failedWith(err, /UNIQUE constraint failed: group_messages\.idempotency_key/);

/** The send an Idempotency-Key already made: the same message answers with it; another message with the key is a 409. */
async function earlierSend(deps: Deps, retreatId: number, key: string, message: GroupMessageValues): Promise<GroupMessageSent | null> {
  const [row] = await deps.db.select().from(groupMessages).where(eq(groupMessages.idempotencyKey, key));
  if (!row) return null;
  if (row.retreatId !== retreatId || row.audience !== message.audience || row.subject !== message.subject || row.body !== message.text) throw new ApiError('idempotency_key_reused');
  return { id: row.id, recipients: row.recipientCount, alreadySent: true };
}

export async function sendGroupMessage(
  deps: Pick<AppDeps, 'db' | 'now' | 'log' | 'mail' | 'waitUntil' | 'invoicePdf' | 'invoiceUbl'>,
  retreatId: number,
  message: GroupMessageValues,
  idempotencyKey: string,
  actor: Actor,
): Promise<GroupMessageSent> {
  const name = await retreatName(deps, retreatId);
  const earlier = await earlierSend(deps, retreatId, idempotencyKey, message);
  if (earlier) return earlier;
  const recipients = await groupRecipients(deps, retreatId, message.audience);
  if (recipients.length === 0) throw new ApiError('no_recipients');
  const now = deps.now();
  const stamp = now.toISOString();
  let sent: { id: number; outboxIds: number[] };
  try {
    sent = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(groupMessages)
        .values({ retreatId, audience: message.audience, subject: message.subject, body: message.text, idempotencyKey, sentBy: actor.userId, recipientCount: recipients.length, createdAt: stamp })
        .returning({ id: groupMessages.id });
      const id = row!.id;
      const outboxIds: number[] = [];
      for (const recipient of recipients) {
        const outboxId = await enqueueMail(tx, { kind: 'group_message', bookingId: recipient.bookingId, ...groupMessageMail(recipient, name, message) }, now);
        await tx.insert(groupMessageRecipients).values({ groupMessageId: id, toAddress: recipient.email, bookingId: recipient.bookingId, outboxId });
        outboxIds.push(outboxId);
      }
      await tx.insert(auditLogs).values({
        userId: actor.userId,
        action: 'group_message.send',
        severity: 'medium',
        resourceType: 'retreat',
        resourceId: String(retreatId),
        metadata: { groupMessageId: id, audience: message.audience, subject: message.subject, recipients: recipients.length, bookingIds: recipients.map((r) => r.bookingId) },
        ip: actor.ip,
        userAgent: actor.userAgent,
        createdAt: stamp,
      });
      return { id, outboxIds };
    });
  } catch (err) {
    // The same key sent at the same moment from elsewhere: that send stands, this one made nothing.
    if (isKeyTaken(err)) {
      const other = await earlierSend(deps, retreatId, idempotencyKey, message);
      if (other) return other;
    }
    throw err;
  }
  // Sent in the background, one after another; whatever does not go now the dispatcher retries.
  deps.waitUntil(
    (async () => {
      for (const id of sent.outboxIds) await deliverMessage(deps, id).catch((error: unknown) => deps.log({ level: 'warn', msg: 'group message delivery failed', outboxId: id, error: String(error) }));
    })(),
  );
  return { id: sent.id, recipients: recipients.length, alreadySent: false };
}

/** The edition's sends, newest first, with how many of each one's e-mails went out. */
export async function listGroupMessages(deps: Deps, retreatId: number): Promise<GroupMessageSummary[]> {
  await retreatName(deps, retreatId);
  const rows = await deps.db
    .select({
      id: groupMessages.id,
      audience: groupMessages.audience,
      subject: groupMessages.subject,
      createdAt: groupMessages.createdAt,
      sentBy: sql<string | null>`coalesce(nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), ''), ${users.email})`,
      recipients: groupMessages.recipientCount,
      delivered: sql<number>`(SELECT count(*) FROM ${groupMessageRecipients} AS r JOIN ${emailOutbox} AS o ON o.id = r.outbox_id WHERE r.group_message_id = ${groupMessages.id} AND o.status IN ('sent', 'logged'))`,
    })
    .from(groupMessages)
    .leftJoin(users, eq(users.id, groupMessages.sentBy))
    .where(eq(groupMessages.retreatId, retreatId))
    .orderBy(desc(groupMessages.id))
    .limit(100);
  return rows.map((r) => ({ ...r, delivered: Number(r.delivered) }));
}
