/**
 * The fields of a message the back office writes to people (a reply to a contact-form message, a message to an
 * edition's group): a one-line subject (it becomes the Subject header) and a multi-line text. Too long is refused,
 * never cut: the admin sees what goes out.
 */
import * as z from 'zod';
import { sanitizeSingleLine } from '../validation/sanitize';

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_TEXT_MAX = 10_000;

export const MESSAGE_FIELD_MESSAGES = {
  subjectRequired: 'Sisestage kirja teema.',
  subjectTooLong: `Teema võib olla kuni ${MESSAGE_SUBJECT_MAX} märki.`,
  textRequired: 'Sisestage kirja tekst.',
  textTooLong: `Tekst võib olla kuni ${MESSAGE_TEXT_MAX} märki.`,
} as const;

/** C0 and C1 controls but tab and line feed, bidi overrides and lone surrogates go; CRLF and CR become LF. */
export function cleanMessageText(value: string): string {
  return value
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/\r\n?|[\v\f\u0085\u2028\u2029]/g, '\n')
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '')
    .trim();
}

export const messageSubjectField = z
  .string({ error: MESSAGE_FIELD_MESSAGES.subjectRequired })
  .max(MESSAGE_SUBJECT_MAX * 2, MESSAGE_FIELD_MESSAGES.subjectTooLong)
  .transform((value) => sanitizeSingleLine(value, MESSAGE_SUBJECT_MAX * 2))
  .pipe(z.string().min(1, MESSAGE_FIELD_MESSAGES.subjectRequired).max(MESSAGE_SUBJECT_MAX, MESSAGE_FIELD_MESSAGES.subjectTooLong));

export const messageTextField = z
  .string({ error: MESSAGE_FIELD_MESSAGES.textRequired })
  .max(MESSAGE_TEXT_MAX * 2, MESSAGE_FIELD_MESSAGES.textTooLong)
  .transform(cleanMessageText)
  .pipe(z.string().min(1, MESSAGE_FIELD_MESSAGES.textRequired).max(MESSAGE_TEXT_MAX, MESSAGE_FIELD_MESSAGES.textTooLong));
