import { Hono } from 'hono';
import { API_ERRORS } from '../../src/lib/api-errors';
import { discountCodeCheckSchema, type DiscountCodeCheckResponse } from '../../src/lib/discount-codes';
import { tallinnDay } from '../../src/lib/format';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { perIpLimit } from '../http/public-form-guard';
import { validJson } from '../http/validate';
import { usableCode } from '../domain/discounts/codes';
import { findEditionOnSale } from '../domain/retreats/availability';

/**
 * POST /api/discount-codes/check (issue 38): the booking form's "Kasuta": what a code gives on an edition, or why it
 * does not hold (422 under `code`). It counts nothing: the booking counts the use in its own batch and checks again.
 * Limited per address, so that codes cannot be found by trying.
 */
export const discountCodeRoutes = new Hono<AppEnv>().post(
  '/check',
  perIpLimit('discount_check', (limits) => limits.discountChecks),
  validJson(discountCodeCheckSchema),
  async (c) => {
    const { code, retreatMonth } = c.req.valid('json');
    const { deps } = c.var;
    const edition = await findEditionOnSale(deps, retreatMonth);
    if (!edition?.open) throw new ApiError('edition_closed', { details: [{ path: 'retreatMonth', message: API_ERRORS.edition_closed.message }] });
    const usable = await usableCode(deps, code!, edition.retreatId, tallinnDay(deps.now()), 'code');
    const answer: DiscountCodeCheckResponse = { discountCode: { code: usable.code, percent: usable.percent, amountPerPersonCents: usable.amountPerPersonCents } };
    return c.json(answer);
  },
);
