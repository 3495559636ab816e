import { createClient } from '@libsql/client';
import type { APIRequestContext } from '@playwright/test';
import type { BookingRequestInput } from '../../src/lib/booking/schema';
import { validBooking } from '../helpers/booking-fixtures';
import { expect } from './fixtures';

/** Six random letters: a surname unique to a run, so a spec's searches see only its own rows. */
export const letters = () => Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

/** A booking request through the public API, as the form sends it; answers the booking's id. */
export async function bookingRequest(request: APIRequestContext, baseURL: string, guest: { firstName: string; lastName: string } & Record<string, unknown>) {
  const { firstName, lastName } = guest;
  // The key allows letters, digits, - and _ only: the names without their accents.
  const key = `e2e-${lastName}-${firstName}-${letters()}`.normalize('NFD').replace(/[^\w-]/g, '');
  const response = await request.post('/api/bookings', {
    headers: { Origin: baseURL, 'Idempotency-Key': key },
    data: validBooking({ email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`, retreatMonth: 'mar-2026', ...guest } as Partial<BookingRequestInput>),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { bookingId: number }).bookingId;
}

/** SQL straight on the test server's database (it writes to the same file: wait for its lock). */
export async function serverSql(statement: string, args: (string | number | null)[] = []) {
  const db = createClient({ url: process.env.E2E_DATABASE_URL! });
  try {
    await db.execute('PRAGMA busy_timeout = 10000');
    return (await db.execute({ sql: statement, args })).rows;
  } finally {
    db.close();
  }
}
