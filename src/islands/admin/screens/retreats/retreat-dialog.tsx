/**
 * The add and edit dialogs of a retreat (admin spec sections 2 and 5): every field; empty dates and prices are saved
 * as null, prices are typed as decimals and stored as exact cents; plus the number of places (issue "Back office III"),
 * the room types' supplements, the minimum number of participants and when registration closes (issue "Sell"); the
 * early-bird price and its last day (issue 38).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldPath } from 'react-hook-form';
import { retreatFormSchema, type RetreatForm, type RetreatFormInput, type RetreatItem } from '../../../../lib/admin/retreats';
import { centsToInput } from '../../../../lib/money-text';
import { MIN_PARTICIPANTS, REGISTRATION_CLOSES_DAYS_BEFORE } from '../../../../lib/retreat-editions';
import { BALANCE_DUE_DAYS_BEFORE } from '../../../../lib/payment-rules';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast } from '../../../toast';
import { useSaveRetreat } from '../../api/retreats';
import { writeForm } from '../../form-write';
import { Button } from '../../ui/button';
import { DatePickerField } from '../../ui/date-picker';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-fields';

const valuesOf = (r: RetreatItem | null): RetreatFormInput => ({
  name: r?.name ?? '',
  location: r?.location ?? '',
  description: r?.description ?? '',
  startDate: r?.startDate ?? null,
  endDate: r?.endDate ?? null,
  arrivalDate: r?.arrivalDate ?? null,
  departureDate: r?.departureDate ?? null,
  basePrice: centsToInput(r?.basePriceCents),
  price: centsToInput(r?.priceCents),
  earlyBirdPrice: centsToInput(r?.earlyBirdPriceCents),
  earlyBirdUntil: r?.earlyBirdUntil ?? null,
  capacity: r?.capacity === null || r?.capacity === undefined ? '' : String(r.capacity),
  singleRoomSupplement: centsToInput(r?.singleRoomSupplementCents ?? 0),
  sharedRoomSupplement: centsToInput(r?.sharedRoomSupplementCents ?? 0),
  minParticipants: String(r?.minParticipants ?? MIN_PARTICIPANTS),
  registrationClosesDaysBefore: String(r?.registrationClosesDaysBefore ?? REGISTRATION_CLOSES_DAYS_BEFORE),
  decisionOn: r?.decisionOn ?? null,
});

/** `retreat` null: add a new one. */
export function RetreatDialog({ retreat, onClose }: { retreat: RetreatItem | null; onClose: () => void }) {
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<RetreatFormInput, RetreatForm>({
    resolver: zodResolver(retreatFormSchema),
    defaultValues: valuesOf(retreat),
  });
  const save = useSaveRetreat();
  const title = retreat ? 'Muuda retriiti' : 'Lisa uus retriit';

  const onValid = async () => {
    const saved = await writeForm(
      () => save.mutateAsync({ id: retreat?.id, values: getValues() }),
      retreat ? 'Retriidi uuendamine ebaõnnestus' : 'Retriidi lisamine ebaõnnestus',
      showFieldIssues,
    );
    if (!saved.ok) return;
    toast({ title: retreat ? 'Retriit uuendatud' : 'Retriit lisatud' });
    onClose();
  };

  const text = (
    name: FieldPath<RetreatFormInput>,
    label: string,
    options: { multiline?: boolean; decimal?: boolean; numeric?: boolean; required?: boolean; description?: string } = {},
  ) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      multiline={options.multiline}
      inputMode={options.decimal ? 'decimal' : options.numeric ? 'numeric' : undefined}
      isRequired={options.required}
      description={options.description}
      className={options.multiline ? 'sm:col-span-2' : ''}
    />
  );

  const day = (name: 'startDate' | 'endDate' | 'arrivalDate' | 'departureDate' | 'decisionOn' | 'earlyBirdUntil', label: string, description?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePickerField
          label={label}
          value={field.value ?? null}
          onChange={field.onChange}
          inputRef={field.ref}
          description={description}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <AppDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} size="lg" isDismissable={!save.isPending}>
      <form {...formProps(onValid)} className="grid gap-5 sm:grid-cols-2" aria-label={title}>
        {text('name', 'Nimi', { required: true })}
        {text('location', 'Asukoht')}
        {text('description', 'Kirjeldus', { multiline: true })}
        {day('startDate', 'Alguskuupäev')}
        {day('endDate', 'Lõppkuupäev')}
        {day('arrivalDate', 'Saabumise kuupäev')}
        {day('departureDate', 'Lahkumise kuupäev')}
        {text('price', 'Hind inimese kohta (€)', { decimal: true, description: 'Müüki avaldamiseks kohustuslik.' })}
        {text('earlyBirdPrice', 'Varajase broneerija hind inimese kohta (€)', { decimal: true, description: 'Tühi: varajase broneerija hinda ei ole.' })}
        {day('earlyBirdUntil', 'Varajase broneerija hind kehtib kuni (k.a)', 'Tallinna aja järgi kuni 23.59.')}
        {text('basePrice', 'Baashind (€)', { decimal: true, description: 'Läbikriipsutatud tavahind broneerimisvormis.' })}
        {text('singleRoomSupplement', 'Ühekohalise toa lisatasu inimese kohta (€)', { decimal: true, description: 'Tühi või 0: hinnas.' })}
        {text('sharedRoomSupplement', 'Jagatud toa lisatasu inimese kohta (€)', { decimal: true, description: 'Tühi või 0: hinnas.' })}
        {text('capacity', 'Kohtade arv', { numeric: true, description: 'Tühi: kohtade arv ei ole piiratud.' })}
        {text('minParticipants', 'Osalejate miinimum', { numeric: true, description: 'Tingimuste järgi 8.' })}
        {text('registrationClosesDaysBefore', 'Registreerimine sulgub (päeva enne algust)', { numeric: true, description: 'Tallinna aja järgi; vaikimisi 4.' })}
        {day('decisionOn', 'Toimumise otsuse päev', `Tühi: lõppmakse päev (${BALANCE_DUE_DAYS_BEFORE} päeva enne algust).`)}
        <DialogActions onCancel={onClose} isPending={save.isPending} className="sm:col-span-2">
          <Button type="submit" isPending={save.isPending}>
            {retreat ? 'Salvesta' : 'Lisa retriit'}
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
