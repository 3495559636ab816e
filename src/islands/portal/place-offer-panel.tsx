/**
 * "Kinnitage koht" in the portal (issue 38): a waiting booking offered freed places shows the deadline and takes them
 * with one press (POST /api/me/bookings/:id/accept-offer), the same transition as the e-mail's link. A refusal (the
 * offer lapsed meanwhile) is said in the API's words; the booking's view is the server's new one either way.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PLACE_OFFER_TEXTS } from '../../lib/place-offers';
import type { MyBookingDetail } from '../../lib/portal';
import { toast, toastError } from '../toast';
import { portalApi, portalKeys } from './portal-api';

export function PlaceOfferPanel({ booking }: { booking: MyBookingDetail }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  if (!booking.offerExpiresAt) return null;
  const accept = async () => {
    setPending(true);
    try {
      const answer = await portalApi.acceptOffer(booking.id);
      queryClient.setQueryData<{ booking: MyBookingDetail }>(portalKeys.booking(booking.id), { booking: answer.booking });
      void queryClient.invalidateQueries({ queryKey: portalKeys.bookings });
      toast({ title: PLACE_OFFER_TEXTS.accepted, description: PLACE_OFFER_TEXTS.acceptedBody });
    } catch (error) {
      toastError(PLACE_OFFER_TEXTS.errorTitle, error);
      void queryClient.invalidateQueries({ queryKey: portalKeys.booking(booking.id) });
    } finally {
      setPending(false);
    }
  };
  return (
    <section aria-labelledby="place-offer-title" className="card space-y-3 p-5 ring-2 ring-lagoon-300 sm:p-6" data-place-offer-panel>
      <h3 id="place-offer-title" className="text-xl text-lagoon-900">
        {PLACE_OFFER_TEXTS.title}
      </h3>
      <p>{PLACE_OFFER_TEXTS.portalLine(booking.offerExpiresAt)}</p>
      <button type="button" className="btn-primary" onClick={() => void accept()} disabled={pending}>
        {pending ? PLACE_OFFER_TEXTS.accepting : PLACE_OFFER_TEXTS.portalAccept}
      </button>
    </section>
  );
}
