/**
 * The database handle the app uses. Host-independent: the host creates the libSQL client (Node: a local file via
 * `openLocalClient` in ./migrate; Workers: `@libsql/client/web`) and passes it in. Only types come from
 * '@libsql/client' here, so nothing Node-only reaches the worker bundle.
 */
import type { Client } from '@libsql/client';
import type { DrizzleConfig } from 'drizzle-orm';
import * as driverCore from 'drizzle-orm/libsql/driver-core';
import type { LibSQLDatabase } from 'drizzle-orm/libsql/driver-core';
import * as schema from './schema';

export { schema };
export * from '../../src/lib/enums';

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema>;

type Construct = <TSchema extends Record<string, unknown>>(
  client: Client,
  config?: DrizzleConfig<TSchema>,
) => LibSQLDatabase<TSchema>;

/**
 * drizzle-orm 0.45 ships `construct` in driver-core.js (the client-agnostic factory its own drivers call) but
 * leaves it out of driver-core.d.ts, hence the cast. The other entry points (`drizzle-orm/libsql`, `/web`) import a
 * concrete '@libsql/client' build at runtime, which is what this module must avoid.
 */
const construct = (driverCore as unknown as { construct?: Construct }).construct;

export function createDb(client: Client): Db {
  if (typeof construct !== 'function') {
    throw new Error('drizzle-orm/libsql/driver-core no longer exports construct(); update worker/db/index.ts');
  }
  return construct(client, { schema });
}

/**
 * Fails when the connection does not enforce foreign keys. libSQL turns them on by default (local files and
 * Turso); hosts may call this once at start-up so a misconfigured database fails loudly instead of silently
 * accepting orphans.
 */
export async function assertForeignKeysOn(client: Client): Promise<void> {
  const result = await client.execute('PRAGMA foreign_keys');
  const value = result.rows[0]?.[0];
  if (Number(value) !== 1) {
    throw new Error(`Foreign keys are not enforced on this database connection (PRAGMA foreign_keys = ${String(value)})`);
  }
}
