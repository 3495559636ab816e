import { Hono } from 'hono';
import type { AvailabilityResponse } from '../../src/lib/booking/availability';
import type { AppEnv } from '../app-env';
import { editionAvailability } from '../domain/retreats/availability';

/**
 * GET /api/availability: each public edition, whether it takes requests and its places left, for the booking form
 * at run time. A short shared cache: the API decides again on every request, so a minute-old answer is only a hint.
 */
export const availabilityRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const body: AvailabilityResponse = { editions: await editionAvailability(c.var.deps) };
  c.header('Cache-Control', 'public, max-age=30');
  return c.json(body);
});
