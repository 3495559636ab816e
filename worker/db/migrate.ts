/**
 * NODE ONLY (reads the migrations folder from disk, creates folders, imports the native '@libsql/client').
 * Never import this from worker code that reaches the Cloudflare entry; there, migrations run as a deploy step
 * (`npm run db:migrate` with DATABASE_URL=libsql://... and DATABASE_AUTH_TOKEN).
 *
 * Foreign keys: the native libSQL build enables `foreign_keys` on every connection it opens (verified by
 * tests/api/db-schema.test.ts). That matters because @libsql/client 0.18's local client keeps a POOL of
 * connections (up to `concurrency`, default 20): a statement issued while `client.transaction()` holds one
 * connection runs on another, freshly opened one, and PRAGMAs are per connection. We still set the pragma
 * explicitly around migrating, and the test checks a second pooled connection too. Hosts may also call
 * `assertForeignKeysOn(client)` from ./index at start-up (it works for Turso too).
 *
 * ':memory:' caveat: an in-memory database has ONE connection. With a raw `createClient`, any call made while a
 * transaction is open fails with TRANSACTION_ACTIVE; through `openLocalClient` it waits its turn instead, but a
 * read through the outer `db` inside `db.transaction()` then waits for itself and times out. Tests therefore use
 * temporary FILES (tests/helpers/test-db.ts), which behave like production.
 */
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { reportingUnavailability } from './availability';
import { isLocalDatabase } from './local';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createDb } from './index';
import { serializeWrites, WriteQueue } from './serialized-client';

/** <repo>/migrations, resolved from this file so it works whatever the current directory is. */
export const DEFAULT_MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * SQLite busy timeout for local files. Inside this process the write queue (./serialized-client) keeps
 * connections from contending; this covers other processes on the same file (e.g. `npm run db:seed` while the
 * server runs). Note the wait is synchronous in the native driver, so it is kept short.
 */
const LOCAL_BUSY_TIMEOUT_MS = 5_000;

/**
 * Applies every pending migration in `migrationsFolder` (idempotent: drizzle records applied ones in
 * `__drizzle_migrations`). For local files it also switches the database to WAL, which is persistent in the file
 * and lets readers proceed while one connection writes.
 */
export async function migrateDatabase(client: Client, migrationsFolder = DEFAULT_MIGRATIONS_FOLDER): Promise<void> {
  if (isLocalDatabase(client)) {
    // Returns 'memory' for :memory: databases, which is fine.
    await client.execute('PRAGMA journal_mode = WAL');
  }
  await client.execute('PRAGMA foreign_keys = ON');
  // libSQL's migrate() runs the batch with foreign_keys off (so table rebuilds work) and switches them back on.
  await migrate(createDb(client), { migrationsFolder });
  await client.execute('PRAGMA foreign_keys = ON');
}

/**
 * Opens a libSQL client for Node: `file:` URLs (relative paths are relative to the current directory, e.g.
 * `file:data/retreat.db`), `:memory:`, or a remote `libsql://` / `https://` URL with `authToken`.
 * Creates the parent folder of a file database so a fresh checkout just works.
 *
 * Local clients come wrapped by `serializeWrites` (see ./serialized-client for why): writes from concurrent
 * requests queue up instead of failing with SQLITE_BUSY. Every client this function opens on the same file shares
 * one queue, so a test's client and the app's client do not trip over each other either.
 */
export function openLocalClient(url: string, authToken?: string): Client {
  const local = url.startsWith('file:') || url === ':memory:';
  const path = localFilePath(url);
  if (path !== null) mkdirSync(dirname(path), { recursive: true });

  const inner = createClient({ url, authToken, timeout: LOCAL_BUSY_TIMEOUT_MS });
  if (!local) return reportingUnavailability(inner);
  if (path === null) {
    // :memory: — its own database, so its own queue; reads queue too (single connection).
    return reportingUnavailability(serializeWrites(inner, { queue: new WriteQueue(), serializeReads: true }));
  }
  return reportingUnavailability(serializeWrites(inner, { queue: queueFor(path) }));
}

const queues = new Map<string, WriteQueue>();
function queueFor(path: string): WriteQueue {
  let queue = queues.get(path);
  if (!queue) {
    queue = new WriteQueue();
    queues.set(path, queue);
  }
  return queue;
}

/** Filesystem path of a `file:` URL, or null for memory and remote URLs. */
function localFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  const rest = url.slice('file:'.length).split('?')[0] ?? '';
  if (rest === '' || rest.startsWith(':memory:')) return null;
  if (rest.startsWith('//')) {
    // file:///abs/path or file://localhost/abs/path
    return fileURLToPath(new URL(url.split('?')[0] ?? url));
  }
  const decoded = decodeURIComponent(rest);
  return isAbsolute(decoded) ? decoded : resolve(process.cwd(), decoded);
}
