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
 */
import type {
  Client,
  InArgs,
  InStatement,
  Replicated,
  ResultSet,
  Transaction,
  TransactionMode,
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
}

const READ_ONLY = /^\s*(select|explain)\b|^\s*pragma\s+[\w.]+\s*(\(\s*[\w'"]*\s*\))?\s*;?\s*$/i;

/** True for statements that cannot write. WITH … is treated as a write (it may end in INSERT/UPDATE). */
export function isReadOnlySql(sql: string): boolean {
  return READ_ONLY.test(sql);
}

export function serializeWrites(inner: Client, options: SerializeOptions): Client {
  const { queue, serializeReads = false, lockTimeoutMs = 10_000 } = options;

  async function locked<T>(work: () => Promise<T>): Promise<T> {
    const release = await queue.acquire(lockTimeoutMs);
    try {
      return await work();
    } finally {
      release();
    }
  }

  const client: Client = {
    execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
      const text = typeof stmtOrSql === 'string' ? stmtOrSql : stmtOrSql.sql;
      const run = () =>
        typeof stmtOrSql === 'string' ? inner.execute(stmtOrSql, args) : inner.execute(stmtOrSql);
      return !serializeReads && isReadOnlySql(text) ? run() : locked(run);
    },
    batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
      if (!serializeReads && mode === 'read') return inner.batch(stmts, mode);
      return locked(() => inner.batch(stmts, writingMode(mode)));
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
        return releasingOnEnd(await inner.transaction(writingMode(mode)), release);
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
