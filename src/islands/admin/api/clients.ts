/** Clients: the list, one client, writes, and the sync from bookers. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { ClientDetail, ClientInput, ClientListQuery, ClientListResponse, ClientSyncResult } from '../../../lib/admin/clients';
import { BASE, INVOICE_LISTS, adminKeys } from './keys';
import { listQueryHook } from './list-query';

export const useClientList = listQueryHook<ClientListQuery, ClientListResponse>(`${BASE}/clients`, adminKeys.clientList);

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
