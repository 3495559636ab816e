import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

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

// Four projects, one `vitest run`: pure rules (unit), content validation by Astro itself (build), the Hono app over real HTTP and a real libSQL file (api),
// and the worker entry booted inside workerd (workerd). Browser flows are Playwright's (playwright.config.ts).
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
              serviceBindings: { NODE_PASSWORDS: nodePasswords },
            },
          }),
        ],
        test: { name: 'workerd', include: ['tests/workerd/**/*.test.ts'], testTimeout: 30_000 },
      },
    ],
  },
});
