/**
 * The islands' one way to call the API (the admin app and the guest portal). Cookies carry the session; when the
 * short-lived access token has expired the API answers 401, and this client then rotates the session once (under the
 * cross-tab refresh lock of session-client.ts) and repeats the request. If the session is over, every tab is told (the
 * guard then sends the user to /auth) and the call fails with the 401.
 *
 * Failures are ApiRequestError with the API's stable `code` (src/lib/api-errors.ts), so screens branch on codes and
 * show the API's Estonian message where it is meant for people.
 */
import type { FieldIssue } from '../../lib/api-errors';
import { announce, refreshSession } from '../../lib/auth/session-client';
import { ApiRequestError } from './request-error';

// The error and the retry rule live apart: the query clients need only these, and the admin shell loads them before
// any screen (the rest of this client comes with the screens).
export { ApiRequestError, isRetryable } from './request-error';

/** The API answered that the record asked for does not exist (deleted, or a wrong link). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 404;

/** The API refused with this code (src/lib/api-errors.ts). */
export const hasErrorCode = (error: unknown, code: string): boolean => error instanceof ApiRequestError && error.code === code;

/** What a refused write says: the API's field messages when it named fields, else its message. */
export const refusalReason = (error: unknown): string =>
  error instanceof ApiRequestError && error.details.length > 0 ? error.details.map((d) => d.message).join(' ') : error instanceof Error ? error.message : String(error);

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData (a file upload) is sent as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const SESSION_CODES = new Set(['unauthenticated', 'session_expired']);

/** `/api/admin/bookings` + `{ page: 2, q: '' }` → `/api/admin/bookings?page=2` (empty values are left out). */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * `fetch` with the islands' rules, for apiRequest and for the typed client (./typed.ts, hc's `fetch` option): same
 * origin with cookies, never cached; a network failure is ApiRequestError 0; a 401 for an expired session rotates
 * the session once (the cross-tab lock in session-client.ts) and repeats the request; any other failure is thrown
 * as ApiRequestError with the API's code. What it returns is always a 2xx answer.
 */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const send = async () => {
    try {
      // The typed client hands a Headers object: merged as one, never spread (a spread Headers is empty).
      const headers = new Headers(init.headers);
      if (!headers.has('Accept')) headers.set('Accept', 'application/json');
      return await fetch(input, { ...init, headers, credentials: 'same-origin', cache: 'no-store' });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiRequestError(0, 'network', 'Serveriga ei saanud ühendust. Kontrollige internetiühendust.');
    }
  };
  let response = await send();
  if (response.status === 401) {
    const failure = await toError(response);
    if (!SESSION_CODES.has(failure.code)) throw failure;
    const session = await refreshSession().catch(() => null);
    if (!session) {
      announce({ type: 'signed-out' });
      throw failure;
    }
    response = await send();
  }
  if (!response.ok) throw await toError(response);
  return response;
}

async function toError(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string; details?: FieldIssue[] } } | null;
  const error = body?.error;
  return new ApiRequestError(
    response.status,
    error?.code ?? (response.status >= 500 ? 'internal_error' : 'unknown'),
    error?.message ?? 'Serveris tekkis viga. Palun proovige hiljem uuesti.',
    error?.details ?? [],
  );
}

/** Calls the API and returns its JSON (undefined for 204), or throws ApiRequestError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // A FormData body (a file upload) goes as it is: the browser writes its multipart Content-Type with the boundary.
  const form = options.body instanceof FormData;
  const response = await apiFetch(withQuery(path, options.query), {
    method: options.method ?? 'GET',
    headers: { ...options.headers, ...(options.body === undefined || form ? {} : { 'Content-Type': 'application/json' }) },
    body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
