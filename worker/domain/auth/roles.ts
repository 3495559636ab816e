import { eq, sql } from 'drizzle-orm';
import { userRoles } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit';

/**
 * "No admin exists yet", written into the statements that grant the first admin: SQLite runs one write at a time
 * (a local file and Turso alike), so the check and the grant cannot be split by a concurrent setup. A check in
 * code before the write could be: ten concurrent setups all saw no admin and made ten. An in-process lock would
 * not help on Workers, where requests land on many isolates.
 */
export const NO_ADMIN_YET = sql`NOT EXISTS (SELECT 1 FROM user_roles WHERE role = 'admin')`;

export async function adminExists(deps: Pick<AppDeps, 'db'>): Promise<boolean> {
  const [row] = await deps.db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1);
  return !!row;
}

/**
 * Statements for one batch that make `userId` the admin only while no admin exists; the user's other role rows go
 * (admin spec section 4, "Role change": one row stays). The first statement's `rowsAffected` (1 or 0) says whether
 * the grant happened.
 */
export function grantFirstAdmin(db: AppDeps['db'], userId: string, stamp: string) {
  return [
    db.run(sql`INSERT INTO user_roles (user_id, role, created_at) SELECT ${userId}, 'admin', ${stamp} WHERE ${NO_ADMIN_YET}`),
    db.run(sql`DELETE FROM user_roles WHERE user_id = ${userId} AND role <> 'admin'
      AND EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${userId} AND role = 'admin')`),
  ] as const;
}

/** The audit record of a role change; `actorId` is who made it (the user themselves for first-admin setup). */
export async function recordRoleChange(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  userId: string,
  role: 'admin' | 'user',
  context: { ip?: string; userAgent?: string; actorId?: string | null },
) {
  await recordAudit(deps, { userId: context.actorId ?? userId, action: 'role_change', severity: 'medium', resourceType: 'user', resourceId: userId, metadata: { role }, ip: context.ip, userAgent: context.userAgent });
}
