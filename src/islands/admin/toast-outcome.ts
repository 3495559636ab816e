import { toast, toastError } from '../toast';

/**
 * A confirmed write's two endings as mutate() callbacks: `done` toasted when it succeeds, `failed` with the reason
 * when it does not, and `settle` after either (the confirmation closes whatever the answer).
 */
export function toastOutcome(done: string, failed: string, settle: () => void) {
  return {
    onSuccess: () => {
      toast({ title: done });
      settle();
    },
    onError: (error: Error) => {
      toastError(failed, error);
      settle();
    },
  };
}
