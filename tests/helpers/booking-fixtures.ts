import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { AgreementKind } from '../../src/lib/agreement-labels';
import { versionInForce } from '../../src/lib/agreements';
import type { BookingRequestInput } from '../../src/lib/booking/schema';
import { tallinnDay } from '../../src/lib/format';
import { TEST_CLOCK_START } from './test-clock';

/**
 * The SHA-256 of a text as a page shows it (issue 42), computed here by a library of its own (@noble/hashes), not by
 * the product's code: what a signer's client sends back, and what the evidence must hold.
 */
export const shownTextHash = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/** The hashes of the texts in force on a day (the tests' clock by default): what the booking form sends. */
export const agreementHashes = (day = tallinnDay(new Date(TEST_CLOCK_START))): Record<AgreementKind, string> => ({
  terms: shownTextHash(versionInForce('terms', day).text),
  waiver: shownTextHash(versionInForce('waiver', day).text),
});

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
    waiverAccepted: true,
    agreements: agreementHashes(),
    website: '',
    ...overrides,
  };
}
