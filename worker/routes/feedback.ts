/**
 * /api/feedback (issue 24): the public feedback form, reached by the signed link in the feedback request e-mail.
 * POST /open tells the form whose link it is (first name, edition, already answered); POST / stores the answer, once
 * per booking. The token is the only key: nothing here reads a session.
 */
import { Hono } from 'hono';
import { feedbackOpenSchema, feedbackSchema } from '../../src/lib/feedback-schema';
import type { AppEnv } from '../app-env';
import { validJson } from '../http/validate';
import { openFeedback, submitFeedback } from '../domain/feedback';

export const feedbackRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post('/open', validJson(feedbackOpenSchema), async (c) => c.json(await openFeedback(c.var.deps, c.req.valid('json').token)))
  .post('/', validJson(feedbackSchema), async (c) => {
    await submitFeedback(c.var.deps, c.req.valid('json'));
    return c.json({ ok: true }, 201);
  });
