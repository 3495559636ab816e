import type { Client } from '@libsql/client';
import type { Db } from './db';

/** Settings a host reads from its environment and hands to the app; the app never reads the environment itself. */
export interface AppConfig {
  /** Origins allowed to send non-GET /api requests (CSRF check). The first one is the canonical public origin. */
  allowedOrigins: string[];
  /** 'production' hides nothing more than 'development' today, but is logged with every request. */
  environment: 'development' | 'production' | 'test';
  /** Secret that authorises creating the first admin while none exists (DESIGN.md section 8). */
  adminSetupToken: string;
}

/** Everything host-specific, injected so routes and services never import a host (DESIGN.md section 1). */
export interface AppDeps {
  db: Db;
  /** The raw libSQL client behind `db`, for statements drizzle does not model (health probe, PRAGMA). */
  sql: Client;
  config: AppConfig;
  now: () => Date;
  /** Structured log sink: one JSON object per call. */
  log: (entry: Record<string, unknown>) => void;
  /** Keeps background work alive after the response (Workers: ctx.waitUntil; Node: a tracked promise). */
  waitUntil: (work: Promise<unknown>) => void;
}
