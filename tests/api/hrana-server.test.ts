import { readFileSync } from 'node:fs';
import { createClient, LibsqlBatchError, type Client } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHranaServer, createMigratedHranaServer, type HranaPipelineResponse, type HranaRequest } from '../helpers/hrana-server';
import { serveOnLoopback } from '../helpers/serve';

/**
 * The test Hrana server (tests/helpers/hrana-server.ts) answered over real HTTP, mostly through the very client the
 * worker uses on Turso (`@libsql/client/web`), and through raw pipelines where the client would hide what sqld does.
 */

let db: Awaited<ReturnType<typeof createMigratedHranaServer>>;
let http: Awaited<ReturnType<typeof serveOnLoopback>>;
const clients: Client[] = [];
const closers: (() => Promise<void>)[] = [];

const client = (url = http.origin, options: { intMode?: 'number' | 'bigint' } = {}) => {
  const c = createClient({ url, ...options });
  clients.push(c);
  return c;
};

async function pipeline(baton: string | null, requests: HranaRequest[], origin = http.origin) {
  return fetch(`${origin}/v2/pipeline`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ baton, requests }) });
}
async function pipelineOk(baton: string | null, requests: HranaRequest[]) {
  const res = await pipeline(baton, requests);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as HranaPipelineResponse;
}

/** Another server on the same database file, with its own options (a short idle timeout, a token). */
async function sibling(options: Omit<Parameters<typeof createHranaServer>[0], 'path'>) {
  const server = createHranaServer({ path: db.path, ...options });
  const served = await serveOnLoopback(server.fetch);
  closers.push(async () => {
    server.close();
    await served.close();
  });
  return { server, origin: served.origin };
}

beforeAll(async () => {
  db = await createMigratedHranaServer();
  http = await serveOnLoopback(db.server.fetch);
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const close of closers) await close();
  await http.close();
  await db.close();
});

