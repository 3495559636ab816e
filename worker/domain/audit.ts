import { and, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import { PERSONAL_AUDIT_FIELDS, withoutPersonalValues } from '../../src/lib/audit-personal-data';
import { DAY_MS } from '../../src/lib/format';
import type { AuditAction, AuditSeverity } from '../../src/lib/enums';
import type { SheetFormat, SheetKind } from '../../src/lib/retreat-sheets';
import { auditLogs } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Actor } from './actor';

/** Login records beyond this many in 24 hours for one account raise a critical event (admin spec section 9). */
export const EXCESSIVE_LOGINS_PER_DAY = 10;

// Personal values never enter the audit trail (issue 37 "Privacy and safety"; the rule and its fields:
// src/lib/audit-personal-data.ts, docs/decisions/033-audit-personal-data.md). Every writer applies it, not its callers:
// the metadata column serialises through `withoutPersonalValues` (worker/db/schema.ts) and `auditIfChanged` below
// does the same. A change to such a field is recorded as `{ changed: true }`; a value in a snapshot as
// `{ withheld: true }`. Migrations 0018 (passport, health) and 0030 (the rest) cleaned the records written before.

/**
 * The same rule in SQL, for records already written: in the audit records `records` picks (a condition on `a`, the
 * audit_logs row), each of `fields` that holds a value becomes {"changed":true} directly under a `changes` object and
 * {"withheld":true} anywhere else, deepest first (an emergency contact's phone goes with the contact). Records are
 * kept, only their metadata changes. Account deletion runs it over the person's records (worker/portal/account.ts);
 * migration 0030 is this statement over every record with PERSONAL_AUDIT_FIELDS.
 */
export function withholdPersonalValues(deps: Pick<AppDeps, 'db'>, records: SQL, fields: readonly string[] = PERSONAL_AUDIT_FIELDS) {
  return deps.db.run(sql`
    WITH RECURSIVE hits AS MATERIALIZED (
      SELECT a.id AS id, t.fullkey AS path,
             CASE WHEN t.path GLOB '*.changes' THEN '{"changed":true}' ELSE '{"withheld":true}' END AS marker,
             row_number() OVER (PARTITION BY a.id ORDER BY length(t.fullkey) DESC, t.fullkey) AS n
      FROM audit_logs AS a, json_tree(a.metadata) AS t
      WHERE ${records} AND json_valid(a.metadata)
        AND t.key IN (SELECT value FROM json_each(${JSON.stringify(fields)})) AND t.type <> 'null'
        AND NOT (t.type = 'object' AND t.value IN ('{"changed":true}', '{"withheld":true}'))
    ),
    applied(id, n, doc) AS (
      SELECT a.id, 0, a.metadata FROM audit_logs AS a WHERE a.id IN (SELECT id FROM hits)
      UNION ALL
      SELECT applied.id, applied.n + 1, json_set(applied.doc, hits.path, json(hits.marker))
      FROM applied JOIN hits ON hits.id = applied.id AND hits.n = applied.n + 1
    )
    UPDATE audit_logs SET metadata = (SELECT doc FROM applied WHERE applied.id = audit_logs.id ORDER BY n DESC LIMIT 1)
    WHERE id IN (SELECT id FROM hits)`);
}

export interface AuditEvent {
  /** Who acted (their id, address and browser), instead of the three fields one by one. */
  actor?: Actor | null;
  userId?: string | null;
  action: AuditAction;
  severity: AuditSeverity;
  resourceType?: string;
  resourceId?: string;
  /** Never passwords or tokens. */
  metadata?: Record<string, unknown>;
  ip?: string;
  userAgent?: string;
}

/** Appends to the audit trail. A failure is logged and swallowed: security logging must not break the action. */
export async function recordAudit(deps: Pick<AppDeps, 'db' | 'now' | 'log'>, event: AuditEvent): Promise<void> {
  try {
    await deps.db.insert(auditLogs).values({
      userId: event.actor ? event.actor.userId : (event.userId ?? null),
      action: event.action,
      severity: event.severity,
      resourceType: event.resourceType,
      resourceId: event.resourceId,
      metadata: event.metadata,
      ip: event.actor ? event.actor.ip : event.ip,
      userAgent: event.actor ? event.actor.userAgent : event.userAgent,
      createdAt: deps.now().toISOString(),
    });
  } catch (err) {
    deps.log({ level: 'error', msg: 'audit log write failed', action: event.action, error: String(err) });
  }
}

/**
 * The "login" record of one sign-in attempt, as a statement a caller can batch with the rest of the sign-in.
 * `userId` is null for an address without an account: the attempt is recorded all the same.
 */
export function loginRecord(deps: Pick<AppDeps, 'db' | 'now'>, userId: string | null, success: boolean, context: { ip?: string; userAgent?: string }) {
  return deps.db.insert(auditLogs).values({
    userId,
    action: 'login',
    severity: 'low',
    metadata: { success },
    ip: context.ip,
    userAgent: context.userAgent,
    createdAt: deps.now().toISOString(),
  });
}

/**
 * Past ten login records in 24 hours for one account, a critical `excessive_login_attempts` event is written,
 * once per 24 hours per account (admin spec section 9).
 */
