/**
 * Queues writes to a LOCAL libSQL file inside one process. Used by `openLocalClient` (./migrate); remote
 * (Turso) clients do not need it.
 *
 * Why: the local @libsql/client (0.18) runs SQLite synchronously on a pool of connections. When one request holds
 * a write transaction across real async work (crypto.subtle, a timer, fetch) and another request writes meanwhile,
 * the second connection hits SQLite's write lock. With a busy timeout it then waits *synchronously*, freezing the
 * event loop, so the first transaction can never finish: it fails with SQLITE_BUSY after the timeout (without a
 * timeout, at once). An in-process queue in front of every write avoids that: writers wait asynchronously for
 * their turn; reads (SELECT / EXPLAIN / PRAGMA queries) skip the queue, since in WAL mode they never block.
 *
 * Writing transactions begin IMMEDIATE, whatever mode the caller asked for. Another process on the same file
 * (`npm run db:seed` beside a running server, a browser test writing fixtures) is not in the queue: a DEFERRED
 * transaction that read before that process committed fails with SQLITE_BUSY_SNAPSHOT the moment it writes, with
 * no wait and no retry that helps (the failed statement keeps the old snapshot on that pooled connection until it
 * is garbage-collected). IMMEDIATE takes the write lock first, so the busy timeout waits for the other process
 * and the snapshot is current. Inside this process writers are queued anyway, so nothing is lost.
 *
 * Rule that follows: inside `db.transaction(async (tx) => …)` write through `tx`, never through the outer `db`;
 * an outer write would wait for the very transaction it sits in and fails after `lockTimeoutMs` with a clear error.
 *
 * Group commit. A commit on a local file waits for the disk (an fsync of the WAL), and that wait, not SQL, is what
 * a write costs (bench:api: ~5 ms a commit on these machines' disks, against well under 1 ms for a booking's
 * statements). So the write batches and single write statements that queue up while the lock is taken are committed
 * together when their turn comes: one transaction, each caller's statements inside a SAVEPOINT of their own. A
 * caller whose statement fails is rolled back to its savepoint and gets the error exactly as `batch` would give it
 * (the same LibsqlBatchError with the statement's index); the others commit. Every caller is answered only after the
 * COMMIT, so nothing is reported stored before it is durable. Should the transaction itself fail (a failed COMMIT,
 * an I/O error that ends the transaction), nothing of the group is stored and each caller's work is run again on
 * its own. Statements that cannot share a transaction (PRAGMA, DDL, VACUUM) and interactive transactions run alone.
 *
 * Erasure. Every writing transaction here turns on SQLite's `secure_delete` (a per-connection setting, and the pool
 * opens connections we never see): deleted rows' bytes are overwritten in the freed pages instead of lingering in the
 * file, where anyone holding a copy of it could read them (issue 20, T7; docs/decisions/018-erasure.md).
 */
import {
  LibsqlBatchError,
  LibsqlError,
  type Client,
  type InArgs,
  type InStatement,
  type Replicated,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from '@libsql/client';

/** First-come, first-served async lock with a wait limit. */
export class WriteQueue {
  #locked = false;
  #waiters: Array<() => void> = [];

  acquire(timeoutMs: number): Promise<() => void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(this.#releaser());
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== grant);
        reject(
          new Error(
            `Waited ${timeoutMs} ms for the database write lock. Is a transaction left open, or does code inside ` +
              'db.transaction() write through the outer db instead of tx?',
          ),
        );
      }, timeoutMs);
      this.#waiters.push(grant);
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      if (next) next();
      else this.#locked = false;
    };
  }
}

export interface SerializeOptions {
  /** Shared by every client of the same database file in this process. */
  queue: WriteQueue;
  /** Also queue reads. Needed for ':memory:', whose single connection is unusable while a transaction holds it. */
  serializeReads?: boolean;
  lockTimeoutMs?: number;
  /** Commit writes that queue up together (default). Off: one transaction per caller, as libSQL alone does it. */
  groupCommit?: boolean;
}

/** Deleted content is overwritten in the file (see the header); set in every writing transaction. */
export const SECURE_DELETE = 'PRAGMA secure_delete = ON';

