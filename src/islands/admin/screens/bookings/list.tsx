/**
 * /admin/bookings (admin spec section 2): search, filters, sort and paging done by the server, with the state in the
 * URL; the four counters count the whole table; view and delete per row.
 */
import { type BookingListItem } from '../../../../lib/admin/booking-views';
import { bookingListQuerySchema, type BookingListQuery } from '../../../../lib/admin/bookings';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../../../../lib/enums';
import { holdsPlaces } from '../../../../lib/booking-lifecycle';
import {
  bookingStatusLabel,
  bookingStatusTone,
  paymentStatusLabel,
  paymentStatusTone,
  roomTypeLabel,
  WAITING_LIST_FILTER_LABELS,
  WAITING_LIST_LABEL,
} from '../../../../lib/labels';
import { formatDate, formatMoney } from '../../../../lib/format';
import { useBookingList, useDeleteBooking } from '../../api/bookings';
import { useRetreatOptions } from '../../api/retreats';
import { listQueryString, useServerList } from '../../list-state';
import { AppLink, BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Counter } from '../../ui/counter';
import type { DataColumn } from '../../ui/data-table';
import { ConfirmDialog } from '../../ui/dialog';
import { FilterSelect } from '../../ui/filter-select';
import { ListTable } from '../../ui/list-results';
import { ListSearch } from '../../ui/list-search';
import { optionsOf } from '../../ui/select';
import { useConfirmedDelete } from '../../use-confirmed-delete';

const WAITING_LIST_CHOICES = ['yes', 'no'] as const;

export default function BookingList() {
  const listing = useServerList(bookingListQuerySchema, useBookingList);
  const { query, setQuery, list } = listing;
  const retreats = useRetreatOptions();
  const deletion = useConfirmedDelete<BookingListItem, number>(useDeleteBooking(), 'Broneering kustutatud', 'Viga broneeringu kustutamisel');

  const filtered = !!(query.q || query.status || query.paymentStatus || query.retreatId || query.waitingList || query.owes || query.refund || query.details);
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
          {b.state === 'waiting' ? <Badge tone="grey">{WAITING_LIST_LABEL}</Badge> : null}
        </span>
      ),
    },
    { id: 'room', header: 'Majutus', sortKey: 'room', cell: (b) => roomTypeLabel(b.roomType) },
    { id: 'amount', header: 'Summa', sortKey: 'amount', cell: (b) => formatMoney(b.owedCents), className: 'text-right tabular-nums whitespace-nowrap' },
    { id: 'paid', header: 'Makstud', cell: (b) => formatMoney(b.amountPaidCents ?? 0), className: 'text-right tabular-nums whitespace-nowrap' },
    {
      id: 'outstanding',
      header: 'Tasumata',
      // What the state asks for (a waiting-list or cancelled booking owes nothing), and any money to go back.
      cell: (b) => (
        <span className="flex flex-col items-end">
          {holdsPlaces(b.state) ? <span className={b.outstandingCents > 0 ? 'font-semibold' : undefined}>{formatMoney(b.outstandingCents)}</span> : '–'}
          {b.refundOwedCents > 0 ? (
            <span className="text-xs font-semibold text-rose-800" data-refund-owed>
              Tagastada {formatMoney(b.refundOwedCents)}
            </span>
          ) : null}
        </span>
      ),
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
          <Button variant="ghost" size="sm" className="text-rose-800 hover:bg-rose-50" onPress={() => deletion.ask(b)}>
            Kustuta<span className="sr-only"> broneering: {name}</span>
          </Button>
        );
      },
    },
  ];

  return (
    <>
      <ScreenHeader title="Broneeringud" back={BACK_TO_DASHBOARD}>
        <a href={`/api/admin/exports/bookings.csv${listQueryString(bookingListQuerySchema, { ...query, page: 1 })}`} className="btn-outline" download>
          Laadi alla CSV<span className="sr-only"> (praeguste filtritega)</span>
        </a>
        <AppLink href="/admin/bank-statements" className="btn-outline">
          Impordi pangaväljavõte
        </AppLink>
        <AppLink href="/admin/bookings/new" className="btn-secondary">
          + Lisa uus broneering
        </AppLink>
      </ScreenHeader>

      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={!counts}>
        <Counter label="Kokku" value={counts?.total} name="total" />
        <Counter label="Kinnitatud" value={counts?.confirmed} name="confirmed" />
        <Counter label="Ootel" value={counts?.pending} name="pending" />
        <Counter label="Täielikult makstud" value={counts?.fullyPaid} name="fullyPaid" />
      </dl>

      <ListSearch
        listing={listing}
        label="Broneeringute otsing ja filtrid"
        className="mt-6 grid gap-4 md:grid-cols-3 xl:grid-cols-[2fr_1fr_1fr_1fr_1fr_1fr_1fr]"
        placeholder="Nimi, e-post või staatus"
        hint="Otsib eesnime, perekonnanime, e-posti ja staatuse järgi."
      >
        <FilterSelect
          label="Staatus"
          value={query.status}
          options={optionsOf(BOOKING_STATUSES, bookingStatusLabel)}
          onChange={(status) => setQuery({ status })}
        />
        <FilterSelect
          label="Makse staatus"
          value={query.paymentStatus}
          options={optionsOf(PAYMENT_STATUSES, paymentStatusLabel)}
          onChange={(paymentStatus) => setQuery({ paymentStatus })}
        />
        <FilterSelect
          label="Retriit"
          value={query.retreatId ? String(query.retreatId) : undefined}
          options={(retreats.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          onChange={(id) => setQuery({ retreatId: id === undefined ? undefined : Number(id) })}
        />
        <FilterSelect
          label="Ootejärjekord"
          value={query.waitingList}
          options={optionsOf(WAITING_LIST_CHOICES, (v) => WAITING_LIST_FILTER_LABELS[v])}
          onChange={(waitingList) => setQuery({ waitingList })}
        />
        <FilterSelect label="Võlg" value={query.owes} options={[{ value: 'yes', label: 'Tasumata summaga' }]} onChange={(owes) => setQuery({ owes })} />
        <FilterSelect label="Tagastada" value={query.refund} options={[{ value: 'yes', label: 'Tagastamisele kuuluva summaga' }]} onChange={(refund) => setQuery({ refund })} />
        <FilterSelect
          label="Reisiandmed"
          value={query.details}
          options={[{ value: 'missing', label: 'Puudu' }]}
          onChange={(details) => setQuery({ details })}
        />
      </ListSearch>

      <ListTable
        listing={listing}
        loading="Broneeringute laadimine..."
        failed="Broneeringute laadimine ebaõnnestus"
        counted={['broneering', 'broneeringut']}
        label="Broneeringud"
        columns={columns}
        sort={query.sort}
        onSortChange={(sort) => setQuery({ sort: sort as BookingListQuery['sort'] })}
        empty={filtered ? 'Otsingule vastavaid broneeringuid ei leitud' : 'Broneeringuid ei ole veel'}
      />

      <ConfirmDialog
        title="Kustuta broneering"
        message="Kas olete kindel, et soovite selle broneeringu kustutada?"
        confirmLabel="Kustuta"
        {...deletion.dialog}
      />
    </>
  );
}
