/** Bookings: the list, one booking, its e-mails and its writes; `bookingChanged` is what any change to a booking reloads. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { adminApi, answer, urlQuery } from '../../api/typed';
import type { AdminBookingCreateInput, BookingListQuery } from '../../../lib/admin/bookings';
import { INVOICE_LISTS, adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/bookings.ts through hc.
const bookings = adminApi.bookings;
const booking = bookings[':id'];

/** hc puts path values into the URL as they are, and a booking's id comes from the page's address: encoded here. */
export const bookingParam = (id: string | number) => ({ param: { id: encodeURIComponent(String(id)) } });

/** What the booking's detail answers, and every write on it (the server's BookingDetail as JSON). */
export type Booking = InferResponseType<typeof booking.$get>['booking'];

export function useBookingList(query: BookingListQuery) {
  return useQuery({
    queryKey: adminKeys.bookingList(query),
    queryFn: ({ signal }) => answer(bookings.$get({ query: urlQuery(query) }, { init: { signal } })),
    // The old page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: string) {
  return useQuery({
    queryKey: adminKeys.booking(id),
    queryFn: ({ signal }) => answer(booking.$get(bookingParam(id), { init: { signal } })).then((r) => r.booking),
  });
}

export function useBookingEmails(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingEmails(id),
    queryFn: ({ signal }) => answer(booking.emails.$get(bookingParam(id), { init: { signal } })).then((r) => r.items),
  });
}

/** Issue 42: each traveller's acceptance of the texts in force, with its evidence. */
export function useBookingAgreements(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingAgreements(id),
    queryFn: ({ signal }) => answer(booking.agreements.$get(bookingParam(id), { init: { signal } })).then((r) => r.travellers),
  });
}

/** Issue 42: a companion's signing link, by e-mail; the booking's e-mails and signatures reload. */
export function useSendSigningLink(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof booking.agreements.links.$post>['json']) =>
      answer(booking.agreements.links.$post({ ...bookingParam(bookingId), json })).then((r) => r.link),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.bookingEmails(bookingId) });
      void client.invalidateQueries({ queryKey: adminKeys.bookingAgreements(bookingId) });
    },
  });
}

export function useGuestOptions(q: string) {
  return useQuery({
    queryKey: adminKeys.guests(q),
    queryFn: ({ signal }) => answer(adminApi.guests.$get({ query: urlQuery({ q }) }, { init: { signal } })).then((r) => r.items),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/**
 * After a change to one booking: its detail gets the server's answer; its travellers (names and companions may have
 * changed) and its invoices (the preview of the next one shows the booking's money and takes its version) reload, and
 * so do every list and the dashboard.
 */
export function bookingChanged(client: QueryClient, changed: Booking) {
  client.setQueryData(adminKeys.booking(String(changed.id)), changed);
  void client.invalidateQueries({ queryKey: adminKeys.bookingTravellers(String(changed.id)) });
  void client.invalidateQueries({ queryKey: adminKeys.bookingInvoices(String(changed.id)) });
  void client.invalidateQueries({ queryKey: ['bookings', 'list'] });
  // A payment (or a cancellation's refund and credit note) changes what is open on the booking's invoices.
  void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
}

/** A write that answers `{ booking }`: the detail takes the answer and what depends on it reloads. */
function useBookingWrite<Json>(write: (json: Json) => Promise<{ booking: Booking }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: Json) => write(json).then((r) => r.booking),
    onSuccess: (changed) => bookingChanged(client, changed),
  });
}

export const useUpdateBooking = (id: string) =>
  useBookingWrite((json: InferRequestType<typeof booking.$patch>['json']) => answer(booking.$patch({ ...bookingParam(id), json })));

export const useUpdateGuest = (id: string) =>
  useBookingWrite((json: InferRequestType<typeof booking.guest.$patch>['json']) => answer(booking.guest.$patch({ ...bookingParam(id), json })));

export const useUpdateServices = (id: string) =>
  useBookingWrite((json: InferRequestType<typeof booking.services.$put>['json']) => answer(booking.services.$put({ ...bookingParam(id), json })));

export const useUpdateCompanions = (id: string) =>
  useBookingWrite((json: InferRequestType<typeof booking.companions.$put>['json']) => answer(booking.companions.$put({ ...bookingParam(id), json })));

export const useSetPaymentReminders = (id: string) =>
  useBookingWrite((json: InferRequestType<typeof booking.reminders.$put>['json']) => answer(booking.reminders.$put({ ...bookingParam(id), json })));

/** The lifecycle's moves: to another edition, a waiting-list party to its places or a request to the waiting list, another plan. */
export const useMoveBooking = (id: string) =>
  useBookingWrite((json: InferRequestType<typeof booking.move.$post>['json']) => answer(booking.move.$post({ ...bookingParam(id), json })));

export const usePromoteBooking = (id: string) =>
  useBookingWrite((json: InferRequestType<typeof booking.promote.$post>['json']) => answer(booking.promote.$post({ ...bookingParam(id), json })));

export const usePutOnWaitingList = (id: string) =>
  useBookingWrite((json: InferRequestType<(typeof booking)['waiting-list']['$post']>['json']) =>
    answer(booking['waiting-list'].$post({ ...bookingParam(id), json })),
  );

/** The editions the booking may move to (the API applies the edition rule), read when the move dialog opens. */
export function useMoveTargets(id: string) {
  return useQuery({
    queryKey: adminKeys.moveTargets(id),
    queryFn: ({ signal }) => answer(booking['move-targets'].$get(bookingParam(id), { init: { signal } })).then((r) => r.items),
  });
}

export const useChangePlan = (id: string) =>
  useBookingWrite((json: InferRequestType<typeof booking.plan.$put>['json']) => answer(booking.plan.$put({ ...bookingParam(id), json })));

export function useDeleteBooking() {
  const client = useQueryClient();
  return useMutation({
    // 204: nothing to read.
    mutationFn: async (id: string | number) => void (await booking.$delete(bookingParam(id))),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: adminKeys.booking(String(id)) });
      void client.invalidateQueries({ queryKey: ['bookings', 'list'] });
      // Its invoices stay in the books, without their booking.
      void client.invalidateQueries({ queryKey: INVOICE_LISTS });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

/**
 * The route validates this body itself (its schema depends on today's date), so hc sees no body type: the form's
 * schema input is the contract here.
 */
export function useCreateBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: AdminBookingCreateInput) => answer(bookings.$post({ json })).then((r) => r.booking),
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
      answer(booking.emails[':emailId'].retry.$post({ param: { ...bookingParam(bookingId).param, emailId: String(emailId) }, json: {} })).then(
        (r) => r.email,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.bookingEmails(bookingId) }),
  });
}
