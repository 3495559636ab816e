import { and, asc, count, eq, gt, min, sql } from 'drizzle-orm';
import type { RateLimit } from '../config';
import type { AuthAttemptKind } from '../../src/lib/enums';
import { authAttempts } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { failedWith } from '../db/failures';

/** Whole seconds until the oldest counted attempt leaves the window (at least 1), for the Retry-After header. */
export function retryAfterSeconds(oldest: string | null | undefined, windowMs: number, now: Date): string {
  const freesAt = new Date(oldest ?? now.toISOString()).getTime() + windowMs;
  return String(Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)));
}

/**
 * Counts requests per key in a sliding window, in the database so the count holds across Workers isolates and
 * restarts. Every request is recorded, refused ones included, so hammering does not reopen the window early.
 * Throws a 429 ApiError with Retry-After (whole seconds until the oldest counted request leaves the window).
 */
export async function enforceRateLimit(
  { db, now }: Pick<AppDeps, 'db' | 'now'>,
  bucket: RateLimitBucket,
): Promise<void> {
  const at = now();
  const windowStart = new Date(at.getTime() - bucket.limit.windowMs).toISOString();
  const where = and(eq(authAttempts.kind, bucket.kind), eq(authAttempts.key, bucket.key), gt(authAttempts.createdAt, windowStart));
  // Counting stops at the limit, so a flood of requests from one address cannot make each check slower.
  const window = db
    .select({ createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(where)
    .orderBy(asc(authAttempts.createdAt))
    .limit(bucket.limit.max)
    .as('window');
  const [[usage]] = await db.batch([
    db.select({ used: count(), oldest: min(window.createdAt) }).from(window),
    db.insert(authAttempts).values({ kind: bucket.kind, key: bucket.key, ip: bucket.key, createdAt: at.toISOString() }),
  ]);
  if (usage && usage.used >= bucket.limit.max) {
    throw new ApiError('rate_limited', { headers: { 'Retry-After': retryAfterSeconds(usage.oldest, bucket.limit.windowMs, at) } });
  }
}

export interface RateLimitBucket {
  kind: AuthAttemptKind;
  key: string;
  limit: RateLimit;
}

/**
 * The limiter as the first statement of a caller's own write batch, so that a request under the limit costs no
 * commit of its own (bench:api: one commit per booking instead of two). It records the attempt when the window has
 * room; when it has none it inserts a NULL kind, the NOT NULL constraint fails, and the whole batch rolls back:
 * nothing of the request is stored. Counting and recording happen inside the batch's write transaction, so
 * concurrent requests cannot both take the last place. The caller catches the failure with `isRateLimitRefusal`
 * and answers through `refuseOverLimit`.
 */
export function rateLimitGuard(db: Pick<AppDeps['db'], 'run'>, bucket: RateLimitBucket, at: Date) {
  const windowStart = new Date(at.getTime() - bucket.limit.windowMs).toISOString();
  return db.run(sql`
    INSERT INTO ${authAttempts} (kind, key, ip, created_at)
    SELECT CASE WHEN (SELECT count(*) FROM (
                        SELECT 1 FROM ${authAttempts}
                        WHERE kind = ${bucket.kind} AND key = ${bucket.key} AND created_at > ${windowStart}
                        LIMIT ${bucket.limit.max})) < ${bucket.limit.max}
                THEN ${bucket.kind} END,
           ${bucket.key}, ${bucket.key}, ${at.toISOString()}`);
}

/** True when a batch failed because its `rateLimitGuard` found the window full. */
export const isRateLimitRefusal = (err: unknown): boolean => failedWith(err, /NOT NULL constraint failed: auth_attempts\.kind/);

/**
 * The answer to a request its `rateLimitGuard` refused: the refused attempt is recorded (hammering must not reopen
 * the window) and the 429 carries Retry-After. Should the window have freed in the meantime, the request is still
 * refused, with a retry in a second.
 */
export async function refuseOverLimit(deps: Pick<AppDeps, 'db' | 'now'>, bucket: RateLimitBucket): Promise<never> {
  await enforceRateLimit(deps, bucket);
  throw new ApiError('rate_limited', { headers: { 'Retry-After': '1' } });
}
