/**
 * /api/payments: the online payment provider's side (issue "Pay online"). The notification is posted by Montonio's
 * servers, so it is exempt from the Origin check (worker/app.ts) and authenticated by its signed token alone; the
 * return is the guest's browser coming back with the same kind of token. Both are off (404) without Montonio's keys.
 */
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { validJson } from '../http/validate';
import { applyProviderOrder, applyReturn, onlineProvider } from '../domain/payments/online/orders';
import { PaymentTokenError, type OnlinePaymentProvider } from '../domain/payments/online/port';

function providerOf(c: Context<AppEnv>): OnlinePaymentProvider {
  const provider = onlineProvider(c.var.deps);
  if (!provider) throw new ApiError('online_payment_off');
  return provider;
}

async function verified(c: Context<AppEnv>, provider: OnlinePaymentProvider, token: string, source: 'notification' | 'return') {
  try {
    return await provider.verifyOrderToken(token);
  } catch (error) {
    if (!(error instanceof PaymentTokenError)) throw error;
    c.var.deps.log({ level: 'warn', msg: 'online payment refused: token', source, provider: provider.name, reason: error.reason, ip: c.var.deps.clientIp(c) });
    throw new ApiError('payment_token_invalid');
  }
}

const notificationSchema = z.object({ orderToken: z.string().min(1).max(20_000).optional(), refundToken: z.string().min(1).max(20_000).optional() });

export const paymentRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post('/montonio/webhook', validJson(notificationSchema), async (c) => {
    const provider = providerOf(c);
    // Montonio sends the token in the body (`orderToken`) and as the `order-token` query parameter: either will do.
    const body = c.req.valid('json');
    const orderToken = body.orderToken ?? c.req.query('order-token');
    const refundToken = body.refundToken ?? c.req.query('refund-token');
    if (!orderToken) {
      if (refundToken) {
        // Refunds are sent back by the organiser, outside this product (issue "Pay online"); the notice is only logged.
        await verified(c, provider, refundToken, 'notification').catch((error: unknown) => {
          if (!(error instanceof ApiError)) throw error;
        });
        c.var.deps.log({ level: 'info', msg: 'online payment: refund notification received (not applied)' });
        return c.json({ ok: true });
      }
      throw new ApiError('payment_token_invalid');
    }
    const said = await verified(c, provider, orderToken, 'notification');
    await applyProviderOrder(c.var.deps, provider, said, 'notification');
    return c.json({ ok: true });
  })
  .get('/montonio/return', async (c) => {
    const provider = providerOf(c);
    const token = c.req.query('order-token');
    if (!token) throw new ApiError('payment_token_invalid');
    const said = await verified(c, provider, token, 'return');
    const { outcome, bookingId } = await applyReturn(c.var.deps, provider, said);
    return c.json({ outcome, bookingId });
  });
