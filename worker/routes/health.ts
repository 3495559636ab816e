import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** How long the probe waits for the database before calling it down: a hung connection must not hang the check. */
const DB_PROBE_TIMEOUT_MS = 3000;

export async function probeDatabase(run: () => Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database probe timed out')), DB_PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { deps } = c.var;
  const dbOk = await probeDatabase(() => deps.sql.execute('SELECT 1'));
  c.header('Cache-Control', 'no-store');
  if (dbOk) return c.json({ status: 'ok', db: 'ok' });
  return c.json({ status: 'error', db: 'unavailable' }, 503);
});
