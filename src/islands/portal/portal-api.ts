/**
 * The portal's calls to /api/me (issue "Guest portal") through the same client as the admin app: cookies carry the
 * session, a 401 rotates it once and repeats the call (../api/client.ts).
 */
import { apiRequest } from '../api/client';
import { refreshSession } from '../../lib/auth/session-client';
import type { MyBookingDetail, MyBookingSummary, TravellerView } from '../../lib/portal';
import type { CancellationRequestInput, DeleteAccountInput } from '../../lib/portal-schemas';
import type { GiftVoucherRedeemInput, GiftVoucherRedeemResponse } from '../../lib/gift-vouchers';
import type { TravelDetailsInput } from '../../lib/travel-details-schema';
import type { AgreementKind, TravellerAgreements } from '../../lib/agreement-labels';
import type { PortalSignInput, SigningLinkInput } from '../../lib/agreement-schemas';

export type OnlinePart = 'next' | 'rest';
export type OnlineMethod = 'bank_link' | 'card';

export const portalKeys = {
  bookings: ['me', 'bookings'] as const,
  booking: (id: number) => ['me', 'bookings', id] as const,
  agreements: (id: number) => ['me', 'bookings', id, 'agreements'] as const,
  agreementTexts: ['agreement-text'] as const,
};

export const portalApi = {
  bookings: () => apiRequest<{ items: MyBookingSummary[] }>('/api/me/bookings'),
  booking: (id: number) => apiRequest<{ booking: MyBookingDetail }>(`/api/me/bookings/${id}`),
  saveTraveller: (id: number, position: number, body: TravelDetailsInput) =>
    apiRequest<{ person: TravellerView }>(`/api/me/bookings/${id}/people/${position}`, { method: 'PUT', body }),
  requestCancellation: (id: number, body: CancellationRequestInput) =>
    apiRequest<{ request: { requestedAt: string; refundCents: number } }>(`/api/me/bookings/${id}/cancellation-request`, { method: 'POST', body }),
  /** "Maksa kohe" (issue "Pay online"): an order at the provider; answers the page to send the browser to. */
  pay: (id: number, body: { part: OnlinePart; method: OnlineMethod }) =>
    apiRequest<{ paymentUrl: string; amountCents: number }>(`/api/me/bookings/${id}/pay`, { method: 'POST', body }),
  /** "Kasuta kinkekaarti" (issue 38): pays part of the booking with a voucher; answers its balance left and the booking now. */
  redeemGiftVoucher: (id: number, body: GiftVoucherRedeemInput) =>
    apiRequest<GiftVoucherRedeemResponse & { booking: MyBookingDetail }>(`/api/me/bookings/${id}/gift-vouchers`, { method: 'POST', body }),
  /** "Kinnitage koht" (issue 38): takes the places a waiting-list offer holds; answers the booking now. */
  acceptOffer: (id: number) => apiRequest<{ booking: MyBookingDetail }>(`/api/me/bookings/${id}/accept-offer`, { method: 'POST', body: {} }),
  /** Issue 42: the booking's signatures, "Allkirjasta ise" on this device, and a companion's personal link. */
  agreements: (id: number) => apiRequest<{ travellers: TravellerAgreements[] }>(`/api/me/bookings/${id}/agreements`),
  agreementTexts: () => apiRequest<Record<AgreementKind, { version: string; text: string; sha256: string }>>('/api/agreement-text'),
  sign: (id: number, body: PortalSignInput) => apiRequest<{ signed: { kind: AgreementKind; version: string; signedAt: string } }>(`/api/me/bookings/${id}/agreements/sign`, { method: 'POST', body }),
  sendSigningLink: (id: number, body: SigningLinkInput) =>
    apiRequest<{ link: { email: 'sent' | 'queued' | 'failed'; expiresAt: string } }>(`/api/me/bookings/${id}/agreements/links`, { method: 'POST', body }),
  deleteAccount: (body: DeleteAccountInput) => apiRequest<{ deleted: true; bookingsKept: number }>('/api/me', { method: 'DELETE', body }),
};

/**
 * Files (invoice PDFs, the data export) are plain links the browser downloads; their request cannot refresh the
 * session on a 401, so the session is made fresh for a minute first. Answers false when the session is over.
 */
export async function freshForDownload(): Promise<boolean> {
  return (await refreshSession(60_000)) !== null;
}
