/** /api/admin/users: the list, a role change and an admin's password reset (admin spec sections 2, 5, 6, 7). */
import { Hono } from 'hono';
import { adminPasswordSchema, roleChangeSchema, userListQuerySchema } from '../../../src/lib/admin/users';
import type { SignedInEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { changeRole, listUsers, resetUserPassword } from '../../admin/users';
import { userPath } from '../path-ids';

export const adminUserRoutes = new Hono<SignedInEnv>()
  .get('/', validQuery(userListQuerySchema), async (c) => c.json(await listUsers(c.var.deps, c.req.valid('query'))))
  .put('/:id/role', userPath, validJson(roleChangeSchema), async (c) => {
    const user = await changeRole(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ user });
  })
  .put('/:id/password', userPath, validJson(adminPasswordSchema), async (c) => {
    await resetUserPassword(c.var.deps, c.req.valid('param').id, c.req.valid('json').password, c.var.actor);
    return c.body(null, 204);
  });
