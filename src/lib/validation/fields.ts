import * as z from 'zod';
import { FIELD_MESSAGES as M } from './messages';
import { sanitizeFreeText, sanitizeSingleLine } from './sanitize';

import { EMAIL_MAX, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from './limits';

export { EMAIL_MAX, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN };

/**
 * Letters of any script (õ, ä, ö, ü, š, ž included), spaces, hyphens, apostrophes and periods. Nothing else: a name
 * holding a control character (NUL, ESC), a bidi override or a lone surrogate is refused, not cleaned; line breaks
 * and tabs are whitespace, which the name rule collapses to one space, as the one-line free-text rule does.
 */
const NAME_PATTERN = /^[\p{L}\p{M}' .’-]+$/u;
/** Formatting people type into phone numbers; anything else (letters, markup) makes the number invalid. */
const PHONE_FORMATTING = /[\s\-().]/g;
/** Local form: 6-16 digits, not starting with 0. International: + country code and 6-14 more digits (≤ 16 total). */
const PHONE_LOCAL = /^[1-9]\d{5,15}$/;
const PHONE_INTERNATIONAL = /^\+[1-9]\d{6,15}$/;

type Rule = readonly [ok: (value: string) => boolean, message: string];

/**
 * One message per field: the first rule that fails, as the spec's forms show them. Written as a single check, not
 * as aborting checks or pipes, because either of those marks the whole form as aborted and the booking form's
 * cross-field rules would then wait for a second round.
 */
const firstFailing = (rules: readonly Rule[]) => (value: string, ctx: z.RefinementCtx) => {
  const failed = rules.find(([ok]) => !ok(value));
  if (failed) ctx.addIssue({ code: 'custom', message: failed[1] });
};

const requiredString = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? message : 'Expected text') });

/** Trimmed, lowercased e-mail address. */
export const emailField = requiredString(M.emailRequired)
  .trim()
  .toLowerCase()
  .superRefine(
    firstFailing([
      [(v) => v.length > 0, M.emailRequired],
      [(v) => v.length <= EMAIL_MAX, M.emailTooLong],
      [(v) => z.regexes.email.test(v), M.emailInvalid],
    ]),
  );

/** A phone number with its formatting removed: `+372 5123 4567` is stored as `+37251234567`. */
export const phoneField = requiredString(M.phoneRequired)
  .trim()
  .overwrite((value) => value.replace(PHONE_FORMATTING, ''))
  .superRefine(
    firstFailing([
      [(v) => v.length > 0, M.phoneRequired],
      [(v) => PHONE_LOCAL.test(v) || PHONE_INTERNATIONAL.test(v), M.phoneInvalid],
    ]),
  );

/** A person's first or last name, trimmed, with inner runs of spaces collapsed. */
export const nameField = requiredString(M.nameRequired)
  .trim()
  .overwrite((value) => value.replace(/\s+/g, ' '))
  .superRefine(
    firstFailing([
      [(v) => v.length > 0, M.nameRequired],
      [(v) => v.length >= NAME_MIN, M.nameTooShort],
      [(v) => v.length <= NAME_MAX, M.nameTooLong],
      [(v) => NAME_PATTERN.test(v), M.nameInvalid],
    ]),
  );

/** The sign-up and password-change rule. Not trimmed: spaces are part of a password. */
export const passwordField = z.string({ error: M.passwordTooShort }).superRefine(
  firstFailing([
    [(v) => v.length >= PASSWORD_MIN, M.passwordTooShort],
    [(v) => v.length <= PASSWORD_MAX, M.passwordTooLong],
    [(v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), M.passwordWeak],
  ]),
);

/** Optional multi-line free text, sanitised (line feeds kept); empty after cleaning means absent. */
export const freeTextField = z
  .string()
  .optional()
  .transform((value) => sanitizeFreeText(value ?? '') || undefined);

/** Optional one-line text of at most `max` characters, sanitised (line breaks become spaces); empty means absent. */
export const singleLineTextField = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => sanitizeSingleLine(value ?? '', max) || undefined);

export { firstFailing };

/** The phone rule without its (spec-English) messages, for forms that word their own: formatting removed first. */
export function isValidPhone(value: string): boolean {
  const digits = value.trim().replace(PHONE_FORMATTING, '');
  return PHONE_LOCAL.test(digits) || PHONE_INTERNATIONAL.test(digits);
}

/** A real calendar day written YYYY-MM-DD, from 1900 on. */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}
