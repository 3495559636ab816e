/**
 * Issue 41: the public forms' calls are typed from their routes (src/islands/api/public-routes.ts). These type
 * assertions are checked by `npm run typecheck` (tsc over tests/): an answer, a body or a path that is no longer the
 * route's fails the build; at run time they only confirm the file loads.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { PublicAnswer, PublicBody, PublicPath } from '../../src/islands/api/public-routes';

describe("the public forms' contract", () => {
  it('names each answer as its route writes it', () => {
    expectTypeOf<PublicAnswer<'/api/bookings'>>().toEqualTypeOf<{ bookingId: number; email: 'sent' | 'queued' | 'failed'; waitingList: boolean }>();
    expectTypeOf<PublicAnswer<'/api/contact'>>().toHaveProperty('messageId');
    expectTypeOf<PublicAnswer<'/api/discount-codes/check'>>().toHaveProperty('discountCode');
    expectTypeOf<PublicAnswer<'/api/auth/signin'>>().not.toBeAny();
  });

  it('takes the body its route validates, and only the paths there are', () => {
    expectTypeOf<PublicBody<'/api/auth/recover'>>().toEqualTypeOf<{ email: string }>();
    expectTypeOf<PublicBody<'/api/contact'>>().toHaveProperty('message');
    expectTypeOf<'/api/bookings'>().toExtend<PublicPath>();
    expectTypeOf<'/api/booking'>().not.toExtend<PublicPath>();
  });
});
