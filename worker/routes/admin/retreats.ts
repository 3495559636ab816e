/**
 * /api/admin/retreats: the list, one retreat with its bookings, add, edit and delete (admin spec sections 2, 5, 7),
 * and putting it on sale or taking it off (issue "Sell").
 */
import { Hono } from 'hono';
import { publishSchema, retreatFormSchema, retreatListQuerySchema } from '../../../src/lib/admin/retreats';
import type { SignedInEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { createRetreat, deleteRetreat, getRetreat, listRetreats, setPublished, updateRetreat } from '../../admin/retreats';
import { retreatPath } from '../path-ids';

export const adminRetreatRoutes = new Hono<SignedInEnv>()
  .get('/', validQuery(retreatListQuerySchema), async (c) => c.json(await listRetreats(c.var.deps, c.req.valid('query'))))
  .post('/', validJson(retreatFormSchema), async (c) => c.json({ retreat: await createRetreat(c.var.deps, c.req.valid('json'), c.var.actor) }, 201))
  .get('/:id', retreatPath, async (c) => c.json({ retreat: await getRetreat(c.var.deps, c.req.valid('param').id) }))
  .get('/:id/bookings', retreatPath, async (c) => c.json({ items: (await getRetreat(c.var.deps, c.req.valid('param').id)).bookings }))
  .put('/:id', retreatPath, validJson(retreatFormSchema), async (c) => {
    const retreat = await updateRetreat(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ retreat });
  })
  .put('/:id/published', retreatPath, validJson(publishSchema), async (c) => {
    const retreat = await setPublished(c.var.deps, c.req.valid('param').id, c.req.valid('json').published, c.var.actor);
    return c.json({ retreat });
  })
  .delete('/:id', retreatPath, async (c) => {
    await deleteRetreat(c.var.deps, c.req.valid('param').id, c.var.actor);
    return c.body(null, 204);
  });
