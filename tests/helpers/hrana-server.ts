/**
 * A stand-in for Turso (sqld) in tests: Hrana over HTTP, version 2, JSON encoding (`GET /v2`, `POST /v2/pipeline`),
 * which is exactly what `@libsql/client/web` 0.18 speaks by default, served from a libSQL database FILE through the
 * `libsql` driver. The worker reaches it as it reaches Turso; only the address differs.
 *
 * What it covers, as sqld does it:
 * - streams and batons: a pipeline without a baton opens a stream with its OWN connection, so a transaction left
 *   open on one stream is invisible to (and, holding the write lock, blocks writes from) every other stream; each
 *   answer carries a new baton, `null` once the stream is closed; a stream idle for `idleTimeoutMs` (sqld: 10 s)
 *   expires, rolling back what it had open; an unknown or forged baton is refused with 400, a used one with 400,
 *   an expired one with 500 STREAM_EXPIRED;
 * - the requests: execute, batch, sequence, describe, store_sql / close_sql (sqld's per-stream limits of 50 texts of
 *   at most 5 kB), close; a failing request answers an `error` result and the pipeline carries on; a protocol
 *   error (bad step reference, unknown sql_id, a v3-only request) fails the whole HTTP request and drops the stream;
 * - batch step conditions ok / error / not / and / or, evaluated as sqld does: a skipped step is neither ok nor
 *   error and has `null` in both step_results and step_errors, which is what makes the client's COMMIT skip and its
 *   ROLLBACK run when a statement fails. `is_autocommit` and `get_autocommit` are refused as on sqld's v2 endpoint;
 * - values null / integer (decimal string, full 64 bits) / float / text / blob (base64), rows, column decltypes,
 *   affected_row_count (0 for statements that change nothing), last_insert_rowid; SQLite errors as
 *   `{ message: "SQLite error: …", code: "SQLITE_<PRIMARY>" }`;
 * - a batch runs as one program, its steps back to back as sqld runs them; a statement that finds the write lock
 *   taken (an interactive transaction on another stream) waits for it (up to `lockWaitMs`) without blocking this
 *   process, as sqld's connections do, then fails with SQLITE_BUSY (a `sequence` does not wait);
 * - with `authToken`, a request without `Authorization: Bearer <authToken>` gets 401.
 *
 * What only real Turso can prove: network latency, timeouts and dropped connections; real auth tokens (JWTs, their
 * expiry and permissions); protocol v3 / protobuf and cursors (the client only uses them when asked); replication,
 * read-your-writes across replicas and `base_url` stickiness; Turso's limits (row and response sizes, request rate,
 * transaction timeouts, storage quotas); how often concurrent batches collide (sqld runs connections in parallel
 * threads, where a deferred batch that reads, then writes, fails with SQLITE_BUSY if another commits in between;
 * here a batch's steps run back to back unless it waits for the lock); sqld's exact error codes and messages beyond the SQLite ones above (e.g.
 * SQL_PARSE_ERROR, ARGS_INVALID for a wrong argument count, SQL_MANY_STATEMENTS); and `describe`, whose parameter
 * list and read-only flag are read from SQLite's EXPLAIN here rather than from sqld's own analysis.
 */
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'libsql';
import { createTestDb } from './test-db';

// The JSON shapes of Hrana over HTTP v2 (libsql-server docs/HTTP_V2_SPEC.md, HRANA_2_SPEC.md).
export type HranaValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };
export interface HranaStmt {
  sql?: string | null;
  sql_id?: number | null;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}
export type HranaCond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: HranaCond }
  | { type: 'and' | 'or'; conds: HranaCond[] }
  | { type: 'is_autocommit' };
export type HranaRequest =
  | { type: 'close' | 'get_autocommit' }
  | { type: 'execute'; stmt: HranaStmt }
  | { type: 'batch'; batch: { steps: { condition?: HranaCond | null; stmt: HranaStmt }[] } }
  | { type: 'sequence' | 'describe'; sql?: string | null; sql_id?: number | null }
  | { type: 'store_sql'; sql_id: number; sql: string }
  | { type: 'close_sql'; sql_id: number };
