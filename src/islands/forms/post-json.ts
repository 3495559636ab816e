/** The public forms' JSON call to our own API and its error shape (src/lib/api-errors.ts). */
import type { ApiErrorBody, FieldIssue } from '../../lib/api-errors';
import type { PublicAnswer, PublicBody, PublicPath } from '../api/public-routes';

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code?: string; message?: string; details: FieldIssue[] };

/**
 * POST JSON to our own API (same origin, so the browser sends Origin). Network failures come back as status 0. The
 * path, the body and the answer are the route's own (../api/public-routes.ts).
 */
export async function postJson<P extends PublicPath>(url: P, body: PublicBody<P>, headers: Record<string, string> = {}): Promise<ApiResult<PublicAnswer<P>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0, details: [] };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // Not JSON (a proxy's error page): fall back to the generic message.
  }
  if (response.ok) return { ok: true, status: response.status, data: json as PublicAnswer<P> };
  const error = (json as Partial<ApiErrorBody> | null)?.error;
  return {
    ok: false,
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : undefined,
    message: typeof error?.message === 'string' && error.message.trim() ? error.message : undefined,
    details: Array.isArray(error?.details) ? error.details.filter((d) => typeof d?.path === 'string' && typeof d?.message === 'string') : [],
  };
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; localhost and https both are). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
