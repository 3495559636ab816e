/** POST /api/admin/contact-messages/:id/reply (issue 24): the reply form's schema, apart from the list's (zod/mini). */
import * as z from 'zod';
import { messageSubjectField, messageTextField } from './message-fields';

export const contactReplySchema = z.strictObject({
  subject: messageSubjectField,
  text: messageTextField,
});
export type ContactReplyInput = z.input<typeof contactReplySchema>;
export type ContactReplyValues = z.output<typeof contactReplySchema>;
