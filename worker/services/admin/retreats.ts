/** Retreats as choices for the bookings screens (filter, admin-made booking); the retreats screen grows from here. */
import { count, desc } from 'drizzle-orm';
import type { RetreatOption } from '../../../src/lib/admin/bookings';
import { pageWindow, type Page, type PageRequest } from '../../db/paging';
import { retreats } from '../../db/schema';
import type { AppDeps } from '../../deps';

export async function listRetreatOptions(deps: Pick<AppDeps, 'db'>, request: PageRequest): Promise<Page<RetreatOption>> {
  const { db } = deps;
  const { limit, offset } = pageWindow(request);
  const [items, [total]] = await db.batch([
    db
      .select({ id: retreats.id, name: retreats.name, startDate: retreats.startDate, endDate: retreats.endDate, arrivalDate: retreats.arrivalDate, departureDate: retreats.departureDate })
      .from(retreats)
      .orderBy(desc(retreats.startDate), desc(retreats.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(retreats),
  ]);
  return { items, total: total?.n ?? 0, page: request.page, pageSize: request.pageSize };
}
