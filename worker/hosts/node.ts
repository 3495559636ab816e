// The Node.js host: the embedded default (`npm start`) and the tests. It owns everything Node-specific: the libSQL
// file, migrations at start, serving dist/, the background loop and signal handling.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createApp } from '../app';
import { createDb } from '../db';
import { migrateDatabase, openLocalClient } from '../db/migrate';
import { clockFromEnv, configFromEnv, mailTransportFromEnv, type EnvSettings } from '../config';
import type { AppConfig, AppDeps } from '../deps';
import { runScheduledJobs } from '../jobs';
import { adminExists } from '../domain/auth/roles';
import { createStaticHandler } from './node-static';
import { nodePasswordHasher } from './passwords-node';
import type { MailAttachment } from '../domain/mail/attachments';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The local mail log's attachments (an invoice's PDF) land here, beside the database, so they can be opened. */
export const MAIL_FILES_DIR = path.join(REPO_ROOT, 'data', 'mail');

async function saveMailAttachment(file: MailAttachment): Promise<string> {
  await mkdir(MAIL_FILES_DIR, { recursive: true });
  const target = path.join(MAIL_FILES_DIR, `${new Date().toISOString().replace(/[:.]/g, '-')}-${file.filename.replace(/[^\w.-]+/g, '-')}`);
  await writeFile(target, file.content);
  return path.relative(process.cwd(), target) || target;
}

export interface NodeServerOptions {
  port: number;
  /** Interface to bind; undefined listens on all of them (IPv4 and IPv6). */
  hostname?: string;
  databaseUrl: string;
  databaseAuthToken?: string;
  distDir: string;
  /** SITE_URL, SENDGRID_*, MAIL_FROM, TEAM_EMAIL, RATE_LIMIT_*: see worker/config.ts. */
  env: EnvSettings;
  environment: AppConfig['environment'];
  /** Setup token for the first admin; a random one is made when absent. */
  adminSetupToken?: string;
  /** Period of the background loop (outbox, housekeeping); 0 turns it off. */
  backgroundIntervalMs: number;
  log: AppDeps['log'];
}

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  /** The link that creates the first admin, while no admin exists. */
  adminSetupLink: string | null;
  close(): Promise<void>;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): NodeServerOptions {
  const port = Number(env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    hostname: env.HOST || undefined,
    databaseUrl: env.DATABASE_URL || `file:${path.join(REPO_ROOT, 'data', 'retreat.db')}`,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    distDir: env.DIST_DIR || path.join(REPO_ROOT, 'dist'),
    env,
    environment: env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development',
    adminSetupToken: env.ADMIN_SETUP_TOKEN || undefined,
    backgroundIntervalMs: Number(env.BACKGROUND_INTERVAL_MS ?? 15_000),
    log: (entry) => console.log(JSON.stringify({ time: new Date().toISOString(), ...entry })),
  };
}

/** Runs `job` every `intervalMs` without overlapping runs; failures are logged, never fatal. */
function startBackgroundLoop(job: () => Promise<void>, intervalMs: number, log: AppDeps['log']) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = job()
      .catch((err: unknown) => log({ level: 'error', msg: 'background job failed', error: String(err) }))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export async function startNodeServer(options: NodeServerOptions): Promise<RunningServer> {
  const client = openLocalClient(options.databaseUrl, options.databaseAuthToken);
  await migrateDatabase(client);
  const serveStatic = await createStaticHandler(options.distDir);

  // The server listens before the app exists because with port 0 only listening tells the address, and the app's
  // configuration needs it (links in e-mails, the CSRF check). Nothing is awaited between listening and setting
  // `handle`, so no request can meet the placeholder.
  let handle: (request: Request, nodeBindings: unknown) => Response | Promise<Response> = () => new Response(null, { status: 503 });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: (request, nodeBindings) => handle(request, nodeBindings), port: options.port, hostname: options.hostname }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${options.hostname && options.hostname !== '0.0.0.0' && options.hostname !== '::' ? options.hostname : 'localhost'}:${port}`;

  const adminSetupToken = options.adminSetupToken ?? randomBytes(24).toString('base64url');
  let config: AppConfig;
  try {
    config = configFromEnv(options.env, {
      environment: options.environment,
      adminSetupToken,
      // One process: a key made at start is enough; sessions outlive a restart through their refresh token.
      authSecret: options.env.AUTH_SECRET || randomBytes(32).toString('base64url'),
      // Without SITE_URL, this host's own configured address is the site's (never the Host a request names).
      ownOrigin: url,
    });
  } catch (err) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    client.close();
    throw err;
  }
  const pending = new Set<Promise<unknown>>();
  const deps: AppDeps = {
    db: createDb(client),
    sql: client,
    config,
    mail: mailTransportFromEnv(options.env, (text) => console.log(text), saveMailAttachment),
    passwords: nodePasswordHasher,
    invoicePdf: () => import('../domain/invoices/pdf'),
    sheetsPdf: () => import('../domain/retreats/sheets/pdf'),
    invoiceUbl: () => import('../domain/invoices/ubl'),
    openApi: () => import('../http/openapi'),
    now: clockFromEnv(options.env, options.log),
    clientIp: (c) => getConnInfo(c).remote.address,
    log: options.log,
    waitUntil: (work) => {
      const tracked = work
        .catch((err: unknown) => options.log({ level: 'error', msg: 'background work failed', error: String(err) }))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
  };

  const app = createApp(deps);
  // The second argument carries Node's request and response objects, from which the client address is read. The
  // third gives Hono an ExecutionContext like Workers', so background work goes through the same door on both hosts.
  const executionContext = { waitUntil: deps.waitUntil, passThroughOnException: () => {}, props: {} };
  handle = (request, nodeBindings) => {
    const { pathname } = new URL(request.url);
    return pathname === '/api' || pathname.startsWith('/api/') ? app.fetch(request, nodeBindings, executionContext) : serveStatic(request);
  };

  const stopLoop = options.backgroundIntervalMs > 0
    ? startBackgroundLoop(() => runScheduledJobs(deps), options.backgroundIntervalMs, options.log)
    : async () => {};
  const adminSetupLink = (await adminExists(deps)) ? null : `${url}/create-main-admin#token=${adminSetupToken}`;

  return {
    url,
    port,
    deps,
    adminSetupLink,
    async close() {
      await stopLoop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...pending]);
      client.close();
    },
  };
}

async function main() {
  const options = optionsFromEnv();
  const running = await startNodeServer(options);
  console.log(`\n  Uus algus retriit: ${running.url}\n  API health:        ${running.url}/api/health`);
  if (running.adminSetupLink) {
    console.log(`\n  No admin exists yet. Create the first one (this link works until then):\n  ${running.adminSetupLink}`);
  }
  console.log('');
  const shutdown = () => {
    running.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
