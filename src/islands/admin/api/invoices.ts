/** Invoices and credit notes: a booking's, one document, the invoices screen, issuing, crediting, sending. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type {
  BookingInvoices,
  InvoiceDetail,
  InvoiceEmail,
  InvoiceIssueInput,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceSendResult,
  InvoiceView,
} from '../../../lib/admin/invoices';
import { BASE, INVOICE_LISTS, adminKeys } from './keys';
import { listQueryHook } from './list-query';

/**
 * How often a screen asks again while an invoice's e-mail is still on its way ('Saatmisel…'): the outbox sends it in
 * the background, and the screen follows until it settles (sent or failed), then stops asking.
 */
export const EMAIL_PENDING_REFETCH_MS = 3000;
const whilePending = (emails: readonly (InvoiceEmail | null | undefined)[] | undefined) =>
  emails?.some((email) => email?.state === 'pending') ? EMAIL_PENDING_REFETCH_MS : false;

/** The booking's invoices and the preview of a new one (what the create dialog shows), each with its latest e-mail. */
export function useBookingInvoices(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingInvoices(id),
    queryFn: ({ signal }) => apiRequest<BookingInvoices>(`${BASE}/bookings/${encodeURIComponent(id)}/invoices`, { signal }),
    refetchInterval: (query) => whilePending(query.state.data?.items.map((item) => item.lastEmail)),
  });
}

/** One document and its latest e-mails. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: adminKeys.invoice(id),
    queryFn: ({ signal }) => apiRequest<{ invoice: InvoiceDetail }>(`${BASE}/invoices/${encodeURIComponent(id)}`, { signal }).then((r) => r.invoice),
    // An issued invoice never changes; its e-mails do while one is on its way (and after a send, which reloads it).
    staleTime: Infinity,
    refetchInterval: (query) => whilePending(query.state.data?.emails.slice(0, 1)),
  });
}

export const useInvoiceList = listQueryHook<InvoiceListQuery, InvoiceListResponse>(`${BASE}/invoices`, adminKeys.invoiceList);

/**
 * After an invoice or credit note is issued: its booking's invoice list, the original's credited sum and the invoices
 * screen's lists reload.
 */
function invoiceIssued(client: QueryClient, invoice: InvoiceView) {
  // A document just issued has not been e-mailed yet.
  client.setQueryData<InvoiceDetail>(adminKeys.invoice(String(invoice.id)), { ...invoice, emails: [] });
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

/**
 * E-mails an invoice's PDF. The server answers within a few seconds whatever the provider does ('sent', 'failed', or
 * 'pending' while the outbox keeps trying); the invoice, the booking's invoices and its e-mails reload to show it.
 */
export function useSendInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId }: { invoiceId: number; bookingId: number | null }) =>
      apiRequest<InvoiceSendResult>(`${BASE}/invoices/${invoiceId}/send`, { method: 'POST', body: {} }),
    onSettled: (_data, _error, { invoiceId, bookingId }) => {
      void client.invalidateQueries({ queryKey: adminKeys.invoice(String(invoiceId)) });
      if (bookingId !== null) {
        void client.invalidateQueries({ queryKey: adminKeys.bookingInvoices(String(bookingId)) });
        void client.invalidateQueries({ queryKey: adminKeys.bookingEmails(String(bookingId)) });
      }
    },
  });
}

/** The PDF's address: `download` saves it, without it the browser shows it. */
export const invoicePdfUrl = (invoiceId: number, download = false) => `${BASE}/invoices/${invoiceId}/pdf${download ? '?download=1' : ''}`;
/** Issue 39: the same document as an EN 16931 e-invoice (UBL XML), always a download. */
export const invoiceUblUrl = (invoiceId: number) => `${BASE}/invoices/${invoiceId}/ubl`;
