/**
 * /admin/bookings (admin spec section 2): search, filters, sort and paging done by the server, with the state in the
 * URL; the four counters count the whole table; view and delete per row.
 */
import { useEffect, useState } from 'react';
import { type BookingListItem } from '../../../../lib/admin/booking-views';
import { bookingListQuerySchema, type BookingListQuery } from '../../../../lib/admin/bookings';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../../../lib/enums';
import {
  bookingStatusLabel,
  bookingStatusTone,
  paymentStatusLabel,
  paymentStatusTone,
  roomTypeLabel,
  WAITING_LIST_FILTER_LABELS,
  WAITING_LIST_LABEL,
} from '../../../../lib/admin/labels';
import { formatCountOf, formatDate, formatMoney } from '../../../../lib/format';
import { toast } from '../../../toast';
import { useBookingList, useDeleteBooking } from '../../api/bookings';
import { useRetreatOptions } from '../../api/retreats';
import { listQueryString, useListState } from '../../list-state';
import { useLocation } from '../../router';
import { AppLink, ScreenHeading } from '../../shell';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Counter } from '../../ui/counter';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/dialog';
import { Pagination } from '../../ui/pagination';
import { SelectField } from '../../ui/select';
import { SearchBox } from '../../ui/search-box';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';

const ALL = 'all';

