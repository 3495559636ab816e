/**
 * /api/admin/retreats/:id/{decision,confirm,cancel}: an edition's go/no-go (issue 24). The numbers first (what the
 * confirmation dialogs state), then "Kinnita toimumine" and "Tühista retriit" with its reason.
 */
import { Hono } from 'hono';
import { retreatCancelSchema } from '../../../src/lib/admin/retreat-cancel';
import type { AppEnv } from '../../app-env';
import { validJson } from '../../http/validate';
import { parseRetreatId } from '../../admin/retreats';
import { cancelRetreat, confirmRetreat, retreatDecision } from '../../admin/retreat-decision';
import { adminActor } from './actor';

export const adminRetreatDecisionRoutes = new Hono<AppEnv>()
  .get('/:id/decision', async (c) => c.json({ decision: await retreatDecision(c.var.deps, parseRetreatId(c.req.param('id'))) }))
  .post('/:id/confirm', async (c) => c.json({ decision: await confirmRetreat(c.var.deps, parseRetreatId(c.req.param('id')), await adminActor(c)) }))
  .post('/:id/cancel', validJson(retreatCancelSchema), async (c) =>
    c.json(await cancelRetreat(c.var.deps, parseRetreatId(c.req.param('id')), c.req.valid('json'), await adminActor(c))),
  );
