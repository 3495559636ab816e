/**
 * /admin/liidesed, "Liidesed" (issue 41): the organiser's webhook endpoints, newest first, each with the events it
 * takes, whether it is on (or why it is off) and its deliveries of the last 30 days; adding one (its secret shown once,
 * in a dialog of its own), changing or turning it off, deleting it (after a confirmation), and its delivery log.
 */
import { useState } from 'react';
import { WEBHOOK_MESSAGES, type CreatedWebhook, type WebhookItem } from '../../../../lib/webhooks';
import { lazyComponent } from '../../../lazy-component';
import { useDeleteWebhook, useWebhookList } from '../../api/webhooks';
import { AppLink, BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { toastOutcome } from '../../toast-outcome';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/dialog';
import { QueryView } from '../../ui/states';
import { useErrorToast } from '../../use-error-toast';
import { deliveryCountsText, eventsText, stateOf } from './texts';

// The dialogs (their form and schema) load when one is first opened.
const AddWebhookDialog = lazyComponent(() => import('./endpoint-dialog').then((m) => m.AddWebhookDialog));
const EditWebhookDialog = lazyComponent(() => import('./endpoint-dialog').then((m) => m.EditWebhookDialog));
const SecretDialog = lazyComponent(() => import('./endpoint-dialog').then((m) => m.SecretDialog));

type Dialog =
  | { kind: 'add' }
  | { kind: 'secret'; webhook: CreatedWebhook }
  | { kind: 'edit'; webhook: WebhookItem }
  | { kind: 'delete'; webhook: WebhookItem }
  | null;

const FAILED = 'Liideste laadimine ebaõnnestus';

export default function WebhookList() {
  const list = useWebhookList();
  useErrorToast(FAILED, list.error);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const remove = useDeleteWebhook();
  const deleting = dialog?.kind === 'delete' ? dialog.webhook : null;

  const columns: DataColumn<WebhookItem>[] = [
    {
      id: 'url',
      header: 'Aadress',
      isRowHeader: true,
      cell: (w) => (
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold break-all">{w.url}</span>
          {w.description && <span className="text-sm text-ink-600">{w.description}</span>}
        </span>
      ),
      className: 'min-w-48',
    },
    { id: 'events', header: 'Sündmused', cell: eventsText, className: 'min-w-40' },
    {
      id: 'state',
      header: 'Olek',
      cell: (w) => (
        <span data-state={w.enabled ? 'on' : (w.disabledReason ?? 'off')}>
          <Badge tone={stateOf(w).tone}>{stateOf(w).label}</Badge>
        </span>
      ),
    },
    {
      id: 'deliveries',
      header: 'Saatmised (30 päeva)',
      cell: (w) => (
        <AppLink href={`/admin/liidesed/${w.id}`} className="text-lagoon-800 underline underline-offset-2">
          {deliveryCountsText(w)}
          <span className="sr-only"> — saatmiste ajalugu: {w.url}</span>
        </AppLink>
      ),
      className: 'tabular-nums',
    },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (w) => (
        <span className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onPress={() => setDialog({ kind: 'edit', webhook: w })}>
            Muuda<span className="sr-only"> liidest: {w.url}</span>
          </Button>
          <Button variant="ghost" size="sm" className="text-rose-800 hover:bg-rose-50" onPress={() => setDialog({ kind: 'delete', webhook: w })}>
            Kustuta<span className="sr-only"> liides: {w.url}</span>
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader
        title="Liidesed"
        intro="Teavitused teie teistele tööriistadele (raamatupidamine, tabelid, sõnumid): iga sündmus saadetakse allkirjastatult koos andmetega."
        back={BACK_TO_DASHBOARD}
      >
        <Button variant="secondary" onPress={() => setDialog({ kind: 'add' })}>
          + Lisa liides
        </Button>
      </ScreenHeader>

      <div className="mt-6">
        <QueryView query={list} loading="Liideste laadimine..." failed={FAILED}>
          {({ items }) => <DataTable label="Liidesed" columns={columns} items={items} empty="Liideseid ei ole veel lisatud" />}
        </QueryView>
      </div>

      {dialog?.kind === 'add' && <AddWebhookDialog onClose={close} onCreated={(webhook) => setDialog({ kind: 'secret', webhook })} />}
      {dialog?.kind === 'secret' && <SecretDialog webhook={dialog.webhook} onClose={close} />}
      {dialog?.kind === 'edit' && <EditWebhookDialog webhook={dialog.webhook} onClose={close} />}
      <ConfirmDialog
        title="Kustuta liides"
        message={
          deleting
            ? `Kas olete kindel, et soovite liidese ${deleting.url} kustutada? Sellele ei saadeta enam sündmusi ja selle saatmiste ajalugu kustutatakse.`
            : ''
        }
        confirmLabel="Kustuta"
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && close()}
        onConfirm={() => deleting && remove.mutate(deleting.id, toastOutcome(WEBHOOK_MESSAGES.deleted, 'Liidese kustutamine ebaõnnestus', close))}
        isPending={remove.isPending}
      />
    </>
  );
}
