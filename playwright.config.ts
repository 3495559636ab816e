import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { requireBrowser } from './scripts/find-browser';
import { AFTER_EDITIONS_CLOCK_START, TEST_CLOCK_START } from './tests/helpers/test-clock';

// Browser tests run in a real Chromium against the same Node server `npm start` runs, on its own port and a
// throw-away database file. Which Chromium (CHROMIUM_PATH, the system's, Playwright's own, or Debian's installed on
// the spot) is scripts/find-browser.ts's decision; without one, the run stops here with a line saying what to install.
const PORT = Number(process.env.E2E_PORT ?? 4399);
const BASE_URL = `http://localhost:${PORT}`;
// A second server with its clock past every edition's registration: the site as a visitor finds it when no edition
// takes requests (as on the real date today, but not only today).
const CLOSED_PORT = PORT - 1;
process.env.E2E_CLOSED_URL ??= `http://localhost:${CLOSED_PORT}`;
const CHROMIUM = await requireBrowser();
// The Montonio stand-in (tests/mocks/montonio-server.ts) the server's online payment talks to (issue "Pay online"):
// its own port, far from the neighbouring runs' server ports, and the test keys.
const MONTONIO_STUB_PORT = PORT + 1000;
const MONTONIO_ACCESS_KEY = 'e2e-access-key';
const MONTONIO_SECRET_KEY = 'e2e-secret-key-0123456789abcdef';
// The server's output (the local mail log with confirmation and reset links, the first-admin link) and its database
// file, where the auth tests read links and set up roles. Set here so the test workers inherit them.
const RUN_ID = `${process.pid}`;
process.env.E2E_SERVER_LOG ??= path.join(os.tmpdir(), `retreat-e2e-${RUN_ID}.log`);
process.env.E2E_DATABASE_URL ??= `file:${path.join(os.tmpdir(), `retreat-e2e-${RUN_ID}.db`)}`;
// The first admin's account, written by the `first-admin` project (tests/e2e/first-admin.setup.ts) for the others.
process.env.E2E_ADMIN_FILE ??= path.join(os.tmpdir(), `retreat-e2e-${RUN_ID}-admin.json`);
// The server's clock starts at TEST_CLOCK_START (every edition of the content file open); tests that compare with
// the server's "today" read it through tests/e2e/clock.ts, which needs to know when that clock was set.
process.env.E2E_CLOCK_SET_AT ??= String(Date.now());
// The main server's signing key, so a test can make the signed link an e-mail would carry (the feedback form's).
process.env.E2E_AUTH_SECRET ??= `e2e-${RUN_ID}-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two browsers and the server share two cores, and each admin screen is its own chunk: allow a loaded machine
  // 15 s (Playwright's default is 5 s) before an expected state counts as missing; an admin screen's first load
  // under the whole suite's load has been measured at 5-12 s.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    },
  },
  projects: [
    { name: 'first-admin', testMatch: /first-admin\.setup\.ts/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium-desktop', use: { ...devices['Desktop Chrome'] }, dependencies: ['first-admin'] },
  ],
  webServer: [
    {
      command: `tsx worker/hosts/node.ts 2>&1 | tee ${process.env.E2E_SERVER_LOG}`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        AUTH_SECRET: process.env.E2E_AUTH_SECRET,
        TEST_CLOCK_START,
        // The outbox loop sends what the immediate attempt could not; tests read mails from the log, so keep it brisk.
        BACKGROUND_INTERVAL_MS: '1000',
        // Every test browses from 127.0.0.1: lift the per-IP limits the suite as a whole would reach.
        RATE_LIMIT_EMAIL: '1000/900',
        RATE_LIMIT_SIGNIN: '1000/900',
        RATE_LIMIT_BOOKINGS: '1000/600',
        RATE_LIMIT_CONTACT: '1000/600',
        RATE_LIMIT_DISCOUNT_CHECKS: '1000/600',
        MONTONIO_ACCESS_KEY,
        MONTONIO_SECRET_KEY,
        MONTONIO_API_URL: `http://127.0.0.1:${MONTONIO_STUB_PORT}`,
        // The webhook tests' receiver listens on this machine (issue 41).
        WEBHOOKS_ALLOW_PRIVATE: '1',
      },
    },
    {
      command: 'tsx tests/mocks/montonio-server.ts',
      url: `http://127.0.0.1:${MONTONIO_STUB_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { MONTONIO_STUB_PORT: String(MONTONIO_STUB_PORT), MONTONIO_ACCESS_KEY, MONTONIO_SECRET_KEY },
    },
    {
      command: 'tsx worker/hosts/node.ts',
      url: `${process.env.E2E_CLOSED_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(CLOSED_PORT),
        DATABASE_URL: `file:${path.join(os.tmpdir(), `retreat-e2e-${RUN_ID}-closed.db`)}`,
        TEST_CLOCK_START: AFTER_EDITIONS_CLOCK_START,
      },
    },
  ],
});
