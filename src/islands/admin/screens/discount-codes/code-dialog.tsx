/**
 * The add and edit dialogs of a discount code (issue 38), checked in the browser with the API's own schemas
 * (src/lib/discount-codes.ts) and again by the API. Adding: the code, a percentage or an amount per person (a radio
 * chooses which), the editions (none ticked: every edition), the first and last day, the number of uses and a note.
 * Editing: everything but the code and its discount, which bookings carry; a code someone else changed meanwhile is
 * refused and the list reloads. A code that exists already comes back as 409 and is shown under the code.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Controller, type Control, type Resolver } from 'react-hook-form';
import {
  DISCOUNT_CODE_MAX,
  DISCOUNT_CODE_MESSAGES,
  DISCOUNT_CODE_MIN,
  discountCodeCreateSchema,
  discountCodeEditSchema,
  discountText,
  type DiscountCodeCreate,
  type DiscountCodeCreateInput,
  type DiscountCodeEdit,
  type DiscountCodeEditInput,
  type DiscountCodeItem,
} from '../../../../lib/discount-codes';
import { formatDate } from '../../../../lib/format';
import { ApiRequestError, hasErrorCode } from '../../../api/client';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast } from '../../../toast';
import { useCreateDiscountCode, useUpdateDiscountCode } from '../../api/discount-codes';
import { useRetreatOptions } from '../../api/retreats';
import { writeForm } from '../../form-write';
import { Button } from '../../ui/button';
import { DatePickerField } from '../../ui/date-picker';
import { Facts } from '../../ui/detail-parts';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-fields';
import { QueryView } from '../../ui/states';
import { CheckboxListField, RadioChoiceField, type CheckboxChoice } from '../../ui/choices';
import { usesText } from './texts';

type Kind = 'percent' | 'amount';
const KINDS = [
  { value: 'percent', label: 'Protsent' },
  { value: 'amount', label: 'Summa inimese kohta' },
] as const;

/** What adding and editing share. */
type CommonInput = Pick<DiscountCodeEditInput, 'retreatIds' | 'validFrom' | 'validUntil' | 'maxUses' | 'note'>;