export interface HranaError {
  message: string;
  code: string;
}
export interface HranaStmtResult {
  cols: { name: string | null; decltype: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}
export type HranaResult = { type: 'ok'; response: { type: string; [field: string]: unknown } } | { type: 'error'; error: HranaError };
export interface HranaPipelineResponse {
  baton: string | null;
  base_url: string | null;
  results: HranaResult[];
}

/** Breaks the whole HTTP request (400, text/plain) and drops the stream, as sqld's ProtocolError does. */
class ProtocolError extends Error {}
/** A baton of a stream that expired: 500 STREAM_EXPIRED, as sqld answers. */
class StreamExpired extends Error {}
/** Fails one request or one batch step with an `error` result; the stream lives on. */
class StmtError extends Error {
  constructor(
    message: string,
    readonly code: string,
    /** SQLite's extended result code, when the error came from SQLite. */
    readonly extended?: number,
  ) {
    super(message);
  }
}

const SQLITE_PRIMARY = [
  'OK', 'ERROR', 'INTERNAL', 'PERM', 'ABORT', 'BUSY', 'LOCKED', 'NOMEM', 'READONLY', 'INTERRUPT', 'IOERR', 'CORRUPT',
  'NOTFOUND', 'FULL', 'CANTOPEN', 'PROTOCOL', 'EMPTY', 'SCHEMA', 'TOOBIG', 'CONSTRAINT', 'MISMATCH', 'MISUSE', 'NOLFS',
  'AUTH', 'FORMAT', 'RANGE', 'NOTADB', 'NOTICE', 'WARNING',
];
const SQLITE_BUSY = 5;

/** A libsql driver error as sqld reports it: the primary code (sqld does not send extended ones over Hrana). */
function fromSqlite(error: unknown): StmtError {
  const raw = (error as { rawCode?: unknown } | null)?.rawCode;
  if (!(error instanceof Error) || typeof raw !== 'number') throw error;
  if (raw === 0) return new StmtError('SQL string does not contain any statement', 'SQL_NO_STATEMENT');
  return new StmtError(`SQLite error: ${error.message}`, `SQLITE_${SQLITE_PRIMARY[raw & 0xff] ?? 'UNKNOWN'}`, raw);
}

/** Runs driver calls, turning the errors SQLite reports into StmtErrors. */
function sqlite<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw fromSqlite(error);
  }
}

function decodeValue(value: HranaValue): unknown {
  switch (value?.type) {
    case 'null':
      return null;
    case 'integer':
      if (!/^-?\d+$/.test(value.value)) throw new ProtocolError('Cannot deserialize client message from JSON: integer value is not a decimal string');
      return BigInt(value.value);
    case 'float':
      return Number(value.value);
    case 'text':
      return String(value.value);
    case 'blob':
      return Buffer.from(value.base64, 'base64');
    default:
      throw new ProtocolError('Value type not recognized');
  }
}

function encodeValue(value: unknown): HranaValue {
  if (value === null) return { type: 'null' };
  // Statements run with safeIntegers: every INTEGER comes as a bigint, so a number is always a REAL.
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() };
  if (typeof value === 'number') return { type: 'float', value };
  if (typeof value === 'string') return { type: 'text', value };
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value).toString('base64') };
  throw new Error(`libsql returned a value of unexpected type ${typeof value}`);
}

interface Query {
  sql: string;
  args: unknown[] | Record<string, unknown>;
  wantRows: boolean;
}

interface Stream {
  id: string;
  /** The sequence number the next baton must show (sqld: a used baton is refused). */
  seq: number;
  /** null once the stream was closed by a `close` request. */
  conn: Database.Database | null;
  sqls: Map<number, string>;
  /** A request on this stream is being handled. */
  acquired: boolean;
  expiry?: ReturnType<typeof setTimeout>;
}

export interface HranaServerOptions {
  /** The database file (WAL mode is the file's own setting: migrate it first). */
  path: string;
  /** How long an unused stream lives (sqld: 10 s). */
  idleTimeoutMs?: number;
  /** How long a statement waits for another stream's write lock before failing with SQLITE_BUSY. */
  lockWaitMs?: number;
  /** When set, requests must carry `Authorization: Bearer <authToken>`. */
  authToken?: string;
}

export interface HranaServer {
  /** Answers one HTTP request (a fetch handler: serve it, or call it from miniflare's outboundService). */
  fetch(request: Request): Promise<Response>;
  /** Streams currently open (each holds a connection). */
  openStreams(): number;
  /** Closes every stream's connection; open transactions are rolled back. */
  close(): void;
}

