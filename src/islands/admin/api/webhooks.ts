/** Webhooks ("Liidesed", issue 41): the endpoints, adding (the answer carries the secret, once), changing, deleting, the log. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, hasErrorCode } from '../../api/client';
import type {
  CreatedWebhook,
  WebhookCreateInput,
  WebhookDeliveryItem,
  WebhookDeliveryListResponse,
  WebhookEditInput,
  WebhookItem,
  WebhookListResponse,
} from '../../../lib/webhooks';
import { BASE, adminKeys, type WebhookDeliveryListQuery } from './keys';

const PATH = `${BASE}/webhooks`;

export function useWebhookList() {
  return useQuery({ queryKey: adminKeys.webhooks, queryFn: ({ signal }) => apiRequest<WebhookListResponse>(PATH, { signal }) });
}

export function useWebhook(id: string) {
  return useQuery({
    queryKey: adminKeys.webhook(id),
    queryFn: ({ signal }) => apiRequest<{ webhook: WebhookItem }>(`${PATH}/${id}`, { signal }).then((r) => r.webhook),
  });
}

/** One page of an endpoint's delivery log, newest first; the old page stays on screen while the next loads. */
export function useWebhookDeliveries(id: string, query: WebhookDeliveryListQuery) {
  return useQuery({
    queryKey: adminKeys.webhookDeliveries(id, query),
    queryFn: ({ signal }) => apiRequest<WebhookDeliveryListResponse>(`${PATH}/${id}/deliveries`, { query: { ...query }, signal }),
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
    mutationFn: (body: WebhookCreateInput) => apiRequest<{ webhook: CreatedWebhook }>(PATH, { method: 'POST', body }).then((r) => r.webhook),
    onSuccess: changed,
  });
}

/** `body.version` is the one the form was opened with: an endpoint changed meanwhile is refused (409) and reloaded. */
export function useUpdateWebhook(id: number) {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: (body: WebhookEditInput) => apiRequest<{ webhook: WebhookItem }>(`${PATH}/${id}`, { method: 'PATCH', body }).then((r) => r.webhook),
    onSuccess: changed,
    onError: (error) => hasErrorCode(error, 'webhook_changed') && changed(),
  });
}

export function useDeleteWebhook() {
  const changed = useWebhooksChanged();
  return useMutation({ mutationFn: (id: number) => apiRequest<{ deleted: true }>(`${PATH}/${id}`, { method: 'DELETE' }), onSuccess: changed });
}

export function useResendDelivery(endpointId: number) {
  const changed = useWebhooksChanged();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      apiRequest<{ delivery: WebhookDeliveryItem }>(`${PATH}/${endpointId}/deliveries/${deliveryId}/resend`, { method: 'POST' }).then(
        (r) => r.delivery,
      ),
    onSettled: changed,
  });
}
