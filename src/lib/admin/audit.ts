/**
 * The audit trail's contract (issue "Back office III": a screen over the spec's write-only log), shared by the
 * screen and the API: the list's filters, what a record looks like, and the Estonian words for actions and
 * severities. Actions are an open vocabulary (services add theirs); one the screen has no word for is shown raw.
 */
// zod/mini, as ./list-query: the audit screen parses its URL with this and has no form, so it need not load all of zod.
import * as z from 'zod/mini';
import { AUDIT_ACTIONS, AUDIT_SEVERITIES, type AuditAction, type AuditSeverity } from '../enums';
import { dayParam, fromParam, pagingParams, periodInOrder, type ListPage } from '../list-query';

/** GET /api/admin/audit: newest first; `from` and `to` are Tallinn calendar days, both included. */
export const auditListQuerySchema = z
  .object({
    severity: fromParam(z.optional(z.enum(AUDIT_SEVERITIES))),
    action: fromParam(z.optional(z.enum(AUDIT_ACTIONS, 'Tundmatu tegevus.'))),
    /** The start of the acting user's e-mail address. */
    user: fromParam(z.optional(z.string().check(z.trim(), z.maxLength(320)))),
    from: dayParam,
    to: dayParam,
    ...pagingParams,
  })
  .check(z.refine(periodInOrder, { message: 'Algus peab olema enne lõppu.', path: ['to'] }));
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export interface AuditResource {
  label: string;
  href: string | null;
}

export interface AuditRecord {
  id: number;
  createdAt: string;
  action: AuditAction;
  severity: AuditSeverity;
  resourceType: string | null;
  resourceId: string | null;
  /** What it is about, in words ("Broneering 7 — Mari Tamm"), with the screen that shows it; null: nothing in particular. */
  resource: AuditResource | null;
  /** Who did it; null for events without a signed-in user (a sign-in attempt for an unknown address). */
  user: { id: string; email: string; name: string | null } | null;
  ip: string | null;
  userAgent: string | null;
  /** Old and new values (`changes: { field: { from, to } }`) and other details; never passwords or tokens. */
  metadata: Record<string, unknown> | null;
}

export type AuditListResponse = ListPage<AuditRecord>;

export { AUDIT_ACTION_LABELS, AUDIT_ACTION_OPTIONS, AUDIT_SEVERITY_LABELS, auditActionLabel } from './audit-labels';
