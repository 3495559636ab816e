/**
 * How long the one-time links sent by e-mail work. The outbox needs them too: a link mail that could not be sent
 * before its link expired is not worth sending, and its stored body must not keep a working link.
 */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Issue 42: a companion's signing link works for 30 days; the organiser or the booker can send a new one. */
export const AGREEMENT_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Outbox kinds whose body carries a one-time link, and how long that link works. */
export const LINK_MAIL_LIFETIMES: Readonly<Record<string, number>> = {
  email_confirmation: CONFIRMATION_TTL_MS,
  password_reset: RESET_TTL_MS,
  agreement_link: AGREEMENT_LINK_TTL_MS,
};

/** The link lifetime of an outbox kind, or undefined when its mail carries no link. */
export function linkLifetimeOf(kind: string): number | undefined {
  return Object.hasOwn(LINK_MAIL_LIFETIMES, kind) ? LINK_MAIL_LIFETIMES[kind] : undefined;
}
