import { createClient, type Client } from '@libsql/client/web';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withWriteIntent } from '../../worker/db/write-intent';
import { createMigratedHranaServer } from '../helpers/hrana-server';
import { serveOnLoopback } from '../helpers/serve';

/**
 * Why the Workers host wraps its Turso client in `withWriteIntent` (worker/db/write-intent.ts), shown over Hrana HTTP
 * with the web client the worker uses: a batch that reads and then writes, started while another connection holds
 * the write lock, loses its snapshot when that one commits (SQLITE_BUSY) if it began DEFERRED, and succeeds when it
 * began IMMEDIATE, as the wrapper makes every writing batch begin.
 */

let db: Awaited<ReturnType<typeof createMigratedHranaServer>>;
let http: Awaited<ReturnType<typeof serveOnLoopback>>;
const clients: Client[] = [];

beforeAll(async () => {
  db = await createMigratedHranaServer();
  http = await serveOnLoopback(db.server.fetch);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await http.close();
  await db.close();
});

const client = () => {
  const c = createClient({ url: http.origin });
  clients.push(c);
  return c;
};

/** The limiter's shape: count the window, then record the attempt. */
const countThenRecord = (key: string) => [
  { sql: "SELECT count(*) AS n FROM auth_attempts WHERE kind = 'contact_submit' AND key = ?", args: [key] },
  { sql: "INSERT INTO auth_attempts (kind, key, created_at) VALUES ('contact_submit', ?, ?)", args: [key, new Date().toISOString()] },
];

async function raceWithOpenTransaction(batchClient: Client, key: string) {
  const holder = await client().transaction('write');
  await holder.execute({ sql: "INSERT INTO auth_attempts (kind, key, created_at) VALUES ('contact_submit', ?, ?)", args: [key, new Date().toISOString()] });
  const batch = batchClient.batch(countThenRecord(key)).then(
    () => 'ok' as const,
    (error: unknown) => String((error as Error).message),
  );
  await new Promise((resolve) => setTimeout(resolve, 150));
  await holder.commit();
  return batch;
}

it('a read-then-write batch begun DEFERRED loses its snapshot to a commit in between', async () => {
  expect(await raceWithOpenTransaction(client(), 'deferred')).toMatch(/SQLITE_BUSY|database is locked/);
});

it('the same batch through withWriteIntent begins IMMEDIATE, waits for the lock and succeeds', async () => {
  expect(await raceWithOpenTransaction(withWriteIntent(client()), 'immediate')).toBe('ok');
  const rows = await client().execute("SELECT count(*) AS n FROM auth_attempts WHERE key = 'immediate'");
  expect(Number(rows.rows[0]!.n)).toBe(2);
});

it('a batch that only reads begins as a read transaction', async () => {
  const wrapped = withWriteIntent(client());
  const [result] = await wrapped.batch([{ sql: 'SELECT 1 AS one', args: [] }]);
  expect(result!.rows[0]!.one).toBe(1);
  expect(wrapped.closed).toBe(false);
});
