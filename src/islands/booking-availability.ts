/**
 * The booking form's editions at run time (GET /api/availability): which take requests, their places left, which
 * are full (a request becomes a waiting-list request), their prices, and the server's day the plans count from.
 * The editions are back-office data (issue "Sell"): if the call fails the form cannot offer any and says so.
 */
import { useCallback, useEffect, useState } from 'react';
// Not from retreat-editions: that module reads the settings file, which the form's first load must not carry.
import { AVAILABILITY_TEXTS, editionOptionLabel, FEW_PLACES_LEFT, type AvailabilityResponse, type EditionAvailability } from '../lib/booking/availability';

export type AvailabilityState =
  | { status: 'loading'; editions: EditionAvailability[]; today: null; agreements: null }
  | { status: 'ready'; editions: EditionAvailability[]; today: string; agreements: AvailabilityResponse['agreements'] }
  | { status: 'unavailable'; editions: EditionAvailability[]; today: null; agreements: null };

/** "14.-24.01.2027 (jaanuar 2027) – 3 kohta vaba": the place count only when few are left. */
export function choiceLabel(edition: EditionAvailability): string {
  const base = editionOptionLabel(edition);
  if (edition.full) return `${base} – ${AVAILABILITY_TEXTS.full}`;
  if (edition.placesLeft !== null && edition.placesLeft <= FEW_PLACES_LEFT) return `${base} – ${AVAILABILITY_TEXTS.placesLeft(edition.placesLeft)}`;
  return base;
}

export function useEditionAvailability(): AvailabilityState & { refresh: () => void } {
  const [state, setState] = useState<AvailabilityState>({ status: 'loading', editions: [], today: null, agreements: null });
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    // The answer may be kept for half a minute (its Cache-Control): a refresh (after a submit, or when the edition
    // closed meanwhile) asks the server again, so the places shown are the ones left now.
    fetch('/api/availability', { headers: { Accept: 'application/json' }, cache: round > 0 ? 'no-cache' : 'default', signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const { editions, today, agreements } = (await response.json()) as AvailabilityResponse;
        setState({ status: 'ready', editions: editions.filter((e) => e.open), today, agreements });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setState({ status: 'unavailable', editions: [], today: null, agreements: null });
      });
    return () => controller.abort();
  }, [round]);

  return { ...state, refresh };
}
