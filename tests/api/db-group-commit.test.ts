// The local client's group commit (worker/db/serialized-client.ts): writes that queue up share one transaction, each
// caller keeps its own outcome, and nothing is answered before the COMMIT. And its secure_delete: deleted rows do
// not stay readable in the file.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createClient, LibsqlBatchError, type Client, type InStatement, type TransactionMode } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeWrites, WriteQueue } from '../../worker/db/serialized-client';
import { createTestDb, type TestDb } from '../helpers/test-db';

let t: TestDb;
let inner: Client;
let client: Client;
let transactions: number;

beforeEach(async () => {
  t = await createTestDb({ migrate: false });
  // A client of our own on the test's file, counting the transactions the wrapper opens on it.
  inner = createClient({ url: t.url });
  transactions = 0;
  const counting = new Proxy(inner, {
    get(target, key) {
      if (key === 'transaction') {
        return (mode?: TransactionMode) => {
          transactions++;
          return target.transaction(mode);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  client = serializeWrites(counting, { queue: new WriteQueue() });
  await client.execute('PRAGMA journal_mode = WAL');
  await client.execute('CREATE TABLE notes (id INTEGER PRIMARY KEY, owner TEXT NOT NULL UNIQUE, body TEXT)');
  transactions = 0;
});

afterEach(async () => {
  inner.close();
  await t.cleanup();
});

const insert = (owner: string, body = 'x'): InStatement => ({ sql: 'INSERT INTO notes (owner, body) VALUES (?, ?)', args: [owner, body] });
const owners = async () => (await client.execute('SELECT owner FROM notes ORDER BY id')).rows.map((r) => r.owner);

describe('group commit', () => {
  it('commits writes that arrive together in one transaction, each caller getting its own results', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.batch([insert(`a${i}`), 'SELECT last_insert_rowid() AS id'], 'write')),
    );
    expect(transactions).toBe(1);
    expect(results.map((r) => Number(r[1]!.rows[0]!.id))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await owners()).toEqual(Array.from({ length: 20 }, (_, i) => `a${i}`));
  });

  it("rolls back only the failing caller's statements and gives it batch's own error", async () => {
    await client.execute(insert('taken'));
    const [first, failing, last] = await Promise.allSettled([
      client.batch([insert('b1'), insert('b2')], 'write'),
      // Its first statement succeeds, its second breaks the UNIQUE rule: neither may stay.
      client.batch([insert('c1'), insert('taken')], 'write'),
      client.execute(insert('d1')),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(last.status).toBe('fulfilled');
    expect(failing.status).toBe('rejected');
    const error = (failing as PromiseRejectedResult).reason as LibsqlBatchError;
    expect(error).toBeInstanceOf(LibsqlBatchError);
    expect(error.statementIndex).toBe(1);
    expect(error.message).toMatch(/UNIQUE constraint failed: notes\.owner/);
    expect(await owners()).toEqual(['taken', 'b1', 'b2', 'd1']);
  });

  it('passes a single statement its own error, not a batch error', async () => {
    await client.execute(insert('once'));
    const settled = await Promise.allSettled([client.execute(insert('once')), client.execute(insert('twice'))]);
    const error = (settled[0] as PromiseRejectedResult).reason as Error;
    expect(error).not.toBeInstanceOf(LibsqlBatchError);
    expect(error.message).toMatch(/UNIQUE constraint failed/);
    expect(settled[1].status).toBe('fulfilled');
  });

  it('runs statements that cannot share a transaction on their own', async () => {
    await Promise.all([client.execute(insert('e1')), client.execute('CREATE INDEX notes_body ON notes (body)'), client.execute(insert('e2'))]);
    expect(await owners()).toEqual(['e1', 'e2']);
    const indexes = await client.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'notes_body'");
    expect(indexes.rows).toHaveLength(1);
  });

  it('answers no caller before the commit, and none at all when the commit fails', async () => {
    // A deferred foreign key breaks only at COMMIT: the whole group fails there, and each write is run again alone.
    await client.execute('CREATE TABLE parents (id INTEGER PRIMARY KEY)');
    await client.execute('CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)');
    await client.execute('PRAGMA foreign_keys = ON');
    const settled = await Promise.allSettled([
      client.execute(insert('f1')),
      client.execute({ sql: 'INSERT INTO children (parent) VALUES (?)', args: [999] }),
      client.execute(insert('f2')),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await owners()).toEqual(['f1', 'f2']);
  });
});

describe('secure_delete', () => {
  it('overwrites deleted rows in the file', async () => {
    const secret = `SALAJANE-${'ä'.repeat(2000)}`;
    await client.execute(insert('secret', secret));
    await client.execute(insert('kept', 'ALLES'));
    await client.execute({ sql: 'DELETE FROM notes WHERE owner = ?', args: ['secret'] });
    await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    const file = await readFile(fileURLToPath(t.url));
    expect(file.includes(Buffer.from('ALLES'))).toBe(true);
    expect(file.includes(Buffer.from('SALAJANE'))).toBe(false);
  });
});
