/** Bookings: the list, one booking, its e-mails and its writes; `bookingChanged` is what any change to a booking reloads. */
import type { PaymentPlan } from '../../../lib/payment-plans';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { BookingDetail, BookingEmail, BookingListResponse, GuestOption } from '../../../lib/admin/booking-views';
import type { MoveTarget } from '../../../lib/booking-record';
import type { AdminBookingCreateInput, BookingEditInput, BookingListQuery, CompanionPricesUpdate, GuestEditInput, MoveBookingInput, ServicesUpdate } from '../../../lib/admin/bookings';
import type { TravellerAgreements } from '../../../lib/agreement-labels';
import type { SigningLinkInput } from '../../../lib/agreement-schemas';
import { BASE, INVOICE_LISTS, adminKeys } from './keys';
import { listQueryHook } from './list-query';

export const useBookingList = listQueryHook<BookingListQuery, BookingListResponse>(`${BASE}/bookings`, adminKeys.bookingList);

export function useBooking(id: string) {
  return useQuery({
    queryKey: adminKeys.booking(id),
    queryFn: ({ signal }) => apiRequest<{ booking: BookingDetail }>(`${BASE}/bookings/${encodeURIComponent(id)}`, { signal }).then((r) => r.booking),
  });
}

export function useBookingEmails(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingEmails(id),
    queryFn: ({ signal }) => apiRequest<{ items: BookingEmail[] }>(`${BASE}/bookings/${encodeURIComponent(id)}/emails`, { signal }).then((r) => r.items),
  });
}

/** Issue 42: each traveller's acceptance of the texts in force, with its evidence. */
export function useBookingAgreements(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingAgreements(id),
    queryFn: ({ signal }) =>
      apiRequest<{ travellers: TravellerAgreements[] }>(`${BASE}/bookings/${encodeURIComponent(id)}/agreements`, { signal }).then((r) => r.travellers),
  });
}

/** Issue 42: a companion's signing link, by e-mail; the booking's e-mails and signatures reload. */
export function useSendSigningLink(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SigningLinkInput) =>
      apiRequest<{ link: { email: 'sent' | 'queued' | 'failed'; expiresAt: string } }>(`${BASE}/bookings/${encodeURIComponent(bookingId)}/agreements/links`, {
        method: 'POST',
        body,
      }).then((r) => r.link),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.bookingEmails(bookingId) });
      void client.invalidateQueries({ queryKey: adminKeys.bookingAgreements(bookingId) });
    },
  });
}

export function useGuestOptions(q: string) {
  return useQuery<GuestOption[]>({
    queryKey: adminKeys.guests(q),
    queryFn: ({ signal }) => apiRequest<{ items: GuestOption[] }>(`${BASE}/guests`, { query: { q }, signal }).then((r) => r.items),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * After a change to one booking: its detail gets the server's answer; its travellers (names and companions may have
 * changed) and its invoices (the preview of the next one shows the booking's money and takes its version) reload, and
 * so do every list and the dashboard.
 */
export function bookingChanged(client: QueryClient, booking: BookingDetail) {
  client.setQueryData(adminKeys.booking(String(booking.id)), booking);
  void client.invalidateQueries({ queryKey: adminKeys.bookingTravellers(String(booking.id)) });
  void client.invalidateQueries({ queryKey: adminKeys.bookingInvoices(String(booking.id)) });
  void client.invalidateQueries({ queryKey: ['bookings', 'list'] });
  // A payment (or a cancellation's refund and credit note) changes what is open on the booking's invoices.
  void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
}

function useBookingWrite<Body>(id: string, method: 'PATCH' | 'PUT' | 'POST', suffix: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest<{ booking: BookingDetail }>(`${BASE}/bookings/${encodeURIComponent(id)}${suffix}`, { method, body }).then((r) => r.booking),
    onSuccess: (booking) => bookingChanged(client, booking),
  });
}

export const useUpdateBooking = (id: string) => useBookingWrite<BookingEditInput>(id, 'PATCH', '');

export const useUpdateGuest = (id: string) => useBookingWrite<GuestEditInput>(id, 'PATCH', '/guest');

export const useUpdateServices = (id: string) => useBookingWrite<ServicesUpdate>(id, 'PUT', '/services');

export const useUpdateCompanions = (id: string) => useBookingWrite<CompanionPricesUpdate>(id, 'PUT', '/companions');

export const useSetPaymentReminders = (id: string) => useBookingWrite<{ enabled: boolean }>(id, 'PUT', '/reminders');

/** The lifecycle's moves: to another edition, a waiting-list party to its places or a request to the waiting list, another plan. */
export const useMoveBooking = (id: string) => useBookingWrite<MoveBookingInput>(id, 'POST', '/move');

export const usePromoteBooking = (id: string) => useBookingWrite<{ version: number }>(id, 'POST', '/promote');

export const usePutOnWaitingList = (id: string) => useBookingWrite<{ version: number }>(id, 'POST', '/waiting-list');

/** The editions the booking may move to (the API applies the edition rule), read when the move dialog opens. */
export function useMoveTargets(id: string) {
  return useQuery({
    queryKey: adminKeys.moveTargets(id),
    queryFn: ({ signal }) => apiRequest<{ items: MoveTarget[] }>(`${BASE}/bookings/${encodeURIComponent(id)}/move-targets`, { signal }).then((r) => r.items),
  });
}

export const useChangePlan = (id: string) => useBookingWrite<{ version: number; paymentPlan: PaymentPlan }>(id, 'PUT', '/plan');

export function useDeleteBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | number) => apiRequest<void>(`${BASE}/bookings/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: adminKeys.booking(String(id)) });
      void client.invalidateQueries({ queryKey: ['bookings', 'list'] });
      // Its invoices stay in the books, without their booking.
      void client.invalidateQueries({ queryKey: INVOICE_LISTS });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

export function useCreateBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBookingCreateInput) => apiRequest<{ booking: { id: number } }>(`${BASE}/bookings`, { method: 'POST', body }).then((r) => r.booking),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['bookings', 'list'] });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

export function useRetryEmail(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (emailId: number) =>
      apiRequest<{ email: BookingEmail }>(`${BASE}/bookings/${encodeURIComponent(bookingId)}/emails/${emailId}/retry`, { method: 'POST', body: {} }).then((r) => r.email),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.bookingEmails(bookingId) }),
  });
}
