import { and, asc, count, eq, gt, min } from 'drizzle-orm';
import type { RateLimit } from '../config';
import type { AuthAttemptKind } from '../../src/lib/enums';
import { authAttempts } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';

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
  bucket: { kind: AuthAttemptKind; key: string; limit: RateLimit },
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
