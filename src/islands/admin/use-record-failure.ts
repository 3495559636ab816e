import { useEffect } from 'react';
import { isNotFound } from '../api/client';
import { toastError } from '../toast';
import { navigate } from './router';

export interface RecordFailureTexts {
  /** The list the record belongs to: a record that does not exist leads back there. */
  list: string;
  /** The not-found toast's text ("Broneeringut ei leitud"). */
  notFound: string;
  /** Any other failure's toast title. */
  failed: string;
}

/**
 * A record screen's failed load: a 404 is toasted ("Viga" and what was not found) and leads back to the record's
 * list; any other failure is toasted and left on screen (with a retry). Returns whether the record was not found.
 */
export function useRecordFailure(error: Error | null, { list, notFound, failed }: RecordFailureTexts): boolean {
  const missing = isNotFound(error);
  useEffect(() => {
    if (!error) return;
    if (missing) {
      toastError('Viga', notFound);
      navigate(list, { replace: true });
    } else {
      toastError(failed, error);
    }
    // Once per failure, as useErrorToast: the texts belong to the screen, not to the failure.
  }, [error]);
  return missing;
}
