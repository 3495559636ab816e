/**
 * /api/admin/retreats/:id/{decision,confirm,cancel}: an edition's go/no-go (issue 24). The numbers first (what the
 * confirmation dialogs state), then "Kinnita toimumine" and "Tühista retriit" with its reason.
 */
import { Hono } from 'hono';
import { retreatCancelSchema } from '../../../src/lib/admin/retreat-cancel';
import type { SignedInEnv } from '../../app-env';
import { validJson } from '../../http/validate';
import { cancelRetreat, confirmRetreat, retreatDecision } from '../../admin/retreat-decision';
import { retreatPath } from '../path-ids';

export const adminRetreatDecisionRoutes = new Hono<SignedInEnv>()
  .get('/:id/decision', retreatPath, async (c) => c.json({ decision: await retreatDecision(c.var.deps, c.req.valid('param').id) }))
  .post('/:id/confirm', retreatPath, async (c) => c.json({ decision: await confirmRetreat(c.var.deps, c.req.valid('param').id, c.var.actor) }))
  .post('/:id/cancel', retreatPath, validJson(retreatCancelSchema), async (c) =>
    c.json(await cancelRetreat(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );
