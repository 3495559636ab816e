/** /api/admin/audit: the audit trail, newest first, filtered and paged on the server. */
import { Hono } from 'hono';
import { auditListQuerySchema } from '../../../src/lib/admin/audit';
import type { SignedInEnv } from '../../app-env';
import { validQuery } from '../../http/validate';
import { listAuditRecords } from '../../admin/audit-trail';

export const adminAuditRoutes = new Hono<SignedInEnv>().get('/', validQuery(auditListQuerySchema), async (c) =>
  c.json(await listAuditRecords(c.var.deps, c.req.valid('query'))),
);