export async function flagExcessiveLogins(deps: Pick<AppDeps, 'db' | 'now' | 'log'>, userId: string, context: { ip?: string; userAgent?: string }) {
  const since = new Date(deps.now().getTime() - DAY_MS).toISOString();
  const recent = (action: AuditAction) =>
    deps.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, userId), eq(auditLogs.action, action), gt(auditLogs.createdAt, since)));
  const [[logins], [alerts]] = await Promise.all([recent('login'), recent('excessive_login_attempts')]);
  if ((logins?.n ?? 0) > EXCESSIVE_LOGINS_PER_DAY && (alerts?.n ?? 0) === 0) {
    await recordAudit(deps, { userId, action: 'excessive_login_attempts', severity: 'critical', metadata: { loginsLast24h: logins?.n }, ...context });
    deps.log({ level: 'warn', msg: 'excessive login attempts', userId });
  }
}

/** A login record on its own (failed attempts), then, for an existing account, the excessive-logins check. */
export async function recordLogin(deps: Pick<AppDeps, 'db' | 'now' | 'log'>, userId: string | null, success: boolean, context: { ip?: string; userAgent?: string }) {
  try {
    await loginRecord(deps, userId, success, context);
  } catch (err) {
    deps.log({ level: 'error', msg: 'audit log write failed', action: 'login', error: String(err) });
  }
  if (userId) await flagExcessiveLogins(deps, userId, context);
}

/**
 * The audit record of an admin change, as a statement for the same batch as the change, placed straight after it:
 * it is written only if that statement changed a row (SQLite's changes()), so a change never lands without its
 * record and a refused one (a stale version, a row already gone) leaves none. `resourceId` may be SQL, e.g.
 * `last_insert_rowid()` after an insert.
 */
export function auditIfChanged(deps: Pick<AppDeps, 'db' | 'now'>, event: Omit<AuditEvent, 'resourceId'> & { resourceId?: string | SQL }, when: SQL = sql`changes() > 0`) {
  const metadata = event.metadata === undefined ? null : JSON.stringify(withoutPersonalValues(event.metadata));
  const userId = event.actor ? event.actor.userId : (event.userId ?? null);
  const ip = event.actor ? event.actor.ip : event.ip;
  const userAgent = event.actor ? event.actor.userAgent : event.userAgent;
  return deps.db.run(sql`
    INSERT INTO ${auditLogs} (user_id, action, severity, resource_type, resource_id, metadata, ip, user_agent, created_at)
    SELECT ${userId}, ${event.action}, ${event.severity}, ${event.resourceType ?? null}, CAST(${event.resourceId ?? null} AS TEXT),
           ${metadata}, ${ip ?? null}, ${userAgent ?? null}, ${deps.now().toISOString()}
    WHERE ${when}`);
}

/**
 * The audit record of a read of a booking's health data (a special category), for the read's own batch: written
 * only if the booking exists, so the caller answers 404 when it wrote nothing (`rowsAffected` 0).
 */
export function healthReadAudit(deps: Pick<AppDeps, 'db' | 'now'>, actor: { userId: string; ip?: string | null; userAgent?: string | null }, action: 'guest.health_read' | 'travellers.health_read', bookingId: number) {
  return deps.db.run(sql`
    INSERT INTO ${auditLogs} (user_id, action, severity, resource_type, resource_id, metadata, ip, user_agent, created_at)
    SELECT ${actor.userId}, ${action}, 'medium', 'booking', ${String(bookingId)}, NULL, ${actor.ip ?? null}, ${actor.userAgent ?? null}, ${deps.now().toISOString()}
    WHERE EXISTS (SELECT 1 FROM bookings WHERE id = ${bookingId})`);
}

/**
 * The same for a download of an edition's run sheet (issues 24 and 37): one record per download naming the sheet and
 * its format, for the read's own batch, written only if the retreat exists (`rowsAffected` 0: answer 404). The health
 * sheet keeps its own action; the others, which hold passports, birthdays, emergency contacts and diets (the rooming
 * only names and rooms), are 'retreat.sheet_read'.
 */
export function retreatSheetReadAudit(deps: Pick<AppDeps, 'db' | 'now'>, actor: { userId: string; ip?: string | null; userAgent?: string | null }, retreatId: number, sheet: { kind: SheetKind; format: SheetFormat }) {
  const action: AuditAction = sheet.kind === 'health' ? 'retreat.health_sheet_read' : 'retreat.sheet_read';
  const severity: AuditSeverity = sheet.kind === 'rooming' ? 'low' : 'medium';
  return deps.db.run(sql`
    INSERT INTO ${auditLogs} (user_id, action, severity, resource_type, resource_id, metadata, ip, user_agent, created_at)
    SELECT ${actor.userId}, ${action}, ${severity}, 'retreat', ${String(retreatId)}, ${JSON.stringify({ sheet: sheet.kind, format: sheet.format })}, ${actor.ip ?? null}, ${actor.userAgent ?? null}, ${deps.now().toISOString()}
    WHERE EXISTS (SELECT 1 FROM retreats WHERE id = ${retreatId})`);
}
