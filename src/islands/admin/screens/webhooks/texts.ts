/** How the "Liidesed" screens word an endpoint's events, state and delivery counts. */
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES, type WebhookItem } from '../../../../lib/webhooks';
import type { BadgeTone } from '../../ui/badge';

export const eventsText = (w: Pick<WebhookItem, 'events'>): string => w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ');

/** "Sees", or why it is off. */
export function stateOf(w: Pick<WebhookItem, 'enabled' | 'disabledReason'>): { label: string; tone: BadgeTone } {
  if (w.enabled) return { label: 'Sees', tone: 'green' };
  return w.disabledReason === 'gone'
    ? { label: WEBHOOK_MESSAGES.disabledGone, tone: 'red' }
    : { label: WEBHOOK_MESSAGES.disabledAdmin, tone: 'grey' };
}

/** "3 kohale toimetatud · 1 ootab · 0 ebaõnnestus" (the last 30 days). */
export const deliveryCountsText = ({ deliveries: d }: Pick<WebhookItem, 'deliveries'>): string =>
  `${d.delivered} kohale toimetatud · ${d.pending} ootab · ${d.failed} ebaõnnestus`;
