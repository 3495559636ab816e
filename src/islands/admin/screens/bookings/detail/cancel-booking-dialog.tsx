/**
 * "Tühista broneering" (issue "Back office II"): shows the refund the terms give today (src/lib/cancellation.ts,
 * computed by the API from the ledger), lets the admin confirm or change it, and cancels with the refund and the
 * credit note in one request. It is the only way to cancel: the edit dialog's status select does not offer
 * "Tühistatud" (the lifecycle's `cancel`, src/lib/booking-lifecycle.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CANCEL_MESSAGES, cancelInputSchema, PAYMENT_METHOD_LABELS, type CancelInput, type CancelValues, type CancellationPreview } from '../../../../../lib/payments';
import { TYPED_PAYMENT_METHODS } from '../../../../../lib/enums';
import { formatMoney } from '../../../../../lib/format';
import { centsToInput } from '../../../../../lib/money-text';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast } from '../../../../toast';
import { useCancelBooking, useCancellationPreview } from '../../../api/payments';
import { writeForm } from '../../../form-write';
import { Button } from '../../../ui/button';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { FormSelectField, FormTextField } from '../../../ui/form-fields';
import { optionsOf } from '../../../ui/select';
import { QueryView } from '../../../ui/states';
import { Facts } from '../../../ui/detail-parts';

export function CancelBookingDialog({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const preview = useCancellationPreview(bookingId);
  return (
    <AppDialog title="Tühista broneering" isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      <QueryView query={preview} loading="Tagastuse arvutamine..." failed="Tagastuse arvutamine ebaõnnestus">
        {(data) => <CancelForm bookingId={bookingId} preview={data} onClose={onClose} />}
      </QueryView>
    </AppDialog>
  );
}

/** The terms' rule for the day in words: "60 või rohkem päeva … tagastatakse 100% … menetlustasu 5%". */
function quoteText({ quote }: CancellationPreview): string {
  if (quote.daysBefore === null || quote.tier === null) return 'Broneeringul pole alguskuupäeva: tagastatava summa otsustate ise.';
  const days = quote.daysBefore >= 0 ? `Retriidi alguseni on ${quote.daysBefore} päeva.` : `Retriit algas ${-quote.daysBefore} päeva tagasi.`;
  const fee = quote.tier.feePercent > 0 ? `, millest arvatakse maha ${quote.tier.feePercent}% menetlustasu` : '';
  return `${days} Tingimuste järgi tagastatakse ${quote.tier.refundPercent}% tasutud summast${fee}.`;
}

function CancelForm({ bookingId, preview, onClose }: { bookingId: string; preview: CancellationPreview; onClose: () => void }) {
  const cancel = useCancelBooking(bookingId);
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<CancelInput, CancelValues>({
    resolver: zodResolver(cancelInputSchema),
    defaultValues: { version: preview.version, refund: centsToInput(preview.quote.refundCents), method: 'bank_transfer', reason: '' },
  });
  const onValid = async () => {
    const saved = await writeForm(() => cancel.mutateAsync(getValues()), 'Tühistamine ebaõnnestus', showFieldIssues);
    if (!saved.ok) return;
    toast({ title: CANCEL_MESSAGES.cancelled });
    onClose();
  };
  return (
    <form {...formProps(onValid)} className="space-y-5" aria-label="Tühista broneering">
      <p data-refund-quote>{quoteText(preview)}</p>
      <Facts
        items={[
          ['Makstud', formatMoney(preview.quote.paidCents)],
          // Paid beyond the price: it goes back whole, and no fee is taken from it (src/lib/cancellation.ts).
          ...(preview.quote.overpaidCents > 0 ? [['Enammakse (tagastatakse täielikult)', formatMoney(preview.quote.overpaidCents)] as [string, string]] : []),
          ['Tagastus tingimuste järgi', <strong className="tabular-nums">{formatMoney(preview.quote.refundCents)}</strong>],
          ['Menetlustasu', formatMoney(preview.quote.feeCents)],
          ['Arve', preview.invoice ? `${preview.invoice.number}: krediteeritakse summani, mis jääb tasutuks` : 'Arvet ei ole väljastatud'],
        ]}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormTextField
          control={control}
          name="refund"
          label="Tagastatav summa (€)"
          inputMode="decimal"
          description="Tingimuste järgi arvutatud; vajadusel muutke. 0 – ei tagastata."
          isRequired
        />
        <FormSelectField control={control} name="method" label="Tagastuse viis" options={optionsOf(TYPED_PAYMENT_METHODS, (v) => PAYMENT_METHOD_LABELS[v])} />
        <div className="sm:col-span-2">
          <FormTextField control={control} name="reason" label="Põhjus" maxLength={500} description="Jääb tagastuse kandele ja kreeditarvele." />
        </div>
      </div>
      <p className="text-sm text-ink-600">Tühistamist ei saa tagasi võtta. Tagastus kantakse maksetesse ja arve krediteeritakse samas sammus.</p>
      <DialogActions onCancel={onClose} cancelLabel="Loobu" isPending={cancel.isPending}>
        <Button type="submit" variant="danger" isPending={cancel.isPending}>
          Tühista broneering
        </Button>
      </DialogActions>
    </form>
  );
}
