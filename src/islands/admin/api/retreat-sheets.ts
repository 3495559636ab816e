/** An edition's rooming (issue 24): who is in which room, and saving the organiser's changes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { RoomingSave, RoomingView } from '../../../lib/retreat-sheets';
import { BASE, adminKeys } from './keys';

const roomingKey = (id: number) => [...adminKeys.retreat(String(id)), 'rooms'] as const;

export function useRetreatRooming(id: number) {
  return useQuery({
    queryKey: roomingKey(id),
    queryFn: ({ signal }) => apiRequest<RoomingView>(`${BASE}/retreats/${id}/rooms`, { signal }),
  });
}

export function useSaveRooming(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rooms: RoomingSave['rooms']) => apiRequest<RoomingView>(`${BASE}/retreats/${id}/rooms`, { method: 'PUT', body: { rooms } }),
    onSuccess: (view) => client.setQueryData(roomingKey(id), view),
  });
}
