import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authAttempts, authTokens, sessions, users } from '../../worker/db/schema';
import { AUTH_ATTEMPT_RETENTION_MS, EXPIRED_GRACE_MS, pruneAuthData, runScheduledJobs } from '../../worker/jobs';
import { createTestDeps } from '../helpers/test-deps';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const ahead = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const HOUR = 60 * 60 * 1000;

let env: Awaited<ReturnType<typeof createTestDeps>>;

beforeEach(async () => {
  env = await createTestDeps();
  env.deps.now = () => NOW;
  const { db } = env.deps;
  await db.insert(users).values({ id: 'u1', email: 'mari@example.com', passwordHash: '$argon2id$fixture' });
  await db.insert(authAttempts).values([
    { kind: 'signin', key: 'old@example.com', createdAt: ago(AUTH_ATTEMPT_RETENTION_MS + HOUR) },
    { kind: 'signin', key: 'recent@example.com', createdAt: ago(HOUR) },
  ]);
  await db.insert(authTokens).values([
    { userId: 'u1', purpose: 'password_reset', tokenHash: 'expired-long-ago', expiresAt: ago(EXPIRED_GRACE_MS + HOUR) },
    { userId: 'u1', purpose: 'password_reset', tokenHash: 'expired-just-now', expiresAt: ago(HOUR) },
    { userId: 'u1', purpose: 'email_confirmation', tokenHash: 'used-long-ago', expiresAt: ahead(HOUR), usedAt: ago(EXPIRED_GRACE_MS + HOUR) },
    { userId: 'u1', purpose: 'email_confirmation', tokenHash: 'live', expiresAt: ahead(HOUR) },
  ]);
  const session = (id: string, extra: Partial<typeof sessions.$inferInsert>) => ({
    id, userId: 'u1', familyId: id, refreshTokenHash: `hash-${id}`, expiresAt: ahead(HOUR), ...extra,
  });
  await db.insert(sessions).values([
    session('expired', { expiresAt: ago(EXPIRED_GRACE_MS + HOUR) }),
    session('revoked', { revokedAt: ago(EXPIRED_GRACE_MS + HOUR) }),
    session('revoked-recently', { revokedAt: ago(HOUR) }),
    session('alive', {}),
  ]);
});

afterEach(async () => {
  await env.cleanup();
});

describe('scheduled housekeeping', () => {
  it('removes only what is past its retention, and keeps live rows', async () => {
    const removed = await pruneAuthData(env.deps);
    expect(removed).toEqual({ attempts: 1, tokens: 2, sessions: 2 });

    const { db } = env.deps;
    expect((await db.select().from(authAttempts)).map((r) => r.key)).toEqual(['recent@example.com']);
    expect((await db.select().from(authTokens)).map((r) => r.tokenHash).sort()).toEqual(['expired-just-now', 'live']);
    expect((await db.select().from(sessions)).map((r) => r.id).sort()).toEqual(['alive', 'revoked-recently']);
  });

  it('is idempotent: a second run finds nothing more to do', async () => {
    await runScheduledJobs(env.deps);
    expect(await pruneAuthData(env.deps)).toEqual({ attempts: 0, tokens: 0, sessions: 0 });
  });
});
