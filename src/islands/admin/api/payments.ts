/** A booking's payments ledger and its cancellation with the refund. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { BookingDetail } from '../../../lib/admin/booking-views';
import type { CancelInput, CancellationPreview, PaymentInput, PaymentLedger } from '../../../lib/payments';
import { bookingChanged } from './bookings';
import { BASE, adminKeys } from './keys';

export function useBookingPayments(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingPayments(id),
    queryFn: ({ signal }) => apiRequest<PaymentLedger>(`${BASE}/bookings/${encodeURIComponent(id)}/payments`, { signal }),
  });
}

interface LedgerWrite {
  paymentId: number;
  ledger: PaymentLedger;
  booking: BookingDetail;
}

/** A payment or refund (`path` ''), or the reversal of an entry (`path` '/<id>/reverse'). */
export function usePaymentWrite(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path = '', body }: { path?: string; body: PaymentInput | { note?: string } }) =>
      apiRequest<LedgerWrite>(`${BASE}/bookings/${encodeURIComponent(id)}/payments${path}`, { method: 'POST', body }),
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
    queryFn: ({ signal }) => apiRequest<CancellationPreview>(`${BASE}/bookings/${encodeURIComponent(id)}/cancellation`, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Cancels with the refund and credit note: the detail, its ledger, invoices and e-mails, and every list reload. */
export function useCancelBooking(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelInput) =>
      apiRequest<{ booking: BookingDetail; creditNoteId: number | null }>(`${BASE}/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST', body }),
    onSuccess: ({ booking }) => {
      bookingChanged(client, booking);
      void client.invalidateQueries({ queryKey: adminKeys.bookingPayments(id) });
    },
  });
}