export function AddDiscountCodeDialog({ onClose }: { onClose: () => void }) {
  const [kind, setKind] = useState<Kind>('percent');
  const kindNow = useRef(kind);
  kindNow.current = kind;
  const base = zodResolver(discountCodeCreateSchema);
  // The schema names a missing discount under `percent`; with "Summa inimese kohta" chosen it belongs under the amount.
  const resolver: Resolver<DiscountCodeCreateInput, unknown, DiscountCodeCreate> = async (values, context, options) => {
    const result = await base(values, context, options);
    if (kindNow.current === 'amount' && result.errors.percent) {
      const { percent, ...others } = result.errors;
      return { values: {}, errors: { ...others, amountPerPerson: percent } };
    }
    return result;
  };
  const { control, getValues, setValue, clearErrors, formProps, showFieldIssues } = useValidatedForm<DiscountCodeCreateInput, DiscountCodeCreate>({
    resolver,
    defaultValues: { code: '', percent: '', amountPerPerson: '', retreatIds: [], validFrom: null, validUntil: null, maxUses: '', note: '' },
  });
  const create = useCreateDiscountCode();
  const title = 'Lisa sooduskood';

  const choose = (next: Kind) => {
    setKind(next);
    // Only the chosen kind is sent: the other one's text goes, and with it any message about it.
    setValue(next === 'percent' ? 'amountPerPerson' : 'percent', '');
    clearErrors(['percent', 'amountPerPerson']);
  };

  const onValid = async () => {
    const saved = await writeForm(() => create.mutateAsync(getValues()), 'Sooduskoodi lisamine ebaõnnestus', showFieldIssues);
    if (!saved.ok) {
      // The API names the field itself; should it not, the code is still where the message belongs.
      const named = saved.error instanceof ApiRequestError && saved.error.details.some((d) => d.path === 'code');
      if (hasErrorCode(saved.error, 'discount_code_taken') && !named) showFieldIssues([{ path: 'code', message: DISCOUNT_CODE_MESSAGES.codeTaken }]);
      return;
    }
    toast({ title: DISCOUNT_CODE_MESSAGES.created, description: saved.value.code });
    onClose();
  };

  return (
    <AppDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} size="lg" isDismissable={!create.isPending}>
      <form {...formProps(onValid)} className="grid gap-5 sm:grid-cols-2" aria-label={title} data-discount-code-form>
        <FormTextField
          control={control}
          name="code"
          label="Kood"
          isRequired
          autoFocus
          autoComplete="off"
          description={`Tähed ja numbrid (${DISCOUNT_CODE_MIN}–${DISCOUNT_CODE_MAX} märki); suur- ja väiketähti ei eristata.`}
        />
        <div className="flex flex-col gap-3">
          <RadioChoiceField label="Soodustuse liik" value={kind} options={KINDS} onChange={choose} />
          {kind === 'percent' ? (
            <FormTextField control={control} name="percent" label="Soodustus (%)" inputMode="numeric" isRequired description="Täisarv 1–100." />
          ) : (
            <FormTextField
              control={control}
              name="amountPerPerson"
              label="Summa inimese kohta (€)"
              inputMode="decimal"
              isRequired
              description="Iga inimese hinnast maha."
            />
          )}
        </div>
        <CommonFields control={control as unknown as Control<CommonInput>} />
        <DialogActions onCancel={onClose} isPending={create.isPending} className="sm:col-span-2">
          <Button type="submit" isPending={create.isPending}>
            Lisa sooduskood
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

export function EditDiscountCodeDialog({ code, onClose }: { code: DiscountCodeItem; onClose: () => void }) {
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<DiscountCodeEditInput, DiscountCodeEdit>({
    resolver: zodResolver(discountCodeEditSchema),
    defaultValues: {
      version: code.version,
      retreatIds: code.retreats?.map((r) => r.id) ?? [],
      validFrom: code.validFrom,
      validUntil: code.validUntil,
      maxUses: code.maxUses === null ? '' : String(code.maxUses),
      note: code.note ?? '',
    },
  });
  const update = useUpdateDiscountCode(code.id);
  const title = `Muuda sooduskoodi ${code.code}`;

  const onValid = async () => {
    const saved = await writeForm(() => update.mutateAsync(getValues()), 'Sooduskoodi salvestamine ebaõnnestus', showFieldIssues);
    if (!saved.ok) {
      // Someone changed or ended it meanwhile: the list has reloaded, and the dialog would only send the old version again.
      if (hasErrorCode(saved.error, 'discount_code_changed') || hasErrorCode(saved.error, 'discount_code_ended')) onClose();
      return;
    }
    toast({ title: DISCOUNT_CODE_MESSAGES.saved, description: saved.value.code });
    onClose();
  };

  return (
    <AppDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} size="lg" isDismissable={!update.isPending}>
      <form {...formProps(onValid)} className="grid gap-5 sm:grid-cols-2" aria-label={title} data-discount-code-form>
        <div className="sm:col-span-2">
          <Facts
            items={[
              ['Kood', code.code],
              ['Soodustus', discountText(code)],
              ['Kasutatud', usesText(code)],
              ['Lisatud', formatDate(code.createdAt)],
            ]}
          />
          <p className="mt-3 text-sm text-ink-600">Koodi ja soodustust ei saa muuta: broneeringud kannavad neid.</p>
        </div>
        <CommonFields control={control as unknown as Control<CommonInput>} chosen={code.retreats ?? []} />
        <DialogActions onCancel={onClose} isPending={update.isPending} className="sm:col-span-2">
          <Button type="submit" isPending={update.isPending}>
            Salvesta
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}

/** The editions, the days, the number of uses and the note. `chosen`: editions already on the code (listed even if old). */
function CommonFields({ control, chosen = [] }: { control: Control<CommonInput>; chosen?: readonly { id: number; name: string }[] }) {
  const day = (name: 'validFrom' | 'validUntil', label: string, description: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePickerField
          label={label}
          value={field.value ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          description={description}
          errorMessage={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <>
      <div className="sm:col-span-2">
        <RetreatChoice control={control} chosen={chosen} />
      </div>
      {day('validFrom', 'Kehtib alates', 'Tühi: kehtib kohe.')}
      {day('validUntil', 'Kehtib kuni (k.a)', 'Tallinna aja järgi kuni 23.59. Tühi: tähtajatu.')}
      <FormTextField
        control={control}
        name="maxUses"
        label="Kasutuskordi kokku"
        inputMode="numeric"
        description="Mitu broneeringut saab koodi kasutada. Tühi: piiramatu."
      />
      <FormTextField
        control={control}
        name="note"
        label="Märkus"
        multiline
        className="sm:col-span-2"
        description="Näha ainult halduses (nt kellele kood anti)."
        maxLength={500}
      />
    </>
  );
}

function RetreatChoice({ control, chosen }: { control: Control<CommonInput>; chosen: readonly { id: number; name: string }[] }) {
  const retreats = useRetreatOptions();
  return (
    <QueryView query={retreats} loading="Retriitide laadimine..." failed="Retriitide laadimine ebaõnnestus">
      {(items) => {
        const options: CheckboxChoice[] = items.map((r) => ({
          id: r.id,
          label: r.name,
          detail: r.startDate ? `${formatDate(r.startDate)}${r.endDate ? ` – ${formatDate(r.endDate)}` : ''}` : undefined,
        }));
        for (const r of chosen) if (!options.some((o) => o.id === r.id)) options.push({ id: r.id, label: r.name });
        return (
          <Controller
            control={control}
            name="retreatIds"
            render={({ field, fieldState }) => (
              <CheckboxListField
                label="Retriidid"
                name={field.name}
                options={options}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                description="Ühtegi valimata: kood kehtib kõigil retriitidel."
                errorMessage={fieldState.error?.message}
              />
            )}
          />
        );
      }}
    </QueryView>
  );
}
