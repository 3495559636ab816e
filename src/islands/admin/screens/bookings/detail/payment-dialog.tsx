/** "Lisa makse" on the booking's payments ledger (./payments): a payment or a refund, checked with the shared schema. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, paymentInputSchema, type PaymentInput, type PaymentValues } from '../../../../../lib/admin/payments';
import { PAYMENT_METHODS } from '../../../../../lib/enums';
import { tallinnDay } from '../../../../../lib/format';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast, toastError } from '../../../../toast';
import { usePaymentWrite } from '../../../api/payments';
import { ApiRequestError } from '../../../../api/client';
import { Button } from '../../../ui/button';
import { DatePickerField } from '../../../ui/date-picker';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { SelectField } from '../../../ui/select';
import { SwitchField } from '../../../ui/switch';
import { TextInputField } from '../../../ui/text-field';

const KIND_LABELS = { payment: 'Makse (raha sisse)', refund: 'Tagastus (raha välja)' } as const;

export function PaymentDialog({ bookingId, referenceNumber, onClose }: { bookingId: string; referenceNumber: string; onClose: () => void }) {
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
      toastError('Makse salvestamine ebaõnnestus', error);
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
        <DialogActions onCancel={onClose} isPending={write.isPending} className="sm:col-span-2">
          <Button type="submit" isPending={write.isPending}>
            Salvesta makse
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
