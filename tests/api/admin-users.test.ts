import { describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';

/**
 * The admin users API (admin spec sections 2 "Users", 5 "Admin password reset", 6, 7, 8; issue "Back office III")
 * over real HTTP and a real libSQL file: the list (newest first, names, roles, search, paging), role changes and
 * password resets ending the user's sessions at once, their audit records, the last-admin rule under concurrency,
 * and authorisation on every route.
 */

const f = useApiFixture();

const send = async (who: { b: ReturnType<typeof browser> }, method: 'PUT', path: string, body?: unknown) => {
  const res = await who.b.send(method, path, body);
  return { status: res.status, body: res.status === 204 ? null : await readJson(res) };
};
const list = async (query = '') => readJson(await f.admin.b.get(`/api/admin/users${query}`));
const sessionOf = async (who: { b: ReturnType<typeof browser> }) => readJson(await who.b.get('/api/auth/session'));
const auditRows = (action: string) => f.app.rows(`SELECT * FROM audit_logs WHERE action = '${action}' ORDER BY id`);

describe('authorisation', () => {
  const routes = [
    ['GET', '/api/admin/users'],
    ['PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/role'],
    ['PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/password'],
  ] as const;

  it('answers 401 without a session and 403 to a signed-in non-admin, on every route', async () => {
    const user = await signedIn(f.app);
    for (const [method, path] of routes) {
      const anonymous = method === 'GET' ? await browser(f.app).get(path) : await browser(f.app).send(method, path, { role: 'admin' });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const plain = method === 'GET' ? await user.b.get(path) : await user.b.send(method, path, { role: 'admin', password: 'Salasona9' });
      expect(plain.status, `${method} ${path}`).toBe(403);
    }
    expect(await f.app.count("user_roles WHERE role = 'admin'")).toBe(1);
  });
});

describe('GET /api/admin/users', () => {
  it('lists newest first with name, e-mail, join date and roles (none for a plain user)', async () => {
    const user = await signedIn(f.app);
    await f.app.deps.sql.execute({ sql: 'UPDATE users SET first_name = NULL, last_name = NULL WHERE id = ?', args: [user.userId] });
    await f.app.deps.sql.execute({ sql: "UPDATE users SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", args: [f.admin.userId] });
    const body = await list();
    expect(body.total).toBe(2);
    expect(body.counts).toEqual({ total: 2, admins: 1 });
    expect(body.items.map((u: { email: string }) => u.email)).toEqual([user.email, f.admin.email]);
    expect(body.items[0]).toMatchObject({ id: user.userId, firstName: null, lastName: null, roles: [], emailConfirmed: true });
    expect(body.items[1]).toMatchObject({ id: f.admin.userId, firstName: 'Anu', roles: ['admin'], createdAt: '2020-01-01T00:00:00.000Z' });
  });

  it('searches e-mail and full name on the server, with wildcards taken literally, and pages', async () => {
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await signedIn(f.app));
    await f.app.deps.sql.execute({ sql: "UPDATE users SET first_name = 'Mari', last_name = 'Maasikas' WHERE id = ?", args: [users[2]!.userId] });
    expect((await list('?q=mari%20maasikas')).items.map((u: { id: string }) => u.id)).toEqual([users[2]!.userId]);
    expect((await list(`?q=${encodeURIComponent(users[4]!.email.toUpperCase())}`)).items).toHaveLength(1);
    expect((await list('?q=%25')).total).toBe(0);
    const page2 = await list('?pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    const all = (await list('?pageSize=100')).items.map((u: { id: string }) => u.id);
    expect(page2.items.map((u: { id: string }) => u.id)).toEqual(all.slice(2, 4));
  });

  it('refuses a bad query with 422 and field details', async () => {
    const res = await f.admin.b.get('/api/admin/users?pageSize=1000');
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details[0].path).toBe('pageSize');
  });
});

