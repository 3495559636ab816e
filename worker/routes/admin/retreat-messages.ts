/**
 * /api/admin/retreats/:id/messages (issue 24): a message to an edition's group. GET lists the edition's sends; POST
 * …/preview answers who it would go to and one rendered e-mail; POST sends it, named by its Idempotency-Key header
 * (the same key again sends nothing). Mounted beside the retreat routes under the same prefix.
 */
import { Hono } from 'hono';
import { groupMessageSchema } from '../../../src/lib/admin/group-message-schema';
import type { SignedInEnv } from '../../app-env';
import { ApiError } from '../../errors';
import { validJson } from '../../http/validate';
import { listGroupMessages, previewGroupMessage, sendGroupMessage } from '../../admin/group-messages';
import { retreatPath } from '../path-ids';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;

export const adminRetreatMessageRoutes = new Hono<SignedInEnv>()
  .get('/:id/messages', retreatPath, async (c) => c.json({ items: await listGroupMessages(c.var.deps, c.req.valid('param').id) }))
  .post('/:id/messages/preview', retreatPath, validJson(groupMessageSchema), async (c) =>
    c.json(await previewGroupMessage(c.var.deps, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/messages', retreatPath, validJson(groupMessageSchema), async (c) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined || !IDEMPOTENCY_KEY.test(key)) throw new ApiError('invalid_idempotency_key');
    const sent = await sendGroupMessage(c.var.deps, c.req.valid('param').id, c.req.valid('json'), key, c.var.actor);
    return c.json(sent, sent.alreadySent ? 200 : 201);
  });
