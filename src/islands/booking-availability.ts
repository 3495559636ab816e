/**
 * The booking form's editions at run time (GET /api/availability): which still take requests, how many places are
 * left, which are full (a request becomes a waiting-list request). The page is built once; this is asked for each
 * visit. If the call fails, the form offers the editions it was built with and the API decides on submit.
 */
import { useCallback, useEffect, useState } from 'react';
import { AVAILABILITY_TEXTS, FEW_PLACES_LEFT, type AvailabilityResponse, type EditionAvailability } from '../lib/booking/availability';
import type { RetreatMonthOption } from '../lib/retreat-editions';

export interface EditionChoice {
  value: string;
  label: string;
  full: boolean;
}

export type AvailabilityState =
  | { status: 'loading'; choices: EditionChoice[] }
  | { status: 'ready'; choices: EditionChoice[] }
  | { status: 'unavailable'; choices: EditionChoice[] };

/** "14.-24.01.2026 (Jaanuar 2026) – 3 kohta vaba": the place count only when few are left. */
export function choiceLabel(edition: EditionAvailability): string {
  const base = `${edition.badge} (${edition.label})`;
  if (edition.full) return `${base} – ${AVAILABILITY_TEXTS.full}`;
  if (edition.placesLeft !== null && edition.placesLeft <= FEW_PLACES_LEFT) return `${base} – ${AVAILABILITY_TEXTS.placesLeft(edition.placesLeft)}`;
  return base;
}

export function useEditionAvailability(builtWith: RetreatMonthOption[]): AvailabilityState & { refresh: () => void } {
  const [state, setState] = useState<AvailabilityState>({ status: 'loading', choices: [] });
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/availability', { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const { editions } = (await response.json()) as AvailabilityResponse;
        setState({
          status: 'ready',
          choices: editions.filter((e) => e.open).map((e) => ({ value: e.id, label: choiceLabel(e), full: e.full })),
        });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setState({ status: 'unavailable', choices: builtWith.map((o) => ({ value: o.value, label: o.label, full: false })) });
      });
    return () => controller.abort();
  }, [builtWith, round]);

  return { ...state, refresh };
}
