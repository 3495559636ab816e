import type { TestApp } from './app-server';
import { validBooking } from './booking-fixtures';
import { readJson } from './http';

/** What `pricedBooking` owes: 1 299 € + a 45,50 € service + a companion at 850 € = 2 194,50 €. */
export const PRICED_BOOKING_OWED = 129900 + 4550 + 85000;

/**
 * A booking request through the API, then priced by hand as an admin did before requests came priced (issue
 * "Sell"): the retreat, one service, one companion price, and no plan (read as the advance plan, 300 €).
 */
export async function pricedBooking(app: TestApp, guest: Record<string, unknown> = {}): Promise<number> {
  const res = await app.post('/api/bookings', validBooking(guest));
  const id = (await readJson(res)).bookingId as number;
  await app.deps.sql.execute({
    sql: `UPDATE bookings SET total_amount_cents = 129900, additional_services = '[{"name":"Massaaž","price_cents":4550}]',
            companions = '[{"first_name":"Jaan","last_name":"Tamm","age":40,"custom_price_cents":85000}]',
            payment_plan = NULL, advance_cents = NULL, deposit_amount_cents = NULL, price_snapshot = NULL WHERE id = ?`,
    args: [id],
  });
  return id;
}
