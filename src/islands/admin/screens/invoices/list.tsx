/**
 * /admin/invoices ("Arved"): every issued invoice and credit note, newest number first, searched by number or buyer,
 * filtered by state and issue period on the server, with the state in the URL. Above the table the sums of everything
 * the filters match (not only this page); the accountant's two CSVs download with the same filters (the invoices) and
 * the same period (the payments ledger).
 */
import { INVOICE_STATE_LABELS, INVOICE_STATES, invoiceListQuerySchema, type InvoiceListItem } from '../../../../lib/invoices/list';
import { formatDate, formatMoney } from '../../../../lib/format';
import { withQuery } from '../../../api/client';
import { useInvoiceList } from '../../api/invoices';
import { useServerList } from '../../list-state';
import { AppLink, BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { Badge, type BadgeTone } from '../../ui/badge';
import type { DataColumn } from '../../ui/data-table';
import { DatePickerField } from '../../ui/date-picker';
import { FilterSelect } from '../../ui/filter-select';
import { ListTable } from '../../ui/list-results';
import { ListSearch } from '../../ui/list-search';
import { optionsOf } from '../../ui/select';
import { invoiceNumberColumn } from './number-column';

/** Open is red once its due day has passed (the server says so: yellow until then), paid green, credited grey, a credit note blue. */
export function invoiceStateTone(item: Pick<InvoiceListItem, 'state' | 'overdue'>): BadgeTone {
  switch (item.state) {
    case 'open':
      return item.overdue ? 'red' : 'yellow';
    case 'paid':
      return 'green';
    case 'credited':
      return 'grey';
    case 'credit_note':
      return 'blue';
  }
}


/** A sum over everything the filters match (inside the sums' <dl>); "…" until it has loaded. */
function Sum({ label, name, cents }: { label: string; name: string; cents: number | undefined }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-sand-200">
      <dt className="text-sm text-ink-600">{label}</dt>
      <dd className="mt-1 font-display text-2xl text-lagoon-900 tabular-nums sm:text-3xl" data-sum={name}>
        {cents === undefined ? '…' : formatMoney(cents)}
      </dd>
    </div>
  );
}

export default function InvoiceList() {
  const listing = useServerList(invoiceListQuerySchema, useInvoiceList);
  const { query, setQuery, list } = listing;

  const filtered = !!(query.q || query.state || query.from || query.to);
  const sums = list.data?.sums;
  // The export links carry the list's filters without its paging.
  const invoicesCsv = withQuery('/api/admin/exports/invoices.csv', { q: query.q, state: query.state, from: query.from, to: query.to });
  const paymentsCsv = withQuery('/api/admin/exports/payments.csv', { from: query.from, to: query.to });

  const columns: DataColumn<InvoiceListItem>[] = [
    invoiceNumberColumn<InvoiceListItem>(),
    { id: 'issued', header: 'Kuupäev', cell: (i) => formatDate(i.issuedOn), className: 'whitespace-nowrap tabular-nums' },
    { id: 'buyer', header: 'Saaja', cell: (i) => i.buyerName },
    {
      id: 'booking',
      header: 'Broneering',
      cell: (i) =>
        i.bookingId === null ? (
          '–'
        ) : (
          <AppLink href={`/admin/bookings/${i.bookingId}`} className="text-lagoon-800 underline underline-offset-2">
            <span className="sr-only">Broneering </span>#{i.bookingId}
          </AppLink>
        ),
      className: 'whitespace-nowrap tabular-nums',
    },
    { id: 'total', header: 'Summa', cell: (i) => formatMoney(i.totalCents), className: 'text-right tabular-nums whitespace-nowrap' },
    {
      id: 'open',
      header: 'Tasumata',
      cell: (i) => (i.kind === 'credit_note' ? '–' : <span className={i.openCents > 0 ? 'font-semibold' : undefined}>{formatMoney(i.openCents)}</span>),
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    {
      id: 'state',
      header: 'Staatus',
      cell: (i) => {
        const { overdue } = i;
        return (
          <span className="flex flex-col items-start gap-1" data-state={i.state}>
            <Badge tone={invoiceStateTone(i)}>{INVOICE_STATE_LABELS[i.state]}</Badge>
            {i.state === 'credit_note' && i.creditsNumber && <span className="text-xs text-ink-600">arvele nr {i.creditsNumber}</span>}
            {i.state === 'open' && i.dueOn && (
              <span className={`text-xs whitespace-nowrap ${overdue ? 'font-semibold text-rose-800' : 'text-ink-600'}`}>
                {overdue ? 'tähtaeg möödus' : 'tähtaeg'} {formatDate(i.dueOn)}
              </span>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <>
      <ScreenHeader title="Arved" back={BACK_TO_DASHBOARD}>
        <a href={invoicesCsv} className="btn-outline" download data-export="invoices">
          Laadi arved alla (CSV)<span className="sr-only"> praeguste filtritega</span>
        </a>
        <a href={paymentsCsv} className="btn-outline" download data-export="payments">
          Laadi maksed alla (CSV)<span className="sr-only"> valitud perioodi kohta</span>
        </a>
      </ScreenHeader>

      <ListSearch
        listing={listing}
        label="Arvete otsing ja filtrid"
        className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr]"
        placeholder="Otsi numbri või saaja nime järgi"
        hint="Otsib arve numbri ja saaja nime järgi."
      >
        <FilterSelect
          label="Staatus"
          value={query.state}
          options={optionsOf(INVOICE_STATES, (s) => INVOICE_STATE_LABELS[s])}
          onChange={(state) => setQuery({ state })}
        />
        <DatePickerField label="Alates" value={query.from ?? null} maxValue={query.to} onChange={(from) => setQuery({ from: from ?? undefined })} />
        <DatePickerField label="Kuni" value={query.to ?? null} minValue={query.from} onChange={(to) => setQuery({ to: to ?? undefined })} />
      </ListSearch>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:max-w-xl" aria-busy={!sums}>
        <Sum label="Kokku" name="total" cents={sums?.totalCents} />
        <Sum label="Tasumata" name="open" cents={sums?.openCents} />
      </dl>

      <ListTable
        listing={listing}
        loading="Arvete laadimine..."
        failed="Arvete laadimine ebaõnnestus"
        counted={['dokument', 'dokumenti']}
        label="Arved"
        columns={columns}
        empty={filtered ? 'Arveid ei leitud' : 'Arveid ei ole veel väljastatud'}
      />
    </>
  );
}
