/**
 * /admin/bookings/new (admin spec sections 2, 4, 5, 9): a booking for an existing guest. The client is chosen through
 * a combobox that searches on the server; a retreat (optional) fills the dates; the calendar refuses past days; the
 * total is nights × the nightly rate from the shared rule, which the API recomputes (it never trusts this one).
 */
import { useEffect, useMemo, useState } from 'react';
import { Controller, type FieldErrors } from 'react-hook-form';
import type { AdminBookingCreate, AdminBookingCreateInput } from '../../../../lib/admin/bookings';
import { paymentStatusLabel, roomTypeLabel } from '../../../../lib/labels';
import { ADMIN_PAYMENT_STATUSES, ADMIN_ROOM_TYPES, NIGHTLY_RATE_CENTS } from '../../../../lib/admin/room-rates';
import { SCHEDULE_PART_LABELS } from '../../../../lib/payment-schedule';
import { formatDate, formatMoney, tallinnDay } from '../../../../lib/format';
import { lazyValidation } from '../../../forms/lazy-validation';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast, toastError } from '../../../toast';
import { useCreateBooking, useGuestOptions } from '../../api/bookings';
import { useRetreatOptions } from '../../api/retreats';
import { writeForm } from '../../form-write';
import { ApiRequestError } from '../../../api/client';
import { navigate } from '../../router';
import { AppLink, BACK_TO_BOOKINGS, ScreenHeader } from '../../shell';
import { Button } from '../../ui/button';
import { AsyncComboBox } from '../../ui/combobox';
import { DatePickerField } from '../../ui/date-picker';
import { FormSelectField, FormTextField } from '../../ui/form-fields';
import { optionsOf, SelectField } from '../../ui/select';
import { useDebounced } from '../../use-debounced';
import { useErrorToast } from '../../use-error-toast';
import { lazyComponent } from '../../../lazy-component';

const NO_RETREAT = 'none';
/** The shared schema and its resolver load on the form's first focus or submit (./new-validation). */
const validation = lazyValidation(() => import('./new-validation'));
const GUEST_SEARCH_DELAY_MS = 250;
/** Asked only when the API answers that the edition has no places left. */
const OverPlacesPrompt = lazyComponent(() => import('../../ui/over-places-prompt').then((m) => m.OverPlacesPrompt));

/**
 * The price rules (the payment plans and the site's settings behind them) load on the form's first focus, or once a
 * room type is chosen: before that there is nothing to price. A chunk that fails to load goes to the screen's error
 * boundary, as a lazily loaded component's does.
 */
type Pricing = typeof import('./new-pricing');
let pricing: Pricing | null = null;
let pricingLoad: Promise<Pricing> | null = null;
const loadPricing = () =>
  (pricingLoad ??= import('./new-pricing').then(
    (module) => (pricing = module),
    (error: unknown) => {
      pricingLoad = null;
      throw error;
    },
  ));

function usePricing(wanted: boolean): Pricing | null {
  const [, setLoaded] = useState(pricing);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (wanted && !pricing) loadPricing().then(setLoaded, (error: unknown) => setFailed({ error }));
  }, [wanted]);
  if (failed) throw failed.error;
  return pricing;
}

