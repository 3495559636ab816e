/**
 * Telling "the database cannot be reached" apart from a bug. A request that fails because Turso is down, the
 * network to it is cut, or a local file cannot be opened gets 503 `db_unavailable` (try again later), not the 500
 * that says something is wrong with the code. The client is wrapped where the hosts open it, so only errors that
 * came out of the database client are classified, whatever wraps them on the way up (drizzle's query error).
 */
import type { Client, Transaction } from '@libsql/client';

export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLite's own answers are about the statement (a constraint, a syntax error: a bug or bad data) except these, which
 * mean the database cannot serve now. Anything without an SQLite code (fetch failed, HTTP 5xx or 401 from the
 * server, a closed client) is the connection's trouble.
 */
const UNAVAILABLE_SQLITE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|PROTOCOL|NOTADB|FULL|READONLY)/;

export function meansUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return UNAVAILABLE_SQLITE.test(code);
  return true;
}

/** True when `error` or anything in its cause chain is a DatabaseUnavailableError. */
export function causedByUnavailableDatabase(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
  }
  return false;
}

function classify(error: unknown): unknown {
  return error instanceof DatabaseUnavailableError || !meansUnavailable(error) ? error : new DatabaseUnavailableError(error);
}

/** Wraps every call that can reach the database so that connection failures reject as DatabaseUnavailableError. */
function guard<T extends object>(target: T, wrapResult?: (value: unknown) => unknown): T {
  return new Proxy(target, {
    get(object, property) {
      // The target as `this` (not the proxy): the client keeps state in private fields.
      const value = Reflect.get(object, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = value.apply(object, args);
        } catch (error) {
          throw classify(error);
        }
        if (!(result instanceof Promise)) return result;
        return result.then(wrapResult ?? ((v) => v), (error: unknown) => Promise.reject(classify(error)));
      };
    },
  });
}

export function reportingUnavailability(client: Client): Client {
  return guard(client, (value) =>
    // client.transaction() resolves to a Transaction whose calls reach the database too.
    value !== null && typeof value === 'object' && 'commit' in value && 'rollback' in value ? guard(value as Transaction) : value,
  );
}