const text = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createHranaServer({ path, idleTimeoutMs = 10_000, lockWaitMs = 5_000, authToken }: HranaServerOptions): HranaServer {
  const streams = new Map<string, Stream>();
  /** Ids of streams that expired, so a late request hears "expired" rather than "invalid baton" (as sqld). */
  const expired = new Set<string>();

  function acquire(baton: string | null): Stream {
    if (baton === null) {
      // busy_timeout 0: a locked database fails at once and `execute` retries without blocking the event loop.
      const stream: Stream = { id: randomUUID(), seq: 0, conn: new Database(path, { timeout: 0 }), sqls: new Map(), acquired: true };
      streams.set(stream.id, stream);
      return stream;
    }
    const [id = '', seq] = baton.split('.');
    const stream = streams.get(id);
    if (!stream) {
      if (expired.has(id)) throw new StreamExpired();
      throw new ProtocolError('Received an invalid baton');
    }
    if (stream.acquired || String(stream.seq) !== seq) throw new ProtocolError('Received a baton that has already been used');
    clearTimeout(stream.expiry);
    stream.acquired = true;
    return stream;
  }

  /** The baton for the stream's next request, or null when it was closed. */
  function release(stream: Stream): string | null {
    stream.acquired = false;
    if (!stream.conn) {
      streams.delete(stream.id);
      return null;
    }
    stream.seq += 1;
    stream.expiry = setTimeout(() => {
      drop(stream);
      expired.add(stream.id);
    }, idleTimeoutMs);
    stream.expiry.unref?.();
    return `${stream.id}.${stream.seq}`;
  }

  function drop(stream: Stream) {
    clearTimeout(stream.expiry);
    streams.delete(stream.id);
    const conn = stream.conn;
    stream.conn = null;
    // Rolled back explicitly: the driver really closes a connection only once its statements are garbage collected,
    // and until then an open transaction would keep its locks.
    try {
      if (conn?.inTransaction) conn.exec('ROLLBACK');
    } catch {
      // Closing ends the transaction too, if later.
    }
    conn?.close();
  }

  function connection(stream: Stream): Database.Database {
    if (!stream.conn) throw new ProtocolError('Stream for this baton was closed');
    return stream.conn;
  }

  function sqlText(stream: Stream, sql: string | null | undefined, sqlId: number | null | undefined): string {
    if (sql != null && sqlId != null) throw new ProtocolError('Either `sql` or `sql_id` are required, but not both');
    if (sql != null) return sql;
    if (sqlId == null) throw new ProtocolError('Either `sql` or `sql_id` are required');
    const stored = stream.sqls.get(sqlId);
    if (stored === undefined) throw new ProtocolError(`SQL text ${sqlId} not found`);
    return stored;
  }

  function query(stream: Stream, stmt: HranaStmt): Query {
    const positional = stmt.args ?? [];
    const named = stmt.named_args ?? [];
    if (positional.length > 0 && named.length > 0) {
      throw new StmtError('Specifying both positional and named arguments is not supported', 'ARGS_BOTH_POSITIONAL_AND_NAMED');
    }
    // The driver takes names without their prefix (`:a`, `@a`, `$a` all bind `a`).
    const args =
      named.length > 0
        ? Object.fromEntries(named.map(({ name, value }) => [name.replace(/^[:@$]/, ''), decodeValue(value)]))
        : positional.map(decodeValue);
    return { sql: sqlText(stream, stmt.sql, stmt.sql_id), args, wantRows: stmt.want_rows ?? true };
  }

  /**
   * Runs one statement on the stream's connection, synchronously: sqld runs a batch as one program on its connection,
   * so the steps of two batches never interleave here either. Only when another stream holds the write lock does it
   * wait (returning a promise), as sqld's connections do, without blocking this process: SQLite leaves a statement
   * that got SQLITE_BUSY where it was, so the same prepared statement is stepped again a moment later.
   */
  function execute(stream: Stream, { sql, args, wantRows }: Query): HranaStmtResult | Promise<HranaStmtResult> {
    const conn = connection(stream);
    const statement = sqlite(() => conn.prepare(sql).safeIntegers(true));
    const reader = statement.reader;
    if (reader) statement.raw(true);
    const attempt = () =>
      sqlite((): HranaStmtResult => {
        const before = counters(conn).total;
        const rows = reader ? (statement.all(args) as unknown[][]) : (statement.run(args), []);
        const after = counters(conn);
        return {
          cols: reader ? statement.columns().map((c) => ({ name: c.name, decltype: c.type })) : [],
          rows: wantRows ? rows.map((row) => row.map(encodeValue)) : [],
          // changes() keeps the count of the last statement that changed rows: report it only if this one did.
          affected_row_count: after.total !== before ? Number(after.changes) : 0,
          last_insert_rowid: String(after.rowid),
        };
      });
    const locked = (error: unknown) => error instanceof StmtError && error.extended === SQLITE_BUSY;
    try {
      return attempt();
    } catch (error) {
      if (!locked(error)) throw error;
    }
    return (async () => {
      const deadline = Date.now() + lockWaitMs;
      for (;;) {
        await sleep(5);
        try {
          return attempt();
        } catch (error) {
          if (!locked(error)) throw error;
          if (Date.now() < deadline) continue;
          // Given up, the statement stays mid-way and keeps a read transaction open on its connection (an
          // autocommit write after it would never commit): outside a transaction the stream gets a fresh one.
          if (!conn.inTransaction) {
            conn.close();
            stream.conn = new Database(path, { timeout: 0 });
          }
          throw error;
        }
      }
    })();
  }

  function counters(conn: Database.Database) {
    // all(), not get(): a statement left mid-way would keep its read transaction open, as above.
    const [[total, changes, rowid]] = conn.prepare('SELECT total_changes(), changes(), last_insert_rowid()').safeIntegers(true).raw(true).all([]) as [bigint[]];
    return { total, changes, rowid };
  }

  function checkCond(cond: HranaCond, stepIndex: number): void {
    switch (cond?.type) {
      case 'ok':
      case 'error':
        // sqld: a condition may only look back at earlier steps.
        if (!Number.isInteger(cond.step) || cond.step < 0 || cond.step >= stepIndex) throw new ProtocolError('Invalid reference to step in a batch condition');
        return;
      case 'not':
        return checkCond(cond.cond, stepIndex);
      case 'and':
      case 'or':
        return cond.conds.forEach((c) => checkCond(c, stepIndex));
      case 'is_autocommit':
        throw new ProtocolError('BatchCond of type `is_autocommit` is only supported in protocol version hrana3 and higher');
      default:
        throw new ProtocolError('BatchCond type not recognized');
    }
  }

  type Outcome = 'ok' | 'error' | 'skipped';
  function holds(cond: HranaCond, outcomes: Outcome[]): boolean {
    switch (cond.type) {
      case 'ok':
        return outcomes[cond.step] === 'ok';
      case 'error':
        return outcomes[cond.step] === 'error';
      case 'not':
        return !holds(cond.cond, outcomes);
      case 'and':
        return cond.conds.every((c) => holds(c, outcomes));
      case 'or':
        return cond.conds.some((c) => holds(c, outcomes));
      default:
        throw new ProtocolError('BatchCond type not recognized');
    }
  }

  async function batch(stream: Stream, steps: { condition?: HranaCond | null; stmt: HranaStmt }[]) {
    connection(stream); // a closed stream is refused before anything is checked
    // Like sqld, the whole program is checked before its first step runs.
    const program = steps.map((step, i) => {
      if (step.condition) checkCond(step.condition, i);
      return { condition: step.condition ?? undefined, query: query(stream, step.stmt) };
    });
    const outcomes: Outcome[] = [];
    const result = { step_results: [] as (HranaStmtResult | null)[], step_errors: [] as (HranaError | null)[] };
    for (const { condition, query: q } of program) {
      if (condition && !holds(condition, outcomes)) {
        outcomes.push('skipped');
        result.step_results.push(null);
        result.step_errors.push(null);
        continue;
      }
      try {
        const done = execute(stream, q);
        result.step_results.push(done instanceof Promise ? await done : done);
        result.step_errors.push(null);
        outcomes.push('ok');
      } catch (error) {
        if (!(error instanceof StmtError)) throw error;
        result.step_results.push(null);
        result.step_errors.push({ message: error.message, code: error.code });
        outcomes.push('error');
      }
    }
    return result;
  }

  function describe(conn: Database.Database, sql: string) {
    return sqlite(() => {
      const statement = conn.prepare(sql);
      const isExplain = /^\s*EXPLAIN\b/i.test(sql);
      const program = isExplain ? [] : (conn.prepare(`EXPLAIN ${sql}`).raw(true).all([]) as unknown[][]);
      const params: { name: string | null }[] = [];
      for (const [, opcode, p1, , , p4] of program) {
        if (opcode === 'Variable') params[Number(p1) - 1] = { name: typeof p4 === 'string' ? p4 : null };
      }
      return {
        params: Array.from(params, (p) => p ?? { name: null }),
        cols: statement.reader ? statement.columns().map((c) => ({ name: c.name, decltype: c.type })) : [],
        is_explain: isExplain,
        // SQLite's own test (sqlite3_stmt_readonly) is whether the program opens a write transaction.
        is_readonly: !program.some(([, opcode, , p2]) => opcode === 'Transaction' && Number(p2) !== 0),
      };
    });
  }


  async function handle(stream: Stream, request: HranaRequest): Promise<HranaResult> {
    try {
      switch (request?.type) {
        case 'close':
          drop(stream);
          return { type: 'ok', response: { type: 'close' } };
        case 'execute':
          return { type: 'ok', response: { type: 'execute', result: await execute(stream, query(stream, request.stmt)) } };
        case 'batch':
          return { type: 'ok', response: { type: 'batch', result: await batch(stream, request.batch.steps) } };
        case 'sequence': {
          const conn = connection(stream);
          const sql = sqlText(stream, request.sql, request.sql_id);
          sqlite(() => conn.exec(sql));
          return { type: 'ok', response: { type: 'sequence' } };
        }
        case 'describe':
          return { type: 'ok', response: { type: 'describe', result: describe(connection(stream), sqlText(stream, request.sql, request.sql_id)) } };
        case 'store_sql':
          if (stream.sqls.has(request.sql_id)) throw new ProtocolError(`SQL text ${request.sql_id} already exists`);
          if (stream.sqls.size >= 50) throw new StmtError(`The server already stores ${stream.sqls.size} SQL texts, it cannot store more`, 'SQL_STORE_TOO_MANY');
          if (Buffer.byteLength(request.sql) > 5000) throw new StmtError('The statement is too large to be stored', 'SQL_STORE_TOO_LARGE');
          stream.sqls.set(request.sql_id, request.sql);
          return { type: 'ok', response: { type: 'store_sql' } };
        case 'close_sql':
          stream.sqls.delete(request.sql_id);
          return { type: 'ok', response: { type: 'close_sql' } };
        case 'get_autocommit':
          throw new ProtocolError('The `get_autocommit` request is only supported in protocol version hrana3 and higher');
        default:
          throw new ProtocolError('StreamRequest type not recognized');
      }
    } catch (error) {
      if (error instanceof StmtError) return { type: 'error', error: { message: error.message, code: error.code } };
      throw error;
    }
  }

  return {
    async fetch(request) {
      const { pathname } = new URL(request.url);
      if (authToken !== undefined && request.headers.get('Authorization') !== `Bearer ${authToken}`) return text(401, 'Unauthorized');
      if (request.method === 'GET' && (pathname === '/v2' || pathname === '/v2/')) return text(200, 'Hello, this is HTTP API v2 (Hrana over HTTP)');
      if (request.method !== 'POST' || pathname !== '/v2/pipeline') return text(404, `${request.method} ${pathname} is not served here`);

      let body: { baton?: unknown; requests?: unknown };
      try {
        body = JSON.parse(await request.text()) as typeof body;
        if (!Array.isArray(body.requests) || (body.baton != null && typeof body.baton !== 'string')) throw new Error('expected { baton, requests: [...] }');
      } catch (error) {
        return text(400, `Cannot deserialize client message from JSON: ${(error as Error).message}`);
      }
      let stream: Stream;
      try {
        stream = acquire((body.baton as string | null | undefined) ?? null);
      } catch (error) {
        return failure(error);
      }
      try {
        const results: HranaResult[] = [];
        for (const request of body.requests as HranaRequest[]) results.push(await handle(stream, request));
        const response: HranaPipelineResponse = { baton: release(stream), base_url: null, results };
        return Response.json(response);
      } catch (error) {
        drop(stream);
        return failure(error);
      }
    },
    openStreams: () => streams.size,
    close() {
      for (const stream of [...streams.values()]) drop(stream);
    },
  };
}

function failure(error: unknown): Response {
  if (error instanceof ProtocolError) return text(400, error.message);
  if (error instanceof StreamExpired) {
    return Response.json({ message: 'The stream has expired due to inactivity', code: 'STREAM_EXPIRED' } satisfies HranaError, { status: 500 });
  }
  return text(500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * A Hrana server on a fresh temporary database file migrated by the project's own migrations (tests/helpers/test-db,
 * i.e. worker/db/migrate's `migrateDatabase`, which also switches the file to WAL).
 */
export async function createMigratedHranaServer(options: Omit<HranaServerOptions, 'path'> = {}) {
  const testDb = await createTestDb();
  const path = fileURLToPath(testDb.url);
  const server = createHranaServer({ ...options, path });
  return {
    server,
    path,
    /** The folder holding the database, its -wal and -shm files. */
    dir: dirname(path),
    async close() {
      server.close();
      await testDb.cleanup();
    },
  };
}
