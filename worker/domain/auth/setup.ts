import { sql } from 'drizzle-orm';
import { authAttempts } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { retryAfterSeconds } from '../rate-limit';
import { insertingAccount, newAccountRow, userByEmail, type AccountDeps, type NewAccount } from './accounts';
import { recentAttempts } from './rate-limit';
import { adminExists, grantFirstAdmin, NO_ADMIN_YET, recordRoleChange } from './roles';

/**
 * First-admin setup (admin spec section 2, DESIGN.md section 8): /create-main-admin, /admin-setup and
 * `npm run admin:create` work only with the setup token and only while no admin exists; exactly one of any number
 * of concurrent setups succeeds.
 */

/** Wrong setup tokens one client address may send per window; past that it is refused, right token or not. */
export const WRONG_SETUP_TOKENS_PER_IP = 5;
export const SETUP_TOKEN_WINDOW_MS = 15 * 60 * 1000;

function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/**
 * The setup token must match, and a client that sent too many wrong ones waits (429 with Retry-After) before
 * its next try counts. Then "Admin Already Set Up" (409) while an admin exists: the common case, answered before
 * any password is hashed; the grant itself checks again, atomically.
 */
export async function assertSetupAllowed(deps: Pick<AppDeps, 'db' | 'now' | 'config'>, token: string, ip: string | undefined) {
  const at = deps.now();
  const key = ip ?? 'unknown';
  const wrong = await recentAttempts(deps, ['setup_token'], key, SETUP_TOKEN_WINDOW_MS, at);
  if (wrong.used >= WRONG_SETUP_TOKENS_PER_IP) {
    throw new ApiError('rate_limited', { headers: { 'Retry-After': retryAfterSeconds(wrong.oldest, SETUP_TOKEN_WINDOW_MS, at) } });
  }
  if (!deps.config.adminSetupToken || !constantTimeEqual(token, deps.config.adminSetupToken)) {
    await deps.db.insert(authAttempts).values({ kind: 'setup_token', key, ip, createdAt: at.toISOString() });
    throw new ApiError('invalid_setup_token');
  }
  if (await adminExists(deps)) throw new ApiError('admin_exists');
}

/**
 * Creates the account and makes it the admin in one batch, both only while no admin exists; of concurrent calls
 * one wins and the others get "Admin Already Set Up" with nothing written. The account is confirmed from the
 * start: whoever holds the setup token runs the site.
 */
export async function createMainAdmin(deps: AccountDeps, input: NewAccount, context: { ip?: string; userAgent?: string }): Promise<string> {
  if (await adminExists(deps)) throw new ApiError('admin_exists');
  const row = await newAccountRow(deps, input, { confirmed: true });
  const [, granted] = await insertingAccount(deps, input.email, () =>
    deps.db.batch([
      deps.db.run(sql`INSERT INTO users (id, email, password_hash, first_name, last_name, email_confirmed_at, created_at, updated_at)
        SELECT ${row.id}, ${row.email}, ${row.passwordHash}, ${row.firstName}, ${row.lastName}, ${row.emailConfirmedAt}, ${row.createdAt}, ${row.updatedAt}
        WHERE ${NO_ADMIN_YET}`),
      ...grantFirstAdmin(deps.db, row.id, row.createdAt),
    ]),
  );
  if (granted.rowsAffected === 0) throw new ApiError('admin_exists');
  await recordRoleChange(deps, row.id, 'admin', context);
  return row.id;
}

/** Makes a registered user the admin, only while no admin exists (one of concurrent calls wins). */
export async function promoteToAdmin(deps: Pick<AppDeps, 'db' | 'now' | 'log'>, email: string, context: { ip?: string; userAgent?: string }) {
  const user = await userByEmail(deps, email);
  if (!user) throw new ApiError('user_not_found', { details: [{ path: 'email', message: 'Please make sure this user has signed up first.' }] });
  const [granted] = await deps.db.batch(grantFirstAdmin(deps.db, user.id, deps.now().toISOString()));
  if (granted.rowsAffected === 0) throw new ApiError('admin_exists');
  await recordRoleChange(deps, user.id, 'admin', context);
}
