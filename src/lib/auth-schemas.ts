import * as z from 'zod';
import { emailField, nameField, passwordField } from './validation/fields';

/** The sign-in form checks only the e-mail (spec section 5); the password just has to be there. */
export const SIGN_IN_EMAIL_MESSAGE = 'Vigane e-posti aadress';

export const signUpSchema = z.strictObject({
  email: emailField,
  password: passwordField,
  firstName: nameField,
  lastName: nameField,
});

export const signInSchema = z.strictObject({
  email: z.string({ error: SIGN_IN_EMAIL_MESSAGE }).trim().toLowerCase().regex(z.regexes.email, SIGN_IN_EMAIL_MESSAGE),
  password: z.string().min(1).max(1024),
});

export const emailOnlySchema = z.strictObject({ email: emailField });

/** Tokens from e-mailed links: 256 random bits, base64url. */
export const linkTokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Link on vigane või juba kasutatud.');

export const confirmSchema = z.strictObject({ token: linkTokenField });
export const resetPasswordSchema = z.strictObject({ token: linkTokenField, password: passwordField });
export const signOutSchema = z.strictObject({ scope: z.enum(['global', 'local', 'others']).default('global') });

export const createMainAdminSchema = z.strictObject({
  token: z.string().min(1).max(200),
  email: emailField,
  password: passwordField,
  firstName: nameField,
  lastName: nameField,
});
export const promoteSchema = z.strictObject({ token: z.string().min(1).max(200), email: emailField });

/** What the API answers about the signed-in user (GET /api/auth/session and every sign-in). */
export interface SessionBody {
  user: { id: string; email: string; firstName: string | null; lastName: string | null };
  isAdmin: boolean;
  expiresAt: string;
}
