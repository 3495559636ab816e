/**
 * Gift vouchers ("Kinkekaardid", issue 38): the list, one voucher with its payments, issuing one, its PDF and the
 * accountant's CSV, and paying part of a booking with one ("Kasuta kinkekaarti" on the booking's payments).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, withQuery } from '../../api/client';
import type { BookingDetail } from '../../../lib/admin/booking-views';
import type {
  GiftVoucherCreateInput,
  GiftVoucherDetail,
  GiftVoucherListResponse,
  GiftVoucherRedeemInput,
  GiftVoucherRedeemResponse,
} from '../../../lib/gift-vouchers';
import type { PaymentLedger } from '../../../lib/payments';
import { bookingChanged } from './bookings';
import { BASE, adminKeys, type GiftVoucherListQuery } from './keys';
import { listQueryHook } from './list-query';

export const useGiftVoucherList = listQueryHook<GiftVoucherListQuery, GiftVoucherListResponse>(`${BASE}/gift-vouchers`, adminKeys.giftVoucherList);

export function useGiftVoucher(id: string) {
  return useQuery({
    queryKey: adminKeys.giftVoucher(id),
    queryFn: ({ signal }) =>
      apiRequest<{ giftVoucher: GiftVoucherDetail }>(`${BASE}/gift-vouchers/${encodeURIComponent(id)}`, { signal }).then((r) => r.giftVoucher),
  });
}

export function useCreateGiftVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftVoucherCreateInput) =>
      apiRequest<{ giftVoucher: GiftVoucherDetail }>(`${BASE}/gift-vouchers`, { method: 'POST', body }).then((r) => r.giftVoucher),
    onSuccess: (made) => {
      client.setQueryData(adminKeys.giftVoucher(String(made.id)), made);
      void client.invalidateQueries({ queryKey: adminKeys.giftVouchers });
    },
  });
}

type RedeemAnswer = GiftVoucherRedeemResponse & { ledger: PaymentLedger; booking: BookingDetail };

/** Pays part of the booking with a voucher: the booking's ledger and detail as the answer has them, the vouchers reloaded. */
export function useRedeemGiftVoucher(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftVoucherRedeemInput) =>
      apiRequest<RedeemAnswer>(`${BASE}/bookings/${encodeURIComponent(bookingId)}/gift-vouchers`, { method: 'POST', body }),
    onSuccess: ({ ledger, booking }) => {
      client.setQueryData(adminKeys.bookingPayments(bookingId), ledger);
      bookingChanged(client, booking);
      void client.invalidateQueries({ queryKey: adminKeys.giftVouchers });
    },
  });
}

/** The printable A4 page: `download` saves it, without it the browser shows it. */
export const giftVoucherPdfUrl = (id: number, download = false) => `${BASE}/gift-vouchers/${id}/pdf${download ? '?download=1' : ''}`;

/** The accountant's CSV: vouchers sold, used and open in a period (either end may be open). */
export const giftVouchersCsvUrl = (period: { from?: string | null; to?: string | null }) => withQuery(`${BASE}/exports/gift-vouchers.csv`, period);
