/**
 * What the portal's first view (the bookings list and "Minu andmed") needs from the API, kept apart from
 * ./portal-api.ts: the typed client (hono/client, about 2.3 KB gz) would take /minu-broneeringud over its 89 KB, so
 * it loads with a booking's page instead. The list's answer is still the route's own type (a type-only import).
 */
import type { InferResponseType } from 'hono/client';
import { apiRequest } from '../api/client';
import type { meApi } from '../api/typed';
import { refreshSession } from '../../lib/auth/session-client';

export const portalKeys = {
  bookings: ['me', 'bookings'] as const,
  booking: (id: number) => ['me', 'bookings', id] as const,
  agreements: (id: number) => ['me', 'bookings', id, 'agreements'] as const,
  agreementTexts: ['agreement-text'] as const,
};

/** GET /api/me/bookings (worker/routes/me.ts): a renamed route breaks the type here, if not the path string. */
export const myBookings = () => apiRequest<InferResponseType<typeof meApi.bookings.$get, 200>>('/api/me/bookings');

/**
 * Files (invoice PDFs, the data export) are plain links the browser downloads; their request cannot refresh the
 * session on a 401, so the session is made fresh for a minute first. Answers false when the session is over.
 */
export async function freshForDownload(): Promise<boolean> {
  return (await refreshSession(60_000)) !== null;
}
