/**
 * The back office's webhooks ("Liidesed", issue 41): the organiser's endpoints, each with the events it takes and
 * the count of its deliveries by state; adding one (its secret answered only then), changing, turning off and on,
 * deleting; an endpoint's delivery log, and sending a delivery again. Each change is one batch with its audit
 * record; a stale version is 409. Where deliveries may go is ../domain/webhooks/address.ts's rule.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type CreatedWebhook,
  type WebhookCreate,
  type WebhookDeliveryItem,
  type WebhookDeliveryListResponse,
  type WebhookEdit,
  type WebhookItem,
} from '../../src/lib/webhooks';
import { pageWindow, type PageRequest } from '../db/paging';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema';
import type { AppDeps } from '../deps';
import { ApiError } from '../errors';
import type { Actor } from '../domain/actor';
import { auditIfChanged } from '../domain/audit';
import { settledWithin } from '../domain/background';
import { changedFields } from '../domain/bookings/record';
import { webhookDeliveryNotFound, webhookNotFound } from '../domain/not-found';
import { refusedWebhookUrl } from '../domain/webhooks/address';
import { deliverWebhook } from '../domain/webhooks/deliveries';
import { newWebhookSecret } from '../domain/webhooks/signature';

type Deps = Pick<AppDeps, 'db' | 'now' | 'config'>;

const columns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  description: webhookEndpoints.description,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  disabledAt: webhookEndpoints.disabledAt,
  createdAt: webhookEndpoints.createdAt,
  version: webhookEndpoints.version,
};

/** Its deliveries by state (drizzle writes a lone table's columns unqualified: the outer id is named in full). */
const deliveryCounts = sql<string>`(SELECT json_object(${sql.raw(WEBHOOK_DELIVERY_STATUSES.map((s) => `'${s}', sum(d.status = '${s}')`).join(', '))}) FROM ${webhookDeliveries} AS d WHERE d.endpoint_id = "webhook_endpoints"."id")`;

const itemOf = (row: Omit<WebhookItem, 'deliveries'> & { deliveries: string }): WebhookItem => {
  const counts = JSON.parse(row.deliveries) as Record<string, number | null>;
  return { ...row, deliveries: Object.fromEntries(WEBHOOK_DELIVERY_STATUSES.map((s) => [s, Number(counts[s] ?? 0)])) as WebhookItem['deliveries'] };
};

export async function listWebhooks({ db }: Pick<AppDeps, 'db'>): Promise<{ items: WebhookItem[] }> {
  const rows = await db
    .select({ ...columns, deliveries: deliveryCounts })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { items: rows.map(itemOf) };
}

export async function getWebhook({ db }: Pick<AppDeps, 'db'>, id: number): Promise<WebhookItem> {
  const [row] = await db
    .select({ ...columns, deliveries: deliveryCounts })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!row) throw webhookNotFound();
  return itemOf(row);
}

/** The address rule, refused under the field. */
function checkUrl(deps: Pick<AppDeps, 'config'>, url: string) {
  const refused = refusedWebhookUrl(url, deps.config.webhooks);
  if (refused) throw new ApiError('validation_failed', { details: [{ path: 'url', message: refused }] });
}

const auditOf = (
  deps: Deps,
  actor: Actor,
  action: 'webhook.create' | 'webhook.update' | 'webhook.delete' | 'webhook.resend',
  resourceId: string | ReturnType<typeof sql>,
  metadata: Record<string, unknown>,
) => auditIfChanged(deps, { actor, action, severity: 'medium', resourceType: 'webhook', resourceId, metadata });

export async function createWebhook(deps: Deps, input: WebhookCreate, actor: Actor): Promise<CreatedWebhook> {
  checkUrl(deps, input.url);
  const stamp = deps.now().toISOString();
  const secret = newWebhookSecret();
  const values = { url: input.url, events: input.events, description: input.description };
  const [[created]] = await deps.db.batch([
    deps.db
      .insert(webhookEndpoints)
      .values({ ...values, secret, createdBy: actor.userId, createdAt: stamp, updatedAt: stamp })
      .returning({ id: webhookEndpoints.id }),
    auditOf(deps, actor, 'webhook.create', sql`last_insert_rowid()`, { values }),
  ]);
  return { ...(await getWebhook(deps, created!.id)), secret };
}

