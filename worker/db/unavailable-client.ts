import type { Client } from '@libsql/client';

/**
 * Stands in for a libSQL client that could not be created (no DATABASE_URL, or an unusable one), so the worker
 * still boots: every query rejects with the original reason, the health check reports the database as down, and
 * routes answer with errors instead of the isolate crashing at start.
 */
export function unavailableClient(reason: unknown): Client {
  const fail = () => Promise.reject(reason instanceof Error ? reason : new Error(String(reason)));
  return new Proxy({} as Client, {
    get(_target, property) {
      if (property === 'closed') return true;
      if (property === 'protocol') return 'http';
      if (property === 'close') return () => {};
      if (property === 'then') return undefined;
      return fail;
    },
  });
}
