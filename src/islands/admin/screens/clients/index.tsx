/**
 * /admin/clients (admin spec section 2 clients): search and paging done by the server with the state in the URL;
 * counters for all clients, the search's results and those who joined today (Tallinn); view, edit and delete per
 * row; add; sync of bookers. One dialog at a time, kept in one piece of state.
 */
import { useState } from 'react';
import { clientListQuerySchema, type ClientListItem } from '../../../../lib/admin/clients';
import { formatDate } from '../../../../lib/format';
import { useClientList } from '../../api/clients';
import { listQueryString, useServerList } from '../../list-state';
import { BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { Button } from '../../ui/button';
import { Counter } from '../../ui/counter';
import type { DataColumn } from '../../ui/data-table';
import { ListTable } from '../../ui/list-results';
import { SyncClientsButton } from './sync-button';
import { fullName } from './full-name';
import { ListSearch } from '../../ui/list-search';
import { lazyComponent } from '../../../lazy-component';

// The dialogs (their forms, fields, react-hook-form and the overlay) load when one is first opened.
const AddClientDialog = lazyComponent(() => import('./client-dialog').then((m) => m.AddClientDialog));
const EditClientDialog = lazyComponent(() => import('./client-dialog').then((m) => m.EditClientDialog));
const DeleteClientDialog = lazyComponent(() => import('./delete-dialog').then((m) => m.DeleteClientDialog));
const ViewClientDialog = lazyComponent(() => import('./view-dialog').then((m) => m.ViewClientDialog));

type Dialog = { kind: 'add' } | { kind: 'view'; id: string } | { kind: 'edit'; client: ClientListItem } | { kind: 'delete'; client: ClientListItem } | null;

export default function ClientList() {
  const listing = useServerList(clientListQuerySchema, useClientList);
  const { query, list } = listing;
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const counts = list.data?.counts;

  const columns: DataColumn<ClientListItem>[] = [
    { id: 'name', header: 'Nimi', isRowHeader: true, cell: fullName, className: 'font-semibold whitespace-nowrap' },
    { id: 'email', header: 'E-post', cell: (c) => c.email },
    { id: 'phone', header: 'Telefon', cell: (c) => c.phone ?? '–', className: 'whitespace-nowrap' },
    { id: 'joined', header: 'Liitunud', cell: (c) => formatDate(c.createdAt), className: 'whitespace-nowrap' },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (c) => (
        <span className="flex gap-2">
          <Button variant="outline" size="sm" onPress={() => setDialog({ kind: 'view', id: c.id })}>
            Vaata<span className="sr-only"> klienti: {fullName(c)}</span>
          </Button>
          <Button variant="outline" size="sm" onPress={() => setDialog({ kind: 'edit', client: c })}>
            Muuda<span className="sr-only"> klienti: {fullName(c)}</span>
          </Button>
          <Button variant="ghost" size="sm" className="text-rose-800 hover:bg-rose-50" onPress={() => setDialog({ kind: 'delete', client: c })}>
            Kustuta<span className="sr-only"> klient: {fullName(c)}</span>
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <ScreenHeader title="Kliendid" back={BACK_TO_DASHBOARD}>
        <a href={`/api/admin/exports/clients.csv${listQueryString(clientListQuerySchema, { ...query, page: 1 })}`} className="btn-outline" download>
          Laadi alla CSV<span className="sr-only"> (praeguse otsinguga)</span>
        </a>
        <SyncClientsButton />
        <Button onPress={() => setDialog({ kind: 'add' })}>+ Lisa klient</Button>
      </ScreenHeader>

      <dl className="mt-6 grid gap-3 sm:grid-cols-3" aria-busy={!counts}>
        <Counter label="Kliente kokku" value={counts?.total} name="total" />
        <Counter label="Otsingu tulemused" value={list.data?.total} name="results" />
        <Counter label="Täna liitunud" value={counts?.joinedToday} name="joinedToday" />
      </dl>

      <ListSearch
        listing={listing}
        label="Klientide otsing"
        className="mt-6 max-w-xl"
        placeholder="Nimi, e-post või telefon"
        hint="Otsib eesnime, perekonnanime, e-posti ja telefoni järgi."
      />

      <ListTable
        listing={listing}
        loading="Laadimine..."
        failed="Viga klientide laadimisel"
        counted={['klient', 'klienti']}
        label="Kliendid"
        columns={columns}
        empty={query.q ? 'Otsingule vastavaid kliente ei leitud' : 'Kliente ei ole veel'}
      />

      {dialog?.kind === 'add' && <AddClientDialog onClose={close} />}
      {dialog?.kind === 'view' && <ViewClientDialog id={dialog.id} onEdit={(client) => setDialog({ kind: 'edit', client })} onClose={close} />}
      {dialog?.kind === 'edit' && <EditClientDialog client={dialog.client} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteClientDialog client={dialog.client} onClose={close} />}
    </>
  );
}
