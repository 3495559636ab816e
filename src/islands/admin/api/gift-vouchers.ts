/**
 * Gift vouchers ("Kinkekaardid", issue 38): the list, one voucher with its payments, issuing one, its PDF and the
 * accountant's CSV, and paying part of a booking with one ("Kasuta kinkekaarti" on the booking's payments).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { withQuery } from '../../api/client';
import { adminApi, answer } from '../../api/typed';
import { bookingChanged } from './bookings';
import { BASE, adminKeys, type GiftVoucherListQuery } from './keys';

// Every request and answer type comes from worker/routes/admin/gift-vouchers.ts (and bookings.ts) through hc.
// hc puts path parameters in as they are: an id read from the address bar is encoded first.
const vouchers = adminApi['gift-vouchers'];
const redeem = adminApi.bookings[':id']['gift-vouchers'];

export function useGiftVoucherList(query: GiftVoucherListQuery) {
  return useQuery({
    queryKey: adminKeys.giftVoucherList(query),
    queryFn: ({ signal }) =>
      answer(vouchers.$get({ query: { q: query.q, page: String(query.page), pageSize: String(query.pageSize) } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });
}

export function useGiftVoucher(id: string) {
  return useQuery({
    queryKey: adminKeys.giftVoucher(id),
    queryFn: ({ signal }) => answer(vouchers[':id'].$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })).then((r) => r.giftVoucher),
  });
}

export function useCreateGiftVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof vouchers.$post>['json']) => answer(vouchers.$post({ json })).then((r) => r.giftVoucher),
    onSuccess: (made) => {
      client.setQueryData(adminKeys.giftVoucher(String(made.id)), made);
      void client.invalidateQueries({ queryKey: adminKeys.giftVouchers });
    },
  });
}

/** Pays part of the booking with a voucher: the booking's ledger and detail as the answer has them, the vouchers reloaded. */
export function useRedeemGiftVoucher(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof redeem.$post>['json']) => answer(redeem.$post({ param: { id: encodeURIComponent(bookingId) }, json })),
    onSuccess: ({ ledger, booking }) => {
      client.setQueryData(adminKeys.bookingPayments(bookingId), ledger);
      bookingChanged(client, booking);
      void client.invalidateQueries({ queryKey: adminKeys.giftVouchers });
    },
  });
}

/** The printable A4 page, a link the browser opens (a PDF, not JSON): `download` saves it, without it the browser shows it. */
export const giftVoucherPdfUrl = (id: number, download = false) => `${BASE}/gift-vouchers/${id}/pdf${download ? '?download=1' : ''}`;

/** The accountant's CSV, a download link like the PDF: vouchers sold, used and open in a period (either end may be open). */
export const giftVouchersCsvUrl = (period: { from?: string | null; to?: string | null }) => withQuery(`${BASE}/exports/gift-vouchers.csv`, period);
