/**
 * The back office's users and roles (admin spec sections 2 "Users", 5, 6, 7, 8; issue "Back office III"): the list,
 * a role change and an admin's password reset. A role change or a reset ends every session of that user at once
 * (their next request is refused: every request checks the session row), and is written to the audit trail in the
 * same batch (role change medium, password reset high). The last admin cannot be demoted.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { RoleChange, UserListItem, UserListQuery, UserListResponse } from '../../src/lib/admin/users';
import type { UserRole } from '../../src/lib/enums';
import { pageWindow, userIdsMatching } from '../db/paging';
import { sessions, userRoles, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import { auditIfChanged } from '../domain/audit';
import type { Actor } from '../domain/actor';
import { userNotFound } from '../domain/not-found';

type Deps = Pick<AppDeps, 'db' | 'now'>;

function listFilter(q: string | undefined): SQL | undefined {
  // "e-mail first last" from the trigram index (migration 0005), not a LIKE over every account.
  return q ? sql`${users.id} IN (${userIdsMatching(q)})` : undefined;
}

const rolesOf = sql<string | null>`(SELECT group_concat(${userRoles.role}) FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id})`;

function toItem(row: { id: string; email: string; firstName: string | null; lastName: string | null; createdAt: string; emailConfirmedAt: string | null; roles: string | null }): UserListItem {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt,
    roles: (row.roles ? row.roles.split(',') : []) as UserRole[],
    emailConfirmed: row.emailConfirmedAt !== null,
  };
}

const itemColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  emailConfirmedAt: users.emailConfirmedAt,
  roles: rolesOf,
};

/** Newest first (the spec's order), from the created_at index; the rowid breaks ties so pages never overlap. */
export async function listUsers({ db }: Pick<AppDeps, 'db'>, query: UserListQuery): Promise<UserListResponse> {
  const where = listFilter(query.q);
  const { limit, offset } = pageWindow(query);
  // The page's rows first, from the (created_at, rowid) index alone: the OFFSET then skips index entries, not whole
  // rows with their roles (the last of 2,000 pages would otherwise read 50,000 users).
  const newestFirst = [desc(users.createdAt), desc(sql`${users}.rowid`)];
  const pageRowids = db.select({ rowid: sql`${users}.rowid` }).from(users).where(where).orderBy(...newestFirst).limit(limit).offset(offset);
  const [rows, [matching], [counts]] = await db.batch([
    db.select(itemColumns).from(users).where(sql`${users}.rowid IN (${pageRowids})`).orderBy(...newestFirst),
    db.select({ n: count() }).from(users).where(where),
    db
      .select({
        total: sql<number>`(SELECT count(*) FROM ${users})`,
        admins: sql<number>`(SELECT count(DISTINCT ${userRoles.userId}) FROM ${userRoles} WHERE ${userRoles.role} = 'admin')`,
      })
      .from(sql`(SELECT 1)`),
  ]);
  return {
    items: rows.map(toItem),
    total: Number(matching?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: { total: Number(counts?.total ?? 0), admins: Number(counts?.admins ?? 0) },
  };
}

async function userItem({ db }: Pick<AppDeps, 'db'>, userId: string): Promise<UserListItem | null> {
  const [row] = await db.select(itemColumns).from(users).where(eq(users.id, userId));
  return row ? toItem(row) : null;
}

/**
 * Ends every live session of a user, as a statement for a batch placed straight after its audit record: it runs
 * only if that record was written (changes() > 0), i.e. only when something really changed.
 */
function endSessionsIfAudited(db: AppDeps['db'], userId: string, reason: string, stamp: string) {
  return db.run(sql`UPDATE ${sessions} SET revoked_at = ${stamp}, revoked_reason = ${reason}
    WHERE ${sessions.userId} = ${userId} AND ${sessions.revokedAt} IS NULL AND changes() > 0`);
}

const OTHER_ADMIN_EXISTS = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.role} = 'admin' AND ${userRoles.userId} <> ${userId})`;

/**
 * Sets the user's one role (the spec: delete the user's rows, insert the new one; "user" is the default and needs
 * no row). Demoting an admin happens only while another admin exists, checked inside the write itself, so two admins
 * demoting each other at once cannot leave nobody: SQLite runs one write at a time, and the second sees the first.
 */
export async function changeRole(deps: Deps, userId: string, { role }: RoleChange, actor: Actor): Promise<UserListItem> {
  const { db } = deps;
  const before = await userItem(deps, userId);
  if (!before) throw userNotFound();
  const stamp = deps.now().toISOString();
  const from: UserRole = before.roles.includes('admin') ? 'admin' : 'user';
  const audit = auditIfChanged(deps, {
    userId: actor.userId,
    action: 'role_change',
    severity: 'medium',
    resourceType: 'user',
    resourceId: userId,
    metadata: { email: before.email, from, to: role },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  if (role === 'admin') {
    const [granted] = await db.batch([
      db.run(sql`INSERT INTO ${userRoles} (user_id, role, created_at) SELECT ${userId}, 'admin', ${stamp}
        WHERE EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId})
          AND NOT EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${userId} AND ${userRoles.role} = 'admin')`),
      audit,
      endSessionsIfAudited(db, userId, 'role_changed', stamp),
      db.delete(userRoles).where(and(eq(userRoles.userId, userId), sql`${userRoles.role} <> 'admin'`)),
    ]);
    if (granted.rowsAffected === 0 && !before.roles.includes('admin')) throw userNotFound();
  } else {
    const [demoted] = await db.batch([
      db.run(sql`DELETE FROM ${userRoles} WHERE ${userRoles.userId} = ${userId} AND ${userRoles.role} = 'admin' AND ${OTHER_ADMIN_EXISTS(userId)}`),
      audit,
      endSessionsIfAudited(db, userId, 'role_changed', stamp),
    ]);
    if (demoted.rowsAffected === 0 && from === 'admin') throw new ApiError('last_admin');
  }
  return (await userItem(deps, userId)) ?? before;
}

/**
 * An admin sets a user's password (the spec's "admin-reset-password"): the hash is replaced, every session of the
 * user ends, and a high-severity record says who did it. The password itself is never logged.
 */
export async function resetUserPassword(deps: Pick<AppDeps, 'db' | 'now' | 'passwords'>, userId: string, password: string, actor: Actor): Promise<void> {
  const { db } = deps;
  const [target] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!target) throw userNotFound();
  const hash = await deps.passwords.hash(password);
  const stamp = deps.now().toISOString();
  const [updated] = await db.batch([
    db.update(users).set({ passwordHash: hash, updatedAt: stamp }).where(eq(users.id, userId)),
    auditIfChanged(deps, {
      userId: actor.userId,
      action: 'password_reset',
      severity: 'high',
      resourceType: 'user',
      resourceId: userId,
      metadata: { email: target.email, by: 'admin' },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
    endSessionsIfAudited(db, userId, 'password_reset_by_admin', stamp),
  ]);
  if (updated.rowsAffected === 0) throw userNotFound();
}
