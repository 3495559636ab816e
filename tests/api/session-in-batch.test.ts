/**
 * Issue 40: the routes that check the admin's session inside their own batch (worker/routes/admin/index.ts,
 * SESSION_IN_BATCH) answer exactly as a route that reads the session first: 401 for no, a revoked, an expired or an
 * idle session (the idle one revoked, as ever), 403 for a user who is not (or no longer) an admin, and nothing of the
 * request written or read back in any of those cases; last seen kept as ever. SESSION_LIVE_SQL equals deadReason.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SESSION_LIVE_SQL } from '../../worker/domain/auth/session-check';
import { deadReason, IDLE_TIMEOUT_MS } from '../../worker/domain/auth/sessions';
import { useApiFixture } from '../helpers/api-fixture';
import { signedIn } from '../helpers/admin-session';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';

const f = useApiFixture();

const PAYMENT = { kind: 'payment', amount: '100', overpayment: false, method: 'bank_transfer', receivedOn: '2025-09-15' };

/** What a refused request must leave as it was: the ledger, the audit trail, the booking. */
async function state(id: number) {
  return { payments: await f.app.count('payments'), audit: await f.app.count('audit_logs'), booking: await f.app.rows(`SELECT * FROM bookings WHERE id = ${id}`) };
}

/** Both routes, by `b`: the booking's detail and a payment on it. */
async function both(b: ReturnType<typeof browser>, id: number) {
  const detail = await b.get(`/api/admin/bookings/${id}`);
  const payment = await b.post(`/api/admin/bookings/${id}/payments`, PAYMENT);
  return { detail: { status: detail.status, body: await readJson(detail) }, payment: { status: payment.status, body: await readJson(payment) } };
}

const sessionOf = async (userId: string) => (await f.app.rows(`SELECT id, last_seen_at, revoked_at, revoked_reason FROM sessions WHERE user_id = '${userId}' ORDER BY created_at DESC LIMIT 1`))[0]!;

describe('the session checked in the batch', () => {
  it('serves a live admin: the detail, and the payment written with its audit record', async () => {
    const id = await f.pricedBooking();
    const before = await state(id);
    const { detail, payment } = await both(f.admin.b, id);
    expect(detail.status).toBe(200);
    expect(detail.body.booking.id).toBe(id);
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect(await f.app.count('payments')).toBe(before.payments + 1);
    // booking.view and payment.record, named for this admin.
    const audit = await f.app.rows(`SELECT action, user_id FROM audit_logs ORDER BY id DESC LIMIT 2`);
    expect(audit.map((a) => a.action).sort()).toEqual(['booking.view', 'payment.record']);
    expect(new Set(audit.map((a) => a.user_id))).toEqual(new Set([f.admin.userId]));
  });

  it('answers 401 to a signed-out session, writing and showing nothing', async () => {
    const id = await f.pricedBooking();
    const stolen = browser(f.app);
    // The same cookies, kept after the admin signed out: the access token is still a valid JWT for minutes.
    for (const [name, value] of f.admin.b.jar) stolen.jar.set(name, value);
    expect((await f.admin.b.post('/api/admin/session-timeout', {})).status).toBeLessThan(300);
    const before = await state(id);
    const { detail, payment } = await both(stolen, id);
    expect([detail.status, payment.status]).toEqual([401, 401]);
    expect(detail.body.error.code).toBe('unauthenticated');
    expect(detail.body.booking).toBeUndefined();
    expect(payment.body.error.code).toBe('unauthenticated');
    expect(await state(id)).toEqual(before);
  });

  it('answers 401 to an idle session and revokes it, as a session read first does', async () => {
    const id = await f.pricedBooking();
    const { id: sessionId } = await sessionOf(f.admin.userId);
    await f.app.deps.db.run(sql`UPDATE sessions SET last_seen_at = ${new Date(f.clock.now.getTime() - IDLE_TIMEOUT_MS).toISOString()} WHERE id = ${sessionId}`);
    const before = await state(id);
    const { detail, payment } = await both(f.admin.b, id);
    expect([detail.status, payment.status]).toEqual([401, 401]);
    expect(await state(id)).toEqual(before);
    expect(await sessionOf(f.admin.userId)).toMatchObject({ revoked_reason: 'idle_timeout' });
  });

  it('answers 403 to a user who is not an admin, and to an admin whose role was taken away', async () => {
    const id = await f.pricedBooking();
    const guest = await signedIn(f.app);
    const before = await state(id);
    const asGuest = await both(guest.b, id);
    expect([asGuest.detail.status, asGuest.payment.status]).toEqual([403, 403]);
    expect(asGuest.payment.body.error.code).toBe('forbidden');
    await f.app.deps.db.run(sql`DELETE FROM user_roles WHERE user_id = ${f.admin.userId}`);
    const demoted = await both(f.admin.b, id);
    expect([demoted.detail.status, demoted.payment.status]).toEqual([403, 403]);
    expect(await state(id)).toEqual(before);
  });

  it('answers 401, not 404 or 422, when the session is dead and the request would have failed anyway', async () => {
    const { id: sessionId } = await sessionOf(f.admin.userId);
    await f.app.deps.db.run(sql`UPDATE sessions SET revoked_at = ${f.clock.now.toISOString()}, revoked_reason = 'test' WHERE id = ${sessionId}`);
    expect((await f.admin.b.get('/api/admin/bookings/999999')).status).toBe(401);
    const invalid = await f.admin.b.post('/api/admin/bookings/999999/payments', { ...PAYMENT, amount: 'paljud' });
    expect(invalid.status).toBe(401);
  });

  it('keeps the 404 and the validation answers for a live admin', async () => {
    expect((await f.admin.b.get('/api/admin/bookings/999999')).status).toBe(404);
    expect((await f.admin.b.post('/api/admin/bookings/999999/payments', PAYMENT)).status).toBe(404);
    expect((await f.admin.b.post('/api/admin/bookings/999999/payments', { ...PAYMENT, amount: 'paljud' })).status).toBe(422);
  });

  it('keeps last seen as a session read first does: written when more than a minute old', async () => {
    const id = await f.pricedBooking();
    const seen = (await sessionOf(f.admin.userId)).last_seen_at;
    f.clock.tick(30_000);
    await both(f.admin.b, id);
    expect((await sessionOf(f.admin.userId)).last_seen_at).toBe(seen);
    f.clock.tick(61_000);
    expect((await f.admin.b.get(`/api/admin/bookings/${id}`)).status).toBe(200);
    expect((await sessionOf(f.admin.userId)).last_seen_at).toBe(f.clock.now.toISOString());
  });
});

describe('SESSION_LIVE_SQL equals deadReason', () => {
  it('for random revocations, ends, last-seen times and instants', async () => {
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const instant = fc.integer({ min: -40 * 86_400_000, max: 40 * 86_400_000 }).map((ms) => new Date(base + ms));
    await fc.assert(
      fc.asyncProperty(fc.record({ revoked: fc.boolean(), expiresAt: instant, lastSeenAt: instant, now: instant }), async (s) => {
        const session = { revokedAt: s.revoked ? s.now.toISOString() : null, revokedReason: null, expiresAt: s.expiresAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() };
        const [row] = await f.app.deps.db.all<{ live: number }>(sql`
          SELECT ${SESSION_LIVE_SQL('s', s.now)} AS live FROM (SELECT ${session.revokedAt} AS revoked_at, ${session.expiresAt} AS expires_at, ${session.lastSeenAt} AS last_seen_at) AS s`);
        expect(Number(row!.live) === 1).toBe(deadReason(session as never, s.now) === null);
      }),
      { numRuns: 300 },
    );
  });
});
