/**
 * Issue 41. The islands' typed client: Hono's `hc` over the route modules' own types, so a changed path, body or
 * answer is a type error in the screen that uses it. `import type` only: no server code reaches the browser (the
 * bundler drops type-only imports; verbatimModuleSyntax makes a value import of worker code a compile error instead).
 * Requests go through apiFetch (./client.ts): cookies, refresh once and retry, ApiRequestError for every failure.
 */
import { hc, parseResponse } from 'hono/client';
import type { adminRoutes } from '../../../worker/routes/admin/index';
import type { agreementTextRoutes } from '../../../worker/routes/agreement-text';
import type { meRoutes } from '../../../worker/routes/me';
import { apiFetch } from './client';

export const adminApi = hc<typeof adminRoutes>('/api/admin', { fetch: apiFetch });
/** The guest portal's own data (../portal/portal-api.ts). */
export const meApi = hc<typeof meRoutes>('/api/me', { fetch: apiFetch });
/** The agreements' texts in force, which the portal shows before its "Allkirjasta ise". */
export const agreementTextApi = hc<typeof agreementTextRoutes>('/api/agreement-text', { fetch: apiFetch });

/** The answer's JSON, typed from the route's c.json(...) (failures were already thrown by apiFetch). */
export const answer = parseResponse;

/**
 * A list's query (the URL's state, parsed with the API's own schema) as hc sends it: every parameter as text, an
 * empty one left out (the API reads an empty parameter as absent anyway).
 */
export function urlQuery<Q extends Record<string, string | number | undefined>>(query: Q): { [K in keyof Q]-?: string | undefined } {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, value === undefined || value === '' ? undefined : String(value)])) as {
    [K in keyof Q]-?: string | undefined;
  };
}
