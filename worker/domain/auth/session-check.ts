/**
 * The session checked inside a request's own batch (issue 40): on the edge each query is a round trip to the
 * database, and a signed-in request that first reads its session and then writes pays two. For the routes that opt
 * in (worker/http/auth.ts), the access token is verified as ever, and the session row is checked by the first
 * statements of the handler's batch: the same rule as `authenticate` (./sessions.ts), in SQL. A dead session, another
 * user's, or a user no longer an admin makes the batch refuse itself, so nothing of it is written or read back.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { AppDeps } from '../../deps';
import { failedWith } from '../../db/failures';
import { ApiError } from '../../errors';
import type { AccessClaims } from './tokens';
import { IDLE_TIMEOUT_MS, LAST_SEEN_RESOLUTION_MS } from './sessions';

type Statement = ReturnType<AppDeps['db']['run']>;

/**
 * A session alive at `now`, in SQL over the sessions row `alias`: the negation of deadReason (./sessions.ts) — not
 * revoked, not past its absolute end, used within the idle timeout. Timestamps are ISO strings, compared as text.
 */
export const SESSION_LIVE_SQL = (alias: string, now: Date): SQL =>
  sql`(${sql.raw(alias)}.revoked_at IS NULL AND ${sql.raw(alias)}.expires_at > ${now.toISOString()} AND ${sql.raw(alias)}.last_seen_at > ${new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString()})`;

/** What a handler puts first in its batch, and tells when the batch has been written. */
export interface SessionCheck {
  statements: Statement[];
  /** The batch went through: the session was alive and its user allowed. */
  passed(): void;
}

/**
 * The statements for the token's session: the guard (a NULL into write_guards unless the session is alive, its
 * user's, and, for `admin`, the user still has the role) and last-seen kept as `authenticate` keeps it (at most once
 * a minute).
 */
export function sessionCheckStatements({ db, now }: Pick<AppDeps, 'db' | 'now'>, claims: AccessClaims, options: { admin: boolean }): Statement[] {
  const at = now();
  const allowed = options.admin ? sql`EXISTS (SELECT 1 FROM user_roles AS r WHERE r.user_id = s.user_id AND r.role = 'admin')` : sql`1`;
  return [
    db.run(sql`
      INSERT INTO write_guards (session_live)
      SELECT NULL WHERE NOT EXISTS (
        SELECT 1 FROM sessions AS s WHERE s.id = ${claims.sessionId} AND s.user_id = ${claims.userId} AND ${SESSION_LIVE_SQL('s', at)} AND ${allowed})`),
    db.run(sql`
      UPDATE sessions SET last_seen_at = ${at.toISOString()}
      WHERE id = ${claims.sessionId} AND last_seen_at < ${new Date(at.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString()}`),
  ];
}

/** True when a batch failed because its session check refused it. */
export const isSessionRefused = (err: unknown): boolean => failedWith(err, /NOT NULL constraint failed: write_guards\.session_live/);

/**
 * `db.batch(statements)` with the check first when the handler has one; the results come back without the check's.
 * Refused: `unauthenticated`, which the route's guard turns into the exact answer (401 or 403) after looking at the
 * session the usual way (worker/http/auth.ts).
 */
export async function batchWithSessionCheck<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(
  { db }: Pick<AppDeps, 'db'>,
  check: SessionCheck | undefined,
  statements: T,
): Promise<BatchResponse<T>> {
  if (!check) return db.batch(statements);
  try {
    const results = await db.batch([...check.statements, ...statements] as unknown as T);
    check.passed();
    return results.slice(check.statements.length) as unknown as BatchResponse<T>;
  } catch (err) {
    if (isSessionRefused(err)) throw new ApiError('unauthenticated');
    throw err;
  }
}
