import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequestSchema } from '../../src/lib/booking/schema';
import { startApiFixture, type ApiFixture } from '../helpers/api-fixture';
import { writtenRows } from '../helpers/app-server';
import { validBooking } from '../helpers/booking-fixtures';

// Random request bodies against the real endpoint: whatever arrives, the answer is never a 5xx, and a body the
// shared schema refuses (or one for an edition not on sale: the schema checks a key's shape only) never leaves a
// row behind.
let f: ApiFixture;
/** The editions that take requests: a well-formed key of any other is refused (422 edition_closed), rightly. */
let onSale: Set<string>;
beforeAll(async () => {
  f = await startApiFixture({ admin: false });
  const { editions } = await (await fetch(`${f.app.origin}/api/availability`)).json();
  onSale = new Set((editions as { id: string; open: boolean }[]).filter((e) => e.open).map((e) => e.id));
});
afterAll(async () => {
  await f.close();
});

const anyJson = fc.jsonValue({ maxDepth: 3 });
const fieldValue = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null), fc.boolean(), fc.constant(''), anyJson);
const FIELDS = ['firstName', 'lastName', 'birthday', 'email', 'phone', 'retreatMonth', 'roomType', 'travelWith', 'companions', 'experience', 'dietaryRestrictions', 'message', 'website'];

/** Mostly-valid bookings with one to three fields replaced by arbitrary values, plus entirely arbitrary JSON. */
const bodies = fc.oneof(
  fc
    .record({ changes: fc.dictionary(fc.constantFrom(...FIELDS, 'extra'), fieldValue, { minKeys: 1, maxKeys: 3 }) })
    .map(({ changes }) => ({ ...validBooking(), ...changes })),
  anyJson,
  fc.string({ maxLength: 200 }),
);

describe('POST /api/bookings with random bodies', () => {
  it('never answers 5xx and never stores a body the schema refuses', async () => {
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const before = await writtenRows(f.app);
        const raw = typeof body === 'string' ? body : JSON.stringify(body);
        const res = await f.app.post('/api/bookings', raw);
        expect(res.status).toBeLessThan(500);
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          parsed = Symbol('not json');
        }
        const accepted = bookingRequestSchema.safeParse(parsed);
        const after = await writtenRows(f.app);
        if (!accepted.success || accepted.data.website || !onSale.has(accepted.data.retreatMonth)) {
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(after).toEqual(before);
        } else {
          expect(res.status).toBe(201);
          expect(after.bookings).toBe(before.bookings + 1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
