import { useEffect } from 'react';
import { toastError } from '../toast';

/**
 * Toasts a query's failure once: when its error appears or is replaced by a new one (a retry that failed again), not
 * on every render while it stands. A null title leaves the failure to the screen (a 404 that leads elsewhere).
 */
export function useErrorToast(title: string | null, error: Error | null | undefined): void {
  useEffect(() => {
    if (error && title !== null) toastError(title, error);
    // The title is read with the error it names; a new title alone is no new failure.
  }, [error]);
}
