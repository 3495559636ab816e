/**
 * The account forms' zod schemas and resolvers (/auth and the first-admin screens): a chunk of its own, loaded on
 * first focus or submit like ./visitor-validation, so /auth does not carry the booking schema nor /broneering this.
 */
// First: configures zod before the shared schemas below are constructed.
import './zod-csp';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { createMainAdminSchema, emailOnlySchema, signInSchema, signUpSchema } from '../../lib/auth-schemas';
import { passwordField } from '../../lib/validation/fields';

export const signUpResolver = zodResolver(signUpSchema);
/** Sign-in checks only the e-mail (spec section 5): the password goes to the server as typed. */
export const signInResolver = zodResolver(z.object({ email: signInSchema.shape.email, password: z.string() }));
export const emailResolver = zodResolver(emailOnlySchema);
/** The set-new-password panel: the token stays in memory and is added when sending. */
export const newPasswordResolver = zodResolver(z.strictObject({ password: passwordField }));
/** /create-main-admin's form: the setup token is added when sending. */
export const createMainAdminResolver = zodResolver(createMainAdminSchema.omit({ token: true }));