export default function NewBooking() {
  const today = tallinnDay();
  const resolver = useMemo(() => validation.resolver<AdminBookingCreateInput, AdminBookingCreate>((v) => v.newBookingResolver(today)), [today]);
  const { control, setValue, watch, formState, getValues, formProps, showFieldIssues } = useValidatedForm<AdminBookingCreateInput, AdminBookingCreate>({
    resolver,
    preload: () => {
      void validation.preload();
      loadPricing().catch(() => undefined);
    },
    defaultValues: { guestId: '', retreatId: null, checkInDate: '', checkOutDate: '', roomType: undefined, paymentStatus: 'pending', paymentPlan: '', specialRequests: '', adminNotes: '' },
  });
  const [guestText, setGuestText] = useState('');
  const guestQuery = useDebounced(guestText, GUEST_SEARCH_DELAY_MS);
  const guests = useGuestOptions(guestQuery);
  const retreats = useRetreatOptions();
  const create = useCreateBooking();

  useErrorToast('Külaliste laadimine ebaõnnestus', guests.error);

  const [roomType, checkIn, checkOut, retreatId, paymentPlan] = watch(['roomType', 'checkInDate', 'checkOutDate', 'retreatId', 'paymentPlan']);
  const retreat = retreats.data?.find((r) => r.id === retreatId) ?? null;
  // On an edition with a price, the edition's price on a plan (as a visitor's request); else the stay's nights.
  const rules = usePricing(Boolean(roomType));
  const price = rules && roomType && checkIn && checkOut ? rules.adminBookingPrice(retreat, { roomType, checkInDate: checkIn, checkOutDate: checkOut, paymentPlan: paymentPlan || null }, today) : null;
  const total = price?.kind === 'stay' ? price : null;
  const rate = roomType ? NIGHTLY_RATE_CENTS[roomType] : null;

  // Checked here with the shared schema; sent as typed, and the API checks it again and computes the total itself.
  // An edition without places for the guest is asked about, and booked past its places only if the admin says so.
  const [full, setFull] = useState<string | null>(null);
  const onValid = async (overrideCapacity = false) => {
    setFull(null);
    const saved = await writeForm(() => create.mutateAsync({ ...getValues(), ...(overrideCapacity ? { overrideCapacity: true } : {}) }), 'Viga broneeringu loomisel', showFieldIssues);
    if (!saved.ok) {
      if (saved.error instanceof ApiRequestError && saved.error.code === 'retreat_full') setFull(saved.error.message);
      return;
    }
    toast({ title: 'Broneering loodud' });
    navigate('/admin/bookings');
  };
  // The spec's one message for any missing required field, as a toast (focus goes to the first field in error).
  const onInvalid = (errors: FieldErrors<AdminBookingCreateInput>) => {
    const first = Object.values(errors)[0];
    if (first?.message) toastError(first.message);
  };

  const allGuestItems = (guests.data ?? []).map((g) => ({ id: g.id, label: `${g.firstName} ${g.lastName}`, description: [g.email, g.phone].filter(Boolean).join(' · ') }));
  // While the answer for the text as typed is on its way, the last answer stays on screen: narrowed to what still
  // matches, so a quick Enter never picks a client the text no longer describes.
  const answered = guestQuery === guestText && !guests.isPlaceholderData;
  const typed = guestText.trim().toLocaleLowerCase('et');
  const guestItems = answered
    ? allGuestItems
    : allGuestItems.filter((g) => `${g.label} ${g.description}`.toLocaleLowerCase('et').includes(typed));

  return (
    <>
      <ScreenHeader title="Uus broneering" intro="Broneering olemasolevale kliendile." back={BACK_TO_BOOKINGS} />

      <form {...formProps(() => onValid(), onInvalid)} className="card mt-8 grid gap-6 md:grid-cols-2" aria-label="Uus broneering">
        <div className="md:col-span-2">
          <Controller
            control={control}
            name="guestId"
            render={({ field, fieldState }) => (
              <AsyncComboBox
                label="Klient"
                items={guestItems}
                inputValue={guestText}
                onInputChange={setGuestText}
                selectedKey={field.value || null}
                onSelectionChange={(id) => {
                  field.onChange(id ?? '');
                  const chosen = guestItems.find((g) => g.id === id);
                  if (chosen) setGuestText(chosen.label);
                }}
                onBlur={field.onBlur}
                isLoading={guests.isFetching}
                emptyText={guestText ? 'Sellise nime või e-postiga klienti ei leitud' : 'Kirjutage nimi või e-post'}
                placeholder="Otsi nime või e-posti järgi"
                description="Otsib olemasolevate külaliste seast."
                errorMessage={fieldState.error?.message}
                isRequired
                name={field.name}
                inputRef={field.ref}
              />
            )}
          />
        </div>

        <Controller
          control={control}
          name="retreatId"
          render={({ field, fieldState }) => (
            <SelectField
              label="Retriit"
              value={field.value ? String(field.value) : NO_RETREAT}
              options={[{ value: NO_RETREAT, label: 'Ilma retriidita' }, ...(retreats.data ?? []).map((r) => ({ value: String(r.id), label: `${r.name} (${formatDate(r.startDate)})` }))]}
              onChange={(value) => {
                const retreat = retreats.data?.find((r) => String(r.id) === value);
                field.onChange(retreat ? retreat.id : null);
                // A retreat fills its dates (past ones stay for the admin to change: the calendar refuses them).
                const from = retreat?.arrivalDate ?? retreat?.startDate;
                const to = retreat?.departureDate ?? retreat?.endDate;
                if (from) setValue('checkInDate', from.slice(0, 10), { shouldValidate: formState.isSubmitted });
                if (to) setValue('checkOutDate', to.slice(0, 10), { shouldValidate: formState.isSubmitted });
              }}
              description="Valikuline: täidab kuupäevad."
              errorMessage={fieldState.error?.message}
              name={field.name}
              inputRef={field.ref}
            />
          )}
        />

        <FormSelectField
          control={control}
          name="roomType"
          label="Majutuse tüüp"
          options={optionsOf(ADMIN_ROOM_TYPES, (type) => `${roomTypeLabel(type)} (${formatMoney(NIGHTLY_RATE_CENTS[type])} öö)`)}
          isRequired
        />

        <Controller
          control={control}
          name="checkInDate"
          render={({ field, fieldState }) => (
            <DatePickerField label="Saabumise kuupäev" value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} minValue={today} errorMessage={fieldState.error?.message} isRequired name={field.name} inputRef={field.ref} />
          )}
        />
        <Controller
          control={control}
          name="checkOutDate"
          render={({ field, fieldState }) => (
            <DatePickerField label="Lahkumise kuupäev" value={field.value || null} onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} minValue={checkIn || today} errorMessage={fieldState.error?.message} isRequired name={field.name} inputRef={field.ref} />
          )}
        />

        <Controller
          control={control}
          name="paymentStatus"
          render={({ field }) => (
            <SelectField label="Makse staatus" value={field.value ?? 'pending'} options={ADMIN_PAYMENT_STATUSES.map((s) => ({ value: s, label: paymentStatusLabel(s) }))} onChange={field.onChange} name={field.name} inputRef={field.ref} />
          )}
        />

        {price?.kind === 'edition' && rules && (
          <Controller
            control={control}
            name="paymentPlan"
            render={({ field, fieldState }) => (
              <SelectField
                label="Maksmise viis"
                value={price.quote.plan}
                options={price.offered.map((plan) => ({ value: plan, label: rules.PAYMENT_PLAN_LABELS[plan] }))}
                onChange={field.onChange}
                description="Retriidi hinnakirja järgi, nagu külastaja taotlusel."
                errorMessage={fieldState.error?.message}
                name={field.name}
                inputRef={field.ref}
              />
            )}
          />
        )}

        <div className="rounded-2xl bg-lagoon-50 p-4 text-lagoon-900 md:self-end" aria-live="polite" data-computed-total>
          <p className="text-sm">Arvutatud kogusumma</p>
          <p className="font-display text-3xl">{price ? formatMoney(price.kind === 'edition' ? price.quote.totalCents : price.totalCents) : '–'}</p>
          {price?.kind === 'edition' && rules && (
            <ul className="text-sm">
              {price.quote.parts.map((part) => (
                <li key={part.part}>
                  {SCHEDULE_PART_LABELS[part.part]}: {formatMoney(part.amountCents)} hiljemalt {formatDate(part.dueOn)}
                </li>
              ))}
            </ul>
          )}
          {total && rate !== null && (
            <p className="text-sm">
              {total.nights} {total.nights === 1 ? 'öö' : 'ööd'} × {formatMoney(rate)}
            </p>
          )}
        </div>

        <FormTextField control={control} name="specialRequests" label="Erisoovid" multiline className="md:col-span-2" />
        <FormTextField control={control} name="adminNotes" label="Admini märkmed" multiline className="md:col-span-2" />

        {full && (
          <OverPlacesPrompt
            refusal={full}
            question="Kas luua broneering siiski? Retriidil on siis rohkem inimesi kui kohti."
            no="Ära loo"
            yes="Loo siiski"
            onNo={() => setFull(null)}
            onYes={() => void onValid(true)}
            className="md:col-span-2"
          />
        )}

        <div className="flex flex-wrap gap-3 md:col-span-2">
          <Button type="submit" isPending={create.isPending}>
            Loo broneering
          </Button>
          <AppLink href="/admin/bookings" className="btn-outline">
            Loobu
          </AppLink>
        </div>
      </form>
    </>
  );
}
