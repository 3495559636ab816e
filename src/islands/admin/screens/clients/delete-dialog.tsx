/**
 * The delete confirmation (admin spec section 5): it loads the client's bookings first, and when there are any it
 * says how many and that the client and all their bookings are deleted irreversibly. The count it showed goes with
 * the delete, so if the bookings changed meanwhile the API deletes nothing and the dialog shows the new count.
 */
import type { ClientListItem } from '../../../../lib/admin/clients';
import { hasErrorCode } from '../../../api/client';
import { toast, toastError } from '../../../toast';
import { useClient, useDeleteClient } from '../../api/clients';
import { Button } from '../../ui/button';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { QueryView } from '../../ui/states';
import { fullName } from './full-name';

export function deleteQuestion(name: string, bookingCount: number): string {
  if (bookingCount === 0) return `Kas olete kindel, et soovite kliendi ${name} kustutada?`;
  const bookings = bookingCount === 1 ? '1 broneering' : `${bookingCount} broneeringut`;
  return `Kliendil ${name} on ${bookings}. Kas olete kindel, et soovite kliendi kustutada? Klient ja kõik tema broneeringud kustutatakse jäädavalt, seda ei saa tagasi võtta.`;
}

export function DeleteClientDialog({ client, onClose }: { client: ClientListItem; onClose: () => void }) {
  const detail = useClient(client.id);
  const remove = useDeleteClient();
  const name = fullName(client);

  const confirm = () => {
    if (!detail.data) return;
    remove.mutate(
      { id: client.id, bookingCount: detail.data.bookingCount },
      {
        onSuccess: () => {
          toast({ title: 'Klient kustutatud' });
          onClose();
        },
        onError: (error) => {
          toastError('Viga kliendi kustutamisel', error);
          // The bookings changed: show the count as it is now and ask again.
          if (hasErrorCode(error, 'client_bookings_changed')) void detail.refetch();
          else onClose();
        },
      },
    );
  };

  return (
    <AppDialog title="Kustuta klient" isOpen onOpenChange={(open) => !open && !remove.isPending && onClose()} role="alertdialog" isDismissable={!remove.isPending}>
      <QueryView query={detail} failed="Kliendi andmete laadimine ebaõnnestus">
        {(data) => (
          <p className="text-ink-900" data-delete-question>
            {deleteQuestion(name, data.bookingCount)}
          </p>
        )}
      </QueryView>
      <DialogActions onCancel={onClose} isPending={remove.isPending} focusCancel className="mt-6">
        <Button variant="danger" onPress={confirm} isPending={remove.isPending} isDisabled={!detail.data || detail.isFetching}>
          Kustuta
        </Button>
      </DialogActions>
    </AppDialog>
  );
}
