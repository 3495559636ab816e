/** Retreats (editions): the list, one retreat, saving and deleting, and the options the booking screens offer. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { RetreatOption } from '../../../lib/admin/booking-views';
import type { RetreatDetail, RetreatFormInput, RetreatListQuery, RetreatListResponse } from '../../../lib/admin/retreats';
import { BASE, adminKeys } from './keys';
import { listQueryHook } from './list-query';

export function useRetreatOptions() {
  return useQuery({
    queryKey: adminKeys.retreatOptions,
    queryFn: ({ signal }) => apiRequest<{ items: RetreatOption[] }>(`${BASE}/retreats`, { query: { pageSize: 100 }, signal }).then((r) => r.items),
    staleTime: 60_000,
  });
}

export const useRetreatList = listQueryHook<RetreatListQuery, RetreatListResponse>(`${BASE}/retreats`, adminKeys.retreatList);

export function useRetreat(id: string) {
  return useQuery({
    queryKey: adminKeys.retreat(id),
    queryFn: ({ signal }) => apiRequest<{ retreat: RetreatDetail }>(`${BASE}/retreats/${encodeURIComponent(id)}`, { signal }).then((r) => r.retreat),
  });
}

/** After a retreat changed: its detail gets the server's answer; every retreat list, option list and the dashboard reload. */
function retreatChanged(client: QueryClient, retreat: RetreatDetail) {
  client.setQueryData(adminKeys.retreat(String(retreat.id)), retreat);
  void client.invalidateQueries({ queryKey: adminKeys.retreats });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
}

/** Add (no id) or edit a retreat; every retreat list, option list and the dashboard reload afterwards. */
export function useSaveRetreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: RetreatFormInput }) =>
      apiRequest<{ retreat: RetreatDetail }>(id ? `${BASE}/retreats/${id}` : `${BASE}/retreats`, { method: id ? 'PUT' : 'POST', body: values }).then((r) => r.retreat),
    onSuccess: (retreat) => retreatChanged(client, retreat),
  });
}

/** Put a retreat on sale or take it off (issue "Sell"); the lists and the dashboard reload afterwards. */
export function usePublishRetreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      apiRequest<{ retreat: RetreatDetail }>(`${BASE}/retreats/${id}/published`, { method: 'PUT', body: { published } }).then((r) => r.retreat),
    onSuccess: (retreat) => retreatChanged(client, retreat),
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