export async function updateWebhook(deps: Deps, id: number, input: WebhookEdit, actor: Actor): Promise<WebhookItem> {
  const [before] = await deps.db.select(columns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!before) throw webhookNotFound();
  checkUrl(deps, input.url);
  const values = { url: input.url, events: input.events, description: input.description, enabled: input.enabled };
  const changes = changedFields(before, values);
  const stamp = deps.now().toISOString();
  // Turned off here: by the organiser. Turned on: whatever turned it off is cleared.
  const state =
    input.enabled === before.enabled
      ? {}
      : input.enabled
        ? { disabledReason: null, disabledAt: null }
        : { disabledReason: 'admin' as const, disabledAt: stamp };
  const [result] = await deps.db.batch([
    deps.db
      .update(webhookEndpoints)
      .set({ ...values, ...state, version: sql`${webhookEndpoints.version} + 1`, updatedAt: stamp })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.version, input.version))),
    auditOf(deps, actor, 'webhook.update', String(id), { changes }),
  ]);
  if (result.rowsAffected === 0) throw new ApiError('webhook_changed');
  return getWebhook(deps, id);
}

/** Deletes an endpoint and its delivery log (nothing in the books depends on either). */
export async function deleteWebhook(deps: Deps, id: number, actor: Actor): Promise<void> {
  const [[gone]] = await deps.db.batch([
    deps.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ url: webhookEndpoints.url }),
    auditOf(deps, actor, 'webhook.delete', String(id), {}),
    deps.db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)),
  ]);
  if (!gone) throw webhookNotFound();
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookEvents.messageId,
  event: webhookEvents.type,
  occurredAt: webhookEvents.occurredAt,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  responseStatus: webhookDeliveries.responseStatus,
  lastError: webhookDeliveries.lastError,
  deliveredAt: webhookDeliveries.deliveredAt,
};

export async function listDeliveries({ db }: Pick<AppDeps, 'db'>, endpointId: number, query: PageRequest): Promise<WebhookDeliveryListResponse> {
  const { limit, offset } = pageWindow(query);
  const mine = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [matching], endpoint] = await db.batch([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(mine)
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(webhookDeliveries).where(mine),
    db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)),
  ]);
  if (endpoint.length === 0) throw webhookNotFound();
  return { items: rows, total: Number(matching?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

async function getDelivery({ db }: Pick<AppDeps, 'db'>, endpointId: number, id: number): Promise<WebhookDeliveryItem> {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  if (!row) throw webhookDeliveryNotFound();
  return row;
}

/**
 * Sends a delivery again, whatever became of it: due now, with a new 72-hour window. The attempt starts at once and
 * the answer waits for it at most `confirmationWaitMs` (the scheduler carries on where it has not ended).
 */
export async function resendDelivery(
  deps: Deps & Pick<AppDeps, 'log' | 'waitUntil'>,
  endpointId: number,
  id: number,
  actor: Actor,
): Promise<WebhookDeliveryItem> {
  const [endpoint] = await deps.db.select({ enabled: webhookEndpoints.enabled }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) throw webhookNotFound();
  if (!endpoint.enabled) throw new ApiError('webhook_disabled');
  const [reset] = await deps.db.batch([
    deps.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: null, firstAttemptAt: null })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId))),
    auditOf(deps, actor, 'webhook.resend', String(endpointId), { deliveryId: id }),
  ]);
  if (reset.rowsAffected === 0) throw webhookDeliveryNotFound();
  await settledWithin(deps, deliverWebhook(deps, id), deps.config.confirmationWaitMs, 'pending');
  return getDelivery(deps, endpointId, id);
}
