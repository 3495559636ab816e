/**
 * Issue 41. What the OpenAPI document (worker/http/openapi.ts) learns from the middlewares themselves: a validator
 * carries its zod schema, a path-id validator its parameters, an auth middleware its security requirement. The
 * routes need no rewrite, and nothing here runs per request.
 *
 * Kept under a key of our own, not hono-openapi's `uniqueSymbol`: importing anything from 'hono-openapi' brings
 * @standard-community/standard-json, whose top-level `quansync(...)` keeps its `import('zod/v4/core')` and with it all
 * of zod (300 KiB of locales) in the Worker bundle. The generator, loaded on demand, hands the key over.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import type * as z from 'zod';

export const OPENAPI_META = Symbol.for('uus-algus.openapi');

export type OpenApiMeta = { target: 'json' | 'query'; schema: z.core.$ZodType } | { spec: Partial<OpenAPIV3_1.OperationObject> };

/** A validator that also carries its schema for the document (same middleware, same types). */
export function documented<M extends object>(middleware: M, target: 'json' | 'query', schema: z.core.$ZodType): M {
  return Object.assign(middleware, { [OPENAPI_META]: { target, schema } satisfies OpenApiMeta });
}

/** Free-form operation fields (parameters, security, responses) attached to a middleware. */
export function describedBy<M extends object>(middleware: M, spec: Partial<OpenAPIV3_1.OperationObject>): M {
  return Object.assign(middleware, { [OPENAPI_META]: { spec } satisfies OpenApiMeta });
}
