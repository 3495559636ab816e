import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { SessionBody } from '../../../src/lib/auth-schemas';
import { sessionRefreshTokens, sessions, userRoles, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { randomToken, sha256Hex, signAccessToken, verifyAccessToken } from './tokens';

/** A session dies after this long without use (DESIGN section 5)... */
export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
/** ...and this long after sign-in whatever happens. */
export const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** Two tabs refreshing at once present the same token twice; within this window that is a race, not theft. */
export const REFRESH_REUSE_GRACE_MS = 30 * 1000;
/** last_seen_at is written at most this often, so reading pages does not mean writing rows. */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

export interface IssuedSession {
  userId: string;
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  sessionExpiresAt: Date;
}

export interface AuthenticatedUser {
  sessionId: string;
  user: SessionBody['user'];
  isAdmin: boolean;
  accessExpiresAt: Date;
}

async function issueAccess(deps: Deps, userId: string, sessionId: string) {
  return signAccessToken(deps.config.authSecret, { userId, sessionId }, deps.now());
}

/**
 * A new session as a statement to run plus the tokens it stands for, so a caller can commit it in one batch with
 * the rest of a sign-in (fewer commits: each one is a synchronous fsync on a local file).
 */
export async function prepareSession(deps: Deps, userId: string, context: { ip?: string; userAgent?: string }) {
  const now = deps.now();
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken();
  const sessionExpiresAt = new Date(now.getTime() + ABSOLUTE_LIFETIME_MS);
  const insert = deps.db.insert(sessions).values({
    id: sessionId,
    userId,
    familyId: sessionId,
    refreshTokenHash: await sha256Hex(refreshToken),
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: sessionExpiresAt.toISOString(),
    userAgent: context.userAgent?.slice(0, 300),
    ip: context.ip,
  });
  const access = await issueAccess(deps, userId, sessionId);
  const issued: IssuedSession = { userId, sessionId, accessToken: access.token, refreshToken, accessExpiresAt: access.expiresAt, sessionExpiresAt };
  return { insert, issued };
}

export async function createSession(deps: Deps, userId: string, context: { ip?: string; userAgent?: string }): Promise<IssuedSession> {
  const { insert, issued } = await prepareSession(deps, userId, context);
  await insert;
  return issued;
}

export function deadReason(session: typeof sessions.$inferSelect, now: Date): string | null {
  if (session.revokedAt) return session.revokedReason ?? 'revoked';
  if (session.expiresAt <= now.toISOString()) return 'expired';
  if (new Date(session.lastSeenAt).getTime() + IDLE_TIMEOUT_MS <= now.getTime()) return 'idle_timeout';
  return null;
}

export async function revokeSessions(deps: Deps, where: SQL | undefined, reason: string): Promise<void> {
  await deps.db.update(sessions).set({ revokedAt: deps.now().toISOString(), revokedReason: reason }).where(and(where, isNull(sessions.revokedAt)));
}

/** Who the user is and whether they are an admin: what the session body tells the islands. */
export async function profileOf(deps: Deps, userId: string) {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const roles = await deps.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return { user, isAdmin: roles.some((r) => r.role === 'admin') };
}

/**
 * The user behind an access token, checked against the live session row (DESIGN section 5): a signed-out,
 * idle, expired or revoked session fails even while its JWT is still valid.
 */
export async function authenticate(deps: Deps, accessToken: string | undefined): Promise<AuthenticatedUser | null> {
  if (!accessToken) return null;
  const now = deps.now();
  const claims = await verifyAccessToken(deps.config.authSecret, accessToken, now);
  if (!claims) return null;
  // The session, its user and whether they are an admin in one query: every signed-in request starts here, and on
  // the edge each query is a round trip to the database (issue 40).
  const [row] = await deps.db
    .select({
      session: sessions,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      isAdmin: sql<number>`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${sessions.userId} AND ${userRoles.role} = 'admin')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, claims.sessionId));
  if (!row || row.session.userId !== claims.userId) return null;
  const { session } = row;
  const dead = deadReason(session, now);
  if (dead) {
    if (dead === 'idle_timeout' && !session.revokedAt) await revokeSessions(deps, eq(sessions.id, session.id), dead);
    return null;
  }
  if (now.getTime() - new Date(session.lastSeenAt).getTime() > LAST_SEEN_RESOLUTION_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now.toISOString() }).where(eq(sessions.id, session.id));
  }
  return { sessionId: session.id, user: row.user, isAdmin: Boolean(row.isAdmin), accessExpiresAt: claims.expiresAt };
}

export type RefreshOutcome =
  | { ok: true; issued: IssuedSession; profile: NonNullable<Awaited<ReturnType<typeof profileOf>>> }
  | { ok: false; reason: 'unknown' | 'dead' | 'reuse' | 'race' };

/**
 * Rotates a refresh token: the presented one is retired and a new one issued. A retired token presented again is
 * a sign it was stolen: the whole family of sessions is revoked (unless it is the two-tabs race of a moment ago).
 */
export async function refreshSession(deps: Deps, refreshToken: string | undefined): Promise<RefreshOutcome> {
  if (!refreshToken) return { ok: false, reason: 'unknown' };
  const now = deps.now();
  const hash = await sha256Hex(refreshToken);
  const [session] = await deps.db.select().from(sessions).where(eq(sessions.refreshTokenHash, hash));
  if (!session) {
    const [retired] = await deps.db.select().from(sessionRefreshTokens).where(eq(sessionRefreshTokens.tokenHash, hash));
    if (!retired) return { ok: false, reason: 'unknown' };
    if (now.getTime() - new Date(retired.retiredAt).getTime() < REFRESH_REUSE_GRACE_MS) return { ok: false, reason: 'race' };
    await revokeSessions(deps, eq(sessions.familyId, retired.familyId), 'refresh_reuse');
    return { ok: false, reason: 'reuse' };
  }
  const dead = deadReason(session, now);
  if (dead) {
    if (!session.revokedAt) await revokeSessions(deps, eq(sessions.id, session.id), dead);
    return { ok: false, reason: 'dead' };
  }
  const next = randomToken();
  const [rotated] = await deps.db.batch([
    deps.db
      .update(sessions)
      .set({ refreshTokenHash: await sha256Hex(next), lastSeenAt: now.toISOString() })
      .where(and(eq(sessions.id, session.id), eq(sessions.refreshTokenHash, hash)))
      .returning({ id: sessions.id }),
    deps.db.insert(sessionRefreshTokens).values({ tokenHash: hash, sessionId: session.id, familyId: session.familyId, retiredAt: now.toISOString() }).onConflictDoNothing(),
  ]);
  if (rotated.length === 0) return { ok: false, reason: 'race' };
  const profile = await profileOf(deps, session.userId);
  if (!profile) return { ok: false, reason: 'unknown' };
  const access = await issueAccess(deps, session.userId, session.id);
  return {
    ok: true,
    profile,
    issued: { userId: session.userId, sessionId: session.id, accessToken: access.token, refreshToken: next, accessExpiresAt: access.expiresAt, sessionExpiresAt: new Date(session.expiresAt) },
  };
}

/** Sign-out scopes of the spec: this session, every session of the user, or every other one. */
export async function signOut(deps: Deps, current: { sessionId: string; userId: string }, scope: 'global' | 'local' | 'others') {
  const mine = eq(sessions.userId, current.userId);
  if (scope === 'local') await revokeSessions(deps, eq(sessions.id, current.sessionId), 'signout');
  else if (scope === 'global') await revokeSessions(deps, mine, 'signout');
  else await revokeSessions(deps, and(mine, ne(sessions.id, current.sessionId)), 'signout_others');
}

export async function sessionOfRefreshToken(deps: Deps, refreshToken: string | undefined) {
  if (!refreshToken) return null;
  const [session] = await deps.db.select().from(sessions).where(eq(sessions.refreshTokenHash, await sha256Hex(refreshToken)));
  return session ?? null;
}
