/** A message to an edition's group (issue 24): the edition's sends, the preview, and the send. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { adminApi, answer } from '../../api/typed';

// Every request and answer type comes from worker/routes/admin/retreat-messages.ts through hc.
const messages = adminApi.retreats[':id'].messages;

/** The message as the form holds it (the same body for the preview and the send). */
export type GroupMessageBody = InferRequestType<typeof messages.$post>['json'];

export const groupMessageKeys = {
  list: (retreatId: number) => ['retreats', 'detail', String(retreatId), 'messages'] as const,
};

export function useGroupMessages(retreatId: number) {
  return useQuery({
    queryKey: groupMessageKeys.list(retreatId),
    queryFn: ({ signal }) => answer(messages.$get({ param: { id: String(retreatId) } }, { init: { signal } })).then((r) => r.items),
  });
}

export function usePreviewGroupMessage(retreatId: number) {
  return useMutation({
    mutationFn: (json: InferRequestType<typeof messages.preview.$post>['json']) =>
      answer(messages.preview.$post({ param: { id: String(retreatId) }, json })),
  });
}

/** `key` names the send: the same key again (a retry after a lost answer) sends nothing more. */
export function useSendGroupMessage(retreatId: number) {
  const client = useQueryClient();
  return useMutation({
    // The route reads the header itself (no validator), so it travels as a plain request header.
    mutationFn: ({ body, key }: { body: GroupMessageBody; key: string }) =>
      answer(messages.$post({ param: { id: String(retreatId) }, json: body }, { headers: { 'Idempotency-Key': key } })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: groupMessageKeys.list(retreatId) });
      // The bookings' e-mail lists now hold the message.
      void client.invalidateQueries({ queryKey: ['bookings', 'detail'] });
    },
  });
}
