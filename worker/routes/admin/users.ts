/** /api/admin/users: the list, a role change and an admin's password reset (admin spec sections 2, 5, 6, 7). */
import { Hono } from 'hono';
import { adminPasswordSchema, roleChangeSchema, userListQuerySchema } from '../../../src/lib/admin/users';
import type { AppEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { changeRole, listUsers, resetUserPassword } from '../../admin/users';
import { adminActor } from './actor';
import { userPath } from '../path-ids';

export const adminUserRoutes = new Hono<AppEnv>()
  .get('/', validQuery(userListQuerySchema), async (c) => c.json(await listUsers(c.var.deps, c.req.valid('query'))))
  .put('/:id/role', userPath, validJson(roleChangeSchema), async (c) => {
    const user = await changeRole(c.var.deps, c.req.valid('param').id, c.req.valid('json'), await adminActor(c));
    return c.json({ user });
  })
  .put('/:id/password', userPath, validJson(adminPasswordSchema), async (c) => {
    await resetUserPassword(c.var.deps, c.req.valid('param').id, c.req.valid('json').password, await adminActor(c));
    return c.body(null, 204);
  });
