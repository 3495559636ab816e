import { Hono } from 'hono';
import { contactRequestSchema } from '../../src/lib/contact-schema';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { validJson } from '../http/validate';
import { receiveContactMessage } from '../domain/contact-message';

/**
 * POST /api/contact: the contact form; the message is stored and forwarded to the team (DESIGN section 8). The per-IP
 * limit counts messages inside the message's own write, as the booking form's does: a malformed request or a filled
 * honeypot writes nothing and is not counted.
 */
export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  validJson(contactRequestSchema),
  async (c) => {
    const message = c.req.valid('json');
    if (message.website) throw new ApiError('spam_rejected');
    const { deps } = c.var;
    const ip = deps.clientIp(c);
    const messageId = await receiveContactMessage(deps, message, ip, { kind: 'contact_submit', key: ip ?? 'unknown', limit: deps.config.limits.contact });
    return c.json({ messageId }, 201);
  },
);
