/**
 * /admin/liidesed/{id} (issue 41): one endpoint's delivery log of the last 30 days, newest first, paged by the server:
 * each event, when it happened, how its delivery stands (delivered, waiting for its next attempt, failed), its
 * attempts and the receiver's last answer; any delivery can be sent again (at once, with a new 72-hour window).
 */
import {
  WEBHOOK_DELIVERY_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  webhookDeliveryListQuerySchema,
  type WebhookDeliveryItem,
  type WebhookDeliveryStatus,
} from '../../../../lib/webhooks';
import { formatDateTime } from '../../../../lib/format';
import { isNotFound } from '../../../api/client';
import { useResendDelivery, useWebhook, useWebhookDeliveries } from '../../api/webhooks';
import { useServerList } from '../../list-state';
import type { ScreenProps } from '../../screen-props';
import { ScreenHeader } from '../../shell';
import { toastOutcome } from '../../toast-outcome';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import type { DataColumn } from '../../ui/data-table';
import { Facts } from '../../ui/detail-parts';
import { ListTable } from '../../ui/list-results';
import { ErrorState, QueryView } from '../../ui/states';
import { deliveryCountsText, eventsText, stateOf } from './texts';

const BACK_TO_WEBHOOKS = { href: '/admin/liidesed', label: '← Liideste juurde' };
const TONES: Record<WebhookDeliveryStatus, BadgeTone> = { delivered: 'green', pending: 'yellow', failed: 'red' };

/** "HTTP 200", the receiver's failure, or "–" before the first attempt. */
const answerText = (d: WebhookDeliveryItem) =>
  [d.responseStatus === null ? null : `HTTP ${d.responseStatus}`, d.responseStatus === null || d.responseStatus >= 300 ? d.lastError : null]
    .filter(Boolean)
    .join(' · ') || '–';

export default function WebhookDeliveries({ params }: ScreenProps) {
  const id = params.id!;
  const webhook = useWebhook(id);
  const listing = useServerList(webhookDeliveryListQuerySchema, (query) => useWebhookDeliveries(id, query));
  const resend = useResendDelivery(Number(id));

  const columns: DataColumn<WebhookDeliveryItem>[] = [
    {
      id: 'event',
      header: 'Sündmus',
      isRowHeader: true,
      cell: (d) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold">{WEBHOOK_EVENT_LABELS[d.event]}</span>
          <span className="font-mono text-xs text-ink-600">{d.messageId}</span>
        </span>
      ),
    },
    { id: 'occurred', header: 'Toimus', cell: (d) => formatDateTime(d.occurredAt), className: 'whitespace-nowrap tabular-nums' },
    {
      id: 'status',
      header: 'Olek',
      cell: (d) => (
        <span className="flex flex-col items-start gap-1" data-status={d.status}>
          <Badge tone={TONES[d.status]}>{WEBHOOK_DELIVERY_LABELS[d.status]}</Badge>
          {d.status === 'pending' && d.nextAttemptAt && (
            <span className="text-xs text-ink-600">järgmine katse {formatDateTime(d.nextAttemptAt)}</span>
          )}
        </span>
      ),
    },
    { id: 'attempts', header: 'Katseid', cell: (d) => String(d.attempts), className: 'text-right tabular-nums' },
    { id: 'answer', header: 'Viimane vastus', cell: answerText, className: 'min-w-32 break-words' },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (d) => (
        <Button
          variant="outline"
          size="sm"
          isDisabled={webhook.data?.enabled === false}
          isPending={resend.isPending && resend.variables === d.id}
          onPress={() =>
            resend.mutate(
              d.id,
              toastOutcome(WEBHOOK_MESSAGES.resent, 'Uuesti saatmine ebaõnnestus', () => undefined),
            )
          }
        >
          Saada uuesti<span className="sr-only">: {d.messageId}</span>
        </Button>
      ),
    },
  ];

  return (
    <QueryView
      query={webhook}
      loading="Liidese laadimine..."
      failed={
        <ErrorState
          text={isNotFound(webhook.error) ? 'Liidest ei leitud.' : 'Liidese laadimine ebaõnnestus'}
          detail={webhook.error?.message}
          onRetry={() => void webhook.refetch()}
        />
      }
    >
      {(w) => (
        <>
          <ScreenHeader title="Liidese saatmised" intro={w.url} back={BACK_TO_WEBHOOKS} />
          <div className="mt-6">
            <Facts
              items={[
                ['Olek', stateOf(w).label],
                ['Sündmused', eventsText(w)],
                ['Saatmised (30 päeva)', deliveryCountsText(w)],
              ]}
            />
            {!w.enabled && <p className="mt-3 text-sm text-ink-700">Uuesti saata saab siis, kui liides on sees (Liidesed → Muuda).</p>}
          </div>
          <ListTable
            listing={listing}
            loading="Saatmiste laadimine..."
            failed="Saatmiste laadimine ebaõnnestus"
            counted={['saatmine', 'saatmist']}
            label="Saatmised"
            columns={columns}
            empty="Selle liidese sündmusi ei ole viimase 30 päeva jooksul saadetud"
          />
        </>
      )}
    </QueryView>
  );
}
