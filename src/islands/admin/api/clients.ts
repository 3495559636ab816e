/** Clients: the list, one client, writes, and the sync from bookers. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { ClientListQuery } from '../../../lib/admin/clients';
import { adminApi, answer } from '../../api/typed';
import { INVOICE_LISTS, adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/clients.ts through hc.
// hc puts path parameters in as they are: an id read from the address bar is encoded first.
const clients = adminApi.clients;
const one = clients[':id'];

export function useClientList(query: ClientListQuery) {
  return useQuery({
    queryKey: adminKeys.clientList(query),
    queryFn: ({ signal }) =>
      answer(clients.$get({ query: { q: query.q, page: String(query.page), pageSize: String(query.pageSize) } }, { init: { signal } })),
    // The old page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One client with their bookings (the view dialog, and the delete confirmation's count). */
export function useClient(id: string) {
  return useQuery({
    queryKey: adminKeys.client(id),
    queryFn: ({ signal }) => answer(one.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })).then((r) => r.client),
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
    mutationFn: (json: InferRequestType<typeof clients.$post>['json']) => answer(clients.$post({ json })).then((r) => r.client),
    onSuccess: () => clientsChanged(client),
  });
}

export function useUpdateClient(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof one.$patch>['json']) =>
      answer(one.$patch({ param: { id: encodeURIComponent(id) }, json })).then((r) => r.client),
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
      answer(one.$delete({ param: { id: encodeURIComponent(id) }, query: { bookingCount: String(bookingCount) } })),
    onSuccess: (_, { id }) => {
      client.removeQueries({ queryKey: adminKeys.client(id) });
      clientsChanged(client, { bookings: true });
    },
  });
}

export function useSyncClients() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(clients.sync.$post({ json: {} })),
    // Synced guests' bookings may now point at their client.
    onSuccess: () => clientsChanged(client, { bookings: true }),
  });
}
