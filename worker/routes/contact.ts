import { Hono } from 'hono';
import { contactRequestSchema } from '../../src/lib/contact-schema';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { perIpLimit } from '../http/public-form-guard';
import { validJson } from '../http/validate';
import { receiveContactMessage } from '../domain/contact-message';

/** POST /api/contact: the contact form; the message is stored and forwarded to the team (DESIGN section 8). */
export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  perIpLimit('contact_submit', (limits) => limits.contact),
  validJson(contactRequestSchema),
  async (c) => {
    const message = c.req.valid('json');
    if (message.website) throw new ApiError('spam_rejected');
    const messageId = await receiveContactMessage(c.var.deps, message, c.var.deps.clientIp(c));
    return c.json({ messageId }, 201);
  },
);
