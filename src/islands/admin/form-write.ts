import type { FieldIssue } from '../../lib/api-errors';
import { ApiRequestError } from '../api/client';
import { toastError } from '../toast';

export type FormWrite<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * An admin form's save: runs the write; when it fails, the API's field messages go under their fields (the form's
 * showFieldIssues, which focuses the first) and `failed` is toasted with the reason. The form stays as typed; the
 * caller decides what a success does (a toast, closing the dialog) and may look at the error for more.
 */
export async function writeForm<T>(
  write: () => Promise<T>,
  failed: string,
  showFieldIssues: (details: readonly FieldIssue[]) => unknown,
): Promise<FormWrite<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    if (error instanceof ApiRequestError) showFieldIssues(error.details);
    toastError(failed, error);
    return { ok: false, error };
  }
}
