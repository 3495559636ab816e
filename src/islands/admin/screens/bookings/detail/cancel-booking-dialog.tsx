/**
 * "Tühista broneering" (issue "Back office II"): shows the refund the terms give today (src/lib/cancellation.ts,
 * computed by the API from the ledger), lets the admin confirm or change it, and cancels with the refund and the
 * credit note in one request. The edit dialog's status select can still set "Tühistatud" without any money moving.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller } from 'react-hook-form';
import { CANCEL_MESSAGES, cancelInputSchema, PAYMENT_METHOD_LABELS, type CancelInput, type CancelValues, type CancellationPreview } from '../../../../../lib/admin/payments';
import { PAYMENT_METHODS } from '../../../../../lib/enums';
import { formatMoney } from '../../../../../lib/format';
import { centsToInput } from '../../../../../lib/money-text';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast, toastError } from '../../../../toast';
import { useCancelBooking, useCancellationPreview } from '../../../api/payments';
import { ApiRequestError } from '../../../../api/client';
import { Button } from '../../../ui/button';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { SelectField } from '../../../ui/select';
import { QueryView } from '../../../ui/states';
import { TextInputField } from '../../../ui/text-field';
import { Facts } from './parts';

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
    try {
      await cancel.mutateAsync(getValues());
    } catch (error) {
      if (error instanceof ApiRequestError) showFieldIssues(error.details);
      toastError('Tühistamine ebaõnnestus', error);
      return;
    }
    toast({ title: CANCEL_MESSAGES.cancelled });
    onClose();
  };
  return (
    <form {...formProps(onValid)} className="space-y-5" aria-label="Tühista broneering">
      <p data-refund-quote>{quoteText(preview)}</p>
      <Facts
        items={[
          ['Makstud', formatMoney(preview.quote.paidCents)],
          ['Tagastus tingimuste järgi', <strong className="tabular-nums">{formatMoney(preview.quote.refundCents)}</strong>],
          ['Menetlustasu', formatMoney(preview.quote.feeCents)],
          ['Arve', preview.invoice ? `${preview.invoice.number}: krediteeritakse summani, mis jääb tasutuks` : 'Arvet ei ole väljastatud'],
        ]}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={control}
          name="refund"
          render={({ field, fieldState }) => (
            <TextInputField label="Tagastatav summa (€)" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} inputMode="decimal" description="Tingimuste järgi arvutatud; vajadusel muutke. 0 – ei tagastata." errorMessage={fieldState.error?.message} isRequired name={field.name} />
          )}
        />
        <Controller
          control={control}
          name="method"
          render={({ field, fieldState }) => (
            <SelectField label="Tagastuse viis" value={field.value} options={PAYMENT_METHODS.map((v) => ({ value: v, label: PAYMENT_METHOD_LABELS[v] }))} onChange={field.onChange} errorMessage={fieldState.error?.message} name={field.name} inputRef={field.ref} />
          )}
        />
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name="reason"
            render={({ field, fieldState }) => (
              <TextInputField label="Põhjus" value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} errorMessage={fieldState.error?.message} maxLength={500} description="Jääb tagastuse kandele ja kreeditarvele." name={field.name} />
            )}
          />
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
