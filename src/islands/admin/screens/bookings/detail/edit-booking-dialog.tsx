/**
 * The edit booking dialog: every field of the spec's update call. Amounts are typed as decimals (step 0.01) and
 * stored as exact cents; empty amounts and texts save as null. The save carries the version the dialog opened with:
 * if someone changed the booking meanwhile the API answers 409 and the dialog says so instead of overwriting it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { type BookingDetail } from '../../../../../lib/admin/booking-views';
import { bookingEditSchema, type BookingEdit, type BookingEditInput } from '../../../../../lib/admin/bookings';
import { bedTypeLabel, bookingStatusLabel, paymentStatusLabel, roomSharingLabel, roomTypeLabel } from '../../../../../lib/labels';
import { PAYMENT_MESSAGES } from '../../../../../lib/payments';
import { centsToInput } from '../../../../../lib/money-text';
import { BED_TYPE_PREFERENCES, BOOKING_STATUSES, PAYMENT_STATUSES, ROOM_SHARING_PREFERENCES, ROOM_TYPES } from '../../../../../lib/enums';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast, toastError } from '../../../../toast';
import { useBooking, useUpdateBooking } from '../../../api/bookings';
import { ApiRequestError } from '../../../../api/client';
import { Button } from '../../../ui/button';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { FormTextField } from '../../../ui/form-fields';
import { OverPlacesPrompt } from '../../../ui/over-places-prompt';
import { SelectField } from '../../../ui/select';

// Stored values outside today's sets (older data) are kept as they are and shown raw in the selects.
const valuesOf = (b: BookingDetail): BookingEditInput => ({
  version: b.version,
  status: b.status as BookingEditInput['status'],
  paymentStatus: b.paymentStatus as BookingEditInput['paymentStatus'],
  roomType: b.roomType as BookingEditInput['roomType'],
  roomSharingPreference: b.roomSharingPreference as BookingEditInput['roomSharingPreference'],
  bedTypePreference: b.bedTypePreference as BookingEditInput['bedTypePreference'],
  totalAmount: centsToInput(b.totalAmountCents),
  amountPaid: centsToInput(b.amountPaidCents),
  depositAmount: centsToInput(b.depositAmountCents),
  specialRequests: b.specialRequests ?? '',
  comments: b.comments ?? '',
  extraFood: b.extraFood ?? '',
});

const PAYMENT_CHOICES = PAYMENT_STATUSES.filter((s) => s !== 'failed');

/**
 * The statuses the select offers: the booking's own and those its state's transitions reach (confirm, unconfirm).
 * A cancellation is the "Tühista broneering" dialog's (its refund and credit note), and a cancelled booking stays so.
 */
const statusChoices = (b: BookingDetail) =>
  BOOKING_STATUSES.filter((s) => s === b.status || (s === 'confirmed' && b.actions.includes('confirm')) || (s === 'pending' && b.actions.includes('unconfirm')));

