/**
 * The booking's payments ledger (issue "Back office II"): its reference number, every payment and refund, "Lisa
 * makse" (a payment or a refund) and the reversal of a mistaken entry. Entries are never edited or deleted; the
 * booking's amount paid, deposit and balance flags and payment status follow from them (the API derives them).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, paymentInputSchema, type PaymentEntry, type PaymentInput, type PaymentValues } from '../../../../../lib/admin/payments';
import { PAYMENT_METHODS } from '../../../../../lib/enums';
import { formatDate, formatDateTime, formatMoney, tallinnDay } from '../../../../../lib/format';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast } from '../../../../toast';
import { SCHEDULE_PART_LABELS, type ScheduleItem } from '../../../../../lib/payment-schedule';
import { useBooking, useSetPaymentReminders } from '../../../api/bookings';
import { useBookingPayments, usePaymentWrite } from '../../../api/payments';
import { ApiRequestError } from '../../../../api/client';
import { AppLink } from '../../../shell';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import type { DataColumn } from '../../../ui/data-table';
import { DatePickerField } from '../../../ui/date-picker';
import { AppDialog, ConfirmDialog } from '../../../ui/dialog';
import { FormTable } from '../../../ui/form-table';
import { SelectField } from '../../../ui/select';
import { ErrorState, LoadingState } from '../../../ui/states';
import { SwitchField } from '../../../ui/switch';
import { TextInputField } from '../../../ui/text-field';
import { Facts, Section } from './parts';

const KIND_LABELS = { payment: 'Makse (raha sisse)', refund: 'Tagastus (raha välja)' } as const;

export function BookingPayments({ bookingId }: { bookingId: string }) {
  const ledger = useBookingPayments(bookingId);
  const write = usePaymentWrite(bookingId);
  const [adding, setAdding] = useState(false);
  const [reversing, setReversing] = useState<PaymentEntry | null>(null);

  const reverse = (entry: PaymentEntry) =>
    write.mutate(
      { path: `/${entry.id}/reverse`, body: {} },
      {
        onSuccess: () => {
          toast({ title: 'Kanne tühistati vastukandega' });
          setReversing(null);
        },
        onError: (error) => {
          toast({ title: 'Kande tühistamine ebaõnnestus', description: error.message, variant: 'destructive' });
          setReversing(null);
        },
      },
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
        const note = [p.reversesPaymentId !== null ? `Vastukanne kandele #${p.reversesPaymentId}` : null, p.reversedById !== null ? 'Tühistatud' : null, p.note].filter(Boolean).join(' · ');
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
        <Button size="sm" onPress={() => setAdding(true)} isDisabled={!ledger.data}>
          + Lisa makse
        </Button>
      }
    >
      {ledger.isPending ? (
        <LoadingState text="Maksete laadimine..." />
      ) : ledger.isError ? (
        <ErrorState text="Maksete laadimine ebaõnnestus" detail={ledger.error.message} onRetry={() => void ledger.refetch()} />
      ) : (
        <div className="space-y-4">
          <Facts
            items={[
              ['Viitenumber', <span className="font-semibold tabular-nums" data-reference-number>{ledger.data.referenceNumber}</span>],
              ['Laekunud', formatMoney(ledger.data.totals.receivedCents)],
              ['Tagastatud', formatMoney(-ledger.data.totals.refundedCents)],
              ['Makstud kokku', <strong className="tabular-nums">{formatMoney(ledger.data.totals.paidCents)}</strong>],
            ]}
          />
          <FormTable label="Maksed" columns={columns} items={ledger.data.items} empty={<p className="p-4 text-ink-600">Makseid ei ole veel sisestatud.</p>} isStale={write.isPending} />
        </div>
      )}
      <PaymentSchedule bookingId={bookingId} />
      {adding && ledger.data && <PaymentDialog bookingId={bookingId} referenceNumber={ledger.data.referenceNumber} onClose={() => setAdding(false)} />}
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
        onError: (error) => toast({ title: 'Muudatuse salvestamine ebaõnnestus', description: error.message, variant: 'destructive' }),
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

function PaymentDialog({ bookingId, referenceNumber, onClose }: { bookingId: string; referenceNumber: string; onClose: () => void }) {
  const today = tallinnDay();
  const write = usePaymentWrite(bookingId);
  // A payment beyond what is owed is asked about once (the API's 409 says how much is open), then confirmed here.
  const [overpaymentAsked, setOverpaymentAsked] = useState(false);
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<PaymentInput, PaymentValues>({
    resolver: zodResolver(paymentInputSchema),
    defaultValues: { kind: 'payment', amount: '', method: 'bank_transfer', receivedOn: today, reference: referenceNumber, note: '', overpayment: false },
  });

  // Checked here with the shared schema; sent as typed (the API reads the same text as cents).
  const onValid = async () => {
    try {
      await write.mutateAsync({ body: getValues() });
    } catch (error) {
      if (error instanceof ApiRequestError) {
        showFieldIssues(error.details);
        if (error.code === 'overpayment_unconfirmed') setOverpaymentAsked(true);
      }
      toast({ title: 'Makse salvestamine ebaõnnestus', description: (error as Error).message, variant: 'destructive' });
      return;
    }
    toast({ title: 'Makse salvestatud' });
    onClose();
  };

  return (
    <AppDialog title="Lisa makse" isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!write.isPending}>
      <form {...formProps(onValid)} className="grid gap-5 sm:grid-cols-2" aria-label="Lisa makse">
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <SelectField label="Kande liik" value={field.value} options={(['payment', 'refund'] as const).map((v) => ({ value: v, label: KIND_LABELS[v] }))} onChange={field.onChange} name={field.name} inputRef={field.ref} />
          )}
        />
        <Controller
          control={control}
          name="amount"
          render={({ field, fieldState }) => (
            <TextInputField label="Summa (€)" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} inputMode="decimal" placeholder="0,00" description="Eurodes, kuni kaks kohta pärast koma." errorMessage={fieldState.error?.message} isRequired name={field.name} />
          )}
        />
        <Controller
          control={control}
          name="method"
          render={({ field, fieldState }) => (
            <SelectField label="Makseviis" value={field.value} options={PAYMENT_METHODS.map((v) => ({ value: v, label: PAYMENT_METHOD_LABELS[v] }))} onChange={field.onChange} errorMessage={fieldState.error?.message} name={field.name} inputRef={field.ref} />
          )}
        />
        <Controller
          control={control}
          name="receivedOn"
          render={({ field, fieldState }) => (
            <DatePickerField label="Kuupäev" value={field.value} onChange={(v) => field.onChange(v ?? '')} maxValue={today} description="Päev pangaväljavõttel." errorMessage={fieldState.error?.message} isRequired name={field.name} onBlur={field.onBlur} inputRef={field.ref} />
          )}
        />
        <Controller
          control={control}
          name="reference"
          render={({ field, fieldState }) => (
            <TextInputField label="Viide" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} errorMessage={fieldState.error?.message} maxLength={140} name={field.name} />
          )}
        />
        <Controller
          control={control}
          name="note"
          render={({ field, fieldState }) => (
            <TextInputField label="Märkus" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} errorMessage={fieldState.error?.message} maxLength={500} name={field.name} />
          )}
        />
        {overpaymentAsked && (
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="overpayment"
              render={({ field }) => (
                <SwitchField
                  label="Kinnitan ülemakse"
                  description="Makse on suurem kui tasumata summa; ülemakse näidatakse broneeringul."
                  isSelected={field.value === true}
                  onChange={field.onChange}
                />
              )}
            />
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          <Button variant="outline" onPress={onClose} isDisabled={write.isPending}>
            Tühista
          </Button>
          <Button type="submit" isPending={write.isPending}>
            Salvesta makse
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
