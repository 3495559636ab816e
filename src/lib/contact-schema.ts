import * as z from 'zod';
import { sanitizeFreeText } from './validation/sanitize';
import { emailField, nameField, singleLineTextField } from './validation/fields';

import { CONTACT_MESSAGES, SUBJECT_MAX } from './contact-options';

export * from './contact-options';

/** The contact form (visitor spec section 5): name, e-mail and message required, subject optional. */
export const contactRequestSchema = z.strictObject({
  name: nameField,
  email: emailField,
  /** One line: it becomes the Subject of the team's notification mail. */
  subject: singleLineTextField(SUBJECT_MAX),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .transform((value) => sanitizeFreeText(value))
    .pipe(z.string().min(1, CONTACT_MESSAGES.messageRequired)),
  /** Honeypot, as on the booking form. */
  website: z.string().max(200).optional(),
});

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;
