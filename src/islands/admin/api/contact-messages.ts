/** "Sõnumid" (issue 24): contact-form messages, one message with its replies, and a reply. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { ContactMessageListQuery } from '../../../lib/admin/contact-messages';
import { adminApi, answer } from '../../api/typed';

// Every request and answer type comes from worker/routes/admin/contact-messages.ts through hc.
const messages = adminApi['contact-messages'];
const one = messages[':id'];

export const contactMessageKeys = {
  all: ['contact-messages'] as const,
  list: (query: ContactMessageListQuery) => ['contact-messages', 'list', query] as const,
  detail: (id: number) => ['contact-messages', 'detail', id] as const,
};

export function useContactMessageList(query: ContactMessageListQuery) {
  return useQuery({
    queryKey: contactMessageKeys.list(query),
    queryFn: ({ signal }) =>
      answer(
        messages.$get(
          { query: { q: query.q, state: query.state, page: String(query.page), pageSize: String(query.pageSize) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useContactMessage(id: number) {
  return useQuery({
    queryKey: contactMessageKeys.detail(id),
    queryFn: ({ signal }) => answer(one.$get({ param: { id: String(id) } }, { init: { signal } })).then((r) => r.message),
  });
}

export function useReplyToContactMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof one.reply.$post>['json']) =>
      answer(one.reply.$post({ param: { id: String(id) }, json })).then((r) => r.message),
    onSuccess: (message) => {
      client.setQueryData(contactMessageKeys.detail(id), message);
      void client.invalidateQueries({ queryKey: contactMessageKeys.all });
    },
  });
}
