/** "Sõnumid" (issue 24): contact-form messages, one message with its replies, and a reply. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type {
  ContactMessageDetail,
  ContactMessageListQuery,
  ContactMessageListResponse,
} from '../../../lib/admin/contact-messages';
import type { ContactReplyInput } from '../../../lib/admin/contact-reply';
import { BASE } from './keys';
import { listQueryHook } from './list-query';

export const contactMessageKeys = {
  all: ['contact-messages'] as const,
  list: (query: ContactMessageListQuery) => ['contact-messages', 'list', query] as const,
  detail: (id: number) => ['contact-messages', 'detail', id] as const,
};

export const useContactMessageList = listQueryHook<ContactMessageListQuery, ContactMessageListResponse>(`${BASE}/contact-messages`, contactMessageKeys.list);

export function useContactMessage(id: number) {
  return useQuery({
    queryKey: contactMessageKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<{ message: ContactMessageDetail }>(`${BASE}/contact-messages/${id}`, { signal }).then((r) => r.message),
  });
}

export function useReplyToContactMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactReplyInput) =>
      apiRequest<{ message: ContactMessageDetail }>(`${BASE}/contact-messages/${id}/reply`, { method: 'POST', body }).then((r) => r.message),
    onSuccess: (message) => {
      client.setQueryData(contactMessageKeys.detail(id), message);
      void client.invalidateQueries({ queryKey: contactMessageKeys.all });
    },
  });
}
