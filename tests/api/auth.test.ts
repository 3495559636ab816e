import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../src/lib/validation/messages';
import { ACCESS_TOKEN_TTL_S } from '../../worker/domain/auth/tokens';
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS, REFRESH_REUSE_GRACE_MS } from '../../worker/domain/auth/sessions';
import { CONFIRMATION_TTL_MS, RESET_TTL_MS } from '../../worker/domain/auth/accounts';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { agreementHashes } from '../helpers/booking-fixtures';
import { addLatency } from '../helpers/db-delays';
import { rawRequest, readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';

const f = useApiFixture({ admin: false, clock: '2026-03-01T08:00:00.000Z' });
const advance = (ms: number) => f.clock.tick(ms);

const PASSWORD = 'Salasona1';
let n = 0;
const account = (over: Record<string, string> = {}) => ({ email: `kasutaja${++n}@example.com`, password: PASSWORD, firstName: 'Mari', lastName: 'Tamm', ...over });

/** The newest link of a kind that went out by mail to `email` (the recording transport keeps every message). */
async function linkToken(email: string, kind: 'confirm' | 'reset'): Promise<string> {
  await Promise.allSettled(f.app.background);
  const mails = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.filter((m) => m.to === email);
  const match = new RegExp(`/auth#${kind}=([A-Za-z0-9_-]{43})`).exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no ${kind} link for ${email}`);
  return match[1]!;
}

/** A confirmed account, signed in, in its own browser. */
async function signedInUser(over: Record<string, string> = {}) {
  const who = account(over);
  const b = browser(f.app);
  expect((await b.post('/api/auth/signup', who)).status).toBe(201);
  expect((await b.post('/api/auth/confirm', { token: await linkToken(who.email, 'confirm') })).status).toBe(200);
  return { ...who, b };
}

describe('sign-up', () => {
  it('creates the account, e-mails a confirmation link and does not sign in yet', async () => {
    const who = account({ email: '  Uus.Kasutaja@Example.COM ' });
    const b = browser(f.app);
    const res = await b.post('/api/auth/signup', who);
    expect(res.status).toBe(201);
    expect(await readJson(res)).toEqual({ status: 'confirmation_sent' });
    expect(b.jar.size).toBe(0);
    const [user] = await f.app.rows('SELECT email, password_hash, email_confirmed_at FROM users');
    expect(user).toMatchObject({ email: 'uus.kasutaja@example.com', email_confirmed_at: null });
    expect(String(user!.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await linkToken('uus.kasutaja@example.com', 'confirm')).toHaveLength(43);
    const [token] = await f.app.rows('SELECT token_hash FROM auth_tokens');
    expect(String(token!.token_hash)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['email', { email: 'pole-aadress' }, FIELD_MESSAGES.emailInvalid],
    ['password', { password: 'lühike1A' .slice(0, 7) }, FIELD_MESSAGES.passwordTooShort],
    ['password', { password: 'koikvaiksed1' }, FIELD_MESSAGES.passwordWeak],
    ['password', { password: `Aa1${'x'.repeat(126)}` }, FIELD_MESSAGES.passwordTooLong],
    ['firstName', { firstName: 'M' }, FIELD_MESSAGES.nameTooShort],
    ['lastName', { lastName: '<b>Tamm</b>' }, FIELD_MESSAGES.nameInvalid],
  ])('refuses a bad %s with the spec message', async (path, over, message) => {
    const res = await browser(f.app).post('/api/auth/signup', account(over));
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details).toContainEqual({ path, message });
    expect(await f.app.count('users')).toBe(0);
  });

  it('answers 409 "Konto juba eksisteerib" for a registered e-mail', async () => {
    const who = account();
    await browser(f.app).post('/api/auth/signup', who);
    const again = await browser(f.app).post('/api/auth/signup', { ...who, email: who.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error).toEqual({ code: 'account_exists', message: 'Konto juba eksisteerib' });
  });
});

describe('per-IP limit on the endpoints that send e-mail', () => {
  it('counts sign-up, resend and recover together and answers 429 past the limit', async () => {
    f.app.deps.config.limits.emailSend = { max: 3, windowMs: 15 * 60 * 1000 };
    const b = browser(f.app);
    const statuses = [
      (await b.post('/api/auth/signup', account())).status,
      (await b.post('/api/auth/resend', { email: 'keegi@example.com' })).status,
      (await b.post('/api/auth/recover', { email: 'keegi@example.com' })).status,
      (await b.post('/api/auth/recover', { email: 'teine@example.com' })).status,
    ];
    expect(statuses).toEqual([201, 200, 200, 429]);
    const limited = await b.post('/api/auth/signup', account());
    expect(limited.status).toBe(429);
    expect((await readJson(limited)).error.code).toBe('rate_limited');
    expect(await f.app.count('users')).toBe(1);
  });
});

describe('e-mail confirmation', () => {
  it('signs in once, then the link is spent; an expired link says so', async () => {
    const who = account();
    const b = browser(f.app);
    await b.post('/api/auth/signup', who);
    const token = await linkToken(who.email, 'confirm');
    const res = await b.post('/api/auth/confirm', { token });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ user: { email: who.email, firstName: 'Mari' }, isAdmin: false });
    expect((await readJson(await b.post('/api/auth/confirm', { token }))).error.code).toBe('invalid_token');

    const late = account();
    await browser(f.app).post('/api/auth/signup', late);
    const lateToken = await linkToken(late.email, 'confirm');
    advance(CONFIRMATION_TTL_MS + 1000);
    expect((await readJson(await browser(f.app).post('/api/auth/confirm', { token: lateToken }))).error.code).toBe('token_expired');
  });

  it('resend answers the same for any address and mails only unconfirmed accounts', async () => {
    const who = account();
    await browser(f.app).post('/api/auth/signup', who);
    const before = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.length;
    for (const email of [who.email, 'keegi@example.com']) {
      const res = await browser(f.app).post('/api/auth/resend', { email });
      expect(await readJson(res)).toEqual({ status: 'sent' });
    }
    await Promise.allSettled(f.app.background);
    expect((f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.length).toBe(before + 1);
  });
});

describe('sign-in', () => {
  it('refuses an unconfirmed e-mail and wrong credentials with their codes and messages', async () => {
    const who = account();
    await browser(f.app).post('/api/auth/signup', who);
    const unconfirmed = await browser(f.app).post('/api/auth/signin', { email: who.email, password: PASSWORD });
    expect(unconfirmed.status).toBe(403);
    expect((await readJson(unconfirmed)).error.code).toBe('email_not_confirmed');

    const wrong = await browser(f.app).post('/api/auth/signin', { email: 'keegi@example.com', password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect((await readJson(wrong)).error).toEqual({ code: 'invalid_credentials', message: 'Sisselogimine ebaõnnestus: Vale e-posti aadress või salasõna' });
  });

  it('checks only the e-mail format on the form: "Vigane e-posti aadress"', async () => {
    const res = await browser(f.app).post('/api/auth/signin', { email: 'vale', password: 'x' });
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details).toEqual([{ path: 'email', message: 'Vigane e-posti aadress' }]);
  });

  it('signs in with HttpOnly, Secure, SameSite=Lax cookies and a session the API recognises', async () => {
    const who = await signedInUser();
    const b = browser(f.app);
    const res = await b.post('/api/auth/signin', { email: who.email, password: PASSWORD });
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    const tokens = cookies.filter((c) => /^(access|refresh)_token=/.test(c));
    expect(tokens).toHaveLength(2);
    for (const cookie of tokens) expect(cookie).toMatch(/HttpOnly/i), expect(cookie).toMatch(/Secure/i), expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookies.find((c) => c.startsWith('refresh_token='))).toMatch(/Path=\/api\/auth/);
    // The pages' hint (src/lib/auth/browser-signals.ts): readable by scripts, and nothing in it but "1".
    const hint = cookies.find((c) => c.startsWith('signed_in='));
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/Path=\/;/), expect(hint).toMatch(/Secure/i), expect(hint).toMatch(/SameSite=Lax/i);
    expect(cookies).toHaveLength(3);
    const body = await readJson(res);
    expect(JSON.stringify(body)).not.toMatch(/eyJ|token/i);
    expect(await readJson(await b.get('/api/auth/session'))).toMatchObject({ user: { email: who.email }, isAdmin: false });
    expect(await readJson(await browser(f.app).get('/api/auth/session'))).toEqual({ user: null, refreshable: false });
  });

  it('keeps the signed-in hint with the session: cleared on sign-out, cleared when stale, given to a session without one', async () => {
    const who = await signedInUser();
    const b = browser(f.app);
    await b.post('/api/auth/signin', { email: who.email, password: PASSWORD });
    expect(b.jar.get('signed_in')).toBe('1');
    expect((await b.post('/api/auth/signout', { scope: 'local' })).status).toBe(204);
    expect(b.jar.has('signed_in')).toBe(false);

    // A hint left behind (the session cookies gone): the answer "nobody" clears it.
    const stale = browser(f.app);
    stale.jar.set('signed_in', '1');
    expect(await readJson(await stale.get('/api/auth/session'))).toEqual({ user: null, refreshable: false });
    expect(stale.jar.has('signed_in')).toBe(false);

    // A session from before the hint: reading it sets one.
    const earlier = browser(f.app);
    await earlier.post('/api/auth/signin', { email: who.email, password: PASSWORD });
    earlier.jar.delete('signed_in');
    expect(await readJson(await earlier.get('/api/auth/session'))).toMatchObject({ user: { email: who.email } });
    expect(earlier.jar.get('signed_in')).toBe('1');

    // Nobody, and no hint: nothing to set or clear.
    expect((await browser(f.app).get('/api/auth/session')).headers.getSetCookie()).toEqual([]);
  });

  it('allows 3 attempts per e-mail per 15 minutes across sign-up and sign-in; the 4th gets 429', async () => {
    const who = await signedInUser();
    const b = browser(f.app);
    // The successful confirmation does not count; sign-up did (1), so two wrong sign-ins reach the limit.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await b.post('/api/auth/signin', { email: who.email, password: 'Vale1234' })).status);
    expect(statuses).toEqual([401, 401, 429]);
    const limited = await b.post('/api/auth/signin', { email: who.email, password: PASSWORD });
    expect(limited.status).toBe(429);
    const { error } = await readJson(limited);
    expect(error.message).toBe('Liiga palju katseid');
    expect(error.details[0].message).toBe('Palun oodake 15 minutit enne uut katset');
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);

    advance(15 * 60 * 1000 + 1000);
    expect((await b.post('/api/auth/signin', { email: who.email, password: PASSWORD })).status).toBe(200);
  });

  it('limits sign-ins per client address too, with the same 429, before any password is hashed', async () => {
    f.app.deps.config.limits.signIn = { max: 3, windowMs: 15 * 60 * 1000 };
    const { hash, verify } = f.app.deps.passwords;
    let argon2Runs = 0;
    f.app.deps.passwords = {
      hash: async (password) => (argon2Runs++, hash(password)),
      verify: async (phc, password) => (argon2Runs++, verify(phc, password)),
    };
    // Password spraying: one client, one password, a new address each time (each well within its own 3).
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await browser(f.app).post('/api/auth/signin', { email: `ohver${i}@example.com`, password: 'Suvi2026' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(argon2Runs).toBe(3);
    const limited = await browser(f.app).post('/api/auth/signin', { email: 'veel.uks@example.com', password: 'Suvi2026' });
    expect(limited.status).toBe(429);
    const { error } = await readJson(limited);
    expect(error).toMatchObject({ code: 'too_many_attempts', message: 'Liiga palju katseid', details: [{ message: 'Palun oodake 15 minutit enne uut katset' }] });
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The refused attempts never reached the per-e-mail count, so they do not lock the addresses' owners out.
    expect(await f.app.rows("SELECT key FROM auth_attempts WHERE kind = 'signin' AND key = 'veel.uks@example.com'")).toEqual([]);

    advance(15 * 60 * 1000 + 1000);
    expect((await browser(f.app).post('/api/auth/signin', { email: 'veel.uks@example.com', password: 'Suvi2026' })).status).toBe(401);
  });

  it('a successful sign-in clears the e-mail\'s failures', async () => {
    const who = await signedInUser();
    advance(16 * 60 * 1000);
    await browser(f.app).post('/api/auth/signin', { email: who.email, password: 'Vale1234' });
    await browser(f.app).post('/api/auth/signin', { email: who.email, password: PASSWORD });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await browser(f.app).post('/api/auth/signin', { email: who.email, password: 'Vale1234' })).status);
    expect(statuses).toEqual([401, 401, 401]);
  });

  it('records login attempts and raises a critical event past 10 in 24 hours', async () => {
    const who = await signedInUser();
    for (let i = 0; i < 11; i++) {
      advance(16 * 60 * 1000); // stay under the per-e-mail limit
      await browser(f.app).post('/api/auth/signin', { email: who.email, password: i % 2 ? PASSWORD : 'Vale1234' });
    }
    // Failed attempts are recorded after their answer.
    await Promise.allSettled(f.app.background);
    const logins = await f.app.rows("SELECT metadata FROM audit_logs WHERE action = 'login'");
    expect(logins).toHaveLength(11);
    expect(JSON.stringify(await f.app.rows('SELECT * FROM audit_logs'))).not.toContain(PASSWORD);
    expect(await f.app.rows("SELECT severity FROM audit_logs WHERE action = 'excessive_login_attempts'")).toEqual([{ severity: 'critical' }]);
  });
});

describe('tokens', () => {
  async function accessOf(b: ReturnType<typeof browser>) {
    return b.jar.get('access_token')!;
  }
  const asAccess = (token: string) => ({ get: (path: string) => fetch(`${f.app.origin}${path}`, { headers: { Cookie: `access_token=${token}` } }) });

  it('dates its answers by the clock that dates the tokens, so a browser reads the expiry on its own clock right', async () => {
    const { b } = await signedInUser();
    const res = await b.get('/api/auth/session');
    // The test clock is months away from the machine's: a host-written Date would put the expiry in the past.
    expect(res.headers.get('Date')).toBe(f.clock.now.toUTCString());
    const { expiresAt } = await readJson(res);
    expect(Date.parse(expiresAt) - Date.parse(res.headers.get('Date')!)).toBeGreaterThan(ACCESS_TOKEN_TTL_S * 1000 - 2000);
    expect((await b.post('/api/auth/signin', { email: 'x@example.com', password: 'vale' })).headers.get('Date')).toBe(f.clock.now.toUTCString());
  });

  it('rejects forged, expired, wrong-key and alg-none access tokens', async () => {
    const { b } = await signedInUser();
    const good = await accessOf(b);
    const [header, payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const wrongKey = await new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuedAt().setExpirationTime('15m').sign(new TextEncoder().encode('some-other-secret'));
    expect((await readJson(await asAccess(good).get('/api/auth/session'))).user).not.toBeNull();
    for (const bad of [`${header}.${forgedPayload}.${signature}`, none, wrongKey, 'garbage']) {
      expect((await readJson(await asAccess(bad).get('/api/auth/session'))).user).toBeNull();
    }
    advance((ACCESS_TOKEN_TTL_S + 1) * 1000);
    expect((await readJson(await asAccess(good).get('/api/auth/session'))).user).toBeNull();
  });

  it('refresh rotates the token; a reused old token revokes the whole family', async () => {
    const { b } = await signedInUser();
    const first = b.jar.get('refresh_token')!;
    expect((await b.post('/api/auth/refresh')).status).toBe(200);
    const second = b.jar.get('refresh_token')!;
    expect(second).not.toBe(first);

    // Within a moment, a second presentation of the old token is two tabs racing: refused, nothing revoked.
    const racing = await fetch(`${f.app.origin}/api/auth/refresh`, { method: 'POST', headers: { Origin: f.app.origin, Cookie: `refresh_token=${first}` } });
    expect(racing.status).toBe(401);
    expect((await readJson(await b.get('/api/auth/session'))).user).not.toBeNull();

    advance(REFRESH_REUSE_GRACE_MS + 1000);
    const thief = await fetch(`${f.app.origin}/api/auth/refresh`, { method: 'POST', headers: { Origin: f.app.origin, Cookie: `refresh_token=${first}` } });
    expect(thief.status).toBe(401);
    expect((await b.post('/api/auth/refresh')).status).toBe(401);
    expect((await readJson(await b.get('/api/auth/session'))).user).toBeNull();
    expect(await f.app.rows("SELECT revoked_reason FROM sessions")).toEqual([{ revoked_reason: 'refresh_reuse' }]);
  });

  it('ends a session after 8 idle hours and 30 days in all, whatever the JWT says', async () => {
    const { b } = await signedInUser();
    advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await b.post('/api/auth/refresh')).status).toBe(200);
    advance(IDLE_TIMEOUT_MS + 1000);
    expect((await b.post('/api/auth/refresh')).status).toBe(401);

    const other = await signedInUser();
    for (let elapsed = 0; elapsed < ABSOLUTE_LIFETIME_MS - IDLE_TIMEOUT_MS; elapsed += IDLE_TIMEOUT_MS / 2) {
      advance(IDLE_TIMEOUT_MS / 2);
      expect((await other.b.post('/api/auth/refresh')).status).toBe(200);
    }
    advance(IDLE_TIMEOUT_MS);
    expect((await other.b.post('/api/auth/refresh')).status).toBe(401);
  });
});

describe('sign-out scopes', () => {
  async function twoSessions() {
    const who = await signedInUser();
    const second = browser(f.app);
    await second.post('/api/auth/signin', { email: who.email, password: PASSWORD });
    return { first: who.b, second };
  }
  const alive = async (b: ReturnType<typeof browser>) => (await readJson(await b.get('/api/auth/session'))).user !== null;

  it('local ends only this session, others every other one, global all of them', async () => {
    let s = await twoSessions();
    expect((await s.first.post('/api/auth/signout', { scope: 'local' })).status).toBe(204);
    expect([await alive(s.first), await alive(s.second)]).toEqual([false, true]);

    s = await twoSessions();
    await s.first.post('/api/auth/signout', { scope: 'others' });
    expect([await alive(s.first), await alive(s.second)]).toEqual([true, false]);

    s = await twoSessions();
    await s.first.post('/api/auth/signout', { scope: 'global' });
    expect([await alive(s.first), await alive(s.second)]).toEqual([false, false]);
    expect(s.first.jar.size).toBe(0);
  });

  it('refuses an unknown scope', async () => {
    const { b } = await signedInUser();
    expect((await b.post('/api/auth/signout', { scope: 'everything' })).status).toBe(422);
  });
});

describe('password recovery', () => {
  it('answers the same whether or not the address has an account', async () => {
    const who = await signedInUser();
    const known = await browser(f.app).post('/api/auth/recover', { email: who.email });
    const unknown = await browser(f.app).post('/api/auth/recover', { email: 'keegi@example.com' });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await readJson(known)).toEqual(await readJson(unknown));
  });

  it('sets the new password, confirms the e-mail, ends other sessions; the link works once and for an hour', async () => {
    const who = account();
    await browser(f.app).post('/api/auth/signup', who); // never confirmed
    const old = await signedInUser();
    await browser(f.app).post('/api/auth/recover', { email: who.email });
    const token = await linkToken(who.email, 'reset');
    const b = browser(f.app);
    const res = await b.post('/api/auth/reset', { token, password: 'UusSalasona2' });
    expect(res.status).toBe(200);
    expect((await f.app.rows(`SELECT email_confirmed_at FROM users WHERE email = '${who.email}'`))[0]!.email_confirmed_at).not.toBeNull();
    expect((await b.post('/api/auth/reset', { token, password: 'UusSalasona3' })).status).toBe(400);
    expect((await browser(f.app).post('/api/auth/signin', { email: who.email, password: 'UusSalasona2' })).status).toBe(200);
    expect(await f.app.rows("SELECT severity FROM audit_logs WHERE action = 'password_reset'")).toEqual([{ severity: 'high' }]);

    // Other sessions of that user end.
    await browser(f.app).post('/api/auth/recover', { email: old.email });
    await browser(f.app).post('/api/auth/reset', { token: await linkToken(old.email, 'reset'), password: 'UusSalasona2' });
    expect((await readJson(await old.b.get('/api/auth/session'))).user).toBeNull();

    await browser(f.app).post('/api/auth/recover', { email: who.email });
    const lateToken = await linkToken(who.email, 'reset');
    advance(RESET_TTL_MS + 1000);
    expect((await readJson(await browser(f.app).post('/api/auth/reset', { token: lateToken, password: 'UusSalasona4' }))).error.code).toBe('token_expired');
  });

  it('builds the reset link from the configured origin only, never from a forged Host header', async () => {
    const who = await signedInUser();
    const mails = f.app.deps.mail as ReturnType<typeof recordingTransport>;
    const sentBefore = mails.sent.length;
    const recover = (headers: Record<string, string>) =>
      rawRequest(`${f.app.origin}/api/auth/recover`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ email: who.email }) });

    // Host and Origin agree on the attacker's name: the CSRF check no longer takes the request's word for the site.
    const forged = await recover({ Host: 'evil.example', Origin: 'http://evil.example' });
    expect(forged.status).toBe(403);
    await Promise.allSettled(f.app.background);
    expect(mails.sent.length).toBe(sentBefore);

    // The right Origin with a forged Host: answered, and the link still points at the configured site.
    const hostOnly = await recover({ Host: 'evil.example', Origin: f.app.origin });
    expect(hostOnly.status).toBe(200);
    await Promise.allSettled(f.app.background);
    const mail = mails.sent.at(-1)!;
    expect(mail.to).toBe(who.email);
    expect(mail.text).toContain(`${f.app.origin}/auth#reset=`);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('applies the password rules to the new password', async () => {
    const res = await browser(f.app).post('/api/auth/reset', { token: 'a'.repeat(43), password: 'nõrk' });
    expect(res.status).toBe(422);
  });
});

