import type { BookingRequestInput } from '../../src/lib/booking/schema';
import { ADVANCE_CENTS } from '../../src/lib/payment-rules';
import type { ApiFixture } from './api-fixture';

/** What `pricedBooking` owes: 1 299 € + a 45,50 € service + a companion at 850 € = 2 194,50 €. */
export const PRICED_BOOKING_OWED = 129900 + 4550 + 85000;

/** Its advance on the advance plan: 300 € per person, and the party is two (the guest and Jaan). */
export const PRICED_BOOKING_ADVANCE = 2 * ADVANCE_CENTS;

/** The companion every priced booking travels with. */
export const PRICED_COMPANION = { firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-09-30', age: '' };

/**
 * A guest's request for two through the booking form's API (on the edition of `guest.retreatMonth`, January 2026
 * unless given), priced by the server on the plan the days allow (the advance plan while it is offered, else the full
 * payment), then priced by the organiser on the booking's detail: the retreat 1 299 €, one 45,50 € service, the
 * companion at 850 €. Three admin writes after the request: the booking's version is 4. `by`: a signed-in guest's
 * browser, whose account the booking then belongs to.
 */
export async function pricedBooking(f: Pick<ApiFixture, 'request' | 'price'>, guest: Partial<BookingRequestInput> = {}, by?: Parameters<ApiFixture['request']>[2]): Promise<number> {
  const { id } = await f.request({ edition: guest.retreatMonth ?? 'jan-2026' }, { travelWith: 'with-companions', companions: [PRICED_COMPANION], ...guest } as Partial<BookingRequestInput>, by);
  await f.price(id, { totalCents: 129900, services: [{ name: 'Massaaž', priceCents: 4550 }], companionPrices: [85000] });
  return id;
}
