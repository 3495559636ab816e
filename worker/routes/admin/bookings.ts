/** /api/admin/bookings: the list, one booking, its edits, its e-mails, delete, and the admin-made booking. */
import { Hono } from 'hono';
import * as z from 'zod';
import {
  adminBookingCreateSchema,
  bookingEditSchema,
  bookingListQuerySchema,
  companionPricesSchema,
  guestEditSchema,
  moveBookingSchema,
  paymentRemindersSchema,
  planChangeSchema,
  promoteBookingSchema,
  servicesUpdateSchema,
} from '../../../src/lib/admin/bookings';
import { invoiceIssueSchema } from '../../../src/lib/admin/invoices';
import { cancelInputSchema, paymentInputSchema, reversalInputSchema } from '../../../src/lib/payments';
import { giftVoucherRedeemSchema } from '../../../src/lib/gift-vouchers';
import { redeemVoucher } from '../../domain/vouchers/redeem';
import { tallinnDay } from '../../../src/lib/format';
import type { SignedInEnv } from '../../app-env';
import { ApiError } from '../../errors';
import { jsonBody, toFieldIssues, validJson, validQuery } from '../../http/validate';
import { bookingEmails, sendBookingEmailAgain } from '../../admin/booking-emails';
import { createAdminBooking, listBookings, setPaymentReminders, updateGuest, guestHealthForAdmin, viewBookingDetail } from '../../admin/bookings';
import { replaceServices, setCompanionPrices, updateBooking } from '../../domain/bookings/edits';
import { deleteBooking } from '../../domain/bookings/deletion';
import { moveBooking, moveTargets } from '../../domain/bookings/move';
import { changePlan } from '../../domain/bookings/plan';
import { promoteBooking, putOnWaitingList } from '../../domain/bookings/waiting-list';
import { getBookingDetail } from '../../domain/bookings/record';
import { cancelBooking, cancellationPreview } from '../../domain/bookings/cancellation';
import { bookingInvoices, issueInvoice } from '../../domain/invoices/issue';
import { recordPayment, reversePayment } from '../../domain/money/ledger';
import { bookingAgreements } from '../../domain/agreements/status';
import { sendSigningLink } from '../../domain/agreements/links';
import { signingLinkSchema } from '../../../src/lib/agreement-schemas';
import { getLedger, ledgerWithDetail } from '../../domain/money/ledger-view';
import { bookingTravellerHealthForAdmin, bookingTravellersForAdmin } from '../../admin/travellers';
import { bookingEmailPath, bookingPath, bookingPaymentPath } from '../path-ids';

const emptyBody = z.object({}).optional();