export function EditBookingDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const { control, reset, getValues, formProps, showFieldIssues } = useValidatedForm<BookingEditInput, BookingEdit>({
    resolver: zodResolver(bookingEditSchema),
    defaultValues: valuesOf(booking),
  });
  const update = useUpdateBooking(String(booking.id));
  const reload = useBooking(String(booking.id));
  const [conflict, setConflict] = useState<string | null>(null);
  const [full, setFull] = useState<string | null>(null);

  // Checked here with the shared schema; sent as typed (the API parses the same text to cents). A confirmation the
  // retreat has no places for is asked about, and sent again with the override only if the admin says so.
  const onValid = async (overrideCapacity = false) => {
    setFull(null);
    try {
      await update.mutateAsync({ ...getValues(), ...(overrideCapacity ? { overrideCapacity: true } : {}) });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'retreat_full') return setFull(error.message);
      if (error instanceof ApiRequestError && error.status === 409) return setConflict(error.message);
      if (error instanceof ApiRequestError) showFieldIssues(error.details);
      toastError('Broneeringu uuendamine ebaõnnestus', error);
      return;
    }
    toast({ title: 'Edukalt salvestatud' });
    onClose();
  };

  const loadLatest = async () => {
    const latest = await reload.refetch();
    if (latest.data) reset(valuesOf(latest.data));
    setConflict(null);
  };

  const select = <V extends string>(name: 'status' | 'paymentStatus' | 'roomType' | 'roomSharingPreference' | 'bedTypePreference', label: string, values: readonly V[], labelOf: (v: V) => string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        // A value outside the known set (older data) stays choosable, shown raw.
        const options = [...values.map((v) => ({ value: v as string, label: labelOf(v) }))];
        if (field.value && !values.includes(field.value as V)) options.unshift({ value: field.value, label: field.value });
        return <SelectField label={label} value={(field.value as string | null) ?? null} options={options} onChange={field.onChange} onBlur={field.onBlur} errorMessage={fieldState.error?.message} placeholder="Määramata" name={field.name} inputRef={field.ref} />;
      }}
    />
  );

  const text = (name: 'totalAmount' | 'amountPaid' | 'depositAmount' | 'specialRequests' | 'comments' | 'extraFood', label: string, amount = false, readOnlyNote?: string) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      inputMode={amount ? 'decimal' : undefined}
      placeholder={amount ? '0,00' : undefined}
      description={readOnlyNote ?? (amount ? 'Eurodes, kuni kaks kohta pärast koma.' : undefined)}
      isReadOnly={readOnlyNote !== undefined}
      multiline={!amount}
      rows={2}
      className={amount ? '' : 'sm:col-span-2'}
    />
  );

  return (
    <AppDialog title="Muuda broneeringut" isOpen onOpenChange={(open) => !open && onClose()} size="lg" isDismissable={!update.isPending}>
      <form {...formProps(() => onValid())} className="grid gap-5 sm:grid-cols-2" aria-label="Muuda broneeringut">
        {conflict && (
          <div role="alert" className="rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300 sm:col-span-2" data-conflict>
            <p className="font-semibold">{conflict}</p>
            <Button variant="outline" size="sm" className="mt-3" onPress={() => void loadLatest()} isPending={reload.isFetching}>
              Laadi uusimad andmed
            </Button>
          </div>
        )}
        {full && (
          <OverPlacesPrompt
            refusal={full}
            question="Kas kinnitada broneering siiski? Retriidil on siis rohkem inimesi kui kohti."
            no="Ära kinnita"
            yes="Kinnita siiski"
            onNo={() => setFull(null)}
            onYes={() => void onValid(true)}
            className="sm:col-span-2"
          />
        )}
        {select('status', 'Staatus', statusChoices(booking), bookingStatusLabel)}
        {select('paymentStatus', 'Makse staatus', PAYMENT_CHOICES, paymentStatusLabel)}
        {select('roomType', 'Majutuse tüüp', ROOM_TYPES.filter((t) => t !== 'private'), roomTypeLabel)}
        {select('roomSharingPreference', 'Toa jagamine', ROOM_SHARING_PREFERENCES, roomSharingLabel)}
        {select('bedTypePreference', 'Voodi eelistus', BED_TYPE_PREFERENCES, bedTypeLabel)}
        <span className="hidden sm:block" />
        {text('totalAmount', 'Kogusumma (€)', true)}
        {text('amountPaid', 'Makstud (€)', true, PAYMENT_MESSAGES.amountPaidFromLedger)}
        {text('depositAmount', 'Ettemaks (€)', true)}
        <span className="hidden sm:block" />
        {text('specialRequests', 'Erisoovid')}
        {text('comments', 'Kommentaarid')}
        {text('extraFood', 'Lisatoit')}
        <DialogActions onCancel={onClose} isPending={update.isPending} className="sm:col-span-2">
          <Button type="submit" isPending={update.isPending} isDisabled={!!conflict}>
            Salvesta
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
