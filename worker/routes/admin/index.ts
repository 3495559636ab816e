/**
 * /api/admin: one module per resource, every route behind requireAdmin (a live session of a user with the admin
 * role, checked against the session row on each request). Routes parse and authorise; services decide.
 */
import { Hono } from 'hono';
import { emailTestSchema, guestSearchSchema } from '../../../src/lib/admin/bookings';
import type { AppEnv } from '../../app-env';
import { clearSessionCookies, requireAdmin } from '../../http/auth';
import { validJson, validQuery } from '../../http/validate';
import { recordAudit } from '../../domain/audit';
import { searchGuests } from '../../admin/bookings';
import { dashboardSummary } from '../../admin/dashboard';
import { sendTestEmail } from '../../admin/email-test';
import { signOut } from '../../domain/auth/sessions';
import { adminAuditRoutes } from './audit';
import { adminBankStatementRoutes } from './bank-statements';
import { adminBookingRoutes } from './bookings';
import { adminClientRoutes } from './clients';
import { adminContactMessageRoutes } from './contact-messages';
import { adminDiscountCodeRoutes } from './discount-codes';
import { adminGiftVoucherRoutes } from './gift-vouchers';
import { adminExportRoutes } from './exports';
import { adminInvoiceRoutes } from './invoices';
import { adminRetreatFeedbackRoutes } from './retreat-feedback';
import { adminRetreatMessageRoutes } from './retreat-messages';
import { adminRetreatRoutes } from './retreats';
import { adminRetreatSheetRoutes } from './retreat-sheets';
import { adminRetreatDecisionRoutes } from './retreat-decision';
import { adminUserRoutes } from './users';
import { adminWebhookRoutes } from './webhooks';

/**
 * The routes whose handlers check the admin's session in their own batch (issue 40: one round trip to the database
 * fewer on the edge); tests/api/session-in-batch.test.ts holds each to the same answers as a session read first.
 */
const SESSION_IN_BATCH = [
  { method: 'GET', path: '/api/admin/bookings/:id' },
  { method: 'POST', path: '/api/admin/bookings/:id/payments' },
] as const;

export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin(SESSION_IN_BATCH))
  .use('*', async (c, next) => {
    await next();
    // Personal data: never cached by the browser or anything in between.
    c.header('Cache-Control', 'no-store');
  })
  .get('/dashboard', async (c) => c.json(await dashboardSummary(c.var.deps)))
  .route('/bookings', adminBookingRoutes)
  .route('/users', adminUserRoutes)
  .route('/audit', adminAuditRoutes)
  .route('/exports', adminExportRoutes)
  .route('/clients', adminClientRoutes)
  .route('/contact-messages', adminContactMessageRoutes)
  .route('/invoices', adminInvoiceRoutes)
  .route('/bank-statements', adminBankStatementRoutes)
  .route('/discount-codes', adminDiscountCodeRoutes)
  .route('/gift-vouchers', adminGiftVoucherRoutes)
  .route('/webhooks', adminWebhookRoutes)
  .get('/guests', validQuery(guestSearchSchema), async (c) => c.json({ items: await searchGuests(c.var.deps, c.req.valid('query').q) }))
  .route('/retreats', adminRetreatRoutes)
  .route('/retreats', adminRetreatSheetRoutes)
  .route('/retreats', adminRetreatDecisionRoutes)
  .route('/retreats', adminRetreatMessageRoutes)
  .route('/retreats', adminRetreatFeedbackRoutes)
  .post('/email-test', validJson(emailTestSchema), async (c) => c.json(await sendTestEmail(c.var.deps, c.req.valid('json'), c.var.actor)))
  // The admin app's inactivity sign-out (8 h without mouse, key, scroll or touch): logged, then the session ends.
  .post('/session-timeout', async (c) => {
    const { actor, auth } = c.var;
    await recordAudit(c.var.deps, { ...actor, action: 'session_timeout', severity: 'medium', resourceType: 'session', resourceId: auth.sessionId });
    await signOut(c.var.deps, { sessionId: auth.sessionId, userId: actor.userId }, 'local');
    clearSessionCookies(c);
    return c.body(null, 204);
  });
