/**
 * The booking's payments ledger (issue "Back office II"): its reference number, every payment and refund, "Lisa
 * makse" (a payment or a refund) and the reversal of a mistaken entry. Entries are never edited or deleted; the
 * booking's amount paid, deposit and balance flags and payment status follow from them (the API derives them).
 */
import { useState } from 'react';
import { PAYMENT_METHOD_LABELS } from '../../../../../lib/labels';
import { GIFT_VOUCHER_USE } from '../../../../../lib/gift-voucher-text';
import type { PaymentEntry } from '../../../../../lib/payments';
import { formatDate, formatDateTime, formatMoney } from '../../../../../lib/format';
import { toast, toastError } from '../../../../toast';
import { SCHEDULE_PART_LABELS, type ScheduleItem } from '../../../../../lib/payment-schedule';
import { useBooking, useSetPaymentReminders } from '../../../api/bookings';
import { useBookingPayments, usePaymentWrite } from '../../../api/payments';
import { AppLink } from '../../../shell';
import { toastOutcome } from '../../../toast-outcome';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import type { DataColumn } from '../../../ui/data-table';
import { ConfirmDialog } from '../../../ui/dialog';
import { FormTable } from '../../../ui/form-table';
import { QueryView } from '../../../ui/states';
import { SwitchField } from '../../../ui/switch';
import { Facts, Section, type Fact } from '../../../ui/detail-parts';
import { lazyComponent } from '../../../../lazy-component';

// "Lisa makse" (its form, selects and date picker) loads when it is first opened.
const PaymentDialog = lazyComponent(() => import('./payment-dialog').then((m) => m.PaymentDialog));
// "Kasuta kinkekaarti" (issue 38) likewise; its words come from the zod-free texts module (the detail loads no zod
// until a dialog opens: docs/decisions/023-page-javascript.md).
const GiftVoucherDialog = lazyComponent(() => import('./gift-voucher-dialog').then((m) => m.GiftVoucherDialog));

const ONLINE_PROVIDER_LABELS: Record<string, string> = { montonio: 'Montonio' };
const ONLINE_METHOD_LABELS: Record<string, string> = { paymentInitiation: 'pangalink', cardPayments: 'kaart' };

export function BookingPayments({ bookingId }: { bookingId: string }) {
  const ledger = useBookingPayments(bookingId);
  const booking = useBooking(bookingId);
  const write = usePaymentWrite(bookingId);
  const [adding, setAdding] = useState<'payment' | 'gift-voucher' | null>(null);
  // A cancelled booking takes no payment: the voucher is not offered there.
  const takesVoucher = booking.data !== undefined && booking.data.state !== 'cancelled';
  const [reversing, setReversing] = useState<PaymentEntry | null>(null);

  const reverse = (entry: PaymentEntry) =>
    write.mutate(
      { reverse: entry.id, body: {} },
      toastOutcome('Kanne tühistati vastukandega', 'Kande tühistamine ebaõnnestus', () => setReversing(null)),
    );

  const columns: DataColumn<PaymentEntry>[] = [
    { id: 'day', header: 'Kuupäev', isRowHeader: true, cell: (p) => formatDate(p.receivedOn), className: 'whitespace-nowrap' },
    {
      id: 'amount',
      header: 'Summa',
      cell: (p) => <span className={p.amountCents < 0 ? 'text-rose-800' : undefined}>{formatMoney(p.amountCents)}</span>,
      className: 'text-right tabular-nums whitespace-nowrap',
    },
    { id: 'method', header: 'Makseviis', cell: (p) => PAYMENT_METHOD_LABELS[p.method] ?? p.method },
    { id: 'reference', header: 'Viide', cell: (p) => p.reference ?? '–' },
    {
      id: 'note',
      header: 'Märkus',
      cell: (p) => {
        const online = p.online;
        // An online payment's note is the provider's id, which its own line below shows.
        const ownNote = online && p.note === `${online.provider}: ${online.orderId}` ? null : p.note;
        const note = [p.reversesPaymentId !== null ? `Vastukanne kandele #${p.reversesPaymentId}` : null, p.reversedById !== null ? 'Tühistatud' : null, ownNote].filter(Boolean).join(' · ');
        if (online) {
          // Paid online (issue "Pay online"): the provider and its order id; flagged when the organiser must decide a refund.
          return (
            <span className="flex flex-col gap-0.5" data-online-payment={online.orderId}>
              {note && <span>{note}</span>}
              <span className="text-xs break-words">
                Makstud internetis ({ONLINE_PROVIDER_LABELS[online.provider] ?? online.provider}
                {online.method ? `, ${ONLINE_METHOD_LABELS[online.method] ?? online.method}` : ''}), tellimus {online.orderId}
              </span>
              {online.refundReview && (
                <span>
                  <Badge tone="red">Vajab tagastuse otsust</Badge>
                </span>
              )}
            </span>
          );
        }
        const source = p.bankTransaction;
        if (!source) return note || '–';
        // Imported from a bank statement (issue "Collect"): who paid, the day on the statement, the bank's archive id.
        const from = ['Pangaväljavõttest:', [source.counterpartyName, formatDate(source.bookedOn), source.archiveId ? `arhiivitunnus ${source.archiveId}` : null].filter(Boolean).join(', ')].join(' ');
        return (
          <span className="flex flex-col gap-0.5">
            {note && <span>{note}</span>}
            <AppLink href={`/admin/bank-statements/${source.statementId}`} className="text-xs break-words text-lagoon-800 underline underline-offset-2" data-payment-source={source.id}>
              {from}
            </AppLink>
          </span>
        );
      },
    },
    { id: 'by', header: 'Sisestas', cell: (p) => <span title={formatDateTime(p.createdAt)}>{p.recordedBy ?? '–'}</span> },
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: (p) =>
        p.reversesPaymentId === null && p.reversedById === null ? (
          <Button variant="outline" size="sm" onPress={() => setReversing(p)}>
            Tühista vastukandega<span className="sr-only">: kanne #{p.id}, {formatMoney(p.amountCents)}</span>
          </Button>
        ) : null,
    },
  ];

  return (
    <Section
      id="booking-payments"
      title="Maksed"
      actions={
        <span className="flex flex-wrap gap-2">
          {takesVoucher && (
            <Button size="sm" variant="outline" onPress={() => setAdding('gift-voucher')}>
              {GIFT_VOUCHER_USE}
            </Button>
          )}
          <Button size="sm" onPress={() => setAdding('payment')} isDisabled={!ledger.data}>
            + Lisa makse
          </Button>
        </span>
      }
    >
      <QueryView query={ledger} loading="Maksete laadimine..." failed="Maksete laadimine ebaõnnestus">
        {(data) => (
          <div className="space-y-4">
            <Facts
              items={[
                ['Viitenumber', <span className="font-semibold tabular-nums" data-reference-number>{data.referenceNumber}</span>],
                ['Laekunud', formatMoney(data.totals.receivedCents)],
                // Refunds only when there were some: "−0,00 €" on every booking said nothing but noise.
                ...(data.totals.refundedCents > 0 ? [['Tagastatud', formatMoney(-data.totals.refundedCents)] satisfies Fact] : []),
                ['Makstud kokku', <strong className="tabular-nums">{formatMoney(data.totals.paidCents)}</strong>],
              ]}
            />
            <FormTable label="Maksed" columns={columns} items={data.items} empty={<p className="p-4 text-ink-600">Makseid ei ole veel sisestatud.</p>} isStale={write.isPending} />
          </div>
        )}
      </QueryView>
      <PaymentSchedule bookingId={bookingId} />
      {adding === 'payment' && ledger.data && <PaymentDialog bookingId={bookingId} referenceNumber={ledger.data.referenceNumber} onClose={() => setAdding(null)} />}
      {adding === 'gift-voucher' && booking.data && (
        <GiftVoucherDialog bookingId={bookingId} outstandingCents={booking.data.totals.remainingCents} onClose={() => setAdding(null)} />
      )}
      <ConfirmDialog
        title="Tühista kanne"
        message={
          reversing
            ? `Kanne ${formatDate(reversing.receivedOn)} summas ${formatMoney(reversing.amountCents)} tühistatakse vastukandega summas ${formatMoney(-reversing.amountCents)}. Kanded jäävad alles; makstud summa arvutatakse uuesti.`
            : ''
        }
        confirmLabel="Tühista vastukandega"
        isOpen={reversing !== null}
        onOpenChange={(open) => !open && setReversing(null)}
        onConfirm={() => reversing && reverse(reversing)}
        isPending={write.isPending}
      />
    </Section>
  );
}

