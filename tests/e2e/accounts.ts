/**
 * Accounts for browser tests: confirmed users made through the real API (links read from the server's local mail
 * log), sign-in into a page's browser context, and the first admin that the `first-admin` project creates before
 * every other test (first-admin.setup.ts) and records in E2E_ADMIN_FILE.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@libsql/client';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

export const PASSWORD = 'Alguseks1';
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

export interface AdminAccount {
  email: string;
  firstName: string;
  lastName: string;
}

function adminFile(): string {
  const file = process.env.E2E_ADMIN_FILE;
  if (!file) throw new Error('E2E_ADMIN_FILE is not set (playwright.config.ts sets it)');
  return file;
}

export function recordFirstAdmin(admin: AdminAccount): void {
  writeFileSync(adminFile(), JSON.stringify(admin));
}

/** The admin the `first-admin` project created (it runs first: playwright.config.ts `dependencies`). */
export function firstAdmin(): AdminAccount {
  return JSON.parse(readFileSync(adminFile(), 'utf8')) as AdminAccount;
}

export async function serverLog(): Promise<string> {
  const logFile = process.env.E2E_SERVER_LOG;
  if (!logFile) throw new Error('E2E_SERVER_LOG is not set (playwright.config.ts sets it)');
  return readFile(logFile, 'utf8').catch(() => '');
}

/** An account with a confirmed address, made through the API (its own cookie jar, not the page's). */
export async function confirmedUser(request: APIRequestContext, baseURL: string, tag: string, names = { firstName: 'Tavaline', lastName: 'Kasutaja' }) {
  const email = uniqueEmail(tag);
  const headers = { Origin: baseURL };
  expect((await request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, ...names } })).status()).toBe(201);
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await serverLog()).split('──── e-mail (local mail log) ────').filter((m) => m.includes(`To: ${email}\n`));
      token = mails.map((m) => /\/auth#confirm=([A-Za-z0-9_-]+)/.exec(m)?.[1]).filter(Boolean).at(-1);
      return token;
    }, { timeout: 15_000 })
    .toBeTruthy();
  expect((await request.post('/api/auth/confirm', { headers, data: { token } })).status()).toBe(200);
  await request.post('/api/auth/signout', { headers, data: { scope: 'local' } });
  return email;
}

/**
 * An admin of its own for tests that sign out everywhere or would otherwise share sessions with other tests: a
 * confirmed account (through the API) given the role row straight in the test server's database, the way
 * `npm run admin:create` would. The first admin's real setup flow is tested once, in first-admin.setup.ts.
 */
export async function extraAdmin(request: APIRequestContext, baseURL: string, tag: string) {
  const email = await confirmedUser(request, baseURL, tag, { firstName: 'Abi', lastName: 'Admin' });
  const db = createClient({ url: process.env.E2E_DATABASE_URL! });
  try {
    await db.execute('PRAGMA busy_timeout = 10000');
    await db.execute({ sql: "INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE email = ?", args: [email] });
  } finally {
    db.close();
  }
  return email;
}

/** Signs the page's browser context in through the API (the cookies land in the context). */
export async function signInContext(page: Page, baseURL: string, email: string, password = PASSWORD) {
  const response = await page.request.post('/api/auth/signin', { headers: { Origin: baseURL }, data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The spec file's own admin (`extraAdmin`): made once per worker — with fullyParallel a worker that comes back to
 * the file runs beforeAll again — then `setUp` once (the file's data), and signed into each test's page unless
 * `signIn: false` (tests that sign in at a moment of their own). Read `.email` inside the tests.
 */
export function fileAdmin(tag: string, setUp?: (request: APIRequestContext, baseURL: string, email: string) => Promise<void>, { signIn = true } = {}) {
  const admin = { email: '' };
  test.beforeAll(async ({ request, baseURL }) => {
    if (admin.email) return;
    admin.email = await extraAdmin(request, baseURL!, tag);
    await setUp?.(request, baseURL!, admin.email);
  });
  if (signIn) {
    test.beforeEach(async ({ page, baseURL }) => {
      await signInContext(page, baseURL!, admin.email);
    });
  }
  return admin;
}

export const nav = (page: Page) => page.locator('[data-site-nav]');
export const toast = (page: Page, title: string) => page.locator('.toast', { hasText: title });

export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
