/**
 * Webhooks (issue 41): the contract the back office's "Liidesed" screen and the API share. The organiser registers
 * an endpoint (a URL and the events it takes); each event is delivered with its data, signed in the Standard Webhooks
 * scheme (worker/domain/webhooks), retried for 72 hours and logged for 30 days. Where deliveries may go (https, no
 * private or loopback address) is the server's rule: it knows the setting that lets them go to a test receiver.
 */
import * as z from 'zod';
import { pagingParams, type ListPage } from './list-query';
import { optionalText } from './validation/form-fields';

export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.confirmed',
  'booking.moved',
  'booking.cancelled',
  'payment.recorded',
  'payment.refunded',
  'invoice.issued',
  'credit_note.issued',
  'retreat.confirmed',
  'retreat.cancelled',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'booking.created': 'Broneering tehtud',
  'booking.confirmed': 'Broneering kinnitatud',
  'booking.moved': 'Broneering tõstetud teisele retriidile',
  'booking.cancelled': 'Broneering tühistatud',
  'payment.recorded': 'Makse laekunud',
  'payment.refunded': 'Raha tagastatud',
  'invoice.issued': 'Arve koostatud',
  'credit_note.issued': 'Kreeditarve koostatud',
  'retreat.confirmed': 'Retriit toimub',
  'retreat.cancelled': 'Retriit tühistatud',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Ootab saatmist',
  delivered: 'Kohale toimetatud',
  failed: 'Ebaõnnestus',
};

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Sisestage aadress, kuhu sündmused saata.',
  urlFormat: 'Sisestage täielik aadress, näiteks https://näide.ee/sundmused.',
  httpsOnly: 'Aadress peab algama https://.',
  privateAddress: 'Kohaliku masina ja sisevõrgu aadressidele sündmusi ei saadeta.',
  credentialsInUrl: 'Aadress ei tohi sisaldada kasutajanime ega parooli.',
  eventsRequired: 'Valige vähemalt üks sündmus.',
  created: 'Liides lisatud',
  saved: 'Liides salvestatud',
  deleted: 'Liides kustutatud',
  resent: 'Sündmus saadeti uuesti',
  secretOnce: 'Salajane võti näidatakse ainult üks kord. Kopeerige see nüüd liidese seadistusse.',
  disabledGone: 'Välja lülitatud: vastuvõtja vastas 410 (Gone).',
  disabledAdmin: 'Välja lülitatud',
} as const;

/**
 * A URL's shape, the form's rule and the server's first one (worker/domain/webhooks/address.ts adds where it may
 * point): whole, http(s), no user name or password in it. The URL parsed, or why it is refused.
 */
export function parseWebhookUrl(raw: string): { url: URL } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: WEBHOOK_MESSAGES.urlFormat };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: WEBHOOK_MESSAGES.urlFormat };
  if (url.username || url.password) return { problem: WEBHOOK_MESSAGES.credentialsInUrl };
  return { url };
}

const urlField = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(2000, WEBHOOK_MESSAGES.urlFormat)
  .superRefine((value, ctx) => {
    const parsed = parseWebhookUrl(value);
    if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
  });

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventsRequired }), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e)));

/** POST /api/admin/webhooks */
export const webhookCreateSchema = z.strictObject({ url: urlField, events: eventsField, description: optionalText(200) });
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;
export type WebhookCreate = z.output<typeof webhookCreateSchema>;

/** PATCH /api/admin/webhooks/:id: `version` refuses a stale edit; `enabled` turns it on or off. */
export const webhookEditSchema = z.strictObject({
  version: z.number().int().nonnegative(),
  url: urlField,
  events: eventsField,
  description: optionalText(200),
  enabled: z.boolean(),
});
export type WebhookEditInput = z.input<typeof webhookEditSchema>;
export type WebhookEdit = z.output<typeof webhookEditSchema>;

/** GET /api/admin/webhooks/:id/deliveries: newest first. */
export const webhookDeliveryListQuerySchema = z.object({ ...pagingParams });

export interface WebhookItem {
  id: number;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  enabled: boolean;
  /** Why it is off: 'gone' (the receiver answered 410) or 'admin'. */
  disabledReason: 'gone' | 'admin' | null;
  disabledAt: string | null;
  createdAt: string;
  version: number;
  /** Deliveries in the last 30 days, by how they stand. */
  deliveries: Record<WebhookDeliveryStatus, number>;
}

/** The answer that creates an endpoint: the only one that carries its secret. */
export type CreatedWebhook = WebhookItem & { secret: string };

export interface WebhookDeliveryItem {
  id: number;
  messageId: string;
  event: WebhookEvent;
  occurredAt: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  responseStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
}

export type WebhookDeliveryListResponse = ListPage<WebhookDeliveryItem>;
