/** The group message form's schema (issue 24), apart from ./group-messages so the retreat's detail loads no zod. */
import * as z from 'zod';
import { GROUP_MESSAGE_AUDIENCES } from '../group-messages';
import { messageSubjectField, messageTextField } from './message-fields';

export const GROUP_MESSAGE_TEXTS = {
  audienceRequired: 'Valige, kellele kiri läheb.',
} as const;

/** POST /api/admin/retreats/:id/messages/preview and …/messages (the send also needs an Idempotency-Key header). */
export const groupMessageSchema = z.strictObject({
  audience: z.enum(GROUP_MESSAGE_AUDIENCES, { error: GROUP_MESSAGE_TEXTS.audienceRequired }),
  subject: messageSubjectField,
  text: messageTextField,
});
export type GroupMessageInput = z.input<typeof groupMessageSchema>;
export type GroupMessageValues = z.output<typeof groupMessageSchema>;

