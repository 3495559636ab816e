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
import { tallinnDay } from '../../../src/lib/format';
import type { AppEnv } from '../../app-env';
import { ApiError } from '../../errors';
import { jsonBody, toFieldIssues, validJson, validQuery } from '../../http/validate';
import { bookingEmails, sendBookingEmailAgain } from '../../admin/booking-emails';
import { createAdminBooking, listBookings, setPaymentReminders, updateGuest, guestHealthForAdmin, viewBookingDetail } from '../../admin/bookings';
import { replaceServices, setCompanionPrices, updateBooking } from '../../domain/bookings/edits';
import { deleteBooking } from '../../domain/bookings/deletion';
import { moveBooking, moveTargets } from '../../domain/bookings/move';
import { changePlan } from '../../domain/bookings/plan';
import { promoteBooking, putOnWaitingList } from '../../domain/bookings/waiting-list';
import { getBookingDetail, parseBookingId } from '../../domain/bookings/record';
import { cancelBooking, cancellationPreview } from '../../domain/bookings/cancellation';
import { bookingInvoices, issueInvoice } from '../../domain/invoices/issue';
import { getLedger, recordPayment, reversePayment } from '../../domain/money/ledger';
import { bookingTravellerHealthForAdmin, bookingTravellersForAdmin } from '../../admin/travellers';
import { adminActor } from './actor';

const emptyBody = z.object({}).optional();

export const adminBookingRoutes = new Hono<AppEnv>()
  .get('/', validQuery(bookingListQuerySchema), async (c) => {
    return c.json(await listBookings(c.var.deps, c.req.valid('query')));
  })
  .post('/', async (c) => {
    // The schema depends on today's date (no past days), so it is built per request from the injected clock.
    const schema = adminBookingCreateSchema(tallinnDay(c.var.deps.now()));
    const parsed = schema.safeParse(await jsonBody(c.req));
    if (!parsed.success) throw new ApiError('validation_failed', { details: toFieldIssues(parsed.error.issues) });
    const booking = await createAdminBooking(c.var.deps, parsed.data, await adminActor(c));
    return c.json({ booking }, 201);
  })
  .get('/:id', async (c) => {
    const booking = await viewBookingDetail(c.var.deps, parseBookingId(c.req.param('id')), await adminActor(c));
    return c.json({ booking });
  })
  .patch('/:id', validJson(bookingEditSchema), async (c) => {
    const booking = await updateBooking(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ booking });
  })
  .delete('/:id', async (c) => {
    await deleteBooking(c.var.deps, parseBookingId(c.req.param('id')), await adminActor(c));
    return c.body(null, 204);
  })
  .patch('/:id/guest', validJson(guestEditSchema), async (c) => {
    const booking = await updateGuest(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ booking });
  })
  .put('/:id/services', validJson(servicesUpdateSchema), async (c) => {
    const booking = await replaceServices(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ booking });
  })
  .put('/:id/companions', validJson(companionPricesSchema), async (c) => {
    const booking = await setCompanionPrices(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ booking });
  })
  .put('/:id/reminders', validJson(paymentRemindersSchema), async (c) => {
    const booking = await setPaymentReminders(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json').enabled, await adminActor(c));
    return c.json({ booking });
  })
  .get('/:id/guest/health', async (c) => {
    const health = await guestHealthForAdmin(c.var.deps, parseBookingId(c.req.param('id')), await adminActor(c));
    c.header('Cache-Control', 'no-store');
    return c.json(health);
  })
  .get('/:id/travellers', async (c) => c.json(await bookingTravellersForAdmin(c.var.deps, parseBookingId(c.req.param('id')))))
  .get('/:id/travellers/health', async (c) => {
    const health = await bookingTravellerHealthForAdmin(c.var.deps, parseBookingId(c.req.param('id')), await adminActor(c));
    c.header('Cache-Control', 'no-store');
    return c.json(health);
  })
  .get('/:id/emails', async (c) => {
    return c.json({ items: await bookingEmails(c.var.deps, parseBookingId(c.req.param('id'))) });
  })
  .post('/:id/emails/:emailId/retry', validJson(emptyBody), async (c) => {
    const emailId = c.req.param('emailId');
    if (!/^\d{1,10}$/.test(emailId)) throw new ApiError('not_found');
    const email = await sendBookingEmailAgain(c.var.deps, parseBookingId(c.req.param('id')), Number(emailId), await adminActor(c));
    return c.json({ email });
  })
  // The payments ledger: entries are only ever added (a payment, a refund, or the reversal of an entry).
  .get('/:id/payments', async (c) => c.json(await getLedger(c.var.deps, parseBookingId(c.req.param('id')))))
  .post('/:id/payments', validJson(paymentInputSchema), async (c) => {
    const id = parseBookingId(c.req.param('id'));
    const paymentId = await recordPayment(c.var.deps, id, c.req.valid('json'), await adminActor(c));
    return c.json({ paymentId, ledger: await getLedger(c.var.deps, id), booking: await getBookingDetail(c.var.deps, id) }, 201);
  })
  .post('/:id/payments/:paymentId/reverse', validJson(reversalInputSchema), async (c) => {
    const id = parseBookingId(c.req.param('id'));
    const target = c.req.param('paymentId');
    if (!/^\d{1,10}$/.test(target)) throw new ApiError('not_found', { message: 'Makset ei leitud' });
    const paymentId = await reversePayment(c.var.deps, id, Number(target), c.req.valid('json').note, await adminActor(c));
    return c.json({ paymentId, ledger: await getLedger(c.var.deps, id), booking: await getBookingDetail(c.var.deps, id) }, 201);
  })
  // Cancelling with its refund and credit note: first what the terms give today, then all of it in one batch.
  .get('/:id/cancellation', async (c) => c.json(await cancellationPreview(c.var.deps, parseBookingId(c.req.param('id')))))
  .post('/:id/move', validJson(moveBookingSchema), async (c) => {
    const booking = await moveBooking(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ booking });
  })
  // The editions the move dialog offers: those this booking may go to (worker/domain/retreats/eligibility.ts).
  .get('/:id/move-targets', async (c) => c.json({ items: await moveTargets(c.var.deps, parseBookingId(c.req.param('id'))) }))
  .post('/:id/promote', validJson(promoteBookingSchema), async (c) => {
    const booking = await promoteBooking(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ booking });
  })
  .post('/:id/waiting-list', validJson(promoteBookingSchema), async (c) => {
    const booking = await putOnWaitingList(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ booking });
  })
  .put('/:id/plan', validJson(planChangeSchema), async (c) => {
    const booking = await changePlan(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ booking });
  })
  .post('/:id/cancel', validJson(cancelInputSchema), async (c) => {
    const id = parseBookingId(c.req.param('id'));
    const { creditNoteId } = await cancelBooking(c.var.deps, id, c.req.valid('json'), await adminActor(c));
    return c.json({ booking: await getBookingDetail(c.var.deps, id), creditNoteId });
  })
  // Invoices: issued from the booking as it is, then frozen (see ./invoices for one invoice, its PDF and e-mail).
  .get('/:id/invoices', async (c) => c.json(await bookingInvoices(c.var.deps, parseBookingId(c.req.param('id')))))
  .post('/:id/invoices', validJson(invoiceIssueSchema), async (c) => {
    const invoice = await issueInvoice(c.var.deps, parseBookingId(c.req.param('id')), c.req.valid('json'), await adminActor(c));
    return c.json({ invoice }, 201);
  });