describe('PUT /api/admin/users/:id/role', () => {
  it('makes a user admin: one role row, the audit record (medium), and their sessions end at once', async () => {
    const user = await signedIn(f.app);
    expect(await sessionOf(user)).toMatchObject({ user: { email: user.email } });
    const { status, body } = await send(f.admin, 'PUT', `/api/admin/users/${user.userId}/role`, { role: 'admin' });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ id: user.userId, roles: ['admin'] });
    expect(await f.app.rows(`SELECT role FROM user_roles WHERE user_id = '${user.userId}'`)).toEqual([{ role: 'admin' }]);

    // The next request with the old session is refused, and so is its refresh.
    expect((await sessionOf(user)).user).toBeNull();
    expect((await user.b.post('/api/auth/refresh')).status).toBe(401);
    const [record] = await auditRows('role_change');
    expect(record).toMatchObject({ user_id: f.admin.userId, severity: 'medium', resource_type: 'user', resource_id: user.userId });
    expect(JSON.parse(String(record!.metadata))).toMatchObject({ from: 'user', to: 'admin', email: user.email });
  });

  it('demotes an admin while another admin exists; a no-op change writes nothing and keeps the sessions', async () => {
    const other = await signedIn(f.app, { admin: true });
    expect((await send(f.admin, 'PUT', `/api/admin/users/${other.userId}/role`, { role: 'user' })).body.user.roles).toEqual([]);
    expect(await f.app.count(`user_roles WHERE user_id = '${other.userId}'`)).toBe(0);
    expect((await other.b.get('/api/admin/users')).status).toBe(401);

    const plain = await signedIn(f.app);
    expect((await send(f.admin, 'PUT', `/api/admin/users/${plain.userId}/role`, { role: 'user' })).status).toBe(200);
    expect(await sessionOf(plain)).toMatchObject({ user: { email: plain.email } });
    expect(await auditRows('role_change')).toHaveLength(1);
  });

  it('refuses to demote the last admin (409 with a clear message), changing nothing', async () => {
    const { status, body } = await send(f.admin, 'PUT', `/api/admin/users/${f.admin.userId}/role`, { role: 'user' });
    expect(status).toBe(409);
    expect(body.error).toEqual({ code: 'last_admin', message: 'Viimast administraatorit ei saa tavakasutajaks muuta. Määrake enne teine administraator.' });
    expect(await f.app.count("user_roles WHERE role = 'admin'")).toBe(1);
    expect(await auditRows('role_change')).toHaveLength(0);
    expect((await f.admin.b.get('/api/admin/users')).status).toBe(200);
  });

  it('two admins demoting each other at once leave exactly one admin', async () => {
    const other = await signedIn(f.app, { admin: true });
    const answers = await Promise.all([
      send(f.admin, 'PUT', `/api/admin/users/${other.userId}/role`, { role: 'user' }),
      send(other, 'PUT', `/api/admin/users/${f.admin.userId}/role`, { role: 'user' }),
    ]);
    // One wins; the other is refused, as the last admin (409) or because its own session just ended (401).
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.map((a) => a.status).filter((s) => s !== 200)[0]).toBeOneOf([401, 409]);
    expect(await f.app.count("user_roles WHERE role = 'admin'")).toBe(1);
  });

  it('answers 404 for an unknown or malformed id and 422 for an unknown role', async () => {
    expect((await send(f.admin, 'PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/role', { role: 'admin' })).body.error.code).toBe('account_not_found');
    expect((await send(f.admin, 'PUT', '/api/admin/users/not-a-uuid/role', { role: 'admin' })).status).toBe(404);
    const bad = await send(f.admin, 'PUT', `/api/admin/users/${f.admin.userId}/role`, { role: 'superuser' });
    expect(bad.status).toBe(422);
    expect(await f.app.count('user_roles')).toBe(1);
  });
});

describe('PUT /api/admin/users/:id/password', () => {
  it('sets the password, ends the user\'s sessions, and writes a high-severity record without the password', async () => {
    const user = await signedIn(f.app);
    expect((await send(f.admin, 'PUT', `/api/admin/users/${user.userId}/password`, { password: 'UusSalasona7' })).status).toBe(204);
    expect((await sessionOf(user)).user).toBeNull();
    expect((await user.b.post('/api/auth/refresh')).status).toBe(401);
    expect((await browser(f.app).post('/api/auth/signin', { email: user.email, password: 'Salasona1' })).status).toBe(401);
    expect((await browser(f.app).post('/api/auth/signin', { email: user.email, password: 'UusSalasona7' })).status).toBe(200);
    const [record] = await auditRows('password_reset');
    expect(record).toMatchObject({ user_id: f.admin.userId, severity: 'high', resource_id: user.userId });
    expect(JSON.stringify(record)).not.toContain('UusSalasona7');
  });

  it('refuses an empty password and one that breaks the password rules, with the spec\'s messages, changing nothing', async () => {
    const user = await signedIn(f.app);
    const [before] = await f.app.rows(`SELECT password_hash FROM users WHERE id = '${user.userId}'`);
    for (const [password, message] of [
      ['', 'Sisesta uus salasõna'],
      ['lühike1', 'Salasõna ei vasta nõuetele'],
      ['koikvaiksed1', 'Salasõna ei vasta nõuetele'],
      ['A1b'.repeat(50), 'Salasõna ei vasta nõuetele'],
    ] as const) {
      const { status, body } = await send(f.admin, 'PUT', `/api/admin/users/${user.userId}/password`, { password });
      expect(status, password).toBe(422);
      expect(body.error.details, password).toEqual([{ path: 'password', message }]);
    }
    expect(await f.app.rows(`SELECT password_hash FROM users WHERE id = '${user.userId}'`)).toEqual([before]);
    expect(await sessionOf(user)).toMatchObject({ user: { email: user.email } });
    expect(await auditRows('password_reset')).toHaveLength(0);
  });

  it('answers 404 for an unknown user', async () => {
    const { status, body } = await send(f.admin, 'PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/password', { password: 'UusSalasona7' });
    expect(status).toBe(404);
    expect(body.error.code).toBe('account_not_found');
  });
});