describe('hrana test server', () => {
  it('serves the database migrated by the project\'s own migrations, in WAL mode with foreign keys on', async () => {
    expect((await fetch(`${http.origin}/v2`)).status).toBe(200);
    const c = client();
    const journal = JSON.parse(readFileSync(new URL('../../migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
    const [applied] = (await c.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows;
    expect(applied!.n).toBe(journal.entries.length);
    expect((await c.execute('PRAGMA journal_mode')).rows[0]![0]).toBe('wal');
    expect((await c.execute('PRAGMA foreign_keys')).rows[0]![0]).toBe(1);
    expect((await c.execute("SELECT name FROM sqlite_master WHERE name = 'bookings'")).rows).toHaveLength(1);
  });

  it('executes statements with rows, column names and decltypes, rowsAffected and lastInsertRowid', async () => {
    const c = client();
    await c.execute('CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, note)');
    const inserted = await c.execute({ sql: 'INSERT INTO people (name) VALUES (?), (?)', args: ['Mari', 'Jüri'] });
    expect(inserted.rowsAffected).toBe(2);
    expect(inserted.lastInsertRowid).toBe(2n);
    expect((await c.execute({ sql: 'UPDATE people SET note = ? WHERE name = ?', args: ['x', 'nobody'] })).rowsAffected).toBe(0);
    const named = await c.execute({ sql: 'UPDATE people SET note = :note WHERE id = $id', args: { note: 'tere', id: 1 } });
    expect(named.rowsAffected).toBe(1);

    const selected = await c.execute('SELECT id, name, note FROM people ORDER BY id');
    expect(selected.columns).toEqual(['id', 'name', 'note']);
    expect(selected.columnTypes).toEqual(['INTEGER', 'TEXT', '']);
    expect(selected.rows.map((r) => ({ ...r }))).toEqual([
      { id: 1, name: 'Mari', note: 'tere' },
      { id: 2, name: 'Jüri', note: null },
    ]);
    // A read after a write reports no changes of its own.
    expect(selected.rowsAffected).toBe(0);
    const returning = await c.execute({ sql: 'DELETE FROM people WHERE id = ? RETURNING name', args: [2] });
    expect([returning.rowsAffected, returning.rows[0]!.name]).toEqual([1, 'Jüri']);
  });

  it('round-trips every value type: null, 64-bit integers, floats, text and blobs', async () => {
    const c = client(http.origin, { intMode: 'bigint' });
    const values = [null, 9007199254740993n, -9223372036854775808n, 1.5, 2.0, 'Õunapuu 🙂 "quoted"', new Uint8Array([0, 255, 1, 128]), true];
    const sql = `SELECT ${values.map(() => '?').join(', ')}`;
    const [row] = (await c.execute({ sql, args: values })).rows;
    expect(Array.from(row!)).toEqual([
      null,
      9007199254740993n,
      -9223372036854775808n,
      1.5,
      2,
      'Õunapuu 🙂 "quoted"',
      new Uint8Array([0, 255, 1, 128]).buffer,
      1n,
    ]);
    const types = await c.execute({ sql: `SELECT ${values.map(() => 'typeof(?)').join(', ')}`, args: values });
    expect(Array.from(types.rows[0]!)).toEqual(['null', 'integer', 'integer', 'real', 'real', 'text', 'blob', 'integer']);

    await c.execute('CREATE TABLE blobs (b BLOB)');
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    await c.execute({ sql: 'INSERT INTO blobs VALUES (?)', args: [bytes] });
    expect(new Uint8Array((await c.execute('SELECT b FROM blobs')).rows[0]!.b as ArrayBuffer)).toEqual(bytes);
  });

  it('commits a batch as a whole, or, when a statement fails, skips the COMMIT, runs the ROLLBACK and keeps nothing', async () => {
    const c = client();
    await c.execute('CREATE TABLE tags (name TEXT PRIMARY KEY)');
    const failed = await c
      .batch([
        { sql: 'INSERT INTO tags VALUES (?)', args: ['a'] },
        { sql: 'INSERT INTO tags VALUES (?)', args: ['b'] },
        { sql: 'INSERT INTO tags VALUES (?)', args: ['a'] },
        { sql: 'INSERT INTO tags VALUES (?)', args: ['c'] },
      ])
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(LibsqlBatchError);
    expect(failed).toMatchObject({ code: 'SQLITE_CONSTRAINT', statementIndex: 2, message: expect.stringContaining('UNIQUE constraint failed: tags.name') });
    expect((await c.execute('SELECT count(*) AS n FROM tags')).rows[0]!.n).toBe(0);

    const done = await c.batch(['INSERT INTO tags VALUES (\'x\')', 'INSERT INTO tags VALUES (\'y\')', 'SELECT count(*) AS n FROM tags'], 'write');
    expect(done.map((r) => r.rowsAffected)).toEqual([1, 1, 0]);
    expect(done[2]!.rows[0]!.n).toBe(2);
    // Each client.execute()/batch() opened a stream and closed it in the same HTTP request.
    expect(db.server.openStreams()).toBe(0);
  });

  it('runs each batch as one program: concurrent read-then-write batches do not trip over each other', async () => {
    // In process, as miniflare's outboundService hands requests over: they arrive together, not one per socket read.
    const c = createClient({ url: 'http://in-process.test', fetch: (request: Request) => db.server.fetch(request) });
    clients.push(c);
    await c.execute('CREATE TABLE counter (n INTEGER)');
    const batches = Array.from({ length: 20 }, () => c.batch(['SELECT count(*) FROM counter', 'INSERT INTO counter SELECT count(*) FROM counter']));
    expect((await Promise.allSettled(batches)).filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await c.execute('SELECT group_concat(n) AS ns FROM (SELECT n FROM counter ORDER BY n)')).rows[0]!.ns).toBe(
      Array.from({ length: 20 }, (_, i) => i).join(','),
    );
  });

  it('evaluates step conditions as sqld does: a skipped step is neither ok nor error', async () => {
    const stmt = (sql: string) => ({ sql, want_rows: true });
    const { baton, results } = await pipelineOk(null, [
      {
        type: 'batch',
        batch: {
          steps: [
            { stmt: stmt('SELECT 1') }, // 0 ok
            { stmt: stmt('SELEC 1') }, // 1 error
            { condition: { type: 'ok', step: 1 }, stmt: stmt('SELECT 2') }, // 2 skipped
            { condition: { type: 'error', step: 1 }, stmt: stmt('SELECT 3') }, // 3 runs
            { condition: { type: 'not', cond: { type: 'ok', step: 2 } }, stmt: stmt('SELECT 4') }, // 4 runs
            { condition: { type: 'error', step: 2 }, stmt: stmt('SELECT 5') }, // 5 skipped
            { condition: { type: 'and', conds: [{ type: 'ok', step: 0 }, { type: 'error', step: 1 }] }, stmt: stmt('SELECT 6') }, // 6 runs
            { condition: { type: 'or', conds: [{ type: 'ok', step: 1 }, { type: 'ok', step: 5 }] }, stmt: stmt('SELECT 7') }, // 7 skipped
            { condition: { type: 'and', conds: [] }, stmt: stmt('SELECT 8') }, // 8 runs
            { condition: { type: 'or', conds: [] }, stmt: stmt('SELECT 9') }, // 9 skipped
          ],
        },
      },
      { type: 'close' },
    ]);
    expect(baton).toBeNull();
    const result = results[0]!.type === 'ok' ? (results[0]!.response.result as { step_results: unknown[]; step_errors: unknown[] }) : null;
    const ran = result!.step_results.map((r) => (r === null ? null : (r as { rows: { value: string }[][] }).rows[0]![0]!.value));
    expect(ran).toEqual(['1', null, null, '3', '4', null, '6', null, '8', null]);
    expect(result!.step_errors.map((e) => (e === null ? null : (e as { code: string }).code))).toEqual([
      null, 'SQLITE_ERROR', null, null, null, null, null, null, null, null,
    ]);
    expect(results[1]).toEqual({ type: 'ok', response: { type: 'close' } });
  });

  it('refuses, as protocol errors of the whole request, a condition on a later step and the v3-only is_autocommit', async () => {
    for (const condition of [{ type: 'ok', step: 0 }, { type: 'is_autocommit' }] as const) {
      const res = await pipeline(null, [{ type: 'batch', batch: { steps: [{ condition, stmt: { sql: 'SELECT 1' } }] } }]);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('text/plain');
    }
    expect(db.server.openStreams()).toBe(0);
  });

  it('keeps a transaction on its own stream: invisible to others, holding the write lock until it rolls back', async () => {
    const [a, b] = [client(), client()];
    await a.execute('CREATE TABLE notes (text TEXT UNIQUE)');
    const tx = await a.transaction('write');
    await tx.execute({ sql: 'INSERT INTO notes VALUES (?)', args: ['inside'] });
    expect((await tx.execute('SELECT count(*) AS n FROM notes')).rows[0]!.n).toBe(1);
    expect((await b.execute('SELECT count(*) AS n FROM notes')).rows[0]!.n).toBe(0);
    expect(db.server.openStreams()).toBe(1);

    // A failing statement does not end the transaction.
    await expect(tx.execute({ sql: 'INSERT INTO notes VALUES (?)', args: ['inside'] })).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    await tx.execute({ sql: 'INSERT INTO notes VALUES (?)', args: ['also inside'] });

    // Another stream's write waits for the lock rather than failing.
    let written = false;
    const outside = b.execute({ sql: 'INSERT INTO notes VALUES (?)', args: ['outside'] }).then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toBe(false);

    await tx.rollback();
    await outside;
    expect((await b.execute('SELECT text FROM notes')).rows.map((r) => r.text)).toEqual(['outside']);

    const committed = await a.transaction('write');
    await committed.execute({ sql: 'INSERT INTO notes VALUES (?)', args: ['committed'] });
    await committed.commit();
    expect((await b.execute('SELECT text FROM notes ORDER BY text')).rows.map((r) => r.text)).toEqual(['committed', 'outside']);
    expect(db.server.openStreams()).toBe(0);
  });

  it('expires an idle stream, rolling its transaction back; its baton then answers STREAM_EXPIRED', async () => {
    const short = await sibling({ idleTimeoutMs: 100 });
    const c = client(short.origin);
    await c.execute('CREATE TABLE IF NOT EXISTS abandoned (x)');
    const tx = await c.transaction('write');
    await tx.execute('INSERT INTO abandoned VALUES (1)');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(short.server.openStreams()).toBe(0);
    // The lock went with it: another stream writes at once.
    await c.execute('INSERT INTO abandoned VALUES (2)');
    expect((await c.execute('SELECT x FROM abandoned')).rows.map((r) => r.x)).toEqual([2]);
    await expect(tx.execute('SELECT 1')).rejects.toMatchObject({ code: 'STREAM_EXPIRED' });
  });

  it('refuses an unknown baton, a used one and one of a closed stream, as sqld does', async () => {
    const unknown = await pipeline('no-such-baton', [{ type: 'execute', stmt: { sql: 'SELECT 1' } }]);
    expect([unknown.status, await unknown.text()]).toEqual([400, 'Received an invalid baton']);

    const first = await pipelineOk(null, [{ type: 'execute', stmt: { sql: 'SELECT 1' } }]);
    const second = await pipelineOk(first.baton, [{ type: 'execute', stmt: { sql: 'SELECT 2' } }]);
    expect(second.baton).not.toBe(first.baton);
    const reused = await pipeline(first.baton, [{ type: 'execute', stmt: { sql: 'SELECT 3' } }]);
    expect([reused.status, await reused.text()]).toEqual([400, 'Received a baton that has already been used']);

    const closed = await pipelineOk(second.baton, [{ type: 'close' }]);
    expect(closed.baton).toBeNull();
    expect((await pipeline(second.baton, [{ type: 'close' }])).status).toBe(400);

    // What the client makes of it: an error with the server's words, not a hang.
    const c = client();
    const tx = await c.transaction('read');
    await tx.execute('SELECT 1');
    db.server.close();
    await expect(tx.execute('SELECT 2')).rejects.toThrow(/invalid baton/);
  });

  it('runs sequences, stored SQL texts and describe', async () => {
    const c = client();
    await c.executeMultiple('CREATE TABLE seq (n INTEGER); INSERT INTO seq VALUES (1); INSERT INTO seq VALUES (2);');
    expect((await c.execute('SELECT sum(n) AS s FROM seq')).rows[0]!.s).toBe(3);
    await expect(c.executeMultiple('INSERT INTO seq VALUES (3); SELEC; INSERT INTO seq VALUES (4);')).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    expect((await c.execute('SELECT count(*) AS n FROM seq')).rows[0]!.n).toBe(3);

    const stored = await pipelineOk(null, [
      { type: 'store_sql', sql_id: 7, sql: 'SELECT n FROM seq WHERE n = ?' },
      { type: 'execute', stmt: { sql_id: 7, args: [{ type: 'integer', value: '2' }] } },
      { type: 'describe', sql: 'SELECT n AS number, :name, ?3 FROM seq' },
      { type: 'describe', sql: 'INSERT INTO seq VALUES (?)' },
      { type: 'close_sql', sql_id: 7 },
      { type: 'execute', stmt: { sql: 'SELEC' } },
    ]);
    expect(stored.results.map((r) => r.type)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'error']);
    expect(stored.results[1]).toMatchObject({ response: { result: { rows: [[{ type: 'integer', value: '2' }]] } } });
    expect(stored.results[2]).toMatchObject({
      response: { result: { params: [{ name: ':name' }, { name: null }, { name: '?3' }], cols: [{ name: 'number', decltype: 'INTEGER' }, { name: ':name' }, { name: '?3' }], is_readonly: true, is_explain: false } },
    });
    expect(stored.results[3]).toMatchObject({ response: { result: { is_readonly: false } } });
    expect(stored.results[5]).toMatchObject({ error: { code: 'SQLITE_ERROR', message: expect.stringMatching(/^SQLite error: near "SELEC"/) } });

    // A closed SQL text is gone: using it is a protocol error that ends the stream.
    const gone = await pipeline(stored.baton, [{ type: 'execute', stmt: { sql_id: 7 } }]);
    expect([gone.status, await gone.text()]).toEqual([400, 'SQL text 7 not found']);
  });

  it('asks for the auth token when it has one', async () => {
    const guarded = await sibling({ authToken: 'secret-token' });
    await expect(client(guarded.origin).execute('SELECT 1')).rejects.toMatchObject({ code: 'SERVER_ERROR' });
    const withToken = createClient({ url: guarded.origin, authToken: 'secret-token' });
    clients.push(withToken);
    expect((await withToken.execute('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });
});
