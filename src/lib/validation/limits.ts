/**
 * Length limits of the shared field rules (spec section 9), apart from the zod rules so the form islands can put
 * them on their inputs without loading zod up front.
 */
export const EMAIL_MAX = 320;
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
