import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEFAULT_MIGRATIONS_FOLDER, migrateDatabase } from '../../worker/db/migrate';
import { createTestDb, type TestDb } from './test-db';

/**
 * A database as it stood just before the migration `tag`: the migrations folder copied with its journal cut there,
 * applied to a fresh file. A test writes rows the old way, then runs `migrateDatabase(db.client)` for the rest.
 */
export async function databaseBefore(tag: string): Promise<TestDb & { dispose(): Promise<void> }> {
  const journal = JSON.parse(readFileSync(join(DEFAULT_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  expect(upTo, tag).toBeGreaterThan(0);
  const folder = await mkdtemp(join(tmpdir(), `migrations-before-${tag}-`));
  await cp(DEFAULT_MIGRATIONS_FOLDER, folder, { recursive: true });
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  const db = await createTestDb({ migrate: false });
  await migrateDatabase(db.client, folder);
  return {
    ...db,
    async dispose() {
      await db.cleanup();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The message of a statement that must fail (and fails the test when it succeeds). */
export async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected the statement to fail, it succeeded');
}

