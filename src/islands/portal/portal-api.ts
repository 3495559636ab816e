/**
 * The portal's calls to /api/me (issue "Guest portal") through the typed client over worker/routes/me.ts, so a
 * changed path, body or answer there is a type error here or in the screen; requests go through the admin app's
 * apiFetch (cookies; a 401 rotates the session once and repeats the call). The first view's calls are in
 * ./first-view-api.ts, which keeps this client out of it.
 */
import type { InferRequestType } from 'hono/client';
import { agreementTextApi, answer, meApi } from '../api/typed';
import type { TravelDetailsInput } from '../../lib/travel-details-schema';

export { portalKeys } from './first-view-api';

const booking = meApi.bookings[':id'];

type PayBody = InferRequestType<typeof booking.pay.$post>['json'];
export type OnlinePart = PayBody['part'];
export type OnlineMethod = NonNullable<PayBody['method']>;

const id = (bookingId: number) => ({ id: String(bookingId) });

export const portalApi = {
  booking: (bookingId: number) => answer(booking.$get({ param: id(bookingId) })),
  // The route takes any JSON object and its service applies the travel details' schema (it depends on today's date),
  // so the form's own input type is the body's contract.
  saveTraveller: (bookingId: number, position: number, json: TravelDetailsInput) =>
    answer(booking.people[':position'].$put({ param: { ...id(bookingId), position: String(position) }, json })),
  requestCancellation: (bookingId: number, json: InferRequestType<(typeof booking)['cancellation-request']['$post']>['json']) =>
    answer(booking['cancellation-request'].$post({ param: id(bookingId), json })),
  /** "Maksa kohe" (issue "Pay online"): an order at the provider; answers the page to send the browser to. */
  pay: (bookingId: number, json: PayBody) => answer(booking.pay.$post({ param: id(bookingId), json })),
  /** "Kasuta kinkekaarti" (issue 38): pays part of the booking with a voucher; answers its balance left and the booking now. */
  redeemGiftVoucher: (bookingId: number, json: InferRequestType<(typeof booking)['gift-vouchers']['$post']>['json']) =>
    answer(booking['gift-vouchers'].$post({ param: id(bookingId), json })),
  /** "Kinnitage koht" (issue 38): takes the places a waiting-list offer holds; answers the booking now. */
  acceptOffer: (bookingId: number) => answer(booking['accept-offer'].$post({ param: id(bookingId) })),
  /** Issue 42: the booking's signatures, "Allkirjasta ise" on this device, and a companion's personal link. */
  agreements: (bookingId: number) => answer(booking.agreements.$get({ param: id(bookingId) })),
  agreementTexts: () => answer(agreementTextApi.index.$get()),
  sign: (bookingId: number, json: InferRequestType<typeof booking.agreements.sign.$post>['json']) =>
    answer(booking.agreements.sign.$post({ param: id(bookingId), json })),
  sendSigningLink: (bookingId: number, json: InferRequestType<typeof booking.agreements.links.$post>['json']) =>
    answer(booking.agreements.links.$post({ param: id(bookingId), json })),
  deleteAccount: (json: InferRequestType<typeof meApi.index.$delete>['json']) => answer(meApi.index.$delete({ json })),
};
