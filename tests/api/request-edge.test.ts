import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES } from '../../src/lib/not-found';
import { signedIn } from '../helpers/admin-session';
import { startApiFixture, type ApiFixture } from '../helpers/api-fixture';
import { readJson } from '../helpers/http';

/**
 * The request edge shared by every route (worker/http/ids.ts, worker/domain/not-found.ts, worker/http/auth.ts):
 * a path id that cannot be one answers its noun's 404, never a 500; and what a handler records in the audit trail
 * names the actor requireAdmin()/requireUser() put on the context (the user, this request's address and browser).
 */

let f: ApiFixture;
let guest: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  f = await startApiFixture();
  guest = await signedIn(f.app);
}, 60_000);
afterAll(async () => {
  await f.close();
});

const BAD_IDS = ['0', '-1', '1.5', '01e3', '99999999999', '2147483648', 'abc', '%20'];

type Who = 'admin' | 'guest';
/** One route per noun: where the id goes (`X`), who may call it, and the 404 it answers for an id it cannot read. */
const ROUTES: { who: Who; method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown; error: { code: string; message: string }; bad?: string[] }[] = [
  { who: 'admin', method: 'GET', path: '/api/admin/bookings/X', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.booking } },
  { who: 'admin', method: 'POST', path: '/api/admin/bookings/X/payments', body: {}, error: { code: 'not_found', message: NOT_FOUND_MESSAGES.booking } },
  { who: 'admin', method: 'POST', path: '/api/admin/bookings/1/emails/X/retry', body: {}, error: { code: 'not_found', message: NOT_FOUND_MESSAGES.bookingEmail } },
  { who: 'admin', method: 'POST', path: '/api/admin/bookings/1/payments/X/reverse', body: {}, error: { code: 'not_found', message: NOT_FOUND_MESSAGES.payment } },
  { who: 'admin', method: 'GET', path: '/api/admin/retreats/X', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.retreat } },
  { who: 'admin', method: 'GET', path: '/api/admin/retreats/X/decision', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.retreat } },
  { who: 'admin', method: 'GET', path: '/api/admin/invoices/X', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.invoice } },
  { who: 'admin', method: 'GET', path: '/api/admin/clients/X', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.client } },
  { who: 'admin', method: 'PUT', path: '/api/admin/users/X/role', body: { role: 'user' }, error: { code: 'account_not_found', message: 'Kasutajat ei leitud.' } },
  { who: 'admin', method: 'GET', path: '/api/admin/contact-messages/X', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.contactMessage } },
  { who: 'admin', method: 'GET', path: '/api/admin/bank-statements/X', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.bankStatement } },
  { who: 'admin', method: 'POST', path: '/api/admin/bank-statements/review/X/dismiss', body: { reason: 'x' }, error: { code: 'not_found', message: NOT_FOUND_MESSAGES.bankTransaction } },
  { who: 'guest', method: 'GET', path: '/api/me/bookings/X', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.booking } },
  // A traveller's position counts from 0 (the booker).
  { who: 'guest', method: 'PUT', path: '/api/me/bookings/1/people/X', body: {}, error: { code: 'not_found', message: NOT_FOUND_MESSAGES.traveller }, bad: ['-1', '1.5', '01e3', '1000', 'abc', '%20'] },
  { who: 'guest', method: 'GET', path: '/api/me/invoices/X/pdf', error: { code: 'not_found', message: NOT_FOUND_MESSAGES.invoice } },
];

describe('a path id that cannot be one', () => {
  it.each(ROUTES)('$method $path answers $error.code "$error.message"', async ({ who, method, path, body, error, bad = BAD_IDS }) => {
    const { b } = who === 'admin' ? f.admin : guest;
    for (const raw of bad) {
      const url = path.replace('X', raw);
      const res = method === 'GET' ? await b.get(url) : await b.send(method, url, body);
      expect(res.status, url).toBe(404);
      expect((await readJson(res)).error, url).toEqual(error);
    }
  });

  it('an empty one matches no route: the API\'s own 404, not a 500', async () => {
    for (const url of ['/api/admin/bookings//payments', '/api/admin/retreats//decision', '/api/me/bookings//people/0']) {
      const res = await (url.startsWith('/api/me') ? guest : f.admin).b.get(url);
      expect(res.status, url).toBe(404);
      expect((await readJson(res)).error.code, url).toBe('not_found');
    }
  });
});

/** A request with the session's cookies and a browser of its own, to see the user agent reach the audit record. */
async function asBrowser(who: Awaited<ReturnType<typeof signedIn>>, method: string, path: string, userAgent: string, body?: unknown) {
  return fetch(`${f.app.origin}${path}`, {
    method,
    headers: {
      Origin: f.app.origin,
      Cookie: [...who.b.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'User-Agent': userAgent,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const auditOf = async (action: string) => f.app.rows(`SELECT user_id, ip, user_agent FROM audit_logs WHERE action = '${action}' ORDER BY id DESC LIMIT 1`);

describe('the actor on the context', () => {
  it('names the admin, their address and browser in what an admin handler records', async () => {
    const res = await asBrowser(f.admin, 'POST', '/api/admin/clients', 'Kontoribrauser/2.0', { firstName: 'Mari', lastName: 'Tamm', email: 'mari.actor@example.com' });
    expect(res.status).toBe(201);
    expect(await auditOf('customer.create')).toEqual([{ user_id: f.admin.userId, ip: '127.0.0.1', user_agent: 'Kontoribrauser/2.0' }]);
  });

  it('names the signed-in guest in what a portal handler records', async () => {
    const res = await asBrowser(guest, 'GET', '/api/me/export', 'Kodubrauser/3.1');
    expect(res.status).toBe(200);
    expect(await auditOf('account.export')).toEqual([{ user_id: guest.userId, ip: '127.0.0.1', user_agent: 'Kodubrauser/3.1' }]);
  });

  it('names the admin whose session the inactivity timeout ends', async () => {
    const leaving = await signedIn(f.app, { admin: true });
    const res = await asBrowser(leaving, 'POST', '/api/admin/session-timeout', 'Kontoribrauser/2.0');
    expect(res.status).toBe(204);
    expect(await auditOf('session_timeout')).toEqual([{ user_id: leaving.userId, ip: '127.0.0.1', user_agent: 'Kontoribrauser/2.0' }]);
    expect((await leaving.b.get('/api/admin/dashboard')).status).toBe(401);
  });
});
