/**
 * /admin/retreats (admin spec section 2): search over name, location and description, the counters total / upcoming
 * / ongoing, the table (price, else base price, else 0) with places taken, view, edit and delete (with the spec's
 * question); add and edit dialogs. Search and paging are done by the server.
 */
import { useState } from 'react';
import { displayPriceCents, occupancyText, retreatListQuerySchema, SALE_STATE_LABELS, type RetreatItem } from '../../../../lib/admin/retreats';
import { RETREAT_MESSAGES } from '../../../../lib/retreat-messages';
import { formatDate, formatMoney } from '../../../../lib/format';
import { useDeleteRetreat, useRetreatList } from '../../api/retreats';
import { useServerList } from '../../list-state';
import { AppLink, BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Counter } from '../../ui/counter';
import type { DataColumn } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/dialog';
import { ListTable } from '../../ui/list-results';
import { lazyComponent } from '../../../lazy-component';
import { ListSearch } from '../../ui/list-search';
import { useConfirmedDelete } from '../../use-confirmed-delete';

// The create/edit dialog (its form, date pickers and schema) loads when it is first opened.
const RetreatDialog = lazyComponent(() => import('./retreat-dialog').then((m) => m.RetreatDialog));

export default function RetreatList() {
  const listing = useServerList(retreatListQuerySchema, useRetreatList);
  const { query, list } = listing;
  const [editing, setEditing] = useState<RetreatItem | 'new' | null>(null);
  const deletion = useConfirmedDelete<RetreatItem, number>(useDeleteRetreat(), 'Retriit kustutatud', 'Retriidi kustutamine ebaõnnestus');
  const deleting = deletion.row;

  const counts = list.data?.counts;
  const columns: DataColumn<RetreatItem>[] = [
    { id: 'name', header: 'Nimi', isRowHeader: true, cell: (r) => r.name, className: 'font-semibold' },
    {
      id: 'sale',
      header: 'Müük',
      cell: (r) => {
        return (
          <span data-sale={r.sale}>
            <Badge tone={r.sale === 'on_sale' ? 'green' : 'grey'}>{SALE_STATE_LABELS[r.sale]}</Badge>
          </span>
        );
      },
    },
    { id: 'location', header: 'Asukoht', cell: (r) => r.location ?? '–' },
    { id: 'start', header: 'Algus', cell: (r) => formatDate(r.startDate), className: 'whitespace-nowrap' },
    { id: 'end', header: 'Lõpp', cell: (r) => formatDate(r.endDate), className: 'whitespace-nowrap' },
    { id: 'price', header: 'Hind', cell: (r) => formatMoney(displayPriceCents(r)), className: 'text-right tabular-nums whitespace-nowrap' },
    {
      id: 'places',
      header: 'Kohti võetud',
      cell: (r) => (
        <span className={r.capacity !== null && r.placesTaken >= r.capacity ? 'font-semibold text-rose-800' : undefined} data-places={r.id}>
          {occupancyText(r)}
        </span>
      ),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (r) => (
        <span className="flex gap-2">
          <AppLink href={`/admin/retreats/${r.id}`} className="btn-outline min-h-9 px-3 py-1.5">
            Vaata<span className="sr-only"> retriiti: {r.name}</span>
          </AppLink>
          <Button variant="outline" size="sm" onPress={() => setEditing(r)}>
            Muuda<span className="sr-only"> retriiti: {r.name}</span>
          </Button>
          <Button variant="ghost" size="sm" className="text-rose-800 hover:bg-rose-50" onPress={() => deletion.ask(r)}>
            Kustuta<span className="sr-only"> retriit: {r.name}</span>
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader title="Retriidid" back={BACK_TO_DASHBOARD}>
        <Button variant="secondary" onPress={() => setEditing('new')}>
          + Lisa uus retriit
        </Button>
      </ScreenHeader>

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-3" aria-busy={!counts}>
        <Counter label="Kokku" value={counts?.total} name="total" />
        <Counter label="Tulevased" value={counts?.upcoming} name="upcoming" />
        <Counter label="Käimasolevad" value={counts?.ongoing} name="ongoing" />
      </dl>

      <ListSearch
        listing={listing}
        label="Retriitide otsing"
        className="mt-6 max-w-xl"
        placeholder="Nimi, asukoht või kirjeldus"
        hint="Otsib nime, asukoha ja kirjelduse järgi."
      />

      <ListTable
        listing={listing}
        loading="Retriitide laadimine..."
        failed="Retriitide laadimine ebaõnnestus"
        counted={['retriit', 'retriiti']}
        label="Retriidid"
        columns={columns}
        empty={query.q ? 'Otsingule vastavaid retriite ei leitud' : 'Retriite ei ole veel'}
      />

      {editing && <RetreatDialog retreat={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        title="Kustuta retriit"
        message={deleting ? (deleting.bookingCount > 0 ? RETREAT_MESSAGES.deleteBlocked(deleting.name, deleting.bookingCount) : RETREAT_MESSAGES.deleteConfirm(deleting.name)) : ''}
        blocked={(deleting?.bookingCount ?? 0) > 0}
        confirmLabel="Kustuta"
        {...deletion.dialog}
      />
    </>
  );
}
