import { SITE_CONTACTS } from '../src/lib/retreat-editions';
import { logTransport, sendGridTransport, type MailTransport } from './services/mail/transport';

/** A per-IP limit: at most `max` requests per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Settings a host reads from its environment and hands to the app; the app never reads the environment itself. */
export interface AppConfig {
  /** Origins allowed to send non-GET /api requests (CSRF check), besides the request's own. */
  allowedOrigins: string[];
  environment: 'development' | 'production' | 'test';
  /** Secret that authorises creating the first admin while none exists (DESIGN.md section 8). */
  adminSetupToken: string;
  /** HS256 key for access tokens. Must be the same on every instance (Workers: a secret). */
  authSecret: string;
  /** The site's public origin for links in e-mails; never taken from a request's Host header. */
  publicOrigin: string | undefined;
  /** Where contact form messages are forwarded. */
  teamEmail: string;
  /** Per-IP limits on the public endpoints that store data and send mail. */
  limits: { bookings: RateLimit; contact: RateLimit; emailSend: RateLimit };
  /** How long a booking request waits for its confirmation e-mail before answering "queued". */
  confirmationWaitMs: number;
}

/** Parses "10/600" (10 requests per 600 seconds). */
export function parseRateLimit(value: string | undefined, fallback: RateLimit): RateLimit {
  if (!value) return fallback;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new Error(`A rate limit is written as "<max>/<seconds>", e.g. "10/600"; got "${value}"`);
  }
  return { max: Number(match[1]), windowMs: Number(match[2]) * 1000 };
}

/** Settings both hosts read from their environment; defaults are the embedded local set-up's. */
export type EnvSettings = Partial<
  Record<
    | 'SITE_URL'
    | 'SENDGRID_API_KEY'
    | 'SENDGRID_API_URL'
    | 'MAIL_FROM'
    | 'TEAM_EMAIL'
    | 'RATE_LIMIT_BOOKINGS'
    | 'RATE_LIMIT_CONTACT'
    | 'MAIL_CONFIRMATION_WAIT_MS'
    | 'AUTH_SECRET'
    | 'RATE_LIMIT_EMAIL',
    string
  >
>;

export const DEFAULT_BOOKING_LIMIT: RateLimit = { max: 10, windowMs: 10 * 60 * 1000 };
export const DEFAULT_CONTACT_LIMIT: RateLimit = { max: 10, windowMs: 10 * 60 * 1000 };
/** Per IP, on the auth endpoints that send e-mail (sign-up, resend, recover). */
export const DEFAULT_EMAIL_SEND_LIMIT: RateLimit = { max: 10, windowMs: 15 * 60 * 1000 };

/**
 * @param host what only the host knows: the environment, the setup token, and the access-token key (from
 * AUTH_SECRET, or one the host made up for a single-process local run).
 */
export function configFromEnv(
  env: EnvSettings,
  host: Pick<AppConfig, 'environment' | 'adminSetupToken' | 'authSecret'>,
): AppConfig {
  const allowedOrigins = (env.SITE_URL ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return {
    ...host,
    allowedOrigins,
    publicOrigin: allowedOrigins[0],
    teamEmail: env.TEAM_EMAIL || SITE_CONTACTS.email,
    limits: {
      bookings: parseRateLimit(env.RATE_LIMIT_BOOKINGS, DEFAULT_BOOKING_LIMIT),
      contact: parseRateLimit(env.RATE_LIMIT_CONTACT, DEFAULT_CONTACT_LIMIT),
      emailSend: parseRateLimit(env.RATE_LIMIT_EMAIL, DEFAULT_EMAIL_SEND_LIMIT),
    },
    confirmationWaitMs: Number(env.MAIL_CONFIRMATION_WAIT_MS ?? 3000),
  };
}

/** SendGrid when a key is set, otherwise the local mail log (DESIGN section 6). */
export function mailTransportFromEnv(env: EnvSettings, print: (text: string) => void): MailTransport {
  if (!env.SENDGRID_API_KEY) return logTransport(print);
  return sendGridTransport({
    apiKey: env.SENDGRID_API_KEY,
    apiUrl: env.SENDGRID_API_URL,
    from: env.MAIL_FROM || `${SITE_CONTACTS.retreatName} <${SITE_CONTACTS.email}>`,
  });
}