const READ_ONLY = /^\s*(select|explain)\b|^\s*pragma\s+[\w.]+\s*(\(\s*[\w'"]*\s*\))?\s*;?\s*$/i;

/**
 * True for statements that cannot write. WITH … is treated as a write (it may end in INSERT/UPDATE), and so is a
 * WAL checkpoint: it must not wait (synchronously, in the busy handler) for a writer of this very process.
 */
export function isReadOnlySql(sql: string): boolean {
  return READ_ONLY.test(sql) && !/wal_checkpoint/i.test(sql);
}

/** Row statements, which may share a transaction with others; PRAGMA, DDL, VACUUM and transaction control may not. */
const GROUPABLE = /^\s*(insert|update|delete|replace|select|with|values)\b/i;

function statementOf(stmt: InStatement | [string, InArgs?]): InStatement {
  return Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] ?? [] } : stmt;
}

const sqlOf = (stmt: InStatement) => (typeof stmt === 'string' ? stmt : stmt.sql);

interface PendingWrite {
  stmts: InStatement[];
  /** A single `execute`: its error is passed on as it is, not as a batch error. */
  single: boolean;
  resolve(results: ResultSet[]): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; results: ResultSet[] } | { ok: false; error: unknown };

/** Most callers committed in one transaction; the rest wait for the next one. */
const MAX_GROUP = 200;

/** The error `batch` gives for its statement `index` (as @libsql/client's own batch makes it). */
function batchError(error: unknown, index: number): unknown {
  if (error instanceof LibsqlBatchError || !(error instanceof LibsqlError)) return error;
  return new LibsqlBatchError(error.message, index, error.code, error.extendedCode, error.rawCode, error.cause instanceof Error ? error.cause : undefined);
}

/** Runs one caller's statements in the open transaction; a failure leaves the transaction as it was before them. */
async function runIn(tx: Transaction, write: PendingWrite, savepoint: boolean): Promise<Outcome> {
  if (savepoint) await tx.execute('SAVEPOINT grouped_write');
  const results: ResultSet[] = [];
  for (const [index, stmt] of write.stmts.entries()) {
    try {
      results.push(await tx.execute(stmt));
    } catch (error) {
      // A statement error that ends the whole transaction makes this ROLLBACK TO throw: the group is run again.
      if (savepoint) await tx.execute('ROLLBACK TO grouped_write');
      return { ok: false, error: write.single ? error : batchError(error, index) };
    }
  }
  if (savepoint) await tx.execute('RELEASE grouped_write');
  return { ok: true, results };
}

/** One transaction, one COMMIT, for every write in `group` (see "Group commit" above). */
async function commitGroup(inner: Client, group: PendingWrite[]): Promise<void> {
  let tx: Transaction;
  try {
    tx = await inner.transaction('write');
  } catch (error) {
    for (const write of group) write.reject(error);
    return;
  }
  const alone = group.length === 1;
  const outcomes: Outcome[] = [];
  try {
    await tx.execute(SECURE_DELETE);
    for (const write of group) {
      const outcome = await runIn(tx, write, !alone);
      if (alone && !outcome.ok) {
        await tx.rollback();
        write.reject(outcome.error);
        return;
      }
      outcomes.push(outcome);
    }
    await tx.commit();
  } catch (error) {
    tx.close();
    if (alone) group[0]!.reject(error);
    else for (const write of group) await commitGroup(inner, [write]);
    return;
  }
  group.forEach((write, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) write.resolve(outcome.results);
    else write.reject(outcome.error);
  });
}

/** One caller's batch in a transaction of its own, by the same path as a group (so it too deletes securely). */
function commitAlone(inner: Client, stmts: InStatement[]): Promise<ResultSet[]> {
  return new Promise((resolve, reject) => void commitGroup(inner, [{ stmts, single: false, resolve, reject }]));
}

