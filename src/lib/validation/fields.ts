import { z } from 'zod';
import { FIELD_MESSAGES as M } from './messages';
import { sanitizeFreeText } from './sanitize';

export const EMAIL_MAX = 320;
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Letters of any script (õ, ä, ö, ü, š, ž included), spaces, hyphens, apostrophes and periods. */
const NAME_PATTERN = /^[\p{L}\p{M}' .’-]+$/u;
/** Formatting people type into phone numbers; anything else (letters, markup) makes the number invalid. */
const PHONE_FORMATTING = /[\s\-().]/g;
/** Local form: 6-16 digits, not starting with 0. International: + country code and 6-14 more digits (≤ 16 total). */
const PHONE_LOCAL = /^[1-9]\d{5,15}$/;
const PHONE_INTERNATIONAL = /^\+[1-9]\d{6,15}$/;

const requiredString = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? message : 'Expected text') });

/** Trimmed, lowercased e-mail address. */
export const emailField = requiredString(M.emailRequired)
  .trim()
  .toLowerCase()
  .min(1, { error: M.emailRequired, abort: true })
  .max(EMAIL_MAX, { error: M.emailTooLong, abort: true })
  .pipe(z.email(M.emailInvalid));

/** A phone number with its formatting removed: `+372 5123 4567` is stored as `+37251234567`. */
export const phoneField = requiredString(M.phoneRequired)
  .trim()
  .transform((value) => value.replace(PHONE_FORMATTING, ''))
  .refine((value) => value.length > 0, { error: M.phoneRequired, abort: true })
  .refine((value) => PHONE_LOCAL.test(value) || PHONE_INTERNATIONAL.test(value), M.phoneInvalid);

/** A person's first or last name, trimmed, with inner runs of spaces collapsed. */
export const nameField = requiredString(M.nameRequired)
  .trim()
  .transform((value) => value.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, { error: M.nameRequired, abort: true })
      .min(NAME_MIN, { error: M.nameTooShort, abort: true })
      .max(NAME_MAX, { error: M.nameTooLong, abort: true })
      .regex(NAME_PATTERN, M.nameInvalid),
  );

/** The sign-up and password-change rule. Not trimmed: spaces are part of a password. */
export const passwordField = z
  .string({ error: M.passwordTooShort })
  .min(PASSWORD_MIN, { error: M.passwordTooShort, abort: true })
  .max(PASSWORD_MAX, { error: M.passwordTooLong, abort: true })
  .refine((value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value), M.passwordWeak);

/** Optional free text, sanitised; empty after cleaning means absent. */
export const freeTextField = z
  .string()
  .optional()
  .transform((value) => {
    const clean = sanitizeFreeText(value ?? '');
    return clean === '' ? undefined : clean;
  });
