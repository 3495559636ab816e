/** /api/admin/retreats/:id/feedback (issue 24): an edition's feedback answers, and their CSV for the content editors. */
import { Hono } from 'hono';
import { tallinnDay } from '../../../src/lib/format';
import type { SignedInEnv } from '../../app-env';
import { retreatFeedback, retreatFeedbackCsv } from '../../admin/feedback';
import { retreatPath } from '../path-ids';

export const adminRetreatFeedbackRoutes = new Hono<SignedInEnv>()
  .get('/:id/feedback', retreatPath, async (c) => c.json(await retreatFeedback(c.var.deps, c.req.valid('param').id)))
  .get('/:id/feedback.csv', retreatPath, async (c) => {
    const { deps } = c.var;
    const { id } = c.req.valid('param');
    return c.body(await retreatFeedbackCsv(deps, id, c.var.actor), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tagasiside-${id}-${tallinnDay(deps.now())}.csv"`,
    });
  });
