/** Shared by the db:* scripts: which database to open, from the environment. Node only. */
import type { Client } from '@libsql/client';
import { openLocalClient } from '../worker/db/migrate';

export const DEFAULT_DATABASE_URL = 'file:data/retreat.db';

export function openDatabaseFromEnv(): { client: Client; url: string } {
  const url = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
  const authToken = process.env.DATABASE_AUTH_TOKEN?.trim() || undefined;
  return { client: openLocalClient(url, authToken), url };
}

/** The URL without credentials or query string, safe to print. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'file:') return url.split('?')[0] ?? url;
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url.split('?')[0] ?? url;
  }
}

/** How many migrations the database has recorded (0 before the first run). */
export async function countAppliedMigrations(client: Client): Promise<number> {
  const table = await client.execute(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
  );
  if (table.rows.length === 0) return 0;
  const result = await client.execute('SELECT count(*) AS n FROM __drizzle_migrations');
  return Number(result.rows[0]?.n ?? 0);
}
