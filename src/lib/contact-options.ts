/** The contact form's constants, apart from its zod schema so the island can render before loading validation. */
export const CONTACT_MESSAGES = {
  messageRequired: 'Sõnum on kohustuslik',
} as const;

export const SUBJECT_MAX = 200;

export const CONTACT_DEFAULTS = { name: '', email: '', subject: '', message: '', website: '' };
