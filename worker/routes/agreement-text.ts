import { Hono } from 'hono';
import { tallinnDay } from '../../src/lib/format';
import type { AppEnv } from '../app-env';
import { textsInForce } from '../domain/agreements/texts';

/**
 * GET /api/agreement-text: the terms and the waiver in force today, each with its version and the SHA-256 of the
 * exact text (issue 42). A client shows this text and sends the hash back when its traveller signs; a text that
 * changed in between is refused (409), so no one signs a text they did not see.
 */
export const agreementTextRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-cache');
  return c.json(await textsInForce(tallinnDay(c.var.deps.now())));
});