export default function BookingList() {
  const location = useLocation();
  const [query, setQuery] = useListState(bookingListQuerySchema, location);
  const list = useBookingList(query);
  const retreats = useRetreatOptions();
  const [deleting, setDeleting] = useState<BookingListItem | null>(null);
  const remove = useDeleteBooking();

  useEffect(() => {
    if (list.isError) toast({ title: 'Broneeringute laadimine ebaõnnestus', description: list.error.message, variant: 'destructive' });
  }, [list.isError, list.error]);

  const filtered = !!(query.q || query.status || query.paymentStatus || query.retreatId || query.waitingList || query.owes || query.details);
  const counts = list.data?.counts;

  const columns: DataColumn<BookingListItem>[] = [
    {
      id: 'name',
      header: 'Nimi',
      sortKey: 'name',
      isRowHeader: true,
      // The name opens the booking, its contacts under it: the list fits 1280 px without sideways scrolling (issue 21).
      cell: (b) => (
        <span className="flex flex-col">
          <AppLink href={`/admin/bookings/${b.id}`} className="font-semibold text-lagoon-800 underline-offset-4 hover:underline">
            {b.guest ? `${b.guest.firstName} ${b.guest.lastName}` : `Broneering #${b.id}`}
          </AppLink>
          <span className="text-xs break-all text-ink-600">{b.guest?.email ?? '–'}</span>
          {b.guest?.phone ? <span className="text-xs whitespace-nowrap text-ink-600">{b.guest.phone}</span> : null}
        </span>
      ),
      className: 'max-w-64',
    },
    {
      id: 'status',
      header: 'Staatus',
      sortKey: 'status',
      cell: (b) => (
        <span className="flex flex-col items-start gap-1">
          <Badge tone={bookingStatusTone(b.status)}>{bookingStatusLabel(b.status)}</Badge>
          <Badge tone={paymentStatusTone(b.paymentStatus, b.status)}>{paymentStatusLabel(b.paymentStatus, b.status)}</Badge>
          {b.waitingList ? <Badge tone="grey">{WAITING_LIST_LABEL}</Badge> : null}
        </span>
      ),
    },
    { id: 'room', header: 'Majutus', sortKey: 'room', cell: (b) => roomTypeLabel(b.roomType) },
    { id: 'amount', header: 'Summa', sortKey: 'amount', cell: (b) => formatMoney(b.owedCents), className: 'text-right tabular-nums whitespace-nowrap' },
    { id: 'paid', header: 'Makstud', cell: (b) => formatMoney(b.amountPaidCents ?? 0), className: 'text-right tabular-nums whitespace-nowrap' },
    {
      id: 'outstanding',
      header: 'Tasumata',
      cell: (b) => (b.status === 'cancelled' ? '–' : <span className={b.outstandingCents > 0 ? 'font-semibold' : undefined}>{formatMoney(b.outstandingCents)}</span>),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    { id: 'created', header: 'Loodud', sortKey: 'created', cell: (b) => formatDate(b.createdAt), className: 'whitespace-nowrap' },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (b) => {
        const name = b.guest ? `${b.guest.firstName} ${b.guest.lastName}` : `#${b.id}`;
        return (
          <Button variant="ghost" size="sm" className="text-rose-800 hover:bg-rose-50" onPress={() => setDeleting(b)}>
            Kustuta<span className="sr-only"> broneering: {name}</span>
          </Button>
        );
      },
    },
  ];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Broneering kustutatud' });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: 'Viga broneeringu kustutamisel', description: error.message, variant: 'destructive' });
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ScreenHeading title="Broneeringud" />
        <div className="flex flex-wrap gap-3">
          <AppLink href="/dashboard" className="btn-outline">
            ← Tagasi töölauale
          </AppLink>
          <a
            href={`/api/admin/exports/bookings.csv${listQueryString(bookingListQuerySchema, { ...query, page: 1 })}`}
            className="btn-outline"
            download
          >
            Laadi alla CSV<span className="sr-only"> (praeguste filtritega)</span>
          </a>
          <AppLink href="/admin/bank-statements" className="btn-outline">
            Impordi pangaväljavõte
          </AppLink>
          <AppLink href="/admin/bookings/new" className="btn-secondary">
            + Lisa uus broneering
          </AppLink>
        </div>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={!counts}>
        <Counter label="Kokku" value={counts?.total} name="total" />
        <Counter label="Kinnitatud" value={counts?.confirmed} name="confirmed" />
        <Counter label="Ootel" value={counts?.pending} name="pending" />
        <Counter label="Täielikult makstud" value={counts?.fullyPaid} name="fullyPaid" />
      </dl>

      <div className="mt-6 grid gap-4 md:grid-cols-3 xl:grid-cols-[2fr_1fr_1fr_1fr_1fr_1fr]" role="search" aria-label="Broneeringute otsing ja filtrid">
        <SearchBox
          value={query.q ?? ''}
          onChange={(q) => setQuery({ q }, { replace: true })}
          placeholder="Nimi, e-post või staatus"
          hint="Otsib eesnime, perekonnanime, e-posti ja staatuse järgi."
        />
        <SelectField
          label="Staatus"
          value={query.status ?? ALL}
          options={[{ value: ALL, label: 'Kõik' }, ...BOOKING_STATUSES.map((s) => ({ value: s, label: bookingStatusLabel(s) }))]}
          onChange={(v) => setQuery({ status: v === ALL ? undefined : (v as BookingListQuery['status']) })}
        />
        <SelectField
          label="Makse staatus"
          value={query.paymentStatus ?? ALL}
          options={[{ value: ALL, label: 'Kõik' }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: paymentStatusLabel(s) }))]}
          onChange={(v) => setQuery({ paymentStatus: v === ALL ? undefined : (v as BookingListQuery['paymentStatus']) })}
        />
        <SelectField
          label="Retriit"
          value={query.retreatId ? String(query.retreatId) : ALL}
          options={[{ value: ALL, label: 'Kõik' }, ...(retreats.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))]}
          onChange={(v) => setQuery({ retreatId: v === ALL ? undefined : Number(v) })}
        />
        <SelectField
          label="Ootejärjekord"
          value={query.waitingList ?? ALL}
          options={[{ value: ALL, label: 'Kõik' }, ...(['yes', 'no'] as const).map((v) => ({ value: v, label: WAITING_LIST_FILTER_LABELS[v] }))]}
          onChange={(v) => setQuery({ waitingList: v === ALL ? undefined : (v as BookingListQuery['waitingList']) })}
        />
        <SelectField
          label="Võlg"
          value={query.owes ?? ALL}
          options={[
            { value: ALL, label: 'Kõik' },
            { value: 'yes', label: 'Tasumata summaga' },
          ]}
          onChange={(v) => setQuery({ owes: v === ALL ? undefined : 'yes' })}
        />
        <SelectField
          label="Reisiandmed"
          value={query.details ?? ALL}
          options={[
            { value: ALL, label: 'Kõik' },
            { value: 'missing', label: 'Puudu' },
          ]}
          onChange={(v) => setQuery({ details: v === ALL ? undefined : 'missing' })}
        />
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <LoadingState text="Broneeringute laadimine..." />
        ) : list.isError && !list.data ? (
          <ErrorState text="Broneeringute laadimine ebaõnnestus" detail={list.error.message} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {list.data ? formatCountOf(list.data.total, 'broneering', 'broneeringut') : ''}
            </p>
            <DataTable
              label="Broneeringud"
              columns={columns}
              items={list.data?.items ?? []}
              sort={query.sort}
              onSortChange={(sort) => setQuery({ sort: sort as BookingListQuery['sort'] })}
              isStale={list.isPlaceholderData}
              empty={<EmptyState text={filtered ? 'Otsingule vastavaid broneeringuid ei leitud' : 'Broneeringuid ei ole veel'} />}
            />
            <Pagination page={query.page} pageSize={query.pageSize} total={list.data?.total ?? 0} onPageChange={(page) => setQuery({ page })} />
          </>
        )}
      </div>

      <ConfirmDialog
        title="Kustuta broneering"
        message="Kas olete kindel, et soovite selle broneeringu kustutada?"
        confirmLabel="Kustuta"
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}
        onConfirm={confirmDelete}
        isPending={remove.isPending}
      />
    </>
  );
}
