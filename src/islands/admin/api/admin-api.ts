/**
 * The admin API's calls and query keys in one place: screens use these hooks, never fetch, so the cache keys and
 * what a change invalidates stay consistent.
 *
 * Bodies are the forms' values as typed (the schemas' *input* types: amounts as decimal text), checked in the browser
 * with the shared schema and parsed again by the API with the same one; the parsed output (cents) never travels.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type {
  AdminBookingCreateInput,
  AdminTravellerHealth,
  AdminTravellers,
  BookingDetail,
  BookingEditInput,
  BookingEmail,
  BookingListQuery,
  BookingListResponse,
  CompanionPricesUpdate,
  DashboardResponse,
  EmailTestResult,
  GuestEditInput,
  GuestOption,
  RetreatOption,
  ServicesUpdate,
} from '../../../lib/admin/bookings';
import type { AuditListQuery, AuditListResponse } from '../../../lib/admin/audit';
import type { BookingInvoices, InvoiceIssueInput, InvoiceListQuery, InvoiceListResponse, InvoiceView } from '../../../lib/admin/invoices';
import type { CancelInput, CancellationPreview, PaymentInput, PaymentLedger } from '../../../lib/admin/payments';
import type { ClientDetail, ClientInput, ClientListQuery, ClientListResponse, ClientSyncResult } from '../../../lib/admin/clients';
import type { RetreatDetail, RetreatFormInput, RetreatListQuery, RetreatListResponse } from '../../../lib/admin/retreats';
import type { RoleChange, UserListItem, UserListQuery, UserListResponse } from '../../../lib/admin/users';

export const adminKeys = {
  dashboard: ['dashboard'] as const,
  health: ['health'] as const,
  bookings: ['bookings'] as const,
  bookingList: (query: BookingListQuery) => ['bookings', 'list', query] as const,
  booking: (id: string) => ['bookings', 'detail', id] as const,
  bookingEmails: (id: string) => ['bookings', 'detail', id, 'emails'] as const,
  bookingPayments: (id: string) => ['bookings', 'detail', id, 'payments'] as const,
  bookingInvoices: (id: string) => ['bookings', 'detail', id, 'invoices'] as const,
  bookingTravellers: (id: string) => ['bookings', 'detail', id, 'travellers'] as const,
  // Outside 'bookings' on purpose: invalidating every booking query must not read (and audit) health data again.
  travellerHealth: (id: string) => ['traveller-health', id] as const,
  invoice: (id: string) => ['invoices', id] as const,
  // ['invoices', 'list']: what issuing a document, a payment or a booking's change invalidates (ids are numbers).
  invoiceList: (query: InvoiceListQuery) => ['invoices', 'list', query] as const,
  guests: (q: string) => ['guests', q] as const,
  retreatOptions: ['retreats', 'options'] as const,
  users: ['users'] as const,
  retreats: ['retreats'] as const,
  retreatList: (query: RetreatListQuery) => ['retreats', 'list', query] as const,
  retreat: (id: string) => ['retreats', 'detail', id] as const,
  auditList: (query: AuditListQuery) => ['audit', 'list', query] as const,
  userList: (query: UserListQuery) => ['users', 'list', query] as const,
  clients: ['clients'] as const,
  clientList: (query: ClientListQuery) => ['clients', 'list', query] as const,
  client: (id: string) => ['clients', 'detail', id] as const,
};

/** Every page of the invoices screen ("Arved"), whatever its filters. */
const INVOICE_LISTS = ['invoices', 'list'] as const;

const BASE = '/api/admin';

export function useDashboard() {
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => apiRequest<DashboardResponse>(`${BASE}/dashboard`, { signal }) });
}

export function useHealth() {
  return useQuery({
    queryKey: adminKeys.health,
    // Any JSON answer means the API is up; the database is up when the probe says so.
    queryFn: async ({ signal }) => {
      const response = await fetch('/api/health', { headers: { Accept: 'application/json' }, cache: 'no-store', signal }).catch(() => null);
      const body = (await response?.json().catch(() => null)) as { db?: string } | null;
      return { api: !!body, database: body?.db === 'ok' };
    },
    retry: false,
  });
}

