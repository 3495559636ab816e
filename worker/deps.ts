import type { Client } from '@libsql/client';
import type { Context } from 'hono';
import type { AppConfig } from './config';
import type { Db } from './db';
import type { PasswordHasher } from './domain/auth/passwords';
import type { MailTransport } from './domain/mail/transport';

export type { AppConfig };

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
