/** A message to an edition's group (issue 24): the edition's sends, the preview, and the send. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { GroupMessageInput } from '../../../lib/admin/group-message-schema';
import type { GroupMessagePreview, GroupMessageSent, GroupMessageSummary } from '../../../lib/group-messages';
import { BASE } from './keys';

export const groupMessageKeys = {
  list: (retreatId: number) => ['retreats', 'detail', String(retreatId), 'messages'] as const,
};

export function useGroupMessages(retreatId: number) {
  return useQuery({
    queryKey: groupMessageKeys.list(retreatId),
    queryFn: ({ signal }) => apiRequest<{ items: GroupMessageSummary[] }>(`${BASE}/retreats/${retreatId}/messages`, { signal }).then((r) => r.items),
  });
}

export function usePreviewGroupMessage(retreatId: number) {
  return useMutation({
    mutationFn: (body: GroupMessageInput) => apiRequest<GroupMessagePreview>(`${BASE}/retreats/${retreatId}/messages/preview`, { method: 'POST', body }),
  });
}

/** `key` names the send: the same key again (a retry after a lost answer) sends nothing more. */
export function useSendGroupMessage(retreatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: GroupMessageInput; key: string }) =>
      apiRequest<GroupMessageSent>(`${BASE}/retreats/${retreatId}/messages`, { method: 'POST', body, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: groupMessageKeys.list(retreatId) });
      // The bookings' e-mail lists now hold the message.
      void client.invalidateQueries({ queryKey: ['bookings', 'detail'] });
    },
  });
}
