import type { BookingRequestInput } from '../../src/lib/booking/schema';

let counter = 0;

/** A valid booking request as the form sends it; pass overrides to vary it. Each call uses a fresh e-mail. */
export function validBooking(overrides: Partial<BookingRequestInput> = {}): BookingRequestInput {
  counter += 1;
  return {
    firstName: 'Mari',
    lastName: 'Tamm',
    birthday: '1990-05-01',
    email: `mari.tamm.${counter}@example.com`,
    phone: '+372 5123 4567',
    retreatMonth: 'jan-2026',
    roomType: 'single-room',
    travelWith: 'alone',
    companions: [],
    experience: '',
    dietaryRestrictions: '',
    message: '',
    termsAccepted: true,
    website: '',
    ...overrides,
  };
}