describe('first-admin setup', () => {
  const admin = () => ({ email: 'juht@example.com', password: 'Admin12345', firstName: 'Ada', lastName: 'Admin' });

  it('works only with the setup token and only while no admin exists', async () => {
    expect(await readJson(await browser(f.app).get('/api/setup/status'))).toEqual({ adminExists: false });
    expect((await browser(f.app).post('/api/setup/create-main-admin', admin())).status).toBe(422);
    const wrong = await browser(f.app).post('/api/setup/create-main-admin', { ...admin(), token: 'guess' });
    expect(wrong.status).toBe(403);
    expect(await f.app.count('users')).toBe(0);

    const ok = await browser(f.app).post('/api/setup/create-main-admin', { ...admin(), token: 'test-setup-token' });
    expect(ok.status).toBe(201);
    expect(await readJson(await browser(f.app).get('/api/setup/status'))).toEqual({ adminExists: true });
    const again = await browser(f.app).post('/api/setup/create-main-admin', { ...admin(), email: 'teine@example.com', token: 'test-setup-token' });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.message).toBe('Admin Already Set Up');

    const b = browser(f.app);
    const signIn = await b.post('/api/auth/signin', { email: 'juht@example.com', password: 'Admin12345' });
    expect((await readJson(signIn)).isAdmin).toBe(true);
  });

  it('promotes a registered user, and says "User not found" for anyone else', async () => {
    const missing = await browser(f.app).post('/api/setup/promote', { token: 'test-setup-token', email: 'keegi@example.com' });
    expect(missing.status).toBe(404);
    expect((await readJson(missing)).error).toMatchObject({ code: 'user_not_found', message: 'User not found', details: [{ message: 'Please make sure this user has signed up first.' }] });
    const who = await signedInUser();
    expect((await browser(f.app).post('/api/setup/promote', { token: 'test-setup-token', email: who.email })).status).toBe(200);
    expect((await readJson(await who.b.get('/api/auth/session'))).isAdmin).toBe(true);
    expect((await browser(f.app).post('/api/setup/promote', { token: 'test-setup-token', email: who.email })).status).toBe(409);
  });
});

