import { and, count, eq, gt, inArray, min } from 'drizzle-orm';
import type { AuthAttemptKind } from '../../../src/lib/enums';
import { authAttempts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { enforceRateLimit, retryAfterSeconds } from '../rate-limit';

/** Sign-up and sign-in share 3 attempts per e-mail per 15 minutes (visitor spec sections 5 and 9). */
export const AUTH_ATTEMPTS_PER_EMAIL = 3;
export const AUTH_ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_ATTEMPTS_DESCRIPTION = 'Palun oodake 15 minutit enne uut katset';

const SHARED_KINDS = ['signin', 'signup'] as const;

/** The spec's 429 for too many auth attempts; the per-IP sign-in limit answers the same, so a form shows one text. */
function tooManyAttempts(retryAfter: string): ApiError {
  return new ApiError('too_many_attempts', {
    details: [{ path: '', message: TOO_MANY_ATTEMPTS_DESCRIPTION }],
    headers: { 'Retry-After': retryAfter },
  });
}

/**
 * Counts a sign-in against the client's address (config.limits.signIn), before any password is hashed: one client
 * trying a password on many addresses (spraying) meets this limit, not only the per-e-mail one, and cannot spend
 * the server's argon2 time without end.
 */
export async function spendSignInFromIp(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, ip: string | undefined): Promise<void> {
  try {
    await enforceRateLimit(deps, { kind: 'signin_ip', key: ip ?? 'unknown', limit: deps.config.limits.signIn });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'rate_limited') throw tooManyAttempts(err.headers?.['Retry-After'] ?? '1');
    throw err;
  }
}

/**
 * How many attempts of `kinds` for `key` fall in the window that ends at `at`, and when the oldest was made (for
 * Retry-After). For limits that count only some attempts (failures), where enforceRateLimit counts every request.
 */
export async function recentAttempts(
  { db }: Pick<AppDeps, 'db'>,
  kinds: readonly AuthAttemptKind[],
  key: string,
  windowMs: number,
  at: Date,
): Promise<{ used: number; oldest: string | null }> {
  const since = new Date(at.getTime() - windowMs).toISOString();
  const [usage] = await db
    .select({ used: count(), oldest: min(authAttempts.createdAt) })
    .from(authAttempts)
    .where(and(inArray(authAttempts.kind, [...kinds]), eq(authAttempts.key, key), gt(authAttempts.createdAt, since)));
  return usage ?? { used: 0, oldest: null };
}

/**
 * Counts this attempt against the e-mail's allowance, or refuses it with 429 "Liiga palju katseid" when three
 * attempts already fall in the last 15 minutes. Stored in the database, so it holds across Workers isolates.
 */
export async function spendAuthAttempt(
  deps: Pick<AppDeps, 'db' | 'now'>,
  kind: (typeof SHARED_KINDS)[number],
  email: string,
  ip: string | undefined,
): Promise<void> {
  const at = deps.now();
  const usage = await recentAttempts(deps, SHARED_KINDS, email, AUTH_ATTEMPT_WINDOW_MS, at);
  if (usage.used >= AUTH_ATTEMPTS_PER_EMAIL) throw tooManyAttempts(retryAfterSeconds(usage.oldest, AUTH_ATTEMPT_WINDOW_MS, at));
  await deps.db.insert(authAttempts).values({ kind, key: email, ip, createdAt: at.toISOString() });
}

/** A successful sign-in wipes the e-mail's slate (spec: "a successful sign-in clears that e-mail's failures"); batchable. */
export function clearAuthAttempts({ db }: Pick<AppDeps, 'db'>, email: string) {
  return db.delete(authAttempts).where(and(inArray(authAttempts.kind, [...SHARED_KINDS]), eq(authAttempts.key, email)));
}
