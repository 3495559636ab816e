import { describe, expect, it } from 'vitest';
import { browser, confirmedAccount, rows } from './support';

// Accounts end to end in workerd: the Workers password hasher, the session cookies and the auth tables over Hrana.
const PASSWORD = 'Salasona1';

describe('accounts in workerd, over Hrana', () => {
  it('signs up, confirms from the mailed link, signs in, reads the session, refreshes and signs out', async () => {
    const { email, userId } = await confirmedAccount('kasutaja');

    const b = browser();
    const signin = await b.post('/api/auth/signin', { email, password: PASSWORD });
    expect(signin.status).toBe(200);
    expect(await signin.json()).toMatchObject({ user: { email }, isAdmin: false });
    for (const cookie of signin.headers.getSetCookie().filter((c) => /^(access|refresh)_token=/.test(c))) {
      expect(cookie).toMatch(/HttpOnly.*Secure|Secure.*HttpOnly/i);
    }
    // Beside the tokens, the pages' signed-in hint (src/lib/auth/browser-signals.ts): "1", nothing more.
    expect([...b.jar.keys()].sort()).toEqual(['access_token', 'refresh_token', 'signed_in']);
    expect(b.jar.get('signed_in')).toBe('1');
    expect(await (await b.get('/api/auth/session')).json()).toMatchObject({ user: { email }, isAdmin: false });

    const before = b.jar.get('refresh_token');
    const refreshed = await b.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect(b.jar.get('refresh_token')).not.toBe(before);
    expect(await (await b.get('/api/auth/session')).json()).toMatchObject({ user: { email } });

    // Sign-up's confirmation and this sign-in: two live sessions.
    expect(await rows('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL', [userId])).toEqual([{ n: 2 }]);
    const refreshToken = b.jar.get('refresh_token')!;
    expect((await b.post('/api/auth/signout', { scope: 'local' })).status).toBe(204);
    expect(b.jar.size).toBe(0);
    expect(await (await b.get('/api/auth/session')).json()).toEqual({ user: null, refreshable: false });
    expect((await browser().post('/api/auth/refresh', undefined, { Cookie: `refresh_token=${refreshToken}` })).status).toBe(401);
    expect(await rows('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL', [userId])).toEqual([{ n: 1 }]);
  });

  it('refuses a wrong password without a session', async () => {
    const { email } = await confirmedAccount('vale');
    const b = browser();
    const res = await b.post('/api/auth/signin', { email, password: 'Vale12345' });
    expect(res.status).toBe(401);
    expect(b.jar.size).toBe(0);
  });

  it('opens the admin API to a user with the admin role, and answers 401 without a session and 403 to a plain user', async () => {
    const anonymous = await browser().get('/api/admin/bookings');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });

    const { userId, confirmedIn: b } = await confirmedAccount('admin');
    expect((await b.get('/api/admin/bookings')).status).toBe(403);

    // As tests/helpers/admin-session.ts makes an admin: the role row, read on every request.
    await rows("INSERT INTO user_roles (user_id, role) VALUES (?, 'admin')", [userId]);
    const list = await b.get('/api/admin/bookings?pageSize=5');
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toBe('no-store');
    const body = await list.json<{ items: unknown[]; total: number; page: number; pageSize: number; counts: { total: number } }>();
    expect(body).toMatchObject({ page: 1, pageSize: 5, total: expect.any(Number), counts: { total: expect.any(Number) } });
    expect(body.items.length).toBeLessThanOrEqual(5);
    expect(await (await b.get('/api/auth/session')).json()).toMatchObject({ isAdmin: true });
  });
});
