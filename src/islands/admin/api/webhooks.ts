/** Webhooks ("Liidesed", issue 41): the endpoints, adding (the answer carries the secret, once), changing, deleting, the log. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { hasErrorCode } from '../../api/client';
import { adminApi, answer } from '../../api/typed';
import { adminKeys, type WebhookDeliveryListQuery } from './keys';

// Every request and answer type comes from worker/routes/admin/webhooks.ts through hc.
// hc puts path parameters in as they are: an id read from the address bar is encoded first.
const webhooks = adminApi.webhooks;
const one = webhooks[':id'];

export function useWebhookList() {
  return useQuery({ queryKey: adminKeys.webhooks, queryFn: ({ signal }) => answer(webhooks.$get(undefined, { init: { signal } })) });
}

export function useWebhook(id: string) {
  return useQuery({
    queryKey: adminKeys.webhook(id),
    queryFn: ({ signal }) => answer(one.$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })).then((r) => r.webhook),
  });
}

/** One page of an endpoint's delivery log, newest first; the old page stays on screen while the next loads. */
export function useWebhookDeliveries(id: string, query: WebhookDeliveryListQuery) {
  return useQuery({
    queryKey: adminKeys.webhookDeliveries(id, query),
    queryFn: ({ signal }) =>
      answer(
        one.deliveries.$get(
          { param: { id: encodeURIComponent(id) }, query: { page: String(query.page), pageSize: String(query.pageSize) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

function useWebhooksChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: adminKeys.webhooks });
}

export function useCreateWebhook() {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof webhooks.$post>['json']) => answer(webhooks.$post({ json })).then((r) => r.webhook),
    onSuccess: changed,
  });
}

/** `json.version` is the one the form was opened with: an endpoint changed meanwhile is refused (409) and reloaded. */
export function useUpdateWebhook(id: number) {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof one.$patch>['json']) => answer(one.$patch({ param: { id: String(id) }, json })).then((r) => r.webhook),
    onSuccess: changed,
    onError: (error) => hasErrorCode(error, 'webhook_changed') && changed(),
  });
}

export function useDeleteWebhook() {
  const changed = useWebhooksChanged();
  return useMutation({ mutationFn: (id: number) => answer(one.$delete({ param: { id: String(id) } })), onSuccess: changed });
}

export function useResendDelivery(endpointId: number) {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      answer(one.deliveries[':deliveryId'].resend.$post({ param: { id: String(endpointId), deliveryId: String(deliveryId) } })).then(
        (r) => r.delivery,
      ),
    onSettled: changed,
  });
}