export const adminBookingRoutes = new Hono<SignedInEnv>()
  .get('/', validQuery(bookingListQuerySchema), async (c) => {
    return c.json(await listBookings(c.var.deps, c.req.valid('query')));
  })
  .post('/', async (c) => {
    // The schema depends on today's date (no past days), so it is built per request from the injected clock.
    const schema = adminBookingCreateSchema(tallinnDay(c.var.deps.now()));
    const parsed = schema.safeParse(await jsonBody(c.req));
    if (!parsed.success) throw new ApiError('validation_failed', { details: toFieldIssues(parsed.error.issues) });
    const booking = await createAdminBooking(c.var.deps, parsed.data, c.var.actor);
    return c.json({ booking }, 201);
  })
  .get('/:id', bookingPath, async (c) => {
    const booking = await viewBookingDetail(c.var.deps, c.req.valid('param').id, c.var.actor, c.var.sessionCheck);
    return c.json({ booking });
  })
  .patch('/:id', bookingPath, validJson(bookingEditSchema), async (c) => {
    const booking = await updateBooking(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ booking });
  })
  .delete('/:id', bookingPath, async (c) => {
    await deleteBooking(c.var.deps, c.req.valid('param').id, c.var.actor);
    return c.body(null, 204);
  })
  .patch('/:id/guest', bookingPath, validJson(guestEditSchema), async (c) => {
    const booking = await updateGuest(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ booking });
  })
  .put('/:id/services', bookingPath, validJson(servicesUpdateSchema), async (c) => {
    const booking = await replaceServices(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ booking });
  })
  .put('/:id/companions', bookingPath, validJson(companionPricesSchema), async (c) => {
    const booking = await setCompanionPrices(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ booking });
  })
  .put('/:id/reminders', bookingPath, validJson(paymentRemindersSchema), async (c) => {
    const booking = await setPaymentReminders(c.var.deps, c.req.valid('param').id, c.req.valid('json').enabled, c.var.actor);
    return c.json({ booking });
  })
  .get('/:id/guest/health', bookingPath, async (c) => {
    const health = await guestHealthForAdmin(c.var.deps, c.req.valid('param').id, c.var.actor);
    c.header('Cache-Control', 'no-store');
    return c.json(health);
  })
  .get('/:id/travellers', bookingPath, async (c) => c.json(await bookingTravellersForAdmin(c.var.deps, c.req.valid('param').id)))
  .get('/:id/travellers/health', bookingPath, async (c) => {
    const health = await bookingTravellerHealthForAdmin(c.var.deps, c.req.valid('param').id, c.var.actor);
    c.header('Cache-Control', 'no-store');
    return c.json(health);
  })
  .get('/:id/emails', bookingPath, async (c) => {
    return c.json({ items: await bookingEmails(c.var.deps, c.req.valid('param').id) });
  })
  .post('/:id/emails/:emailId/retry', bookingEmailPath, validJson(emptyBody), async (c) => {
    const { id, emailId } = c.req.valid('param');
    const email = await sendBookingEmailAgain(c.var.deps, id, emailId, c.var.actor);
    return c.json({ email });
  })
  // Issue 42: each traveller's acceptance of the texts in force, with its evidence, or null while awaited.
  .get('/:id/agreements', bookingPath, async (c) => c.json(await bookingAgreements(c.var.deps, c.req.valid('param').id)))
  // A companion's personal signing link, by e-mail.
  .post('/:id/agreements/links', bookingPath, validJson(signingLinkSchema), async (c) =>
    c.json({ link: await sendSigningLink(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor) }, 201),
  )
  // The payments ledger: entries are only ever added (a payment, a refund, or the reversal of an entry).
  .get('/:id/payments', bookingPath, async (c) => c.json(await getLedger(c.var.deps, c.req.valid('param').id)))
  .post('/:id/payments', bookingPath, validJson(paymentInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await recordPayment(c.var.deps, id, c.req.valid('json'), c.var.actor, c.var.sessionCheck), 201);
  })
  // Issue 38: pay part of the booking with a gift voucher (the ledger's voucher door checks the voucher and the debt).
  .post('/:id/gift-vouchers', bookingPath, validJson(giftVoucherRedeemSchema), async (c) => {
    const { id } = c.req.valid('param');
    const redeemed = await redeemVoucher(c.var.deps, id, c.req.valid('json'), c.var.actor, 'admin');
    return c.json({ ...redeemed, ...(await ledgerWithDetail(c.var.deps, id)) }, 201);
  })
  .post('/:id/payments/:paymentId/reverse', bookingPaymentPath, validJson(reversalInputSchema), async (c) => {
    const { id, paymentId: target } = c.req.valid('param');
    return c.json(await reversePayment(c.var.deps, id, target, c.req.valid('json').note, c.var.actor), 201);
  })
  // Cancelling with its refund and credit note: first what the terms give today, then all of it in one batch.
  .get('/:id/cancellation', bookingPath, async (c) => c.json(await cancellationPreview(c.var.deps, c.req.valid('param').id)))
  .post('/:id/move', bookingPath, validJson(moveBookingSchema), async (c) => {
    const booking = await moveBooking(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ booking });
  })
  // The editions the move dialog offers: those this booking may go to (worker/domain/retreats/eligibility.ts).
  .get('/:id/move-targets', bookingPath, async (c) => c.json({ items: await moveTargets(c.var.deps, c.req.valid('param').id) }))
  .post('/:id/promote', bookingPath, validJson(promoteBookingSchema), async (c) => {
    const booking = await promoteBooking(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ booking });
  })
  .post('/:id/waiting-list', bookingPath, validJson(promoteBookingSchema), async (c) => {
    const booking = await putOnWaitingList(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ booking });
  })
  .put('/:id/plan', bookingPath, validJson(planChangeSchema), async (c) => {
    const booking = await changePlan(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ booking });
  })
  .post('/:id/cancel', bookingPath, validJson(cancelInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { creditNoteId } = await cancelBooking(c.var.deps, id, c.req.valid('json'), c.var.actor);
    return c.json({ booking: await getBookingDetail(c.var.deps, id), creditNoteId });
  })
  // Invoices: issued from the booking as it is, then frozen (see ./invoices for one invoice, its PDF and e-mail).
  .get('/:id/invoices', bookingPath, async (c) => c.json(await bookingInvoices(c.var.deps, c.req.valid('param').id)))
  .post('/:id/invoices', bookingPath, validJson(invoiceIssueSchema), async (c) => {
    const invoice = await issueInvoice(c.var.deps, c.req.valid('param').id, c.req.valid('json'), c.var.actor);
    return c.json({ invoice }, 201);
  });
