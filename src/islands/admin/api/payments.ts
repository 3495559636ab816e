/** A booking's payments ledger and its cancellation with the refund. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { adminApi, answer } from '../../api/typed';
import { bookingChanged, bookingParam } from './bookings';
import { adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/bookings.ts through hc.
const booking = adminApi.bookings[':id'];
const payments = booking.payments;
const reversal = payments[':paymentId'].reverse;

export function useBookingPayments(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingPayments(id),
    queryFn: ({ signal }) => answer(payments.$get(bookingParam(id), { init: { signal } })),
  });
}

/** A payment or refund, or (with `reverse`, the entry's id) the reversal of an entry. */
export type PaymentWrite =
  | { reverse?: undefined; body: InferRequestType<typeof payments.$post>['json'] }
  | { reverse: number; body: InferRequestType<typeof reversal.$post>['json'] };

export function usePaymentWrite(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (write: PaymentWrite) =>
      write.reverse === undefined
        ? answer(payments.$post({ ...bookingParam(id), json: write.body }))
        : answer(reversal.$post({ param: { ...bookingParam(id).param, paymentId: String(write.reverse) }, json: write.body })),
    onSuccess: ({ ledger, booking }) => {
      client.setQueryData(adminKeys.bookingPayments(id), ledger);
      bookingChanged(client, booking);
    },
  });
}

/** What the terms give if the booking is cancelled today (asked fresh each time the dialog opens). */
export function useCancellationPreview(id: string) {
  return useQuery({
    queryKey: ['bookings', 'detail', id, 'cancellation'] as const,
    queryFn: ({ signal }) => answer(booking.cancellation.$get(bookingParam(id), { init: { signal } })),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Cancels with the refund and credit note: the detail, its ledger, invoices and e-mails, and every list reload. */
export function useCancelBooking(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof booking.cancel.$post>['json']) => answer(booking.cancel.$post({ ...bookingParam(id), json })),
    onSuccess: ({ booking: changed }) => {
      bookingChanged(client, changed);
      void client.invalidateQueries({ queryKey: adminKeys.bookingPayments(id) });
    },
  });
}
