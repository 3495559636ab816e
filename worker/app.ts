import { Hono, type Context, type ExecutionContext } from 'hono';
import type { AppEnv } from './app-env';
import type { AppDeps } from './deps';
import { onError, onNotFound } from './http/error-handler';
import { jsonBodyRules } from './http/body-rules';
import { originCheck } from './http/origin-check';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { meRoutes } from './routes/me';
import { paymentRoutes } from './routes/payments';
import { MONTONIO_WEBHOOK_PATH } from './domain/payments/online/orders';
import { adminRoutes } from './routes/admin/index';
import { authRoutes } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { bookingRoutes } from './routes/bookings';
import { discountCodeRoutes } from './routes/discount-codes';
import { placeOfferRoutes } from './routes/place-offers';
import { contactRoutes } from './routes/contact';
import { agreementTextRoutes } from './routes/agreement-text';
import { agreementRoutes } from './routes/agreements';
import { feedbackRoutes } from './routes/feedback';
import { healthRoutes } from './routes/health';
import { setupRoutes } from './routes/setup';
import { requireAdmin } from './http/auth';

/**
 * Background work hangs off the request's own ExecutionContext (Workers' per-request ctx; the Node host passes one
 * too). Hono's getter throws when there is none, which only happens when a test serves the bare app.
 */
function withRequestWaitUntil(deps: AppDeps, c: Context): AppDeps {
  let ctx: ExecutionContext;
  try {
    ctx = c.executionCtx;
  } catch {
    return deps;
  }
  return { ...deps, waitUntil: (work) => ctx.waitUntil(work) };
}

/**
 * The whole API, host-free: hosts build `deps` and hand requests to `app.fetch`. Order matters: the log and the
 * security headers wrap everything (errors included), the CSRF check runs before any body is read, and the body
 * rules run before a route parses JSON.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', withRequestWaitUntil(deps, c));
    await next();
  });
  // An answer's Date comes from the clock that dates its tokens: the browser measures its own clock's skew against it
  // (src/lib/auth/session-client.ts). Under a test clock (TEST_CLOCK_START) the host's own Date was a year off, every
  // session looked expired, and the pages refreshed it every few seconds. In production the two clocks are one.
  app.use('/api/*', async (c, next) => {
    c.header('Date', c.var.deps.now().toUTCString());
    await next();
  });
  app.use('/api/*', ...requestLog(), securityHeaders(), originCheck(deps.config.allowedOrigins, [MONTONIO_WEBHOOK_PATH]), ...jsonBodyRules());

  app.route('/api/health', healthRoutes);
  app.route('/api/availability', availabilityRoutes);
  app.route('/api/bookings', bookingRoutes);
  app.route('/api/contact', contactRoutes);
  app.route('/api/agreement-text', agreementTextRoutes);
  app.route('/api/agreements', agreementRoutes);
  app.route('/api/discount-codes', discountCodeRoutes);
  app.route('/api/place-offers', placeOfferRoutes);
  app.route('/api/feedback', feedbackRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/setup', setupRoutes);
  app.route('/api/admin', adminRoutes);
  app.route('/api/me', meRoutes);
  app.route('/api/payments', paymentRoutes);

  // Issue 41: the API's own description, for admins; built on first request (the route table is fixed by then).
  let document: Promise<unknown> | undefined;
  app.get('/api/openapi.json', requireAdmin(), async (c) => {
    document ??= c.var.deps.openApi().then(({ openApiDocument }) => openApiDocument(app));
    return c.json(await document);
  });

  app.notFound(onNotFound);
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