describe('first-admin setup under concurrency', () => {
  const statusesOf = async (responses: Response[]) => {
    const out: Record<string, number> = {};
    for (const res of responses) {
      const key = res.status === 409 ? `409 ${(await readJson(res)).error.code}` : String(res.status);
      out[key] = (out[key] ?? 0) + 1;
    }
    return out;
  };
  const admins = async () => Number((await f.app.rows("SELECT count(*) AS n FROM user_roles WHERE role = 'admin'"))[0]!.n);
  // Each statement a few milliseconds away, as with Turso: a check-then-write would now let every call through.
  beforeEach(() => addLatency(f.app.deps, 5));

  it('ten concurrent create-main-admin calls make exactly one admin; the others get "Admin Already Set Up"', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        browser(f.app).post('/api/setup/create-main-admin', { token: 'test-setup-token', email: `juht${i}@example.com`, password: 'Admin12345', firstName: 'Ada', lastName: 'Admin' }),
      ),
    );
    expect(await statusesOf(responses)).toEqual({ 201: 1, '409 admin_exists': 9 });
    expect(await admins()).toBe(1);
    // The losers' accounts were not left behind either.
    expect(await f.app.count('users')).toBe(1);
    expect(await f.app.rows("SELECT action FROM audit_logs WHERE action = 'role_change'")).toHaveLength(1);
  });

  it('ten concurrent promotions of ten registered users make exactly one admin', async () => {
    const hash = await f.app.deps.passwords.hash('Salasona1');
    for (let i = 0; i < 10; i++) {
      await f.app.deps.sql.execute({ sql: "INSERT INTO users (id, email, password_hash) VALUES (?, ?, ?)", args: [`u${i}`, `liige${i}@example.com`, hash] });
    }
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => browser(f.app).post('/api/setup/promote', { token: 'test-setup-token', email: `liige${i}@example.com` })),
    );
    expect(await statusesOf(responses)).toEqual({ 200: 1, '409 admin_exists': 9 });
    expect(await admins()).toBe(1);
  });

  it('refuses a client that sent too many wrong setup tokens with 429 and Retry-After, even with the right one', async () => {
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push((await browser(f.app).post('/api/setup/promote', { token: `arvatud-${i}`, email: 'keegi@example.com' })).status);
    expect(wrong).toEqual([403, 403, 403, 403, 403]);
    const limited = await browser(f.app).post('/api/setup/create-main-admin', { token: 'test-setup-token', email: 'juht@example.com', password: 'Admin12345', firstName: 'Ada', lastName: 'Admin' });
    expect(limited.status).toBe(429);
    expect((await readJson(limited)).error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await f.app.count('users')).toBe(0);

    advance(15 * 60 * 1000 + 1000);
    const ok = await browser(f.app).post('/api/setup/create-main-admin', { token: 'test-setup-token', email: 'juht@example.com', password: 'Admin12345', firstName: 'Ada', lastName: 'Admin' });
    expect(ok.status).toBe(201);
  });
});

