import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { TEST_CLOCK_START } from './tests/helpers/test-clock.ts';

/**
 * A service binding for tests/workerd/passwords.test.ts that runs here, in Node, with the Node host's own hasher: the
 * workerd test sends it hashes made by the Workers hasher to verify and asks it for hashes to verify in workerd.
 * Loaded through tsx (as `npm run serve` loads the Node host) rather than bundled into this config.
 */
let nodeHasher: Promise<typeof import('./worker/hosts/passwords-node')> | undefined;
async function nodePasswords(request: Request): Promise<Response> {
  nodeHasher ??= import('tsx/esm/api').then(({ tsImport }) =>
    tsImport('./worker/hosts/passwords-node.ts', import.meta.url),
  );
  const { nodePasswordHasher } = await nodeHasher;
  const body = (await request.json()) as { password: string; hash?: string };
  if (body.hash === undefined) return Response.json({ hash: await nodePasswordHasher.hash(body.password) });
  return Response.json({ ok: await nodePasswordHasher.verify(body.hash, body.password) });
}

/**
 * A service binding for tests/workerd/invoice-pdf.test.ts: the PDF made inside workerd comes here, and poppler's
 * pdftotext (a system tool, as in tests/api/admin-invoices.test.ts) reads its text back.
 */
async function pdfText(request: Request): Promise<Response> {
  const { execFileSync } = await import('node:child_process');
  const bytes = new Uint8Array(await request.arrayBuffer());
  return new Response(execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }));
}

/**
 * The workerd end-to-end project's outside world (tests/helpers/workerd-e2e-backend.ts): the worker's libSQL
 * database behind a Hrana server as Turso would serve it, a SendGrid stand-in, a Montonio stand-in, and a control
 * host for the tests.
 * Every fetch made inside workerd, by the worker or by a test, comes here through miniflare's `outboundService`.
 * Started on the first such fetch, so other projects never open its database; loaded through tsx like NODE_PASSWORDS.
 */
const E2E_BINDINGS = {
  DATABASE_URL: 'http://libsql.test',
  DATABASE_AUTH_TOKEN: 'workerd-e2e-database-token',
  SITE_URL: 'https://retreat.example',
  AUTH_SECRET: 'workerd-e2e-auth-secret-0123456789abcdef',
  ADMIN_SETUP_TOKEN: 'workerd-e2e-setup-token',
  SENDGRID_API_KEY: 'SG.workerd-e2e-key',
  // Online payment on, against the Montonio stand-in in the backend (tests/helpers/workerd-e2e-backend.ts).
  MONTONIO_ACCESS_KEY: 'workerd-e2e-montonio-access',
  MONTONIO_SECRET_KEY: 'workerd-e2e-montonio-secret-0123456789abcdef',
  MONTONIO_API_URL: 'http://montonio.test',
  TEAM_EMAIL: 'tiim@retreat.example',
  // The worker's clock starts where every edition of the content file takes requests (tests/helpers/test-clock.ts).
  TEST_CLOCK_START,
  // Test files share the database and the client address (none is set): limits the tests are not about stay out of the way.
  RATE_LIMIT_BOOKINGS: '1000/60',
  RATE_LIMIT_CONTACT: '1000/60',
  RATE_LIMIT_EMAIL: '1000/60',
  RATE_LIMIT_SIGNIN: '1000/60',
  RATE_LIMIT_DISCOUNT_CHECKS: '1000/60',
};
let e2eBackend: Promise<{ fetch(request: Request): Promise<Response> }> | undefined;
async function e2eOutbound(request: Request): Promise<Response> {
  e2eBackend ??= import('tsx/esm/api')
    .then(({ tsImport }) => tsImport('./tests/helpers/workerd-e2e-backend.ts', import.meta.url))
    .then(({ startWorkerdE2eBackend }: typeof import('./tests/helpers/workerd-e2e-backend')) =>
      startWorkerdE2eBackend({
        databaseToken: E2E_BINDINGS.DATABASE_AUTH_TOKEN,
        montonio: { accessKey: E2E_BINDINGS.MONTONIO_ACCESS_KEY, secretKey: E2E_BINDINGS.MONTONIO_SECRET_KEY },
      }),
    );
  return (await e2eBackend).fetch(request);
}

// Five projects, one `vitest run`: pure rules (unit), content validation by Astro itself (build), the Hono app over real HTTP and a real libSQL file (api),
// the worker entry booted inside workerd without a database (workerd), and the same entry end to end against a libSQL
// database over Hrana with mail going out to SendGrid (workerd-e2e). Browser flows are Playwright's (playwright.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        // Runs Astro itself on a copy of the site: slower, so it has its own project and timeout.
        test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
      {
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            // No DATABASE_URL: the worker must still boot and report the database as unavailable.
            miniflare: {
              bindings: { SITE_URL: 'https://retreat.example' },
              serviceBindings: { NODE_PASSWORDS: nodePasswords, PDF_TEXT: pdfText },
            },
          }),
        ],
        test: { name: 'workerd', include: ['tests/workerd/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: E2E_BINDINGS, outboundService: e2eOutbound },
          }),
        ],
        test: { name: 'workerd-e2e', include: ['tests/workerd-e2e/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        // The same worker and database, reached at an address where the backend counts the database's HTTP requests
        // (issue 40: round trips per request on the edge). Its own project, so the only worker there is this one.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: { bindings: { ...E2E_BINDINGS, DATABASE_URL: 'http://roundtrips.libsql.test' }, outboundService: e2eOutbound },
          }),
        ],
        test: { name: 'workerd-roundtrips', include: ['tests/workerd-roundtrips/**/*.test.ts'], testTimeout: 30_000 },
      },
    ],
  },
});
