/**
 * The audit trail screen's reads (issue "Back office III"): every audit and security record newest first, filtered by
 * severity, action, the acting user's e-mail (its start) and Tallinn date range, paged on the server; and the dashboard's critical events.
 * Reading the trail is not itself recorded: it holds no personal data beyond the admins' own actions.
 */
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery, AuditListResponse, AuditRecord, AuditResource } from '../../src/lib/admin/audit';
import { addDays, DAY_MS, tallinnDayStart } from '../../src/lib/format';
import { pageWindow } from '../db/paging';
import { auditLogs, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { auditResources } from './audit-resources';

const nextDay = (day: string): string => addDays(day, 1);

function listFilter(query: AuditListQuery): SQL | undefined {
  return and(
    query.severity ? eq(auditLogs.severity, query.severity) : undefined,
    query.action ? eq(auditLogs.action, query.action) : undefined,
    // The start of the acting user's address, as a range on the unique e-mail index (addresses are stored
    // lowercased): a "contains" match would scan every user for each request.
    query.user
      ? inArray(
          auditLogs.userId,
          sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} >= ${query.user.toLowerCase()} AND ${users.email} < ${`${query.user.toLowerCase()}\u{10FFFF}`})`,
        )
      : undefined,
    query.from ? gte(auditLogs.createdAt, tallinnDayStart(query.from).toISOString()) : undefined,
    query.to ? lt(auditLogs.createdAt, tallinnDayStart(nextDay(query.to)).toISOString()) : undefined,
  );
}

const recordColumns = {
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  action: auditLogs.action,
  severity: auditLogs.severity,
  resourceType: auditLogs.resourceType,
  resourceId: auditLogs.resourceId,
  ip: auditLogs.ip,
  userAgent: auditLogs.userAgent,
  metadata: auditLogs.metadata,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

type Row = { [K in keyof typeof recordColumns]: (typeof recordColumns)[K]['_']['data'] | null };

/** The page's records, each with its object named (./audit-resources). */
async function toRecords(db: Pick<AppDeps, 'db'>['db'], rows: Row[]): Promise<AuditRecord[]> {
  const resources = await auditResources(db, rows);
  return rows.map((row, i) => toRecord(row, resources[i] ?? null));
}

function toRecord(row: Row, resource: AuditResource | null): AuditRecord {
  return {
    id: row.id!,
    createdAt: row.createdAt!,
    action: row.action!,
    severity: row.severity!,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    resource,
    user: row.userId && row.email ? { id: row.userId, email: row.email, name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null } : null,
    ip: row.ip,
    userAgent: row.userAgent,
    metadata: row.metadata ?? null,
  };
}

export async function listAuditRecords({ db }: Pick<AppDeps, 'db'>, query: AuditListQuery): Promise<AuditListResponse> {
  const where = listFilter(query);
  const { limit, offset } = pageWindow(query);
  const newestFirst = [desc(auditLogs.createdAt), desc(auditLogs.id)];
  // The page's ids from the created_at index first; the join then reads 25 rows, not every row the OFFSET skips.
  const pageIds = db.select({ id: auditLogs.id }).from(auditLogs).where(where).orderBy(...newestFirst).limit(limit).offset(offset);
  const [rows, [matching]] = await db.batch([
    db.select(recordColumns).from(auditLogs).leftJoin(users, eq(users.id, auditLogs.userId)).where(inArray(auditLogs.id, pageIds)).orderBy(...newestFirst),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return { items: await toRecords(db, rows), total: Number(matching?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/** Critical events (excessive sign-in attempts) of the last 7 days, newest first, for the dashboard. */
export async function recentCriticalEvents({ db, now }: Pick<AppDeps, 'db' | 'now'>, limit = 5): Promise<{ total: number; items: AuditRecord[] }> {
  const since = new Date(now().getTime() - 7 * DAY_MS).toISOString();
  const where = and(eq(auditLogs.severity, 'critical'), gte(auditLogs.createdAt, since));
  const [rows, [matching]] = await db.batch([
    db.select(recordColumns).from(auditLogs).leftJoin(users, eq(users.id, auditLogs.userId)).where(where).orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(limit),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return { total: Number(matching?.n ?? 0), items: await toRecords(db, rows) };
}
