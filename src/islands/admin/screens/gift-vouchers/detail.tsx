/**
 * /admin/gift-vouchers/{id} (issue 38): one voucher, what it is worth and what is left, who bought it and for whom, its
 * last day, its printable PDF, and every payment made with it, each leading to its booking; a payment reversed later
 * is marked (its money is back on the voucher).
 */
import { formatDate, formatMoney } from '../../../../lib/format';
import type { GiftVoucherDetail, GiftVoucherRedemption } from '../../../../lib/gift-vouchers';
import { isNotFound } from '../../../api/client';
import { giftVoucherPdfUrl, useGiftVoucher } from '../../api/gift-vouchers';
import type { ScreenProps } from '../../screen-props';
import { AppLink, ScreenHeader } from '../../shell';
import { Badge } from '../../ui/badge';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { Facts, Section } from '../../ui/detail-parts';
import { ErrorState, QueryView } from '../../ui/states';
import { useErrorToast } from '../../use-error-toast';
import { GiftVoucherStateBadge } from './state-badge';

const BACK_TO_VOUCHERS = { href: '/admin/gift-vouchers', label: '← Kinkekaartide juurde' };

type Row = GiftVoucherRedemption & { id: number };

const columns: DataColumn<Row>[] = [
  { id: 'day', header: 'Kuupäev', isRowHeader: true, cell: (r) => formatDate(r.receivedOn), className: 'whitespace-nowrap tabular-nums' },
  {
    id: 'amount',
    header: 'Summa',
    cell: (r) => <span className={r.reversed ? 'text-ink-600 line-through' : undefined}>{formatMoney(r.amountCents)}</span>,
    className: 'text-right tabular-nums whitespace-nowrap',
  },
  {
    id: 'booking',
    header: 'Broneering',
    cell: (r) =>
      r.bookingId === null ? (
        '–'
      ) : (
        <AppLink href={`/admin/bookings/${r.bookingId}`} className="inline-block text-lagoon-800 underline underline-offset-2">
          <span className="sr-only">Broneering </span>#{r.bookingId}
        </AppLink>
      ),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'state',
    header: 'Olek',
    cell: (r) =>
      r.reversed ? (
        <span className="flex flex-col items-start gap-1" data-reversed>
          <Badge tone="grey">Tühistatud</Badge>
          <span className="text-xs text-ink-600">summa on kinkekaardil tagasi</span>
        </span>
      ) : (
        <Badge tone="green">Tasutud</Badge>
      ),
  },
];

export default function GiftVoucherScreen({ params }: ScreenProps) {
  const voucher = useGiftVoucher(params.id!);
  const notFound = isNotFound(voucher.error);
  useErrorToast(notFound ? 'Kinkekaarti ei leitud' : 'Kinkekaardi laadimine ebaõnnestus', voucher.error);
  const data = voucher.data;

  return (
    <>
      <ScreenHeader
        title={data ? `Kinkekaart ${data.code}` : 'Kinkekaart'}
        intro={data ? `${data.recipientName} · ${formatMoney(data.amountCents)}` : undefined}
        back={BACK_TO_VOUCHERS}
      >
        {data && (
          <>
            <a href={giftVoucherPdfUrl(data.id)} target="_blank" rel="noopener" className="btn-secondary">
              Prindi kinkekaart (PDF)<span className="sr-only"> (avaneb uues aknas)</span>
            </a>
            <a href={giftVoucherPdfUrl(data.id, true)} className="btn-outline" download>
              Laadi PDF alla
            </a>
          </>
        )}
      </ScreenHeader>
      <QueryView
        query={voucher}
        loading="Kinkekaardi laadimine..."
        failed={notFound ? <ErrorState text="Kinkekaarti ei leitud" detail={voucher.error?.message} /> : 'Kinkekaardi laadimine ebaõnnestus'}
      >
        {(detail) => <VoucherDetail voucher={detail} />}
      </QueryView>
    </>
  );
}

function VoucherDetail({ voucher }: { voucher: GiftVoucherDetail }) {
  const rows: Row[] = voucher.redemptions.map((r) => ({ ...r, id: r.paymentId }));
  return (
    <div className="mt-6 grid gap-6">
      <Section id="gift-voucher-facts" title="Andmed">
        <Facts
          items={[
            ['Kood', <span className="font-mono font-semibold">{voucher.code}</span>],
            ['Olek', <GiftVoucherStateBadge state={voucher.state} />],
            ['Summa', formatMoney(voucher.amountCents)],
            ['Jääk', <strong className="tabular-nums">{formatMoney(voucher.balanceCents)}</strong>],
            ['Kasutusi', voucher.uses],
            ['Kehtib kuni', formatDate(voucher.validUntil)],
            ['Saaja', voucher.recipientName],
            ['Ostja', voucher.buyerName],
            ['Ostja e-post', voucher.buyerEmail],
            ['Väljastatud', formatDate(voucher.createdAt)],
            ['Märkus', voucher.note],
          ]}
        />
      </Section>
      <Section id="gift-voucher-payments" title="Maksed kinkekaardiga">
        <DataTable
          label="Maksed kinkekaardiga"
          columns={columns}
          items={rows}
          empty={<p className="p-4 text-ink-600">Kinkekaardiga ei ole veel tasutud.</p>}
        />
      </Section>
    </div>
  );
}
