import type { Client } from '@libsql/client';
import type { Context } from 'hono';
import type { RateLimit } from './config';
import type { Db } from './db';
import type { PasswordHasher } from './services/auth/passwords';
import type { MailTransport } from './services/mail/transport';

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

/** Everything host-specific, injected so routes and services never import a host (DESIGN.md section 1). */
export interface AppDeps {
  db: Db;
  /** The raw libSQL client behind `db`, for statements drizzle does not model (health probe, PRAGMA). */
  sql: Client;
  config: AppConfig;
  mail: MailTransport;
  passwords: PasswordHasher;
  now: () => Date;
  /** The client's address as this host knows it (socket on Node, CF-Connecting-IP on Workers). */
  clientIp: (c: Context) => string | undefined;
  /** Structured log sink: one JSON object per call. */
  log: (entry: Record<string, unknown>) => void;
  /** Keeps background work alive after the response (Workers: ctx.waitUntil; Node: a tracked promise). */
  waitUntil: (work: Promise<unknown>) => void;
}
