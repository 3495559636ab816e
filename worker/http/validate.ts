import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { documented } from './openapi-meta';
import type { FieldIssue } from '../../src/lib/api-errors';
import { ApiError } from '../errors';

export function toFieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Validates a JSON body with the same zod schema the form uses; an invalid body becomes a 422 with one entry per
 * field, so the island can show each message under its field.
 */
export const validJson = <T extends z.ZodType>(schema: T) =>
  documented(
    zValidator('json', schema, (result) => {
      if (!result.success) {
        throw new ApiError('validation_failed', { details: toFieldIssues(result.error.issues) });
      }
    }),
    'json',
    schema,
  );

/**
 * Validates the query string the same way: a value the list's schema refuses is a 422 naming the parameter. Some
 * lists' schemas are written with zod/mini (src/lib/admin/list-query.ts), hence zod's common type.
 */
export const validQuery = <T extends z.core.$ZodType>(schema: T) =>
  documented(
    zValidator('query', schema, (result) => {
      if (!result.success) {
        throw new ApiError('validation_failed', { details: toFieldIssues(result.error.issues) });
      }
    }),
    'query',
    schema,
  );

/**
 * The request's JSON body for a handler that validates it itself (a schema built per request): a missing or
 * malformed body is a 400 `malformed_json`, as the validators answer, never a 500.
 */
export async function jsonBody(req: { json: () => Promise<unknown> }): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    throw new ApiError('malformed_json');
  }
}
