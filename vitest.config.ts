import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

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
            miniflare: { bindings: { SITE_URL: 'https://retreat.example' } },
          }),
        ],
        test: { name: 'workerd', include: ['tests/workerd/**/*.test.ts'], testTimeout: 30_000 },
      },
    ],
  },
});
