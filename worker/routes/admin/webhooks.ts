/** /api/admin/webhooks (issue 41): the endpoints ("Liidesed"), their delivery log, and sending a delivery again. */
import { Hono } from 'hono';
import { webhookCreateSchema, webhookDeliveryListQuerySchema, webhookEditSchema } from '../../../src/lib/webhooks';
import type { SignedInEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { createWebhook, deleteWebhook, getWebhook, listDeliveries, listWebhooks, resendDelivery, updateWebhook } from '../../admin/webhooks';
import { webhookDeliveryPath, webhookPath } from '../path-ids';

export const adminWebhookRoutes = new Hono<SignedInEnv>()
  .get('/', async (c) => c.json(await listWebhooks(c.var.deps)))
  .post('/', validJson(webhookCreateSchema), async (c) => c.json({ webhook: await createWebhook(c.var.deps, c.req.valid('json'), c.var.actor) }, 201))
  .get('/:id', webhookPath, async (c) => c.json({ webhook: await getWebhook(c.var.deps, c.req.valid('param').id) }))
  .patch('/:id', webhookPath, validJson(webhookEditSchema), async (c) =>
    c.json({ webhook: await updateWebhook(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor) }),
  )
  .delete('/:id', webhookPath, async (c) => {
    await deleteWebhook(c.var.deps, c.req.valid('param').id, c.var.actor);
    return c.json({ deleted: true });
  })
  .get('/:id/deliveries', webhookPath, validQuery(webhookDeliveryListQuerySchema), async (c) =>
    c.json(await listDeliveries(c.var.deps, c.req.valid('param').id, c.req.valid('query'))),
  )
  .post('/:id/deliveries/:deliveryId/resend', webhookDeliveryPath, async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    return c.json({ delivery: await resendDelivery(c.var.deps, id, deliveryId, c.var.actor) });
  });
