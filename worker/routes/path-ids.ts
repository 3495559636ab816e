/**
 * The path ids of every route, one validator per noun (worker/http/ids.ts): a route names the one it takes and reads
 * `c.req.valid('param')`. A value that cannot be the id answers the noun's 404 (worker/domain/not-found.ts).
 */
import { pathIds, position, positiveId, uuidId } from '../http/ids';
import {
  bankStatementNotFound,
  bankTransactionNotFound,
  bookingEmailNotFound,
  bookingNotFound,
  clientNotFound,
  contactMessageNotFound,
  discountCodeNotFound,
  giftVoucherNotFound,
  invoiceNotFound,
  paymentNotFound,
  retreatNotFound,
  travellerNotFound,
  userNotFound,
  webhookDeliveryNotFound,
  webhookNotFound,
} from '../domain/not-found';

const bookingId = positiveId(bookingNotFound);

export const bookingPath = pathIds({ id: bookingId });
export const bookingEmailPath = pathIds({ id: bookingId, emailId: positiveId(bookingEmailNotFound) });
export const bookingPaymentPath = pathIds({ id: bookingId, paymentId: positiveId(paymentNotFound) });
export const bookingTravellerPath = pathIds({ id: bookingId, position: position(travellerNotFound) });
export const invoicePath = pathIds({ id: positiveId(invoiceNotFound) });
export const retreatPath = pathIds({ id: positiveId(retreatNotFound) });
export const clientPath = pathIds({ id: uuidId(clientNotFound) });
export const userPath = pathIds({ id: uuidId(userNotFound) });
export const contactMessagePath = pathIds({ id: positiveId(contactMessageNotFound) });
export const bankStatementPath = pathIds({ id: positiveId(bankStatementNotFound) });
export const bankTransactionPath = pathIds({ id: positiveId(bankTransactionNotFound) });
export const discountCodePath = pathIds({ id: positiveId(discountCodeNotFound) });
export const giftVoucherPath = pathIds({ id: positiveId(giftVoucherNotFound) });
export const webhookPath = pathIds({ id: positiveId(webhookNotFound) });
export const webhookDeliveryPath = pathIds({ id: positiveId(webhookNotFound), deliveryId: positiveId(webhookDeliveryNotFound) });
