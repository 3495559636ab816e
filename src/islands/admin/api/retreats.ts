/** Retreats (editions): the list, one retreat, saving and deleting, and the options the booking screens offer. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { RetreatListQuery } from '../../../lib/admin/retreats';
import { adminApi, answer } from '../../api/typed';
import { adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/retreats.ts through hc.
// hc puts path parameters in as they are: an id read from the address bar is encoded first.
const retreats = adminApi.retreats;
const one = retreats[':id'];

export function useRetreatOptions() {
  return useQuery({
    queryKey: adminKeys.retreatOptions,
    // The list's parameters are all named (hc types them as present), the options need only the first 100.
    queryFn: ({ signal }) =>
      answer(retreats.$get({ query: { q: undefined, page: undefined, pageSize: '100' } }, { init: { signal } })).then((r) => r.items),
    staleTime: 60_000,
  });
}

export function useRetreatList(query: RetreatListQuery) {
  return useQuery({
    queryKey: adminKeys.retreatList(query),
    queryFn: ({ signal }) =>
      answer(retreats.$get({ query: { q: query.q, page: String(query.page), pageSize: String(query.pageSize) } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });
}

export function useRetreat(id: string) {
  return useQuery({
    queryKey: adminKeys.retreat(id),
    queryFn: ({ signal }) => answer(one.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })).then((r) => r.retreat),
  });
}

type Retreat = InferResponseType<typeof one.$get, 200>['retreat'];

/** After a retreat changed: its detail gets the server's answer; every retreat list, option list and the dashboard reload. */
function retreatChanged(client: QueryClient, retreat: Retreat) {
  client.setQueryData(adminKeys.retreat(String(retreat.id)), retreat);
  void client.invalidateQueries({ queryKey: adminKeys.retreats });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
}

/** Add (no id) or edit a retreat; every retreat list, option list and the dashboard reload afterwards. */
export function useSaveRetreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values: json }: { id?: number; values: InferRequestType<typeof retreats.$post>['json'] }) =>
      answer(id ? one.$put({ param: { id: String(id) }, json }) : retreats.$post({ json })).then((r) => r.retreat),
    onSuccess: (retreat) => retreatChanged(client, retreat),
  });
}

/** Put a retreat on sale or take it off (issue "Sell"); the lists and the dashboard reload afterwards. */
export function usePublishRetreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      answer(one.published.$put({ param: { id: String(id) }, json: { published } })).then((r) => r.retreat),
    onSuccess: (retreat) => retreatChanged(client, retreat),
  });
}

export function useDeleteRetreat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => answer(one.$delete({ param: { id: String(id) } })),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: adminKeys.retreat(String(id)) });
      void client.invalidateQueries({ queryKey: adminKeys.retreats });
      void client.invalidateQueries({ queryKey: adminKeys.dashboard });
      void client.invalidateQueries({ queryKey: adminKeys.bookings });
    },
  });
}
