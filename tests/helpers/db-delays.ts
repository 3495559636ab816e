import type { Client, InArgs, InStatement, TransactionMode } from '@libsql/client';
import { createDb } from '../../worker/db';
import type { AppDeps } from '../../worker/deps';

/**
 * Puts `before` in front of every statement the app sends to its database (single statements and batches), by
 * swapping the drizzle handle the app reads from its deps on each request.
 */
function delayStatements(deps: AppDeps, before: (sql: string) => Promise<void>) {
  const inner = deps.sql;
  const sqlOf = (stmt: InStatement | [string, InArgs?] | string) => (typeof stmt === 'string' ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql);
  const client = new Proxy(inner, {
    get(target, property) {
      if (property === 'execute') {
        return async (stmt: InStatement | string, args?: InArgs) => {
          await before(sqlOf(stmt));
          return typeof stmt === 'string' ? target.execute(stmt, args) : target.execute(stmt);
        };
      }
      if (property === 'batch') {
        return async (stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode) => {
          for (const stmt of stmts) await before(sqlOf(stmt));
          return target.batch(stmts, mode);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Client;
  deps.db = createDb(client);
}

/** Holds every statement matching `pattern` until `release()`; `held` lists the ones that arrived. */
export function holdStatements(deps: AppDeps, pattern: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  delayStatements(deps, async (sql) => {
    if (!pattern.test(sql)) return;
    held.push(sql);
    await gate;
  });
  return { held, release };
}

/**
 * A database a network hop away, as Turso is from a worker: each statement waits `ms` first. Gaps between a check
 * and a write then last long enough for concurrent requests to fall into them, as they do in production.
 */
export function addLatency(deps: AppDeps, ms: number) {
  delayStatements(deps, () => new Promise((resolve) => setTimeout(resolve, ms)));
}
