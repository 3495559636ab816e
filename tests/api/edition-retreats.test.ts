import { afterEach, beforeEach, expect, it } from 'vitest';
import { RETREAT_EDITIONS } from '../../src/lib/retreat-editions';
import { editionRetreatName, syncEditionRetreats } from '../../worker/domain/retreats/editions';
import { runScheduledJobs } from '../../worker/jobs';
import { startTestApp, type TestApp } from '../helpers/app-server';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';

/**
 * Editions (the editors' content file) and retreats (the admins' table) as one truth, matched by the edition key:
 * a missing retreat is made, the editors' dates carry over, the admins' fields stay; a booking always finds its
 * edition's retreat.
 */

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(async () => {
  await app.close();
});

const retreatRows = () => app.rows('SELECT edition, name, start_date, end_date, capacity, price_cents FROM retreats ORDER BY start_date');

it('the scheduled jobs make a retreat for every edition, once', async () => {
  await runScheduledJobs(app.deps);
  await runScheduledJobs(app.deps);
  const rows = await retreatRows();
  expect(rows.map((r) => r.edition)).toEqual(RETREAT_EDITIONS.map((e) => e.id));
  expect(rows[0]).toMatchObject({ name: editionRetreatName(RETREAT_EDITIONS[0]!), start_date: RETREAT_EDITIONS[0]!.startDate, end_date: RETREAT_EDITIONS[0]!.endDate });
});

it('carries the editors\' new dates over and keeps what the admins set', async () => {
  const edition = { id: 'sep-2027', label: 'September 2027', startDate: '2027-09-10', endDate: '2027-09-20', badge: '10.-20.09.2027' };
  await syncEditionRetreats(app.deps, [edition]);
  await app.deps.sql.execute("UPDATE retreats SET name = 'Sügis Balil', capacity = 14, price_cents = 139900 WHERE edition = 'sep-2027'");
  await syncEditionRetreats(app.deps, [{ ...edition, startDate: '2027-09-12', endDate: '2027-09-22' }]);
  expect(await retreatRows()).toEqual([{ edition: 'sep-2027', name: 'Sügis Balil', start_date: '2027-09-12', end_date: '2027-09-22', capacity: 14, price_cents: 139900 }]);
});

it('a booking for an edition whose retreat does not exist yet makes it and is linked to it', async () => {
  const res = await app.post('/api/bookings', validBooking({ retreatMonth: 'mar-2026' }));
  expect(res.status).toBe(201);
  const { bookingId } = await readJson(res);
  const [row] = await app.rows(`SELECT r.edition FROM bookings b JOIN retreats r ON r.id = b.retreat_id WHERE b.id = ${bookingId}`);
  expect(row).toEqual({ edition: 'mar-2026' });
  expect(await app.count("retreats WHERE edition = 'mar-2026'")).toBe(1);
});
