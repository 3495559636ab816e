/**
 * /api/me: the signed-in guest's own bookings, travel details, invoices and data (the guest portal). Signed-in only
 * (401); another user's ids answer 404, exactly like ids that do not exist.
 */
import { Hono } from 'hono';
import * as z from 'zod';
import { invoiceFileName } from '../../src/lib/invoices/documents';
import { tallinnDay } from '../../src/lib/format';
import { cancellationRequestSchema, deleteAccountSchema } from '../../src/lib/portal-schemas';
import type { SignedInEnv } from '../app-env';
import { ApiError } from '../errors';
import { invoiceNotFound } from '../domain/not-found';
import { clearSessionCookies, requireUser } from '../http/auth';
import { validJson } from '../http/validate';
import { perIpLimit } from '../http/public-form-guard';
import { giftVoucherRedeemSchema } from '../../src/lib/gift-vouchers';
import { redeemVoucher } from '../domain/vouchers/redeem';
import { acceptOffer } from '../domain/bookings/waiting-list';
import { getBookingDetail } from '../domain/bookings/record';
import { getInvoice } from '../domain/invoices/issue';
import { deleteMyAccount, exportMyData } from '../portal/account';
import { myBooking, myBookings } from '../portal/bookings';
import { ownedBooking } from '../domain/bookings/ownership';
import { requestCancellation } from '../portal/cancellation-request';
import { onlineProvider, startOnlinePayment } from '../domain/payments/online/orders';
import { saveTravellerDetails } from '../portal/travellers';
import { bookingPath, bookingTravellerPath, invoicePath } from './path-ids';
import type { AcceptanceEvidence } from '../../src/lib/agreement-labels';
import { portalSignSchema, signingLinkSchema } from '../../src/lib/agreement-schemas';
import { bookingAgreements } from '../domain/agreements/status';
import { sendSigningLink, signInPortal } from '../domain/agreements/links';

export const meRoutes = new Hono<SignedInEnv>()
  .use('*', requireUser())
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get('/bookings', async (c) => c.json({ items: await myBookings(c.var.deps, c.var.actor.userId) }))
  .get('/bookings/:id', bookingPath, async (c) =>
    c.json({ booking: await myBooking(c.var.deps, c.var.actor.userId, c.req.valid('param').id, { onlinePayment: onlineProvider(c.var.deps) !== null }) }),
  )
  // The details' schema depends on today (no birthday in the future, no expired passport): the service applies it;
  // here the body only has to be a JSON object.
  .put('/bookings/:id/people/:position', bookingTravellerPath, validJson(z.record(z.string(), z.unknown())), async (c) => {
    const { id, position } = c.req.valid('param');
    const person = await saveTravellerDetails(c.var.deps, c.var.actor, id, position, c.req.valid('json'));
    return c.json({ person });
  })
  // Pay online (issue "Pay online"): what is due next, or all that is open; off (404 online_payment_off) without keys.
  .post('/bookings/:id/pay', bookingPath, validJson(z.object({ part: z.enum(['next', 'rest']), method: z.enum(['bank_link', 'card']).default('bank_link') })), async (c) => {
    const { deps } = c.var;
    const order = await startOnlinePayment(deps, onlineProvider(deps), c.var.actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json(order);
  })
  // Issue 38: "Kasuta kinkekaarti": the guest pays part of their booking with a voucher's code (limited per address:
  // codes are not to be found by trying).
  .post('/bookings/:id/gift-vouchers', bookingPath, perIpLimit('gift_voucher_try', (limits) => limits.discountChecks), validJson(giftVoucherRedeemSchema), async (c) => {
    const { id } = c.req.valid('param');
    await ownedBooking(c.var.deps, c.var.actor.userId, id);
    const redeemed = await redeemVoucher(c.var.deps, id, c.req.valid('json'), c.var.actor, 'portal');
    return c.json({ ...redeemed, booking: await myBooking(c.var.deps, c.var.actor.userId, id, { onlinePayment: onlineProvider(c.var.deps) !== null }) }, 201);
  })
  // Issue 38: "Kinnita koht": the guest takes the places a waiting-list offer holds for them.
  .post('/bookings/:id/accept-offer', bookingPath, async (c) => {
    const { deps, actor } = c.var;
    const { id } = c.req.valid('param');
    await ownedBooking(deps, actor.userId, id);
    await acceptOffer(deps, await getBookingDetail(deps, id), actor, { ip: actor.ip, userAgent: actor.userAgent });
    return c.json({ booking: await myBooking(deps, actor.userId, id, { onlinePayment: onlineProvider(deps) !== null }) });
  })
  // Issue 42: the booking's signatures (without the evidence's address and browser), "Allkirjasta ise" on this device,
  // and a companion's personal link.
  .get('/bookings/:id/agreements', bookingPath, async (c) => {
    const { id } = c.req.valid('param');
    await ownedBooking(c.var.deps, c.var.actor.userId, id);
    const { travellers } = await bookingAgreements(c.var.deps, id);
    const plain = (e: AcceptanceEvidence | null) => e && { ...e, ip: null, userAgent: null };
    return c.json({ travellers: travellers.map((t) => ({ ...t, terms: plain(t.terms), waiver: plain(t.waiver) })) });
  })
  .post('/bookings/:id/agreements/sign', bookingPath, validJson(portalSignSchema), async (c) => {
    const { id } = c.req.valid('param');
    await ownedBooking(c.var.deps, c.var.actor.userId, id);
    return c.json({ signed: await signInPortal(c.var.deps, id, c.req.valid('json'), c.var.actor) });
  })
  .post('/bookings/:id/agreements/links', bookingPath, validJson(signingLinkSchema), async (c) => {
    const { id } = c.req.valid('param');
    await ownedBooking(c.var.deps, c.var.actor.userId, id);
    return c.json({ link: await sendSigningLink(c.var.deps, id, c.req.valid('json'), c.var.actor) }, 201);
  })
  .post('/bookings/:id/cancellation-request', bookingPath, validJson(cancellationRequestSchema), async (c) => {
    const request = await requestCancellation(c.var.deps, c.var.actor, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ request }, 201);
  })
  .get('/invoices/:id/pdf', invoicePath, async (c) => {
    // Missing, and not the guest's, answer the same 404 (the invoice's): an invoice is theirs when its booking is.
    const invoice = await getInvoice(c.var.deps, c.req.valid('param').id);
    if (invoice.bookingId === null) throw invoiceNotFound();
    await ownedBooking(c.var.deps, c.var.actor.userId, invoice.bookingId).catch((err: unknown) => {
      throw err instanceof ApiError && err.code === 'not_found' ? invoiceNotFound() : err;
    });
    const pdf = await (await c.var.deps.invoicePdf()).renderInvoicePdf(invoice.document);
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoiceFileName(invoice.kind, invoice.number)}"`,
    });
  })
  .get('/export', async (c) => {
    const data = await exportMyData(c.var.deps, c.var.actor);
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="minu-andmed-${tallinnDay(c.var.deps.now())}.json"`,
    });
  })
  .delete('/', validJson(deleteAccountSchema), async (c) => {
    const outcome = await deleteMyAccount(c.var.deps, { ...c.var.actor, isAdmin: c.var.auth.isAdmin }, c.req.valid('json').password);
    clearSessionCookies(c);
    return c.json({ deleted: true, ...outcome });
  });
