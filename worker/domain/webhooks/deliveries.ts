/**
 * Sending webhook deliveries (issue 41). The triggers of migration 0038 write an event and one pending delivery per
 * endpoint that takes it, in the statement that made the change; the hosts' schedulers send what is due. Each
 * attempt is signed afresh (Standard Webhooks: the same `webhook-id` and body every time, a new timestamp). A 2xx
 * answer delivers; 410 Gone turns the endpoint off (with an audit record) and ends the delivery; anything else is
 * tried again after a growing pause, for 72 hours from the first attempt. Events and deliveries are kept 30 days.
 */
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { bookingReferenceNumber } from '../../../src/lib/reference-number';
import type { WebhookDeliveryStatus, WebhookEvent } from '../../../src/lib/webhooks';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { auditIfChanged } from '../audit';
import { refusedWebhookUrl } from './address';
import { webhookSignature } from './signature';

type Deps = Pick<AppDeps, 'db' | 'now' | 'log' | 'config'>;

export const WEBHOOK_RETRY_WINDOW_MS = 72 * 60 * 60 * 1000;
export const WEBHOOK_LOG_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** The pause before each next attempt: seconds, then minutes, then hours (about 12 attempts in 72 hours). */
const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
/** How long an attempt holds its delivery (a sender that died frees it after this). */
const LEASE_MS = 60_000;
/** A receiver that has not answered in this time has failed this attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries one run sends at most. */
const BATCH_SIZE = 25;

export const webhookRetryDelayMs = (attemptsSoFar: number) => RETRY_DELAYS_MS[Math.min(Math.max(attemptsSoFar, 1), RETRY_DELAYS_MS.length) - 1]!;

const isDue = (now: string) =>
  and(eq(webhookDeliveries.status, 'pending'), or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)));
const endpointOn = sql`${webhookDeliveries.endpointId} IN (SELECT id FROM ${webhookEndpoints} WHERE enabled = 1)`;

/** Sends what is due, oldest first, side by side (one slow receiver does not hold the others up). */
export async function dispatchDueWebhooks(deps: Deps): Promise<Record<WebhookDeliveryStatus, number>> {
  const due = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(isDue(deps.now().toISOString()), endpointOn))
    .orderBy(asc(webhookDeliveries.id))
    .limit(BATCH_SIZE);
  const tally: Record<WebhookDeliveryStatus, number> = { pending: 0, delivered: 0, failed: 0 };
  for (const status of await Promise.all(due.map(({ id }) => deliverWebhook(deps, id)))) tally[status]++;
  return tally;
}

/** The body every attempt of an event carries: its type, when it happened, and its data. */
function webhookBody(event: { type: WebhookEvent; occurredAt: string; data: Record<string, unknown> }): string {
  return JSON.stringify({ type: event.type, timestamp: event.occurredAt, data: withReferences(event.type, event.data) });
}

type BookingData = { id: number } & Record<string, unknown>;
const withReference = (b: BookingData | null) => b && { ...b, referenceNumber: bookingReferenceNumber(b.id) };

/**
 * The booking an event carries (a booking event's data, a payment's `booking`: migration 0038's view) gets its
 * reference number (viitenumber), which the database does not store.
 */
function withReferences(type: WebhookEvent, data: Record<string, unknown>): Record<string, unknown> {
  if (type.startsWith('booking.')) return withReference(data as BookingData)!;
  if (type.startsWith('payment.')) return { ...data, booking: withReference(data.booking as BookingData | null) };
  return data;
}

/**
 * Tries one delivery if it is due and nobody else holds it: the claim moves `next_attempt_at` past now in the UPDATE
 * that checks it is due, and SQLite runs one write at a time, so two senders never send the same attempt.
 */
