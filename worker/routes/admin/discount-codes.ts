/** /api/admin/discount-codes (issue 38): the list, one code, add, change and end ("Soodustused"). */
import { Hono } from 'hono';
import { discountCodeCreateSchema, discountCodeEditSchema, discountCodeEndSchema, discountCodeListQuerySchema } from '../../../src/lib/discount-codes';
import type { SignedInEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { createDiscountCode, endDiscountCode, getDiscountCode, listDiscountCodes, updateDiscountCode } from '../../admin/discount-codes';
import { discountCodePath } from '../path-ids';

export const adminDiscountCodeRoutes = new Hono<SignedInEnv>()
  .get('/', validQuery(discountCodeListQuerySchema), async (c) => c.json(await listDiscountCodes(c.var.deps, c.req.valid('query'))))
  .post('/', validJson(discountCodeCreateSchema), async (c) => c.json({ discountCode: await createDiscountCode(c.var.deps, c.req.valid('json'), c.var.actor) }, 201))
  .get('/:id', discountCodePath, async (c) => c.json({ discountCode: await getDiscountCode(c.var.deps, c.req.valid('param').id) }))
  .patch('/:id', discountCodePath, validJson(discountCodeEditSchema), async (c) => {
    const discountCode = await updateDiscountCode(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ discountCode });
  })
  .post('/:id/end', discountCodePath, validJson(discountCodeEndSchema), async (c) => {
    const discountCode = await endDiscountCode(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ discountCode });
  });
