import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { editionAvailability } from '../domain/retreats/availability';

/**
 * GET /api/availability: each published edition on sale, whether it takes requests, its places left and its price,
 * for the booking form and the pages' date badges at run time. A short shared cache (the edge's too): the API
 * decides again on every request, so a half-minute-old answer is only a hint.
 */
export const availabilityRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'public, max-age=30, s-maxage=30');
  return c.json(await editionAvailability(c.var.deps));
});
