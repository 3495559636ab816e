/** /api/admin/retreats/:id/feedback (issue 24): an edition's feedback answers, and their CSV for the content editors. */
import { Hono } from 'hono';
import { tallinnDay } from '../../../src/lib/format';
import type { AppEnv } from '../../app-env';
import { retreatFeedback, retreatFeedbackCsv } from '../../admin/feedback';
import { parseRetreatId } from '../../admin/retreats';
import { adminActor } from './actor';

export const adminRetreatFeedbackRoutes = new Hono<AppEnv>()
  .get('/:id/feedback', async (c) => c.json(await retreatFeedback(c.var.deps, parseRetreatId(c.req.param('id')))))
  .get('/:id/feedback.csv', async (c) => {
    const { deps } = c.var;
    const id = parseRetreatId(c.req.param('id'));
    return c.body(await retreatFeedbackCsv(deps, id, await adminActor(c)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tagasiside-${id}-${tallinnDay(deps.now())}.csv"`,
    });
  });
