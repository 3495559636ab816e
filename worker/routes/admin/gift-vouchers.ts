/** /api/admin/gift-vouchers (issue 38): issue, list, one voucher with its payments, and its printable PDF. */
import { Hono } from 'hono';
import { giftVoucherCreateSchema, giftVoucherListQuerySchema } from '../../../src/lib/gift-vouchers';
import type { SignedInEnv } from '../../app-env';
import { validJson, validQuery } from '../../http/validate';
import { createGiftVoucher, getGiftVoucher, giftVoucherPdf, listGiftVouchers } from '../../admin/gift-vouchers';
import { giftVoucherPath } from '../path-ids';

export const adminGiftVoucherRoutes = new Hono<SignedInEnv>()
  .get('/', validQuery(giftVoucherListQuerySchema), async (c) => c.json(await listGiftVouchers(c.var.deps, c.req.valid('query'))))
  .post('/', validJson(giftVoucherCreateSchema), async (c) => c.json({ giftVoucher: await createGiftVoucher(c.var.deps, c.req.valid('json'), c.var.actor) }, 201))
  .get('/:id', giftVoucherPath, async (c) => c.json({ giftVoucher: await getGiftVoucher(c.var.deps, c.req.valid('param').id) }))
  .get('/:id/pdf', giftVoucherPath, async (c) => {
    const { file, name } = await giftVoucherPdf(c.var.deps, c.req.valid('param').id);
    const disposition = c.req.query('download') ? 'attachment' : 'inline';
    return c.body(file, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `${disposition}; filename="${name}"` });
  });
