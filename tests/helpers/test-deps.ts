import type { AppDeps } from '../../worker/deps';
import { createTestDb } from './test-db';

/** Real deps over a fresh migrated libSQL file; `logs` collects every structured log line for assertions. */
export async function createTestDeps(overrides: Partial<AppDeps['config']> = {}) {
  const { client, db, cleanup } = await createTestDb();
  const logs: Record<string, unknown>[] = [];
  const background: Promise<unknown>[] = [];
  const deps: AppDeps = {
    db,
    sql: client,
    config: { allowedOrigins: [], environment: 'test', adminSetupToken: 'test-setup-token', ...overrides },
    now: () => new Date(),
    log: (entry) => logs.push(entry),
    waitUntil: (work) => background.push(work),
  };
  return { deps, logs, background, cleanup };
}
