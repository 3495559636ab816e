/**
 * /admin/discount-codes, "Soodustused" (issue 38): the organiser's discount codes, newest first, searched over the code
 * and the note and paged by the server, with what each gives, the editions it holds for, its days, its uses and the
 * money it has given away, and its state. A code is added and edited in a dialog; it is never deleted, only ended
 * (after a confirmation), since bookings carry it.
 */
import { useState } from 'react';
import {
  DISCOUNT_CODE_MESSAGES,
  DISCOUNT_CODE_STATE_LABELS,
  discountCodeListQuerySchema,
  discountText,
  type DiscountCodeItem,
  type DiscountCodeState,
} from '../../../../lib/discount-codes';
import { formatMoney } from '../../../../lib/format';
import { lazyComponent } from '../../../lazy-component';
import { useDiscountCodeList, useEndDiscountCode } from '../../api/discount-codes';
import { useServerList } from '../../list-state';
import { BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { toastOutcome } from '../../toast-outcome';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Button } from '../../ui/button';
import type { DataColumn } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/dialog';
import { ListTable } from '../../ui/list-results';
import { ListSearch } from '../../ui/list-search';
import { editionsText, usesText, validityText } from './texts';

// The add and edit dialogs (their form, date pickers and schema) load when one is first opened.
const AddDiscountCodeDialog = lazyComponent(() => import('./code-dialog').then((m) => m.AddDiscountCodeDialog));
const EditDiscountCodeDialog = lazyComponent(() => import('./code-dialog').then((m) => m.EditDiscountCodeDialog));

const STATE_TONES: Record<DiscountCodeState, BadgeTone> = { active: 'green', scheduled: 'blue', expired: 'grey', used_up: 'yellow', ended: 'grey' };

type Dialog = { kind: 'add' } | { kind: 'edit'; code: DiscountCodeItem } | { kind: 'end'; code: DiscountCodeItem } | null;

export default function DiscountCodeList() {
  const listing = useServerList(discountCodeListQuerySchema, useDiscountCodeList);
  const { query } = listing;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const end = useEndDiscountCode();
  const ending = dialog?.kind === 'end' ? dialog.code : null;

  const columns: DataColumn<DiscountCodeItem>[] = [
    { id: 'code', header: 'Kood', isRowHeader: true, cell: (c) => c.code, className: 'font-semibold whitespace-nowrap' },
    { id: 'discount', header: 'Soodustus', cell: (c) => discountText(c), className: 'tabular-nums' },
    { id: 'editions', header: 'Retriidid', cell: editionsText, className: 'min-w-28' },
    { id: 'validity', header: 'Kehtib', cell: validityText, className: 'tabular-nums' },
    { id: 'uses', header: 'Kasutatud', cell: usesText, className: 'text-right tabular-nums whitespace-nowrap' },
    { id: 'given', header: 'Kokku antud', cell: (c) => formatMoney(c.givenAwayCents), className: 'text-right tabular-nums whitespace-nowrap' },
    {
      id: 'state',
      header: 'Staatus',
      cell: (c) => (
        <span data-state={c.state}>
          <Badge tone={STATE_TONES[c.state]}>{DISCOUNT_CODE_STATE_LABELS[c.state]}</Badge>
        </span>
      ),
    },
    { id: 'note', header: 'Märkus', cell: (c) => c.note ?? '–', className: 'min-w-28 break-words' },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (c) =>
        // An ended code stays in the list as it was: nothing about it changes any more.
        c.state === 'ended' ? null : (
          <span className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onPress={() => setDialog({ kind: 'edit', code: c })}>
              Muuda<span className="sr-only"> sooduskoodi: {c.code}</span>
            </Button>
            <Button variant="ghost" size="sm" className="text-rose-800 hover:bg-rose-50" onPress={() => setDialog({ kind: 'end', code: c })}>
              Lõpeta<span className="sr-only"> sooduskood: {c.code}</span>
            </Button>
          </span>
        ),
    },
  ];

  return (
    <>
      <ScreenHeader title="Soodustused" intro="Sooduskoodid, mida külalised saavad broneerimisvormis kasutada." back={BACK_TO_DASHBOARD}>
        <Button variant="secondary" onPress={() => setDialog({ kind: 'add' })}>
          + Lisa sooduskood
        </Button>
      </ScreenHeader>

      <ListSearch
        listing={listing}
        label="Sooduskoodide otsing"
        className="mt-6 max-w-xl"
        placeholder="Kood või märkus"
        hint="Otsib koodi ja märkuse järgi."
      />

      <ListTable
        listing={listing}
        loading="Sooduskoodide laadimine..."
        failed="Sooduskoodide laadimine ebaõnnestus"
        counted={['sooduskood', 'sooduskoodi']}
        label="Sooduskoodid"
        columns={columns}
        empty={query.q ? 'Otsingule vastavaid sooduskoode ei leitud' : 'Sooduskoode ei ole veel lisatud'}
      />

      {dialog?.kind === 'add' && <AddDiscountCodeDialog onClose={close} />}
      {dialog?.kind === 'edit' && <EditDiscountCodeDialog code={dialog.code} onClose={close} />}
      <ConfirmDialog
        title="Lõpeta sooduskood"
        message={
          ending
            ? `Kas olete kindel, et soovite sooduskoodi ${ending.code} lõpetada? Sellega ei saa enam broneerida. Koodi ei kustutata: see jääb nimekirja koos kasutuskordadega.`
            : ''
        }
        confirmLabel="Lõpeta"
        isOpen={ending !== null}
        onOpenChange={(open) => !open && !end.isPending && close()}
        onConfirm={() =>
          ending &&
          end.mutate(
            { id: ending.id, version: ending.version },
            toastOutcome(DISCOUNT_CODE_MESSAGES.ended, 'Sooduskoodi lõpetamine ebaõnnestus', close),
          )
        }
        isPending={end.isPending}
      />
    </>
  );
}
