/** Invoices and credit notes: a booking's, one document, the invoices screen, issuing, crediting, sending. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { adminApi, answer, urlQuery } from '../../api/typed';
import type { InvoiceListQuery } from '../../../lib/admin/invoices';
import { bookingParam } from './bookings';
import { BASE, INVOICE_LISTS, adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/invoices.ts and ./bookings.ts through hc.
const invoices = adminApi.invoices;
const invoice = invoices[':id'];
const bookingInvoices = adminApi.bookings[':id'].invoices;
const invoiceParam = (id: string | number) => ({ param: { id: encodeURIComponent(String(id)) } });

type InvoiceDetail = InferResponseType<typeof invoice.$get>['invoice'];
type IssuedInvoice = InferResponseType<typeof bookingInvoices.$post>['invoice'];
type InvoiceEmail = InvoiceDetail['emails'][number];

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
    queryFn: ({ signal }) => answer(bookingInvoices.$get(bookingParam(id), { init: { signal } })),
    refetchInterval: (query) => whilePending(query.state.data?.items.map((item) => item.lastEmail)),
  });
}

/** One document and its latest e-mails. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: adminKeys.invoice(id),
    queryFn: ({ signal }) => answer(invoice.$get(invoiceParam(id), { init: { signal } })).then((r) => r.invoice),
    // An issued invoice never changes; its e-mails do while one is on its way (and after a send, which reloads it).
    staleTime: Infinity,
    refetchInterval: (query) => whilePending(query.state.data?.emails.slice(0, 1)),
  });
}

export function useInvoiceList(query: InvoiceListQuery) {
  return useQuery({
    queryKey: adminKeys.invoiceList(query),
    queryFn: ({ signal }) => answer(invoices.$get({ query: urlQuery(query) }, { init: { signal } })),
    // The old page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * After an invoice or credit note is issued: its booking's invoice list, the original's credited sum and the invoices
 * screen's lists reload.
 */
function invoiceIssued(client: QueryClient, issued: IssuedInvoice) {
  // A document just issued has not been e-mailed yet.
  client.setQueryData<InvoiceDetail>(adminKeys.invoice(String(issued.id)), { ...issued, emails: [] });
  if (issued.creditsInvoiceId !== null) void client.invalidateQueries({ queryKey: adminKeys.invoice(String(issued.creditsInvoiceId)) });
  void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  // An issued invoice takes the booking's version (one version issues one invoice): the detail and its dialogs reload.
  if (issued.bookingId !== null) void client.invalidateQueries({ queryKey: adminKeys.booking(String(issued.bookingId)) });
}

export function useIssueInvoice(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof bookingInvoices.$post>['json']) =>
      answer(bookingInvoices.$post({ ...bookingParam(bookingId), json })).then((r) => r.invoice),
    onSuccess: (invoice) => invoiceIssued(client, invoice),
  });
}

export function useCreditNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, reason }: { invoiceId: number; reason: string }) =>
      answer(invoice['credit-note'].$post({ ...invoiceParam(invoiceId), json: { reason } })).then((r) => r.invoice),
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
      answer(invoice.send.$post({ ...invoiceParam(invoiceId), json: {} })),
    onSettled: (_data, _error, { invoiceId, bookingId }) => {
      void client.invalidateQueries({ queryKey: adminKeys.invoice(String(invoiceId)) });
      if (bookingId !== null) {
        void client.invalidateQueries({ queryKey: adminKeys.bookingInvoices(String(bookingId)) });
        void client.invalidateQueries({ queryKey: adminKeys.bookingEmails(String(bookingId)) });
      }
    },
  });
}

// The files are plain links (the browser downloads them with the session's cookies); hc's $path is relative to its base.
/** The PDF's address: `download` saves it, without it the browser shows it. */
export const invoicePdfUrl = (invoiceId: number, download = false) =>
  `${BASE}${invoice.pdf.$path(invoiceParam(invoiceId))}${download ? '?download=1' : ''}`;
/** Issue 39: the same document as an EN 16931 e-invoice (UBL XML), always a download. */
export const invoiceUblUrl = (invoiceId: number) => `${BASE}${invoice.ubl.$path(invoiceParam(invoiceId))}`;
