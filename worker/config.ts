import { SITE_CONTACTS } from '../src/lib/retreat-editions';
import { logTransport, sendGridTransport, type MailTransport } from './domain/mail/transport';
import type { MailAttachment } from './domain/mail/attachments';
import type { InvoiceSeller } from '../src/lib/invoices/documents';
import { SELLER } from './domain/invoices/document';
import type { WebhookAddressRules } from './domain/webhooks/address';

/** A per-IP limit: at most `max` requests per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Settings a host reads from its environment and hands to the app; the app never reads the environment itself. */
export interface AppConfig {
  /**
   * The only origins allowed to send non-GET /api requests (CSRF check): SITE_URL's, and on the Node host its own
   * address. Never the origin a request names in its Host header (DNS rebinding would pass that).
   */
  allowedOrigins: string[];
  environment: 'development' | 'production' | 'test';
  /** Secret that authorises creating the first admin while none exists (DESIGN.md section 8). */
  adminSetupToken: string;
  /** HS256 key for access tokens. Must be the same on every instance (Workers: a secret). */
  authSecret: string;
  /**
   * The site's public origin for links in e-mails: SITE_URL's first origin, or the Node host's own address. Never
   * taken from a request: a forged Host header would otherwise mail a victim a reset link to the attacker's site.
   */
  publicOrigin: string;
  /** Where contact form messages are forwarded. */
  teamEmail: string;
  /** Per-IP limits on the public endpoints that store data, send mail or try passwords. */
  limits: { bookings: RateLimit; contact: RateLimit; emailSend: RateLimit; signIn: RateLimit; discountChecks: RateLimit };
  /** How long a request that sends mail at once (a booking's confirmation, an invoice, an e-mail sent again) waits for the provider before answering that the mail is queued: a hanging provider never hangs the person waiting. */
  confirmationWaitMs: number;
  /**
   * Online payment through Montonio (issue "Pay online"): on when MONTONIO_ACCESS_KEY, MONTONIO_SECRET_KEY and
   * MONTONIO_API_URL are all set; otherwise null, and the product works as before (bank transfer only).
   */
  montonio: MontonioSettings | null;
  /**
   * The seller on the invoices and credit notes issued from now on: the content settings' (content/settings/site.json
   * `invoicing.seller`). Its VAT number is the seller's VAT status (issue 39): with one, documents are standard-rated
   * at the rate of the supply date; without, they carry no VAT. A test sets another seller here.
   */
  seller: InvoiceSeller;
  /**
   * Where webhook deliveries may go (issue 41): https only in production; loopback and private addresses only with
   * WEBHOOKS_ALLOW_PRIVATE=1, which production ignores (a receiver on this machine, for local testing).
   */
  webhooks: WebhookAddressRules;
}