export async function deliverWebhook(deps: Deps, id: number): Promise<WebhookDeliveryStatus> {
  const { db } = deps;
  const now = deps.now();
  const stamp = now.toISOString();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString(),
      firstAttemptAt: sql`coalesce(${webhookDeliveries.firstAttemptAt}, ${stamp})`,
      lastAttemptAt: stamp,
    })
    .where(and(eq(webhookDeliveries.id, id), isDue(stamp), endpointOn))
    .returning({
      attempts: webhookDeliveries.attempts,
      firstAttemptAt: webhookDeliveries.firstAttemptAt,
      eventId: webhookDeliveries.eventId,
      endpointId: webhookDeliveries.endpointId,
    });
  if (!claimed) {
    const [current] = await db.select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return current?.status ?? 'failed';
  }
  const [row] = await db
    .select({
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      messageId: webhookEvents.messageId,
      type: webhookEvents.type,
      data: webhookEvents.data,
      occurredAt: webhookEvents.occurredAt,
    })
    .from(webhookEvents)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, claimed.endpointId))
    .where(eq(webhookEvents.id, claimed.eventId));
  if (!row) return finish(deps, id, { status: 'failed', error: 'Sündmust ega liidest enam ei ole.' });

  // The rule again at sending time: the endpoint may predate a stricter setting.
  const refused = refusedWebhookUrl(row.url, deps.config.webhooks);
  if (refused) return finish(deps, id, { status: 'failed', error: refused });

  const body = webhookBody(row);
  const timestamp = Math.floor(deps.now().getTime() / 1000);
  let responseStatus: number | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(row.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Uus-Algus-Webhooks/1',
        'webhook-id': row.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await webhookSignature(row.secret, row.messageId, timestamp, body),
      },
      body,
    });
    responseStatus = res.status;
    await res.body?.cancel();
  } catch (err) {
    error = (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);
  }

  if (responseStatus !== null && responseStatus >= 200 && responseStatus < 300) return finish(deps, id, { status: 'delivered', responseStatus });
  if (responseStatus === 410) {
    await disableGone(deps, claimed.endpointId);
    return finish(deps, id, { status: 'failed', responseStatus, error: 'Vastuvõtja vastas 410 (Gone): liides lülitati välja.' });
  }
  const next = new Date(deps.now().getTime() + webhookRetryDelayMs(claimed.attempts));
  const giveUp = next.getTime() > Date.parse(claimed.firstAttemptAt ?? stamp) + WEBHOOK_RETRY_WINDOW_MS;
  deps.log({
    level: giveUp ? 'error' : 'warn',
    msg: 'webhook delivery failed',
    deliveryId: id,
    attempts: claimed.attempts,
    responseStatus,
    error,
    giveUp,
  });
  return finish(deps, id, {
    status: giveUp ? 'failed' : 'pending',
    responseStatus,
    error: error ?? `HTTP ${responseStatus}`,
    nextAttemptAt: next.toISOString(),
  });
}

async function finish(
  deps: Deps,
  id: number,
  outcome: { status: WebhookDeliveryStatus; responseStatus?: number | null; error?: string | null; nextAttemptAt?: string },
): Promise<WebhookDeliveryStatus> {
  const stamp = deps.now().toISOString();
  await deps.db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      responseStatus: outcome.responseStatus ?? null,
      lastError: outcome.error ?? null,
      nextAttemptAt: outcome.status === 'pending' ? outcome.nextAttemptAt : null,
      ...(outcome.status === 'delivered' ? { deliveredAt: stamp } : {}),
    })
    .where(eq(webhookDeliveries.id, id));
  return outcome.status;
}

/** A 410 answer: the receiver is gone for good. The endpoint is turned off and the change audited, in one batch. */
async function disableGone(deps: Deps, endpointId: number) {
  const stamp = deps.now().toISOString();
  await deps.db.batch([
    deps.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'gone', disabledAt: stamp, version: sql`${webhookEndpoints.version} + 1`, updatedAt: stamp })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true))),
    auditIfChanged(deps, {
      action: 'webhook.disable',
      severity: 'medium',
      resourceType: 'webhook',
      resourceId: String(endpointId),
      metadata: { reason: 'gone' },
    }),
  ]);
}

/** The log's retention: events (and with them their deliveries) older than 30 days go. */
export async function pruneWebhookLog({ db, now }: Pick<AppDeps, 'db' | 'now'>) {
  const cutoff = new Date(now().getTime() - WEBHOOK_LOG_RETENTION_MS).toISOString();
  const old = sql`${webhookDeliveries.eventId} IN (SELECT id FROM ${webhookEvents} WHERE occurred_at < ${cutoff})`;
  const [deliveries, events] = await db.batch([
    db.delete(webhookDeliveries).where(old),
    db.delete(webhookEvents).where(lt(webhookEvents.occurredAt, cutoff)),
  ]);
  return { deliveries: deliveries.rowsAffected, events: events.rowsAffected };
}
