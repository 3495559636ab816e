/**
 * The 404 of each noun, made in one place: every route, core function and audience module that does not find a
 * thing throws its noun's error from here, so the same thing always answers the same text. The texts are in
 * src/lib/not-found.ts, where the screens read them too.
 */
import { NOT_FOUND_MESSAGES, type NotFoundNoun } from '../../src/lib/not-found';
import { ApiError } from '../errors';

const notFound = (noun: NotFoundNoun) => () => new ApiError('not_found', { message: NOT_FOUND_MESSAGES[noun] });

export const bookingNotFound = notFound('booking');
export const bookingEmailNotFound = notFound('bookingEmail');
export const travellerNotFound = notFound('traveller');
export const paymentNotFound = notFound('payment');
export const invoiceNotFound = notFound('invoice');
export const retreatNotFound = notFound('retreat');
export const retreatSheetNotFound = notFound('retreatSheet');
export const clientNotFound = notFound('client');
export const contactMessageNotFound = notFound('contactMessage');
export const bankStatementNotFound = notFound('bankStatement');
export const bankTransactionNotFound = notFound('bankTransaction');
export const discountCodeNotFound = notFound('discountCode');
export const giftVoucherNotFound = notFound('giftVoucher');
export const webhookNotFound = notFound('webhook');
export const webhookDeliveryNotFound = notFound('webhookDelivery');
/** A user account has its own code (`account_not_found`, "Kasutajat ei leitud."). */
export const userNotFound = () => new ApiError('account_not_found');
