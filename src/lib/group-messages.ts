/**
 * A message to an edition's group (issue 24): the audience (everyone on the edition's active bookings, those who still
 * owe money, or those whose travel details are missing), a subject and a text; a preview of one rendered e-mail; the
 * send, one e-mail per recipient through the outbox, never twice for the same send (its Idempotency-Key).
 */
// No zod here: the retreat's detail shows the labels and sends; the form's schema (./group-message-schema) loads with the form.

export const GROUP_MESSAGE_AUDIENCES = ['all', 'unpaid', 'travel_details_missing'] as const;
export type GroupMessageAudience = (typeof GROUP_MESSAGE_AUDIENCES)[number];

export const GROUP_MESSAGE_AUDIENCE_LABELS: Record<GroupMessageAudience, string> = {
  all: 'Kõik osalejad',
  unpaid: 'Need, kellel on tasumata summa',
  travel_details_missing: 'Need, kelle reisiandmed on puudu',
};

export interface GroupMessageRecipient {
  bookingId: number;
  name: string;
  email: string;
}

export interface GroupMessagePreview {
  /** Everyone the message would go to, one per e-mail address (a second booking of the same address gets none). */
  recipients: GroupMessageRecipient[];
  /** The e-mail the first recipient would get; null when there is nobody to write to. */
  sample: { to: string; subject: string; text: string; html: string } | null;
}

export interface GroupMessageSent {
  id: number;
  recipients: number;
  /** True when this Idempotency-Key had already sent the message: nothing was sent again. */
  alreadySent: boolean;
}

/** GET /api/admin/retreats/:id/messages: the edition's sends, newest first. */
export interface GroupMessageSummary {
  id: number;
  audience: GroupMessageAudience;
  subject: string;
  createdAt: string;
  sentBy: string | null;
  recipients: number;
  /** How many of its e-mails have gone out (sent or logged). */
  delivered: number;
}
