/**
 * One person's travel details (issue "Guest portal"): the shared schema's rules and messages (checked here on submit
 * and again by the API), saved as given so it can be completed over several visits, with the passport warning live.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDate } from '../../lib/format';
import type { MyBookingDetail, TravellerView } from '../../lib/portal';
import { FOOD_ALLERGIES_HINT, HEALTH_ALLERGIES_HINT, passportWarning, savedTravellerText, TRAVEL_FIELD_LABELS as L, type TravelDetails } from '../../lib/travel-details';
import { ApiRequestError } from '../api/client';
import { Field } from '../forms/field';
import { portalValidation } from '../forms/lazy-portal-validation';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { portalApi, portalKeys } from './portal-api';

type Values = Record<keyof TravelDetails, string>;

const toValues = (details: TravelDetails): Values =>
  Object.fromEntries(Object.entries(details).map(([key, value]) => [key, value ?? ''])) as Values;

interface TravellerFormProps {
  bookingId: number;
  person: TravellerView;
  retreatEnd: string | null;
  editable: boolean;
  /** The server's day, so the form and the API agree on "future" and "expired". */
  today: string;
}

export function TravellerForm({ bookingId, person, retreatEnd, editable, today }: TravellerFormProps) {
  const uid = useId();
  const queryClient = useQueryClient();
  const { register, watch, reset, formProps, showFieldIssues, formState } = useValidatedForm<Values>({
    defaultValues: toValues(person.details),
    resolver: portalValidation.resolver<Values>((chunk) => chunk.travelDetailsResolver(today)),
    preload: portalValidation.preload,
  });
  const errors = formState.errors;
  const warning = passportWarning(watch('passportExpiry') || null, retreatEnd);
  const titleId = `${uid}title`;

  const onValid = async (values: Values) => {
    try {
      const { person: saved } = await portalApi.saveTraveller(bookingId, person.position, values);
      reset(toValues(saved.details));
      queryClient.setQueryData<{ booking: MyBookingDetail }>(portalKeys.booking(bookingId), (old) =>
        old ? { booking: { ...old.booking, people: old.booking.people.map((p) => (p.position === saved.position ? saved : p)) } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: portalKeys.bookings });
      toast({ title: 'Andmed salvestatud', description: savedTravellerText(saved) });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'validation_failed' && showFieldIssues(error.details).length > 0) return;
      toastError('Salvestamine ebaõnnestus', error);
    }
  };

  const text = (name: keyof Values, options: { type?: string; autoComplete?: string; hint?: string; className?: string } = {}) => (
    <Field id={`${uid}${name}`} label={L[name]} error={errors[name]?.message} hint={options.hint} className={options.className}>
      {(a11y) => <input {...a11y} {...register(name)} type={options.type ?? 'text'} autoComplete={options.autoComplete ?? 'off'} className="field-input" />}
    </Field>
  );
  const area = (name: keyof Values, hint?: string) => (
    <Field id={`${uid}${name}`} label={L[name]} error={errors[name]?.message} hint={hint}>
      {(a11y) => <textarea {...a11y} {...register(name)} rows={2} maxLength={1000} className="field-input" />}
    </Field>
  );

  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-sand-200 p-4 sm:p-5">
      <h4 id={titleId} className="text-lg font-semibold text-ink-900">
        {person.name} <span className="font-normal text-ink-600">· {person.role === 'main' ? 'broneerija' : 'kaasreisija'}</span>
      </h4>
      <p className="mt-1 text-sm" data-testid="traveller-status">
        {person.complete ? (person.passportWarning ? 'Täidetud, pass tuleb uuendada' : 'Täidetud') : `Puudu: ${person.missing.map((field) => L[field].toLowerCase()).join(', ')}`}
        {person.updatedAt && <span className="text-ink-600"> · salvestatud {formatDate(person.updatedAt)}</span>}
      </p>
      {person.healthErasedAt && <p className="mt-1 text-sm text-ink-600">Terviseandmed kustutati {formatDate(person.healthErasedAt)}.</p>}
      <form {...formProps(onValid)} aria-labelledby={titleId} className="mt-4">
        <fieldset disabled={!editable} className="grid gap-4 sm:grid-cols-2">
          {text('dateOfBirth', { type: 'date', autoComplete: person.role === 'main' ? 'bday' : 'off' })}
          {text('nationality')}
          {text('passportNumber')}
          <div>
            {text('passportExpiry', { type: 'date' })}
            <div aria-live="polite">
              {warning && (
                <p role="note" className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
                  {warning}
                </p>
              )}
            </div>
          </div>
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <legend className="mb-2 font-semibold text-ink-900">Hädaabikontakt</legend>
            {text('emergencyName', { hint: undefined })}
            {text('emergencyPhone', { type: 'tel' })}
            {text('emergencyRelationship')}
          </fieldset>
          <div className="sm:col-span-2">{area('dietary')}</div>
          <div className="sm:col-span-2">{area('foodAllergies', FOOD_ALLERGIES_HINT)}</div>
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-2 font-semibold text-ink-900">Lennud (valikuline)</legend>
            {text('arrivalFlight', { hint: 'nt QR 962' })}
            {text('arrivalAt', { type: 'datetime-local' })}
            {text('departureFlight')}
            {text('departureAt', { type: 'datetime-local' })}
            <Field id={`${uid}pickupNeeded`} label={L.pickupNeeded} error={errors.pickupNeeded?.message}>
              {(a11y) => (
                <select {...a11y} {...register('pickupNeeded')} className="field-input">
                  <option value="">Ei oska veel öelda</option>
                  <option value="yes">Jah</option>
                  <option value="no">Ei</option>
                </select>
              )}
            </Field>
          </fieldset>
          <fieldset className="grid gap-4 sm:col-span-2">
            <legend className="mb-2 font-semibold text-ink-900">Tervis (valikuline)</legend>
            {area('healthConditions')}
            {area('healthMedications')}
            {area('healthAllergies', HEALTH_ALLERGIES_HINT)}
          </fieldset>
          {editable && (
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary">
                {formState.isSubmitting ? 'Salvestan...' : 'Salvesta andmed'}
                <span className="sr-only">: {person.name}</span>
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </article>
  );
}
