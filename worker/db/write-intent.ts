/**
 * Batches on a remote (Turso) client begin as what they are: `read` when every statement only reads, else `write`
 * (BEGIN IMMEDIATE). drizzle's `db.batch` asks for no mode, and libSQL's default, DEFERRED, lets a batch that reads
 * and then writes (the rate limiter's count and record, a compare-and-set) lose its snapshot to another commit in
 * between and fail with SQLITE_BUSY on sqld, whose connections run in parallel. IMMEDIATE takes the write lock first,
 * so sqld queues the batch instead. The local client gets the same rule from `serializeWrites`.
 */
import type { Client, InArgs, InStatement } from '@libsql/client';
import { isReadOnlySql } from './serialized-client';

const sqlOf = (stmt: InStatement | [string, InArgs?]) => (typeof stmt === 'string' ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql);

export function withWriteIntent(inner: Client): Client {
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'batch') {
        return (stmts: Array<InStatement | [string, InArgs?]>, mode?: Parameters<Client['batch']>[1]) =>
          target.batch(stmts, mode ?? (stmts.every((s) => isReadOnlySql(sqlOf(s))) ? 'read' : 'write'));
      }
      // The client's getters read private fields: they must run on the client itself, not on the proxy.
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
