/**
 * The back office's "Sõnumid" (issue 24): contact-form messages with their state (new or answered, who answered and
 * when), search and paging on the server, and a reply by e-mail. Shared by the screen and the API.
 */
// zod/mini, as ./list-query: the screen parses its URL with this; the reply form's schema is ./contact-reply.
import * as z from 'zod/mini';
import { fromParam, pagingParams, searchParam, type ListPage } from '../list-query';

export const CONTACT_MESSAGE_STATES = ['new', 'answered'] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];

export const CONTACT_MESSAGE_STATE_LABELS: Record<ContactMessageState, string> = { new: 'Uus', answered: 'Vastatud' };

export const CONTACT_MESSAGE_TEXTS = {
  notFound: 'Sõnumit ei leitud',
} as const;

/** GET /api/admin/contact-messages: newest first; `state` filters new or answered; `q` searches name, e-mail, subject and text. */
export const contactMessageListQuerySchema = z.object({
  q: searchParam,
  state: fromParam(z.optional(z.enum(CONTACT_MESSAGE_STATES))),
  ...pagingParams,
});
export type ContactMessageListQuery = z.output<typeof contactMessageListQuerySchema>;

export interface ContactMessageListItem {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  /** The start of the message (the list shows a line of it). */
  excerpt: string;
  createdAt: string;
  state: ContactMessageState;
  answeredAt: string | null;
  /** Who answered: their name, or their e-mail when they have none; null while new or when the account is gone. */
  answeredBy: string | null;
}

export interface ContactMessageListResponse extends ListPage<ContactMessageListItem> {
  counts: { total: number; new: number };
}

export interface ContactMessageReply {
  id: number;
  subject: string;
  body: string;
  createdAt: string;
  by: string | null;
  /** The reply mail's delivery state in the outbox (null when the outbox no longer keeps it). */
  delivery: 'pending' | 'sent' | 'logged' | 'failed' | null;
}

export interface ContactMessageDetail extends Omit<ContactMessageListItem, 'excerpt'> {
  message: string;
  replies: ContactMessageReply[];
}

/** The reply's suggested subject: "Re: " and the visitor's subject, or a plain one. */
export const replySubjectFor = (subject: string | null): string => (subject ? (/^re:/i.test(subject) ? subject : `Re: ${subject}`) : 'Vastus Teie sõnumile');
