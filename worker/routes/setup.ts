import { Hono } from 'hono';
import { createMainAdminSchema, promoteSchema } from '../../src/lib/auth-schemas';
import type { AppEnv } from '../app-env';
import { requestContext } from '../http/auth';
import { validJson } from '../http/validate';
import { adminExists } from '../domain/auth/roles';
import { assertSetupAllowed, createMainAdmin, promoteToAdmin } from '../domain/auth/setup';

/** First-admin setup (admin spec section 2, DESIGN section 8): only with the setup token, only while no admin exists. */
export const setupRoutes = new Hono<AppEnv>()
  .get('/status', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ adminExists: await adminExists(c.var.deps) });
  })
  .post('/create-main-admin', validJson(createMainAdminSchema), async (c) => {
    const { token, ...account } = c.req.valid('json');
    const context = requestContext(c);
    await assertSetupAllowed(c.var.deps, token, context.ip);
    const userId = await createMainAdmin(c.var.deps, account, context);
    return c.json({ success: true, userId }, 201);
  })
  .post('/promote', validJson(promoteSchema), async (c) => {
    const { token, email } = c.req.valid('json');
    const context = requestContext(c);
    await assertSetupAllowed(c.var.deps, token, context.ip);
    await promoteToAdmin(c.var.deps, email, context);
    return c.json({ success: true });
  });