export function serializeWrites(inner: Client, options: SerializeOptions): Client {
  const { queue, serializeReads = false, lockTimeoutMs = 10_000, groupCommit = true } = options;

  async function locked<T>(work: () => Promise<T>): Promise<T> {
    const release = await queue.acquire(lockTimeoutMs);
    try {
      return await work();
    } finally {
      release();
    }
  }

  // Writes waiting for the lock. `waiting`: a group has asked for the lock, and whoever comes meanwhile joins it.
  const pending: PendingWrite[] = [];
  let waiting = false;
  // The lock is usually free: a local write runs synchronously, so without a pause every write would commit alone.
  // setImmediate waits until the requests whose data has arrived have run up to their own writes (Node's check
  // phase comes after its I/O callbacks), and those writes then share the commit. A lone write waits microseconds.
  function flush() {
    waiting = true;
    setImmediate(acquireAndCommit);
  }
  function acquireAndCommit() {
    queue.acquire(lockTimeoutMs).then(
      async (release) => {
        waiting = false;
        try {
          await commitGroup(inner, pending.splice(0, MAX_GROUP));
        } finally {
          release();
        }
        if (pending.length > 0 && !waiting) flush();
      },
      (error: unknown) => {
        waiting = false;
        for (const write of pending.splice(0)) write.reject(error);
      },
    );
  }
  function grouped(stmts: InStatement[], single: boolean): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => {
      pending.push({ stmts, single, resolve, reject });
      if (!waiting) flush();
    });
  }

  const client: Client = {
    execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
      const text = typeof stmtOrSql === 'string' ? stmtOrSql : stmtOrSql.sql;
      const run = () =>
        typeof stmtOrSql === 'string' ? inner.execute(stmtOrSql, args) : inner.execute(stmtOrSql);
      if (isReadOnlySql(text)) return serializeReads ? locked(run) : run();
      if (!groupCommit || !GROUPABLE.test(text)) return locked(run);
      const stmt = typeof stmtOrSql === 'string' ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
      return grouped([stmt], true).then((results) => results[0]!);
    },
    batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
      if (mode === 'read') return serializeReads ? locked(() => inner.batch(stmts, mode)) : inner.batch(stmts, mode);
      if (!groupCommit) return locked(() => inner.batch(stmts, writingMode(mode)));
      const statements = stmts.map(statementOf);
      // A batch with a statement that may not share a transaction (DDL, a PRAGMA) has one of its own.
      return statements.every((stmt) => GROUPABLE.test(sqlOf(stmt))) ? grouped(statements, false) : locked(() => commitAlone(inner, statements));
    },
    migrate(stmts: InStatement[]): Promise<ResultSet[]> {
      return locked(() => inner.migrate(stmts));
    },
    executeMultiple(sql: string): Promise<void> {
      return locked(() => inner.executeMultiple(sql));
    },
    async transaction(mode?: TransactionMode): Promise<Transaction> {
      if (!serializeReads && mode === 'read') return inner.transaction(mode);
      const release = await queue.acquire(lockTimeoutMs);
      try {
        const tx = releasingOnEnd(await inner.transaction(writingMode(mode)), release);
        if (mode !== 'read') await tx.execute(SECURE_DELETE).catch((error: unknown) => {
          tx.close();
          throw error;
        });
        return tx;
      } catch (error) {
        release();
        throw error;
      }
    },
    sync(): Promise<Replicated> {
      return inner.sync();
    },
    close(): void {
      inner.close();
    },
    reconnect(): void {
      inner.reconnect();
    },
    get closed() {
      return inner.closed;
    },
    get protocol() {
      return inner.protocol;
    },
  };
  return client;
}

/** 'read' stays 'read' (a :memory: client queues reads too); anything that may write begins IMMEDIATE. */
function writingMode(mode: TransactionMode | undefined): TransactionMode {
  return mode === 'read' ? 'read' : 'write';
}

/** The transaction gives the write lock back however it ends: commit, rollback or close. */
function releasingOnEnd(tx: Transaction, release: () => void): Transaction {
  return {
    execute: (stmt: InStatement) => tx.execute(stmt),
    batch: (stmts: InStatement[]) => tx.batch(stmts),
    executeMultiple: (sql: string) => tx.executeMultiple(sql),
    async commit() {
      try {
        await tx.commit();
      } finally {
        release();
      }
    },
    async rollback() {
      try {
        await tx.rollback();
      } finally {
        release();
      }
    },
    close() {
      try {
        tx.close();
      } finally {
        release();
      }
    },
    get closed() {
      return tx.closed;
    },
  };
}
