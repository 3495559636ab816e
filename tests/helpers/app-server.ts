import { createApp } from '../../worker/app';
import type { AppConfig } from '../../worker/deps';
import { serveOnLoopback } from './serve';
import { createTestDeps } from './test-deps';

const GENEROUS = { max: 1_000_000, windowMs: 60_000 };

/**
 * The real app over real HTTP on a fresh database file. Rate limits are lifted unless a test sets them, so tests
 * that send many requests measure the rule they are about, not the limiter.
 */
export async function startTestApp(config: Partial<AppConfig> = {}) {
  const server = await serveOnLoopback();
  // The app is configured with the address the server got, as the Node host is with its own (SITE_URL unset).
  const env = await createTestDeps({ limits: { bookings: GENEROUS, contact: GENEROUS, emailSend: GENEROUS, signIn: GENEROUS, discountChecks: GENEROUS }, ...config }, server.origin);
  server.handle(createApp(env.deps).fetch);

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { Origin: server.origin, 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const count = async (table: string) => Number((await env.deps.sql.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  const rows = async (query: string) => (await env.deps.sql.execute(query)).rows;

  return {
    ...env,
    origin: server.origin,
    post,
    count,
    rows,
    async close() {
      await Promise.allSettled(env.background);
      await server.close();
      await env.cleanup();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Row counts of every table a booking or contact submission writes to. */
export async function writtenRows(app: TestApp) {
  return {
    guests: await app.count('guests'),
    bookings: await app.count('bookings'),
    customers: await app.count('customers'),
    outbox: await app.count('email_outbox'),
    contact: await app.count('contact_messages'),
  };
}
