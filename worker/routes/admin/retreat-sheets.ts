/**
 * /api/admin/retreats/:id/sheets/:sheet and /api/admin/retreats/:id/rooms: an edition's run sheets as PDF and CSV
 * files, and the organiser's rooming (issue 24). Mounted under /api/admin/retreats beside ./retreats, so behind
 * requireAdmin like every admin route.
 */
import { Hono } from 'hono';
import { roomingSaveSchema } from '../../../src/lib/retreat-sheets';
import type { SignedInEnv } from '../../app-env';
import { validJson } from '../../http/validate';
import { retreatRooming, retreatSheetFile, saveRetreatRooming } from '../../admin/retreat-sheets';
import { retreatPath } from '../path-ids';

export const adminRetreatSheetRoutes = new Hono<SignedInEnv>()
  .get('/:id/sheets/:sheet', retreatPath, async (c) => {
    const file = await retreatSheetFile(c.var.deps, c.req.valid('param').id, c.req.param('sheet'), c.var.actor);
    return c.body(file.body, 200, { 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.fileName}"` });
  })
  .get('/:id/rooms', retreatPath, async (c) => c.json(await retreatRooming(c.var.deps, c.req.valid('param').id)))
  .put('/:id/rooms', retreatPath, validJson(roomingSaveSchema), async (c) =>
    c.json(await saveRetreatRooming(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor)),
  );
