/** /api/admin/contact-messages ("Sõnumid", issue 24): the list, one message with its replies, and a reply by e-mail. */
import { Hono } from 'hono';
import { contactMessageListQuerySchema } from '../../../src/lib/admin/contact-messages';
import { contactReplySchema } from '../../../src/lib/admin/contact-reply';
import type { SignedInEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { getContactMessage, listContactMessages, replyToContactMessage } from '../../admin/contact-messages';
import { contactMessagePath } from '../path-ids';

export const adminContactMessageRoutes = new Hono<SignedInEnv>()
  .get('/', validQuery(contactMessageListQuerySchema), async (c) => c.json(await listContactMessages(c.var.deps, c.req.valid('query'))))
  .get('/:id', contactMessagePath, async (c) => c.json({ message: await getContactMessage(c.var.deps, c.req.valid('param').id) }))
  .post('/:id/reply', contactMessagePath, validJson(contactReplySchema), async (c) => {
    const message = await replyToContactMessage(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ message }, 201);
  });