export function useBookingList(query: BookingListQuery) {
  return useQuery<BookingListResponse>({
    queryKey: adminKeys.bookingList(query),
    queryFn: ({ signal }) => apiRequest<BookingListResponse>(`${BASE}/bookings`, { query: { ...query }, signal }),
    // The old page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

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

export function useGuestOptions(q: string) {
  return useQuery<GuestOption[]>({
    queryKey: adminKeys.guests(q),
    queryFn: ({ signal }) => apiRequest<{ items: GuestOption[] }>(`${BASE}/guests`, { query: { q }, signal }).then((r) => r.items),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useRetreatOptions() {
  return useQuery({
    queryKey: adminKeys.retreatOptions,
    queryFn: ({ signal }) => apiRequest<{ items: RetreatOption[] }>(`${BASE}/retreats`, { query: { pageSize: 100 }, signal }).then((r) => r.items),
    staleTime: 60_000,
  });
}

/**
 * After a change to one booking: its detail gets the server's answer; its travellers (names and companions may have
 * changed) and its invoices (the preview of the next one shows the booking's money and takes its version) reload, and
 * so do every list and the dashboard.
 */
function bookingChanged(client: QueryClient, booking: BookingDetail) {
  client.setQueryData(adminKeys.booking(String(booking.id)), booking);
  void client.invalidateQueries({ queryKey: adminKeys.bookingTravellers(String(booking.id)) });
  void client.invalidateQueries({ queryKey: adminKeys.bookingInvoices(String(booking.id)) });
  void client.invalidateQueries({ queryKey: ['bookings', 'list'] });
  // A payment (or a cancellation's refund and credit note) changes what is open on the booking's invoices.
  void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
}

function useBookingWrite<Body>(id: string, method: 'PATCH' | 'PUT', suffix: string) {
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

// ── travel details ──────────────────────────────────────────────────────────────────────────────────────────────

/** Each person's travel details and completeness, without health information. */
export function useBookingTravellers(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingTravellers(id),
    queryFn: ({ signal }) => apiRequest<AdminTravellers>(`${BASE}/bookings/${encodeURIComponent(id)}/travellers`, { signal }),
  });
}

/**
 * The people's health information, read only after the admin asks (`show`): every read writes an audit record, so it
 * is never refetched in the background or retried, and `hide` (or leaving the screen) drops it from the cache: showing
 * it again is a new, audited read.
 */
export function useTravellerHealth(id: string) {
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  const health = useQuery({
    queryKey: adminKeys.travellerHealth(id),
    queryFn: ({ signal }) => apiRequest<AdminTravellerHealth>(`${BASE}/bookings/${encodeURIComponent(id)}/travellers/health`, { signal }),
    enabled: shown,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const hide = () => {
    setShown(false);
    client.removeQueries({ queryKey: adminKeys.travellerHealth(id), exact: true });
  };
  return { health, shown, show: () => setShown(true), hide };
}

// ── payments ledger ─────────────────────────────────────────────────────────────────────────────────────────────

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

// ── cancellation ────────────────────────────────────────────────────────────────────────────────────────────────

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

// ── invoices ────────────────────────────────────────────────────────────────────────────────────────────────────

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

export type EmailTestKind = 'test' | 'booking_confirmation';
export function useEmailTest() {
  return useMutation({
    mutationFn: (body: { email: string; kind: EmailTestKind }) =>
      apiRequest<{ result: EmailTestResult; outboxId: number }>(`${BASE}/email-test`, { method: 'POST', body }),
  });
}

// ── users and roles ─────────────────────────────────────────────────────────────────────────────────────────────

export function useUserList(query: UserListQuery) {
  return useQuery<UserListResponse>({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => apiRequest<UserListResponse>(`${BASE}/users`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & RoleChange) =>
      apiRequest<{ user: UserListItem }>(`${BASE}/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: { role } }).then((r) => r.user),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ userId, password }: { userId: string; password: string }) =>
      apiRequest<void>(`${BASE}/users/${encodeURIComponent(userId)}/password`, { method: 'PUT', body: { password } }),
  });
}

// ── audit trail ─────────────────────────────────────────────────────────────────────────────────────────────────

export function useAuditList(query: AuditListQuery) {
  return useQuery<AuditListResponse>({
    queryKey: adminKeys.auditList(query),
    queryFn: ({ signal }) => apiRequest<AuditListResponse>(`${BASE}/audit`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

// ── retreats ────────────────────────────────────────────────────────────────────────────────────────────────────

export function useRetreatList(query: RetreatListQuery) {
  return useQuery<RetreatListResponse>({
    queryKey: adminKeys.retreatList(query),
    queryFn: ({ signal }) => apiRequest<RetreatListResponse>(`${BASE}/retreats`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRetreat(id: string) {
  return useQuery({
    queryKey: adminKeys.retreat(id),
    queryFn: ({ signal }) => apiRequest<{ retreat: RetreatDetail }>(`${BASE}/retreats/${encodeURIComponent(id)}`, { signal }).then((r) => r.retreat),
  });
}

/** Add (no id) or edit a retreat; every retreat list, option list and the dashboard reload afterwards. */
export function useSaveRetreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: RetreatFormInput }) =>
      apiRequest<{ retreat: RetreatDetail }>(id ? `${BASE}/retreats/${id}` : `${BASE}/retreats`, { method: id ? 'PUT' : 'POST', body: values }).then((r) => r.retreat),
    onSuccess: (retreat) => {
      client.setQueryData(adminKeys.retreat(String(retreat.id)), retreat);
      void client.invalidateQueries({ queryKey: adminKeys.retreats });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}

export function useDeleteRetreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`${BASE}/retreats/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: adminKeys.retreat(String(id)) });
      void client.invalidateQueries({ queryKey: adminKeys.retreats });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
      void client.invalidateQueries({ queryKey: adminKeys.bookings });
    },
  });
}

// ── clients ─────────────────────────────────────────────────────────────────────────────────────────────────────

export function useClientList(query: ClientListQuery) {
  return useQuery<ClientListResponse>({
    queryKey: adminKeys.clientList(query),
    queryFn: ({ signal }) => apiRequest<ClientListResponse>(`${BASE}/clients`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One client with their bookings (the view dialog, and the delete confirmation's count). */
export function useClient(id: string) {
  return useQuery({
    queryKey: adminKeys.client(id),
    queryFn: ({ signal }) => apiRequest<{ client: ClientDetail }>(`${BASE}/clients/${encodeURIComponent(id)}`, { signal }).then((r) => r.client),
  });
}

/** After any change to clients: their lists, the dashboard's count; bookings too when a client's bookings went. */
function clientsChanged(client: QueryClient, { bookings = false } = {}) {
  void client.invalidateQueries({ queryKey: adminKeys.clients });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
  if (bookings) {
    void client.invalidateQueries({ queryKey: adminKeys.bookings });
    void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  }
}

export function useCreateClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientInput) => apiRequest<{ client: ClientDetail }>(`${BASE}/clients`, { method: 'POST', body }).then((r) => r.client),
    onSuccess: () => clientsChanged(client),
  });
}

export function useUpdateClient(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientInput) =>
      apiRequest<{ client: ClientDetail }>(`${BASE}/clients/${encodeURIComponent(id)}`, { method: 'PATCH', body }).then((r) => r.client),
    onSuccess: (saved) => {
      client.setQueryData(adminKeys.client(saved.id), saved);
      clientsChanged(client);
    },
  });
}

/** `bookingCount` is what the confirmation showed: the API deletes nothing if the client's bookings changed since. */
export function useDeleteClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, bookingCount }: { id: string; bookingCount: number }) =>
      apiRequest<void>(`${BASE}/clients/${encodeURIComponent(id)}`, { method: 'DELETE', query: { bookingCount } }),
    onSuccess: (_, { id }) => {
      client.removeQueries({ queryKey: adminKeys.client(id) });
      clientsChanged(client, { bookings: true });
    },
  });
}

export function useSyncClients() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ClientSyncResult>(`${BASE}/clients/sync`, { method: 'POST', body: {} }),
    // Synced guests' bookings may now point at their client.
    onSuccess: () => clientsChanged(client, { bookings: true }),
  });
}
