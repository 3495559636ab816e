import { expect } from 'vitest';
import type { TestApp } from './app-server';
import { browser } from './browser-client';
import { readJson } from './http';
import { recordingTransport } from './test-deps';

const PASSWORD = 'Salasona1';
let n = 0;

/** A confirmed account signed in through the real API, in its own cookie jar; `admin` adds the role row. */
export async function signedIn(app: TestApp, { admin = false, firstName = 'Anu', lastName = 'Admin' } = {}) {
  const email = `${admin ? 'admin' : 'kasutaja'}${++n}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const b = browser(app);
  expect((await b.post('/api/auth/signup', { email, password: PASSWORD, firstName, lastName })).status).toBe(201);
  await Promise.allSettled(app.background);
  const mail = (app.deps.mail as ReturnType<typeof recordingTransport>).sent.filter((m) => m.to === email).at(-1);
  const token = /\/auth#confirm=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  expect((await b.post('/api/auth/confirm', { token })).status).toBe(200);
  if (admin) {
    await app.deps.sql.execute({ sql: "INSERT INTO user_roles (user_id, role) SELECT id, 'admin' FROM users WHERE email = ?", args: [email] });
  }
  const [user] = await app.rows(`SELECT id FROM users WHERE email = '${email}'`);
  return { email, b, userId: String(user!.id) };
}

/** A route as a test names it: method, path and, for a write, its body. */
export type Route = readonly [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown];

/**
 * Each route answers 401 `unauthenticated` without a session and 403 `forbidden` to a signed-in account that is not an
 * admin (a new one, signed up here).
 */
export async function expectAdminOnly(app: TestApp, routes: readonly Route[]) {
  const plain = await signedIn(app);
  for (const [method, path, body] of routes) {
    const call = (b: ReturnType<typeof browser>) => (method === 'GET' ? b.get(path) : b.send(method, path, body));
    const anon = await call(browser(app));
    expect(anon.status, `${method} ${path}`).toBe(401);
    expect((await readJson(anon)).error.code).toBe('unauthenticated');
    const user = await call(plain.b);
    expect(user.status, `${method} ${path}`).toBe(403);
    expect((await readJson(user)).error.code).toBe('forbidden');
  }
}