describe('/api/admin', () => {
  const ADMIN_ROUTES: [string, string][] = [['GET', '/api/admin/dashboard'], ['POST', '/api/admin/session-timeout'], ['GET', '/api/admin/anything-else'], ['GET', '/api/admin/bookings'], ['GET', '/api/admin/guests']];

  it('answers 401 to anonymous and 403 to a plain user on every route', async () => {
    const user = await signedInUser();
    for (const [method, path] of ADMIN_ROUTES) {
      const anon = method === 'GET' ? await browser(f.app).get(path) : await browser(f.app).post(path);
      expect(anon.status, `${method} ${path}`).toBe(401);
      const plain = method === 'GET' ? await user.b.get(path) : await user.b.post(path);
      expect(plain.status, `${method} ${path}`).toBe(403);
      expect((await readJson(plain)).error.message).toBe('You need admin privileges to access this page');
    }
  });

  it('gives an admin the real counts, and stops at once when the session ends', async () => {
    const who = await signedInUser();
    await browser(f.app).post('/api/setup/promote', { token: 'test-setup-token', email: who.email });
    // Booked while January still took requests; the dashboard is read on the tests' clock (1.03.2026).
    const at = f.clock.now.toISOString();
    await f.clock.set('2025-12-01T10:00:00.000Z');
    const booked = await f.app.post('/api/bookings', { firstName: 'Mari', lastName: 'Tamm', birthday: '1990-01-01', email: 'b@example.com', phone: '51234567', retreatMonth: 'jan-2026', roomType: 'single-room', travelWith: 'alone', termsAccepted: true, waiverAccepted: true, agreements: agreementHashes() });
    await f.clock.set(at);
    expect(booked.status).toBe(201);
    const res = await who.b.get('/api/admin/dashboard');
    // The three editions every database starts with; only March's is still ahead on 1.03.2026, with no bookings.
    const body = await readJson(res);
    expect(body).toMatchObject({ counts: { users: 1, clients: 1, bookings: 1, retreats: 3 }, criticalEvents: { total: 0, items: [] } });
    expect(body.upcomingRetreats.map((r: { startDate: string; bookings: number }) => [r.startDate, r.bookings])).toEqual([['2026-03-14', 0]]);

    const timeout = await who.b.post('/api/admin/session-timeout');
    expect(timeout.status).toBe(204);
    expect(await f.app.rows("SELECT severity FROM audit_logs WHERE action = 'session_timeout'")).toEqual([{ severity: 'medium' }]);
    // The JWT is still unexpired, but the session row is gone: refused.
    const access = who.b.jar.get('access_token');
    expect(access).toBeUndefined();
  });

  it('a revoked session is refused even with its still-valid access token', async () => {
    const who = await signedInUser();
    await browser(f.app).post('/api/setup/promote', { token: 'test-setup-token', email: who.email });
    const token = who.b.jar.get('access_token')!;
    await f.app.deps.sql.execute("UPDATE sessions SET revoked_at = '2026-03-01T08:00:00.000Z'");
    const res = await fetch(`${f.app.origin}/api/admin/dashboard`, { headers: { Cookie: `access_token=${token}` } });
    expect(res.status).toBe(401);
  });
});
