/** Invoices and credit notes: a booking's, one document, the invoices screen, issuing, crediting, sending. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type {
  BookingInvoices,
  InvoiceIssueInput,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceView,
} from '../../../lib/admin/invoices';
import { BASE, INVOICE_LISTS, adminKeys } from './keys';

/** The booking's invoices and the preview of a new one (what the create dialog shows). */
export function useBookingInvoices(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingInvoices(id),
    queryFn: ({ signal }) => apiRequest<BookingInvoices>(`${BASE}/bookings/${encodeURIComponent(id)}/invoices`, { signal }),
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: adminKeys.invoice(id),
    queryFn: ({ signal }) => apiRequest<{ invoice: InvoiceView }>(`${BASE}/invoices/${encodeURIComponent(id)}`, { signal }).then((r) => r.invoice),
    // An issued invoice never changes.
    staleTime: Infinity,
  });
}

export function useInvoiceList(query: InvoiceListQuery) {
  return useQuery<InvoiceListResponse>({
    queryKey: adminKeys.invoiceList(query),
    queryFn: ({ signal }) => apiRequest<InvoiceListResponse>(`${BASE}/invoices`, { query: { ...query }, signal }),
    // The old page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * After an invoice or credit note is issued: its booking's invoice list, the original's credited sum and the invoices
 * screen's lists reload.
 */
function invoiceIssued(client: QueryClient, invoice: InvoiceView) {
  client.setQueryData(adminKeys.invoice(String(invoice.id)), invoice);
  if (invoice.creditsInvoiceId !== null) void client.invalidateQueries({ queryKey: adminKeys.invoice(String(invoice.creditsInvoiceId)) });
  void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  // An issued invoice takes the booking's version (one version issues one invoice): the detail and its dialogs reload.
  if (invoice.bookingId !== null) void client.invalidateQueries({ queryKey: adminKeys.booking(String(invoice.bookingId)) });
}

export function useIssueInvoice(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceIssueInput) =>
      apiRequest<{ invoice: InvoiceView }>(`${BASE}/bookings/${encodeURIComponent(bookingId)}/invoices`, { method: 'POST', body }).then((r) => r.invoice),
    onSuccess: (invoice) => invoiceIssued(client, invoice),
  });
}

export function useCreditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, reason }: { invoiceId: number; reason: string }) =>
      apiRequest<{ invoice: InvoiceView }>(`${BASE}/invoices/${invoiceId}/credit-note`, { method: 'POST', body: { reason } }).then((r) => r.invoice),
    onSuccess: (invoice) => invoiceIssued(client, invoice),
  });
}

/** E-mails an invoice's PDF; the booking's e-mails list shows the message. */
export function useSendInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId }: { invoiceId: number; bookingId: number | null }) =>
      apiRequest<{ state: 'sent' | 'logged' | 'pending' | 'failed'; to: string }>(`${BASE}/invoices/${invoiceId}/send`, { method: 'POST', body: {} }),
    onSettled: (_data, _error, { bookingId }) => {
      if (bookingId !== null) void client.invalidateQueries({ queryKey: adminKeys.bookingEmails(String(bookingId)) });
    },
  });
}

/** The PDF's address: `download` saves it, without it the browser shows it. */
export const invoicePdfUrl = (invoiceId: number, download = false) => `${BASE}/invoices/${invoiceId}/pdf${download ? '?download=1' : ''}`;
