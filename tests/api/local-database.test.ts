import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/test-db';

/**
 * Another process on the same database file (`npm run db:seed` beside a running server, a browser test writing
 * fixtures) holds SQLite's write lock for a moment: the app's writes wait and then succeed instead of failing with
 * SQLITE_BUSY (worker/db/serialized-client.ts). The other process is a real child process: a second connection in
 * this process would share the event loop that the native driver's busy wait freezes.
 */
let t: TestDb;
let holder: ChildProcess | undefined;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  holder?.kill();
  holder = undefined;
  await t.cleanup();
});

/** Starts a process that takes the write lock, inserts a row, holds the lock for `holdMs`, then commits. */
async function holdWriteLock(url: string, holdMs: number): Promise<void> {
  const code = `
    import { createClient } from '@libsql/client';
    const client = createClient({ url: ${JSON.stringify(url)} });
    const tx = await client.transaction('write');
    await tx.execute("INSERT INTO retreats (name) VALUES ('toisest protsessist')");
    process.stdout.write('locked\\n');
    await new Promise((resolve) => setTimeout(resolve, ${holdMs}));
    await tx.commit();
    client.close();
  `;
  holder = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(holder.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('locked');
}

// Every database starts with the three editions migration 0017 made (they have keys); the rows written here have none.
describe('writes while another process holds the lock', () => {
  it('a read-then-write batch waits for the lock instead of failing on a stale snapshot (SQLITE_BUSY_SNAPSHOT)', async () => {
    await holdWriteLock(t.url, 300);
    // Asked for as deferred, this would read a snapshot, then fail at the INSERT because the other process has
    // committed since; begun IMMEDIATE it waits for the lock and reads the current data.
    const [, , counted] = await t.client.batch(
      [
        'SELECT count(*) FROM retreats WHERE edition IS NULL',
        "INSERT INTO retreats (name) VALUES ('rakendusest')",
        'SELECT count(*) AS n FROM retreats WHERE edition IS NULL',
      ],
      'deferred',
    );
    expect(Number(counted!.rows[0]!.n)).toBe(2);
  });

  it('an interactive transaction that reads, then writes, waits for the lock and commits', async () => {
    await holdWriteLock(t.url, 300);
    const tx = await t.client.transaction('deferred');
    const before = await tx.execute('SELECT count(*) AS n FROM retreats WHERE edition IS NULL');
    await tx.execute({ sql: 'INSERT INTO retreats (name) VALUES (?)', args: [`nr ${Number(before.rows[0]!.n) + 1}`] });
    await tx.commit();
    const { rows } = await t.client.execute('SELECT name FROM retreats WHERE edition IS NULL ORDER BY id');
    expect(rows.map((r) => r.name)).toEqual(['toisest protsessist', 'nr 2']);
  });

  it('a single write statement waits for the lock and commits', async () => {
    await holdWriteLock(t.url, 300);
    await t.client.execute("INSERT INTO retreats (name) VALUES ('rakendusest')");
    const { rows } = await t.client.execute('SELECT name FROM retreats WHERE edition IS NULL ORDER BY id');
    expect(rows.map((r) => r.name)).toEqual(['toisest protsessist', 'rakendusest']);
  });
});