const scheduleColumns: DataColumn<ScheduleItem & { id: string }>[] = [
  { id: 'part', header: 'Osa', isRowHeader: true, cell: (i) => SCHEDULE_PART_LABELS[i.part] },
  { id: 'due', header: 'Tähtaeg', cell: (i) => formatDate(i.dueOn), className: 'whitespace-nowrap' },
  { id: 'amount', header: 'Summa', cell: (i) => formatMoney(i.amountCents), className: 'text-right tabular-nums whitespace-nowrap' },
  { id: 'paid', header: 'Tasutud', cell: (i) => formatMoney(i.paidCents), className: 'text-right tabular-nums whitespace-nowrap' },
  { id: 'outstanding', header: 'Tasumata', cell: (i) => formatMoney(i.outstandingCents), className: 'text-right tabular-nums whitespace-nowrap' },
  {
    id: 'state',
    header: 'Seis',
    cell: (i) =>
      i.outstandingCents <= 0 ? <Badge tone="green">Tasutud</Badge> : i.overdue ? <Badge tone="red">Tähtaeg ületatud</Badge> : <Badge tone="grey">Ootel</Badge>,
  },
];

/** What is due when (src/lib/payment-schedule.ts, computed by the API) and the booking's reminder switch. */
function PaymentSchedule({ bookingId }: { bookingId: string }) {
  const booking = useBooking(bookingId);
  const reminders = useSetPaymentReminders(bookingId);
  if (!booking.data) return null;
  const { schedule, paymentReminders, status } = booking.data;
  const toggle = (enabled: boolean) =>
    reminders.mutate(
      { enabled },
      {
        onSuccess: () => toast({ title: enabled ? 'Maksemeeldetuletused sisse lülitatud' : 'Maksemeeldetuletused välja lülitatud' }),
        onError: (error) => toastError('Muudatuse salvestamine ebaõnnestus', error),
      },
    );
  return (
    <div className="mt-6 space-y-4" data-payment-schedule>
      <h3 className="text-lg text-lagoon-900">Maksegraafik</h3>
      {status === 'cancelled' ? (
        <p className="text-ink-600">Tühistatud broneeringul maksegraafikut ei ole.</p>
      ) : (
        <FormTable label="Maksegraafik" columns={scheduleColumns} items={schedule.map((item) => ({ ...item, id: item.part }))} empty={<p className="p-4 text-ink-600">Broneeringul pole tasumisele kuuluvat summat.</p>} />
      )}
      <SwitchField
        label="Maksemeeldetuletused"
        isSelected={paymentReminders}
        onChange={toggle}
        isDisabled={reminders.isPending}
        description="Meeldetuletus läheb külalisele 7 päeva enne tähtaega, tähtaja päeval ja 3 päeva pärast seda, kui summa on tasumata."
      />
    </div>
  );
}
