import { useState } from 'react';
import { toastOutcome } from './toast-outcome';

/** What the hook needs of a delete mutation (TanStack Query's useMutation result). */
interface DeleteMutation<Id> {
  mutate: (id: Id, callbacks: ReturnType<typeof toastOutcome>) => void;
  isPending: boolean;
}

/**
 * A list row's delete behind ConfirmDialog: `ask(row)` opens the question; confirming deletes the row, toasts either
 * ending and closes. The dialog cannot be closed while the delete is on its way. Spread `dialog` into ConfirmDialog.
 */
export function useConfirmedDelete<Row extends { id: Id }, Id>(remove: DeleteMutation<Id>, done: string, failed: string) {
  const [row, setRow] = useState<Row | null>(null);
  const close = () => setRow(null);
  return {
    row,
    ask: setRow,
    dialog: {
      isOpen: row !== null,
      onOpenChange: (open: boolean) => !open && !remove.isPending && close(),
      onConfirm: () => row && remove.mutate(row.id, toastOutcome(done, failed, close)),
      isPending: remove.isPending,
    },
  };
}
