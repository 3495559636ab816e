/**
 * Ids in a route's path, parsed once before the handler, which reads them typed from `c.req.valid('param')`:
 *
 *   .get('/:id', pathIds({ id: positiveId(bookingNotFound) }), async (c) => { const { id } = c.req.valid('param'); … })
 *
 * A path value that cannot be an id is simply not that thing: it answers the noun's own 404 (never a 500, never a
 * 422), the same answer as an id nobody has.
 */
import { validator } from 'hono/validator';
import type { ApiError } from '../errors';
import { describedBy } from './openapi-meta';

/** The largest id SQLite hands out in practice here, and the largest 32-bit signed integer. */
export const MAX_PATH_ID = 2_147_483_647;

/** A positive 32-bit integer: 1 to 10 digits and nothing else (no sign, point, exponent or space), 1..2147483647. */
export function parsePathId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_PATH_ID ? id : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID (users, clients), lowercased as the database stores it. */
export function parsePathUuid(raw: string | undefined): string | null {
  return raw !== undefined && UUID.test(raw) ? raw.toLowerCase() : null;
}

/** A position in a short list, counted from 0 (a booking's travellers: 0 is the booker): 1 to 3 digits. */
export function parsePathPosition(raw: string | undefined): number | null {
  return raw !== undefined && /^[0-9]{1,3}$/.test(raw) ? Number(raw) : null;
}

/** How one path parameter is read, and the 404 it answers when it cannot be read. */
export interface PathRule<T> {
  parse: (raw: string | undefined) => T | null;
  notFound: () => ApiError;
  /** How the OpenAPI document shows the parameter. */
  schema: { type: 'integer' | 'string'; minimum?: number; maximum?: number; format?: string };
}

export const positiveId = (notFound: () => ApiError): PathRule<number> => ({
  parse: parsePathId,
  notFound,
  schema: { type: 'integer', minimum: 1, maximum: MAX_PATH_ID },
});
export const uuidId = (notFound: () => ApiError): PathRule<string> => ({ parse: parsePathUuid, notFound, schema: { type: 'string', format: 'uuid' } });
export const position = (notFound: () => ApiError): PathRule<number> => ({
  parse: parsePathPosition,
  notFound,
  schema: { type: 'integer', minimum: 0, maximum: 999 },
});

type Parsed<R> = { [K in keyof R]: R[K] extends PathRule<infer T> ? T : never };

/** A validator for the path's parameters: each named one read by its rule, or the rule's 404. */
export const pathIds = <R extends Record<string, PathRule<unknown>>>(rules: R) =>
  describedBy(
    validator('param', (params) => {
      const parsed: Record<string, unknown> = {};
      for (const [name, rule] of Object.entries(rules)) {
        const value = rule.parse(params[name]);
        if (value === null) throw rule.notFound();
        parsed[name] = value;
      }
      return parsed as Parsed<R>;
    }),
    {
      parameters: Object.entries(rules).map(([name, rule]) => ({ in: 'path', name, required: true, schema: rule.schema })),
      responses: { 404: { $ref: '#/components/responses/Error' } },
    },
  );
