/**
 * A fresh, migrated libSQL database per call, in a temporary FILE. Not ':memory:': an in-memory libSQL database
 * has a single connection, so any query issued while a transaction is open fails with TRANSACTION_ACTIVE, which
 * production (a file or Turso) never does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@libsql/client';
import { createDb, type Db } from '../../worker/db';
import { migrateDatabase, openLocalClient } from '../../worker/db/migrate';

export interface TestDb {
  client: Client;
  db: Db;
  /** URL of the database file, for code under test that opens its own client. */
  url: string;
  /** Closes the client and deletes the temporary folder (database, -wal and -shm files). */
  cleanup(): Promise<void>;
}

/** `migrate: false` leaves the file empty, for tests of migrating itself. */
export async function createTestDb({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDb> {
  const dir = await mkdtemp(join(tmpdir(), 'retreat-test-db-'));
  const url = pathToFileURL(join(dir, 'test.db')).href;
  const client = openLocalClient(url);
  try {
    if (migrate) await migrateDatabase(client);
  } catch (error) {
    client.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    client,
    db: createDb(client),
    url,
    async cleanup() {
      client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
