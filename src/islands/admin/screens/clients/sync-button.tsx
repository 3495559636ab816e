/**
 * "Sync bookers" (admin spec sections 2, 4, 5, 8): every booker with an e-mail and names becomes a client, or
 * updates the client with their address. The toasts are the spec's: done with the count, a destructive one when
 * some guests failed, an informational one when there was nobody to sync, and the server's message on failure.
 */
import type { ClientSyncResult } from '../../../../lib/admin/clients';
import { toast, toastError, type ToastInput } from '../../../toast';
import { useSyncClients } from '../../api/clients';
import { Button } from '../../ui/button';

export function syncToast({ synced, inserted, updated, failed }: ClientSyncResult): ToastInput {
  if (failed > 0) return { title: `${synced} külalist sünkroniseeriti edukalt, ${failed} vigasega`, variant: 'destructive' };
  if (synced === 0) return { title: 'Sünkroniseerimiseks sobivaid külalisi ei leitud' };
  return { title: 'Sünkroniseerimine lõpetatud', description: `${synced} külalist sünkroniseeriti: ${inserted} uut klienti, ${updated} uuendatud.` };
}

export function SyncClientsButton() {
  const sync = useSyncClients();
  return (
    <Button
      variant="outline"
      isPending={sync.isPending}
      onPress={() =>
        sync.mutate(undefined, {
          onSuccess: (result) => toast(syncToast(result)),
          onError: (error) => toastError('Viga sünkroniseerimisel', error),
        })
      }
    >
      Sünkroniseeri broneerijad
    </Button>
  );
}
