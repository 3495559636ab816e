/** An edition's rooming (issue 24): who is in which room, and saving the organiser's changes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { adminApi, answer } from '../../api/typed';
import { adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/retreat-sheets.ts through hc.
const rooms = adminApi.retreats[':id'].rooms;

const roomingKey = (id: number) => [...adminKeys.retreat(String(id)), 'rooms'] as const;

export function useRetreatRooming(id: number) {
  return useQuery({
    queryKey: roomingKey(id),
    queryFn: ({ signal }) => answer(rooms.$get({ param: { id: String(id) } }, { init: { signal } })),
  });
}

export function useSaveRooming(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (saved: InferRequestType<typeof rooms.$put>['json']['rooms']) =>
      answer(rooms.$put({ param: { id: String(id) }, json: { rooms: saved } })),
    onSuccess: (view) => client.setQueryData(roomingKey(id), view),
  });
}