export interface MontonioSettings {
  accessKey: string;
  secretKey: string;
  /** The Stargate API's base, without a trailing slash (the sandbox's or the live one). */
  apiUrl: string;
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
    | 'RATE_LIMIT_EMAIL'
    | 'RATE_LIMIT_SIGNIN'
    | 'RATE_LIMIT_DISCOUNT_CHECKS'
    | 'TEST_CLOCK_START'
    | 'MONTONIO_ACCESS_KEY'
    | 'MONTONIO_SECRET_KEY'
    | 'MONTONIO_API_URL'
    | 'WEBHOOKS_ALLOW_PRIVATE',
    string
  >
>;

export const DEFAULT_BOOKING_LIMIT: RateLimit = { max: 10, windowMs: 10 * 60 * 1000 };
export const DEFAULT_CONTACT_LIMIT: RateLimit = { max: 10, windowMs: 10 * 60 * 1000 };
/** Per IP, on the auth endpoints that send e-mail (sign-up, resend, recover). */
export const DEFAULT_EMAIL_SEND_LIMIT: RateLimit = { max: 10, windowMs: 15 * 60 * 1000 };
/** Per IP, on sign-in, beside the spec's 3 per e-mail: one client trying a password on many addresses. */
export const DEFAULT_SIGNIN_LIMIT: RateLimit = { max: 20, windowMs: 15 * 60 * 1000 };
/** The booking form's "Kasuta" on a discount code (issue 38): enough for typos, too few to guess codes by trying. */
export const DEFAULT_DISCOUNT_CHECK_LIMIT: RateLimit = { max: 20, windowMs: 15 * 60 * 1000 };

/**
 * The host's clock. TEST_CLOCK_START (an ISO date or instant; for test runs only, never set in production) makes the
 * clock start there and run on at the real pace: the browser suites and the edge suite book the content file's
 * editions, which by the calendar may all have closed, and the rules that depend on the date (registration closing,
 * tokens, sessions, "today") then all see one consistent time. Unset: the real time.
 */
export function clockFromEnv(env: EnvSettings, log: (entry: Record<string, unknown>) => void = () => {}): () => Date {
  const start = env.TEST_CLOCK_START;
  if (!start) return () => new Date();
  const startMs = Date.parse(start);
  if (Number.isNaN(startMs)) throw new Error(`TEST_CLOCK_START is not a date: ${start}`);
  const offset = startMs - Date.now();
  log({ level: 'warn', msg: 'TEST_CLOCK_START: the clock runs from a set instant (tests only)', start: new Date(startMs).toISOString() });
  return () => new Date(Date.now() + offset);
}

/** The origins SITE_URL names (comma separated), each reduced to scheme://host[:port] so they compare exactly. */
export function siteOrigins(siteUrl: string | undefined): string[] {
  return (siteUrl ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      try {
        return new URL(s).origin;
      } catch {
        throw new Error(`SITE_URL must be absolute URLs separated by commas, e.g. "https://uusalgus.ee"; got "${s}"`);
      }
    });
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The Node host's own address in each spelling of the loopback: a visitor who opens http://127.0.0.1:4321 sends that
 * as the Origin, and the server on localhost:4321 is the same site. Any other address stands as it is.
 */
export function ownOriginSpellings(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/**
 * @param host what only the host knows: the environment, the setup token, the access-token key (from AUTH_SECRET,
 * or one the host made up for a single-process local run), and, on the Node host, its own address (`ownOrigin`),
 * which stands in for SITE_URL when that is unset. Workers has no address of its own to offer: there SITE_URL is
 * required, and this throws without it.
 */
export function configFromEnv(
  env: EnvSettings,
  host: Pick<AppConfig, 'environment' | 'adminSetupToken' | 'authSecret'> & { ownOrigin?: string },
): AppConfig {
  const { ownOrigin, ...rest } = host;
  const configured = siteOrigins(env.SITE_URL);
  const publicOrigin = configured[0] ?? ownOrigin;
  if (!publicOrigin) {
    throw new Error(
      'SITE_URL is not set. Set it to the site\'s public address (e.g. SITE_URL=https://uusalgus.ee): links in ' +
        'e-mails are built from it, and only it may send non-GET /api requests.',
    );
  }
  return {
    ...rest,
    allowedOrigins: [...new Set([...configured, ...(ownOrigin ? ownOriginSpellings(ownOrigin) : [])])],
    publicOrigin,
    teamEmail: env.TEAM_EMAIL || SITE_CONTACTS.email,
    limits: {
      bookings: parseRateLimit(env.RATE_LIMIT_BOOKINGS, DEFAULT_BOOKING_LIMIT),
      contact: parseRateLimit(env.RATE_LIMIT_CONTACT, DEFAULT_CONTACT_LIMIT),
      emailSend: parseRateLimit(env.RATE_LIMIT_EMAIL, DEFAULT_EMAIL_SEND_LIMIT),
      signIn: parseRateLimit(env.RATE_LIMIT_SIGNIN, DEFAULT_SIGNIN_LIMIT),
      discountChecks: parseRateLimit(env.RATE_LIMIT_DISCOUNT_CHECKS, DEFAULT_DISCOUNT_CHECK_LIMIT),
    },
    confirmationWaitMs: Number(env.MAIL_CONFIRMATION_WAIT_MS ?? 3000),
    montonio: montonioFromEnv(env),
    seller: SELLER,
    webhooks: { requireHttps: rest.environment === 'production', allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === '1' && rest.environment !== 'production' },
  };
}

/** Montonio's keys and API address: all three, or none (online payment off); some but not all is a mistake. */
export function montonioFromEnv(env: EnvSettings): MontonioSettings | null {
  const accessKey = env.MONTONIO_ACCESS_KEY?.trim();
  const secretKey = env.MONTONIO_SECRET_KEY?.trim();
  const apiUrl = env.MONTONIO_API_URL?.trim();
  if (!accessKey && !secretKey && !apiUrl) return null;
  if (!accessKey || !secretKey || !apiUrl) {
    throw new Error('Online payment needs all of MONTONIO_ACCESS_KEY, MONTONIO_SECRET_KEY and MONTONIO_API_URL (or none of them, for bank transfer only).');
  }
  try {
    new URL(apiUrl);
  } catch {
    throw new Error(`MONTONIO_API_URL must be an absolute URL (the Stargate API's sandbox or live address); got "${apiUrl}"`);
  }
  return { accessKey, secretKey, apiUrl: apiUrl.replace(/\/+$/, '') };
}

/**
 * SendGrid when a key is set, otherwise the local mail log (DESIGN section 6); `saveAttachment` keeps the log's
 * attachments where the host can write files.
 */
export function mailTransportFromEnv(env: EnvSettings, print: (text: string) => void, saveAttachment?: (file: MailAttachment) => Promise<string>): MailTransport {
  if (!env.SENDGRID_API_KEY) return logTransport(print, saveAttachment);
  return sendGridTransport({
    apiKey: env.SENDGRID_API_KEY,
    apiUrl: env.SENDGRID_API_URL,
    from: env.MAIL_FROM || `${SITE_CONTACTS.retreatName} <${SITE_CONTACTS.email}>`,
  });
}
