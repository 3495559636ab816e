/** /api/admin/clients: the list, one client with their bookings, add, edit, delete, and the sync of bookers. */
import { Hono } from 'hono';
import * as z from 'zod';
import { clientDeleteQuerySchema, clientInputSchema, clientListQuerySchema } from '../../../src/lib/admin/clients';
import type { SignedInEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import {
  createClient,
  deleteClient,
  listClients,
  syncClientsFromGuests,
  updateClient,
  viewClientDetail,
} from '../../admin/clients';
import { clientPath } from '../path-ids';

const emptyBody = z.object({}).optional();

export const adminClientRoutes = new Hono<SignedInEnv>()
  .get('/', validQuery(clientListQuerySchema), async (c) => {
    return c.json(await listClients(c.var.deps, c.req.valid('query')));
  })
  .post('/', validJson(clientInputSchema), async (c) => {
    const client = await createClient(c.var.deps, c.req.valid('json'), c.var.actor);
    return c.json({ client }, 201);
  })
  // Before '/:id', which would otherwise take "sync" for an id (and answer 404).
  .post('/sync', validJson(emptyBody), async (c) => {
    return c.json(await syncClientsFromGuests(c.var.deps, c.var.actor));
  })
  .get('/:id', clientPath, async (c) => {
    const client = await viewClientDetail(c.var.deps, c.req.valid('param').id, c.var.actor);
    return c.json({ client });
  })
  .patch('/:id', clientPath, validJson(clientInputSchema), async (c) => {
    const client = await updateClient(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ client });
  })
  .delete('/:id', clientPath, validQuery(clientDeleteQuerySchema), async (c) => {
    await deleteClient(c.var.deps, c.req.valid('param').id, c.req.valid('query').bookingCount, c.var.actor);
    return c.body(null, 204);
  });
