/**
 * /api/place-offers (issue 38): the page an offer's e-mail links to (/vaba-koht, the token in the fragment) shows the
 * offer and confirms it. The token is the only key: a wrong or spent one answers 404 `offer_not_found`, one past its
 * time 409 `offer_expired`. Limited per address, like every public endpoint that looks something up by a secret.
 */
import { Hono } from 'hono';
import * as z from 'zod';
import { SCHEDULE_PART_LABELS } from '../../src/lib/payment-schedule';
import type { AppEnv } from '../app-env';
import { perIpLimit } from '../http/public-form-guard';
import { validJson } from '../http/validate';
import { bookingOfOffer } from '../domain/bookings/offers';
import { getBookingDetail } from '../domain/bookings/record';
import { acceptOffer, scheduleOnceGiven } from '../domain/bookings/waiting-list';
import { ApiError } from '../errors';
import type { PlaceOfferView } from '../../src/lib/place-offers';

const tokenBody = z.strictObject({ token: z.string().max(200) });

export const placeOfferRoutes = new Hono<AppEnv>()
  .use('*', perIpLimit('offer_try', (limits) => limits.discountChecks))
  .post('/view', validJson(tokenBody), async (c) => {
    const { deps } = c.var;
    const booking = await getBookingDetail(deps, await bookingOfOffer(deps, c.req.valid('json').token));
    if (!booking.offer || booking.offer.expiresAt <= deps.now().toISOString()) throw new ApiError('offer_expired');
    const first = scheduleOnceGiven(deps, booking).find((p) => p.outstandingCents > 0);
    const view: PlaceOfferView = {
      bookingId: booking.id,
      retreat: booking.retreat && { name: booking.retreat.name, startDate: booking.retreat.startDate, endDate: booking.retreat.endDate },
      people: 1 + booking.companions.length,
      expiresAt: booking.offer.expiresAt,
      totalCents: booking.totals.priceCents,
      firstPart: first ? { label: SCHEDULE_PART_LABELS[first.part], amountCents: first.outstandingCents, dueOn: first.dueOn } : null,
    };
    return c.json({ offer: view });
  })
  .post('/accept', validJson(tokenBody), async (c) => {
    const { deps } = c.var;
    const booking = await getBookingDetail(deps, await bookingOfOffer(deps, c.req.valid('json').token));
    const accepted = await acceptOffer(deps, booking, null, { ip: deps.clientIp(c), userAgent: c.req.header('User-Agent') });
    return c.json({ bookingId: accepted.id, state: accepted.state });
  });
