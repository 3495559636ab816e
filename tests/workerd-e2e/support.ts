/**
 * What the workerd end-to-end tests share. They run inside workerd beside the real worker entry
 * (worker/hosts/cloudflare.ts, its static assets from dist/), whose database is a libSQL file behind the test Hrana
 * server and whose mail goes to a SendGrid stand-in, both in Node (tests/helpers/workerd-e2e-backend.ts, wired in
 * vitest.config.ts). Test files share that database and run side by side: each test makes its own addresses.
 */
import { createClient, type Client, type InArgs } from '@libsql/client/web';
import { env, exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import type { Env } from '../../worker/hosts/cloudflare';

export const SITE = 'https://retreat.example';
/** The worker's bindings (vitest.config.ts, project workerd-e2e). */
export const bindings = env as unknown as Env & { TEAM_EMAIL: string };
const CONTROL = 'http://control.test';

/** A fresh address, unique across test files sharing the database. */
export const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.com`;

/**
 * A browser on the site: requests go to the worker's own entry (`exports.default.fetch`, as the runtime calls it),
 * writes carry the site's Origin, and cookies the worker sets are kept and sent back (path scoping not modelled).
 */
export function browser() {
  const jar = new Map<string, string>();
  async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await exports.default.fetch(`${SITE}${path}`, {
      method,
      headers: {
        ...(method === 'GET' ? {} : { Origin: SITE }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(jar.size > 0 ? { Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      if (value === '' || /max-age=0/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }
  /** A form with a file, as a browser posts it (the runtime sets the multipart Content-Type). */
  async function upload(path: string, form: FormData) {
    return exports.default.fetch(`${SITE}${path}`, { method: 'POST', headers: { Origin: SITE, Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }, body: form });
  }
  return {
    jar,
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send('POST', path, body, headers),
    upload,
  };
}

let client: Client | undefined;
/** Rows straight from the database, read through the same Hrana server (and client) the worker uses. */
export async function rows(sql: string, args: InArgs = []) {
  client ??= createClient({ url: bindings.DATABASE_URL!, authToken: bindings.DATABASE_AUTH_TOKEN });
  const result = await client.execute({ sql, args });
  return result.rows.map((row) => ({ ...row }));
}

export interface RecordedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  authorization: string | null;
}

/** What the SendGrid stand-in received for `to`, once at least `count` mails are there (they go out in waitUntil). */
export async function mailsTo(to: string, count = 1, timeoutMs = 10_000): Promise<RecordedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await (await fetch(`${CONTROL}/mails?to=${encodeURIComponent(to)}`)).json<RecordedMail[]>();
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Makes the SendGrid stand-in answer 503 to mails for `to` (or accept them again). */
export async function sendGridFailsFor(to: string, fail = true) {
  expect((await fetch(`${CONTROL}/sendgrid`, { method: 'POST', body: JSON.stringify({ to, fail }) })).status).toBe(204);
}

/** Changes an order's status at the Montonio stand-in without a notification (the notification is late). */
export async function montonioStatus(uuid: string, status: string) {
  expect((await fetch(`${CONTROL}/montonio/status`, { method: 'POST', body: JSON.stringify({ uuid, status }) })).status).toBe(204);
}

const PASSWORD = 'Salasona1';

/** Signs up a new account and follows the confirmation link from the mail SendGrid got (which signs in). */
export async function confirmedAccount(name: string) {
  const email = uniqueEmail(name);
  const b = browser();
  const signup = await b.post('/api/auth/signup', { email, password: PASSWORD, firstName: 'Mari', lastName: 'Tamm' });
  expect(signup.status).toBe(201);
  expect(await signup.json()).toEqual({ status: 'confirmation_sent' });
  expect(b.jar.size).toBe(0);

  const [mail] = await mailsTo(email);
  expect(mail?.text).toContain(`${SITE}/auth#confirm=`);
  const token = /\/auth#confirm=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1];
  const confirmed = await b.post('/api/auth/confirm', { token });
  expect(confirmed.status).toBe(200);
  expect(await confirmed.json()).toMatchObject({ user: { email }, isAdmin: false });
  // The link is spent.
  expect((await browser().post('/api/auth/confirm', { token })).status).toBe(400);
  const [user] = await rows('SELECT id, email_confirmed_at FROM users WHERE email = ?', [email]);
  expect(user!.email_confirmed_at).toEqual(expect.any(String));
  return { email, userId: String(user!.id), confirmedIn: b };
}
