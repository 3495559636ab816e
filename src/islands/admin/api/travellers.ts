/** A booking's travel details; health information only when asked for (each read audited by the server). */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, answer } from '../../api/typed';
import { bookingParam } from './bookings';
import { adminKeys } from './keys';

// Every answer type comes from worker/routes/admin/bookings.ts through hc.
const booking = adminApi.bookings[':id'];

/** Each person's travel details and completeness, without health information. */
export function useBookingTravellers(id: string) {
  return useQuery({
    queryKey: adminKeys.bookingTravellers(id),
    queryFn: ({ signal }) => answer(booking.travellers.$get(bookingParam(id), { init: { signal } })),
  });
}

/**
 * The people's health information, read only after the admin asks (`show`): every read writes an audit record, so it
 * is never refetched in the background or retried, and `hide` (or leaving the screen) drops it from the cache: showing
 * it again is a new, audited read.
 */
export function useTravellerHealth(id: string) {
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  const health = useQuery({
    queryKey: adminKeys.travellerHealth(id),
    queryFn: ({ signal }) => answer(booking.travellers.health.$get(bookingParam(id), { init: { signal } })),
    enabled: shown,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const hide = () => {
    setShown(false);
    client.removeQueries({ queryKey: adminKeys.travellerHealth(id), exact: true });
  };
  return { health, shown, show: () => setShown(true), hide };
}

/**
 * The guest record's health information, read only when the admin asks: to see it on the detail (`enabled` after
 * "Näita") or to edit the guest (the dialog asks on opening). Audited by the server on each read, so never refetched
 * in the background and dropped from the cache when unused.
 */
export function useGuestHealth(id: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.guestHealth(id),
    queryFn: ({ signal }) => answer(booking.guest.health.$get(bookingParam(id), { init: { signal } })).then((r) => r.healthInfo),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
