/** /api/admin/retreats: the list, one retreat with its bookings, add, edit and delete (admin spec sections 2, 5, 7). */
import { Hono } from 'hono';
import { retreatFormSchema, retreatListQuerySchema } from '../../../src/lib/admin/retreats';
import type { AppEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { createRetreat, deleteRetreat, getRetreat, listRetreats, parseRetreatId, updateRetreat } from '../../admin/retreats';
import { adminActor } from './actor';

export const adminRetreatRoutes = new Hono<AppEnv>()
  .get('/', validQuery(retreatListQuerySchema), async (c) => c.json(await listRetreats(c.var.deps, c.req.valid('query'))))
  .post('/', validJson(retreatFormSchema), async (c) => c.json({ retreat: await createRetreat(c.var.deps, c.req.valid('json'), await adminActor(c)) }, 201))
  .get('/:id', async (c) => c.json({ retreat: await getRetreat(c.var.deps, parseRetreatId(c.req.param('id'))) }))
  .get('/:id/bookings', async (c) => c.json({ items: (await getRetreat(c.var.deps, parseRetreatId(c.req.param('id')))).bookings }))
  .put('/:id', validJson(retreatFormSchema), async (c) => {
    const retreat = await updateRetreat(c.var.deps, parseRetreatId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ retreat });
  })
  .delete('/:id', async (c) => {
    await deleteRetreat(c.var.deps, parseRetreatId(c.req.param('id')), await adminActor(c));
    return c.body(null, 204);
  });
