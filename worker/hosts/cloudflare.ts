// The Cloudflare Workers host (production). Static files are served by Workers static assets from dist/ (with
// dist/_headers); the worker runs for /api/* and answers everything else from the ASSETS binding.
import { createClient, type Client } from '@libsql/client/web';
import { createApp, type App } from '../app';
import { appShellFor } from '../http/app-shell';
import { createDb } from '../db';
import { reportingUnavailability } from '../db/availability';
import { unavailableClient } from '../db/unavailable-client';
import { withWriteIntent } from '../db/write-intent';
import { clockFromEnv, configFromEnv, mailTransportFromEnv, type EnvSettings } from '../config';
import type { AppDeps, InvoicePdfModule, SheetsPdfModule, InvoiceUblModule } from '../deps';
import { runScheduledJobs } from '../jobs';
import { workersPasswordHasher } from './passwords-workers';

export interface Env extends EnvSettings {
  ASSETS: Fetcher;
  /** libsql://… (Turso) or https://… URL of the database. */
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
  ADMIN_SETUP_TOKEN?: string;
  ENVIRONMENT?: string;
}

/** Failures to reach the database come out as DatabaseUnavailableError: the API answers them 503 db_unavailable. */
function openClient(env: Env): Client {
  try {
    if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set');
    return reportingUnavailability(withWriteIntent(createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN })));
  } catch (err) {
    return reportingUnavailability(unavailableClient(err));
  }
}

function log(entry: Record<string, unknown>) {
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));
}

/**
 * The invoice PDF module as a module of its own (scripts/build-lazy-modules.ts writes lazy/invoice-pdf.js beside this
 * file; wrangler.toml uploads it as an additional module): workerd loads and evaluates it on the first request that
 * draws a PDF, and no other request carries its weight. The specifier is a variable so that the bundler leaves the
 * import to the runtime instead of folding the module into the worker.
 */
const INVOICE_PDF_MODULE = './lazy/invoice-pdf.js';
const loadInvoicePdf = () => import(/* @vite-ignore */ INVOICE_PDF_MODULE) as Promise<InvoicePdfModule>;
/** The run sheets' PDF module (issue 24), the same way: lazy/sheets-pdf.js. */
const SHEETS_PDF_MODULE = './lazy/sheets-pdf.js';
const loadSheetsPdf = () => import(/* @vite-ignore */ SHEETS_PDF_MODULE) as Promise<SheetsPdfModule>;
/** The e-invoice module (issue 39), the same way: lazy/invoice-ubl.js. */
const INVOICE_UBL_MODULE = './lazy/invoice-ubl.js';
const loadInvoiceUbl = () => import(/* @vite-ignore */ INVOICE_UBL_MODULE) as Promise<InvoiceUblModule>;
/** The OpenAPI generator (issue 41) (hono-openapi and zod's JSON Schema code), the same way: lazy/openapi.js. */
const OPENAPI_MODULE = './lazy/openapi.js';
const loadOpenApi = () => import(/* @vite-ignore */ OPENAPI_MODULE) as ReturnType<AppDeps['openApi']>;

/** One client and app per isolate and configuration; a libSQL web client is stateless HTTP, so sharing is safe. */
let cached: { key: string; app: App; deps: AppDeps } | null = null;

function appFor(env: Env) {
  const key = JSON.stringify(Object.entries(env).filter(([, value]) => typeof value === 'string'));
  if (cached?.key === key) return cached;
  const client = openClient(env);
  const deps: AppDeps = {
    db: createDb(client),
    sql: client,
    // Workers has no address of its own: without SITE_URL this throws, so every /api request and cron run fails
    // with an error that names the missing setting rather than mail links built from a request's Host header.
    config: configFromEnv(env, {
      environment: env.ENVIRONMENT === 'development' ? 'development' : 'production',
      // Without a configured token nobody can create the first admin through the web on Workers; use the CLI.
      adminSetupToken: env.ADMIN_SETUP_TOKEN ?? '',
      // Every isolate must sign and verify with the same key: AUTH_SECRET is a required secret on Workers. Without
      // it each isolate makes its own, and sessions survive only through refresh.
      authSecret: env.AUTH_SECRET || crypto.getRandomValues(new Uint32Array(8)).join('-'),
    }),
    passwords: workersPasswordHasher,
    invoicePdf: loadInvoicePdf,
    sheetsPdf: loadSheetsPdf,
    invoiceUbl: loadInvoiceUbl,
    openApi: loadOpenApi,
    mail: mailTransportFromEnv(env, (text) => console.log(text)),
    now: clockFromEnv(env, log),
    clientIp: (c) => c.req.header('CF-Connecting-IP'),
    log,
    // Requests use their own ExecutionContext (createApp binds it per request); this is only the fallback.
    waitUntil: (work) => {
      work.catch((err: unknown) => log({ level: 'error', msg: 'background work failed', error: String(err) }));
    },
  };
  cached = { key, app: createApp(deps), deps };
  return cached;
}

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname !== '/api' && !pathname.startsWith('/api/')) {
      const app = appShellFor(pathname);
      // wrangler.toml sends /admin/* and /dashboard/* here first: answer them with the admin app's shell page, as a
      // 404 for a path that is none of the app's (the shell shows the app's own "not found" screen).
      if (!app || app.shell === pathname) return env.ASSETS.fetch(request);
      const shell = await env.ASSETS.fetch(new Request(new URL(app.shell, request.url), request));
      return app.status === 200 ? shell : new Response(shell.body, { status: 404, headers: shell.headers });
    }
    return appFor(env).app.fetch(request, env, ctx);
  },

  async scheduled(_controller, env, ctx) {
    const { deps } = appFor(env);
    ctx.waitUntil(runScheduledJobs({ ...deps, waitUntil: (work) => ctx.waitUntil(work) }));
  },
} satisfies ExportedHandler<Env>;
