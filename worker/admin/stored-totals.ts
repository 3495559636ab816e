/**
 * The balance rule (src/lib/admin/balance) applied to a booking as the database stores it: services and companion
 * prices are JSON columns in snake_case. The exports and the client's bookings read rows straight from the table.
 */
import { bookingTotals, type BookingTotals } from '../../src/lib/admin/balance';
import type { AdditionalServiceItem, CompanionItem } from '../db/schema';

export interface StoredAmounts {
  totalAmountCents: number | null;
  amountPaidCents: number | null;
  additionalServices: AdditionalServiceItem[] | null;
  companions: CompanionItem[] | null;
}

export function storedBookingTotals(row: StoredAmounts): BookingTotals {
  return bookingTotals({
    totalAmountCents: row.totalAmountCents,
    amountPaidCents: row.amountPaidCents,
    additionalServices: (row.additionalServices ?? []).map((s) => ({ priceCents: s.price_cents })),
    companions: (row.companions ?? []).map((c) => ({ customPriceCents: c.custom_price_cents ?? null })),
  });
}
