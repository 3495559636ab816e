/**
 * /admin/gift-vouchers, "Kinkekaardid" (issue 38): the vouchers the organiser has issued, newest first, searched over
 * the code, the recipient, the buyer and the note and paged by the server, each with its amount, what is left, its
 * uses, its last day and its state; "Väljasta kinkekaart" issues one (and then offers its printable PDF); the
 * accountant's CSV of vouchers sold, used and open downloads for a period.
 */
import { useState } from 'react';
import { giftVoucherListQuerySchema, type GiftVoucherItem } from '../../../../lib/gift-vouchers';
import { formatDate, formatMoney } from '../../../../lib/format';
import { lazyComponent } from '../../../lazy-component';
import { giftVouchersCsvUrl, useGiftVoucherList } from '../../api/gift-vouchers';
import { useServerList } from '../../list-state';
import { AppLink, BACK_TO_DASHBOARD, ScreenHeader } from '../../shell';
import { Button } from '../../ui/button';
import type { DataColumn } from '../../ui/data-table';
import { DatePickerField } from '../../ui/date-picker';
import { ListTable } from '../../ui/list-results';
import { ListSearch } from '../../ui/list-search';
import { GiftVoucherStateBadge } from './state-badge';

// The issuing dialog (its form, date picker and schema) loads when it is first opened.
const IssueGiftVoucherDialog = lazyComponent(() => import('./issue-dialog').then((m) => m.IssueGiftVoucherDialog));

const columns: DataColumn<GiftVoucherItem>[] = [
  {
    id: 'code',
    header: 'Kood',
    isRowHeader: true,
    cell: (v) => (
      <AppLink href={`/admin/gift-vouchers/${v.id}`} className="font-mono font-semibold text-lagoon-800 underline underline-offset-2">
        {v.code}
      </AppLink>
    ),
    className: 'whitespace-nowrap',
  },
  { id: 'recipient', header: 'Saaja', cell: (v) => v.recipientName, className: 'min-w-32' },
  {
    id: 'buyer',
    header: 'Ostja',
    cell: (v) =>
      v.buyerName || v.buyerEmail ? (
        <span className="flex flex-col">
          {v.buyerName && <span>{v.buyerName}</span>}
          {v.buyerEmail && <span className="text-xs break-all text-ink-600">{v.buyerEmail}</span>}
        </span>
      ) : (
        '–'
      ),
    className: 'min-w-32',
  },
  { id: 'amount', header: 'Summa', cell: (v) => formatMoney(v.amountCents), className: 'text-right tabular-nums whitespace-nowrap' },
  {
    id: 'balance',
    header: 'Jääk',
    cell: (v) => <span className={v.balanceCents > 0 ? 'font-semibold' : undefined}>{formatMoney(v.balanceCents)}</span>,
    className: 'text-right tabular-nums whitespace-nowrap',
  },
  { id: 'uses', header: 'Kasutusi', cell: (v) => v.uses, className: 'text-right tabular-nums' },
  { id: 'validUntil', header: 'Kehtib kuni', cell: (v) => formatDate(v.validUntil), className: 'tabular-nums whitespace-nowrap' },
  { id: 'state', header: 'Olek', cell: (v) => <GiftVoucherStateBadge state={v.state} /> },
];

export default function GiftVoucherList() {
  const listing = useServerList(giftVoucherListQuerySchema, useGiftVoucherList);
  const { query } = listing;
  const [issuing, setIssuing] = useState(false);

  return (
    <>
      <ScreenHeader title="Kinkekaardid" intro="Väljastatud kinkekaardid: nendega saab tasuda broneeringu eest." back={BACK_TO_DASHBOARD}>
        <Button onPress={() => setIssuing(true)}>
          + Väljasta kinkekaart
        </Button>
      </ScreenHeader>

      <ListSearch
        listing={listing}
        label="Kinkekaartide otsing"
        className="mt-6 max-w-xl"
        placeholder="Kood, saaja, ostja või märkus"
        hint="Otsib koodi, saaja ja ostja nime ning märkuse järgi."
      />

      <ListTable
        listing={listing}
        loading="Kinkekaartide laadimine..."
        failed="Kinkekaartide laadimine ebaõnnestus"
        counted={['kinkekaart', 'kinkekaarti']}
        label="Kinkekaardid"
        columns={columns}
        empty={query.q ? 'Otsingule vastavaid kinkekaarte ei leitud' : 'Kinkekaarte ei ole veel väljastatud'}
      />

      <VoucherExport />

      {issuing && <IssueGiftVoucherDialog onClose={() => setIssuing(false)} />}
    </>
  );
}

/** The accountant's CSV for a period: vouchers sold in it, what was paid with them in it, and what was left at its end. */
function VoucherExport() {
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const wrongOrder = !!from && !!to && from > to;
  return (
    <section aria-labelledby="gift-voucher-export" className="card mt-8" data-section="gift-voucher-export">
      <h2 id="gift-voucher-export" className="text-xl text-lagoon-900">
        Aruanne raamatupidajale
      </h2>
      <p className="mt-2 text-sm text-ink-600">
        Perioodil müüdud ja kasutatud kinkekaardid ning jääk perioodi lõpus (CSV). Tühi algus või lõpp: periood on sellest otsast lahtine.
      </p>
      <div className="mt-4 grid items-end gap-4 sm:grid-cols-[1fr_1fr_auto]">
        <DatePickerField label="Alates" value={from} maxValue={to ?? undefined} onChange={setFrom} />
        <DatePickerField
          label="Kuni"
          value={to}
          minValue={from ?? undefined}
          onChange={setTo}
          errorMessage={wrongOrder ? 'Algus peab olema enne lõppu.' : undefined}
        />
        {wrongOrder ? (
          <Button variant="outline" isDisabled>
            Laadi alla CSV
          </Button>
        ) : (
          <a href={giftVouchersCsvUrl({ from, to })} className="btn-outline" download data-export="gift-vouchers">
            Laadi alla CSV<span className="sr-only">: kinkekaardid {from || to ? 'valitud perioodi kohta' : 'kogu aja kohta'}</span>
          </a>
        )}
      </div>
    </section>
  );
}
