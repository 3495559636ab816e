/** Issue 42: the request bodies of signing, shared by the screens and the API. */
import * as z from 'zod';
import { AGREEMENT_KINDS, AGREEMENT_MESSAGES, SHA256_HEX } from './agreement-labels';
import { emailField } from './validation/fields';

/** POST …/agreements/links: a traveller of the booking and the address their signing link goes to. */
export const signingLinkSchema = z.strictObject({
  guestId: z.string().min(1).max(100),
  email: emailField,
});
export type SigningLinkInput = z.input<typeof signingLinkSchema>;
export type SigningLink = z.output<typeof signingLinkSchema>;

/** POST /api/agreements/sign: the link's token, the full name typed, which text, and the hash of the text shown. */
export const signByLinkSchema = z.strictObject({
  token: z.string().max(200),
  name: z.string().trim().min(1, AGREEMENT_MESSAGES.nameMismatch).max(200),
  kind: z.enum(AGREEMENT_KINDS),
  textSha256: z.string().regex(SHA256_HEX, AGREEMENT_MESSAGES.textMissing),
});

/** POST /api/me/bookings/:id/agreements/sign ("Allkirjasta ise"): the traveller, the name typed, which text, its hash. */
export const portalSignSchema = z.strictObject({
  guestId: z.string().min(1).max(100),
  name: z.string().trim().min(1, AGREEMENT_MESSAGES.nameMismatch).max(200),
  kind: z.enum(AGREEMENT_KINDS),
  textSha256: z.string().regex(SHA256_HEX, AGREEMENT_MESSAGES.textMissing),
});
export type PortalSignInput = z.input<typeof portalSignSchema>;
