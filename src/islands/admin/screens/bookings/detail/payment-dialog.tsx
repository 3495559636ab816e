/** "Lisa makse" on the booking's payments ledger (./payments): a payment or a refund, checked with the shared schema. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { PAYMENT_METHOD_LABELS, paymentInputSchema, type PaymentInput, type PaymentValues } from '../../../../../lib/payments';
import { TYPED_PAYMENT_METHODS } from '../../../../../lib/enums';
import { tallinnDay } from '../../../../../lib/format';
import { hasErrorCode } from '../../../../api/client';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast } from '../../../../toast';
import { usePaymentWrite } from '../../../api/payments';
import { writeForm } from '../../../form-write';
import { Button } from '../../../ui/button';
import { DatePickerField } from '../../../ui/date-picker';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { FormSelectField, FormTextField } from '../../../ui/form-fields';
import { optionsOf } from '../../../ui/select';
import { SwitchField } from '../../../ui/switch';

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
    const saved = await writeForm(() => write.mutateAsync({ body: getValues() }), 'Makse salvestamine ebaõnnestus', showFieldIssues);
    if (!saved.ok) {
      if (hasErrorCode(saved.error, 'overpayment_unconfirmed')) setOverpaymentAsked(true);
      return;
    }
    toast({ title: 'Makse salvestatud' });
    onClose();
  };

  return (
    <AppDialog title="Lisa makse" isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!write.isPending}>
      <form {...formProps(onValid)} className="grid gap-5 sm:grid-cols-2" aria-label="Lisa makse">
        <FormSelectField control={control} name="kind" label="Kande liik" options={optionsOf(['payment', 'refund'] as const, (v) => KIND_LABELS[v])} />
        <FormTextField
          control={control}
          name="amount"
          label="Summa (€)"
          inputMode="decimal"
          placeholder="0,00"
          description="Eurodes, kuni kaks kohta pärast koma."
          isRequired
        />
        <FormSelectField control={control} name="method" label="Makseviis" options={optionsOf(TYPED_PAYMENT_METHODS, (v) => PAYMENT_METHOD_LABELS[v])} />
        <Controller
          control={control}
          name="receivedOn"
          render={({ field, fieldState }) => (
            <DatePickerField label="Kuupäev" value={field.value} onChange={(v) => field.onChange(v ?? '')} maxValue={today} description="Päev pangaväljavõttel." errorMessage={fieldState.error?.message} isRequired name={field.name} onBlur={field.onBlur} inputRef={field.ref} />
          )}
        />
        <FormTextField control={control} name="reference" label="Viide" maxLength={140} />
        <FormTextField control={control} name="note" label="Märkus" maxLength={500} />
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
