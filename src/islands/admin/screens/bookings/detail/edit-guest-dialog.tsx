/**
 * The guest's data, editable from the booking (otherwise a passport number could never be entered): the fields of
 * the spec's guest section plus the guest form's emergency contact and health information, with the shared rules.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldPath } from 'react-hook-form';
import { type BookingDetail } from '../../../../../lib/admin/booking-views';
import { guestEditSchema, type GuestEdit, type GuestEditInput } from '../../../../../lib/admin/bookings';
import { useValidatedForm } from '../../../../forms/use-validated-form';
import { toast } from '../../../../toast';
import { useUpdateGuest } from '../../../api/bookings';
import { useGuestHealth } from '../../../api/travellers';
import { writeForm } from '../../../form-write';
import { FormTextField } from '../../../ui/form-fields';
import { ErrorState, LoadingState } from '../../../ui/states';
import { Button } from '../../../ui/button';
import { DatePickerField } from '../../../ui/date-picker';
import { AppDialog, DialogActions } from '../../../ui/dialog';
import { TextInputField } from '../../../ui/text-field';

type Guest = NonNullable<BookingDetail['guest']>;

const valuesOf = (g: Guest): GuestEditInput => ({
  firstName: g.firstName,
  lastName: g.lastName,
  dateOfBirth: g.dateOfBirth ?? null,
  email: g.email ?? '',
  phone: g.phone ?? '',
  nationality: g.nationality ?? '',
  passportNumber: g.passportNumber ?? '',
  dietaryPreferences: g.dietaryPreferences,
  emergencyContact: { name: g.emergencyContact?.name ?? '', phone: g.emergencyContact?.phone ?? '', relationship: g.emergencyContact?.relationship ?? '' },
  healthInfo: { medicalConditions: '', medications: '', allergies: '' },
});

/**
 * The dialog edits the whole guest record, health information included: opening it is asking for that information
 * (one audited read), so the form starts only once it has arrived and a save never clears it by not knowing it.
 */
export function EditGuestDialog({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const health = useGuestHealth(String(booking.id), booking.guest!.hasHealthInfo);
  const title = 'Muuda külalise andmeid';
  if (booking.guest!.hasHealthInfo && !health.isSuccess) {
    return (
      <AppDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
        {health.isError ? (
          <ErrorState text="Terviseinfo laadimine ebaõnnestus" detail={health.error.message} onRetry={() => void health.refetch()} />
        ) : (
          <LoadingState text="Külalise andmete laadimine..." />
        )}
      </AppDialog>
    );
  }
  const info = health.data ?? null;
  const initial = { ...valuesOf(booking.guest!), healthInfo: { medicalConditions: info?.medicalConditions ?? '', medications: info?.medications ?? '', allergies: info?.allergies ?? '' } };
  return <GuestForm booking={booking} initial={initial} onClose={onClose} />;
}

function GuestForm({ booking, initial, onClose }: { booking: BookingDetail; initial: GuestEditInput; onClose: () => void }) {
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<GuestEditInput, GuestEdit>({
    resolver: zodResolver(guestEditSchema),
    defaultValues: initial,
  });
  const update = useUpdateGuest(String(booking.id));

  const onValid = async () => {
    const saved = await writeForm(() => update.mutateAsync(getValues()), 'Külalise andmete salvestamine ebaõnnestus', showFieldIssues);
    if (!saved.ok) return;
    toast({ title: 'Edukalt salvestatud' });
    onClose();
  };

  const text = (name: FieldPath<GuestEditInput>, label: string, options: { type?: 'email' | 'tel'; required?: boolean; multiline?: boolean } = {}) => (
    <FormTextField control={control} name={name} label={label} type={options.type} multiline={options.multiline} rows={2} isRequired={options.required} />
  );

  return (
    <AppDialog title="Muuda külalise andmeid" isOpen onOpenChange={(open) => !open && onClose()} size="lg" isDismissable={!update.isPending}>
      <form {...formProps(onValid)} className="grid gap-5 sm:grid-cols-2" aria-label="Muuda külalise andmeid">
        {text('firstName', 'Eesnimi', { required: true })}
        {text('lastName', 'Perekonnanimi', { required: true })}
        <Controller
          control={control}
          name="dateOfBirth"
          render={({ field, fieldState }) => <DatePickerField label="Sünnikuupäev" value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} errorMessage={fieldState.error?.message} name={field.name} inputRef={field.ref} />}
        />
        {text('email', 'E-post', { type: 'email' })}
        {text('phone', 'Telefon', { type: 'tel' })}
        {text('nationality', 'Rahvus')}
        {text('passportNumber', 'Passi number')}
        <Controller
          control={control}
          name="dietaryPreferences"
          render={({ field, fieldState }) => (
            <TextInputField
              label="Toitumiseelistused"
              description="Komadega eraldatud, nt taimetoit, gluteenivaba."
              value={(field.value ?? []).join(', ')}
              onChange={(text) => field.onChange(text.split(',').map((s) => s.trimStart()))}
              onBlur={() => {
                field.onChange((field.value ?? []).map((s) => s.trim()).filter(Boolean));
                field.onBlur();
              }}
              errorMessage={fieldState.error?.message}
              name={field.name}
            />
          )}
        />
        <fieldset className="grid gap-4 rounded-2xl p-4 ring-1 ring-sand-200 sm:col-span-2 sm:grid-cols-3">
          <legend className="px-1 text-sm font-semibold">Hädaabikontakt</legend>
          {text('emergencyContact.name', 'Nimi')}
          {text('emergencyContact.phone', 'Telefon', { type: 'tel' })}
          {text('emergencyContact.relationship', 'Seos')}
        </fieldset>
        <fieldset className="grid gap-4 rounded-2xl p-4 ring-1 ring-sand-200 sm:col-span-2">
          <legend className="px-1 text-sm font-semibold">Terviseinfo</legend>
          {text('healthInfo.medicalConditions', 'Terviseseisund', { multiline: true })}
          {text('healthInfo.medications', 'Ravimid', { multiline: true })}
          {text('healthInfo.allergies', 'Allergiad', { multiline: true })}
        </fieldset>
        <DialogActions onCancel={onClose} isPending={update.isPending} className="sm:col-span-2">
          <Button type="submit" isPending={update.isPending}>
            Salvesta
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
