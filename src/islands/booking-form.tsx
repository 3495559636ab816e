/**
 * The booking form on /broneering (visitor spec sections 2-5 and 8; issue 4). Validated in the browser with the
 * same zod schema POST /api/bookings applies, sent as JSON with one Idempotency-Key per submit attempt.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import {
  BOOKING_DEFAULTS,
  EMPTY_COMPANION,
  EXPERIENCE_LABELS,
  ROOM_TYPE_LABELS,
  TRAVEL_WITH_LABELS,
} from '../lib/booking/form-options';
import { AVAILABILITY_TEXTS } from '../lib/booking/availability';
import type { BookingRequest } from '../lib/booking/schema';
import type { PaymentPlan } from '../lib/payment-plans';
import { choiceLabel, useEditionAvailability } from './booking-availability';
import { ChooseEditionFirst } from './booking-plans-placeholder';
import { ChoiceGroup, Field, FieldError, Honeypot, SubmitButton, useHydrated } from './forms/field';
import { visitorValidation } from './forms/lazy-visitor-validation';
import { EmailField, FirstNameField, LastNameField } from './forms/person-fields';
import { newIdempotencyKey, postJson } from './forms/post-json';
import { useValidatedForm } from './forms/use-validated-form';
import { toast, toastError, Toaster } from './toast';
import { NAME_MAX } from '../lib/validation/limits';
import { AGREEMENT_PATHS, versionPath } from '../lib/agreement-paths';

/** The shared defaults and the discount code (issue 38; empty: none). */
const FORM_DEFAULTS = { ...BOOKING_DEFAULTS, discountCode: '' };
type BookingFormValues = typeof FORM_DEFAULTS;

// Only when no edition takes requests: the page offers the contact form instead (its own chunk, shared with /kontakt).
const ContactForm = lazy(() => import('./contact-form'));
// The price and the plans, with their rules: loaded once the editions are known, not with the form.
const loadPlans = () => import('./booking-plans');
const BookingPlans = lazy(loadPlans);

/** Toast texts, word for word from the spec's error catalogue (section 8). */
export const BOOKING_TOASTS = {
  invalid: { title: 'Viga vormis', description: 'Palun täitke kõik kohustuslikud väljad (*)' },
  sent: {
    title: 'Broneering edukalt salvestatud!',
    description: 'Saatsime Teile kinnitusmeili. Võtame Teiega ühendust 24 tunni jooksul.',
  },
  queued: {
    title: 'Broneering edukalt salvestatud',
    description: 'Broneering on salvestatud, kuid kinnitusmeili saatmisel tekkis viga. Võtame Teiega siiski ühendust.',
  },
  waitingList: {
    title: 'Olete ootejärjekorras',
    description: 'Saatsime Teile kinnitusmeili. Kui retriidil koht vabaneb, võtame Teiega ühendust järjekorra alusel.',
  },
  waitingListQueued: {
    title: 'Olete ootejärjekorras',
    description: 'Taotlus on salvestatud, kuid kinnitusmeili saatmisel tekkis viga. Kui koht vabaneb, võtame Teiega ühendust.',
  },
  failedTitle: 'Viga broneeringu saatmisel',
  failedFallback: 'Palun proovige hiljem uuesti või võtke meiega ühendust.',
} as const;

// The age rule needs the chosen edition's first day: the form's context hands the resolver the editions it offers.
const resolver = visitorValidation.resolver<BookingFormValues, BookingRequest>((v) => v.bookingResolver);
const emptyCompanion = () => ({ ...EMPTY_COMPANION });

export default function BookingForm() {
  const uid = useId();
  const fieldId = (name: string) => `${uid}${name.replace(/\./g, '-')}`;
  const hydrated = useHydrated();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  /** The current attempt's Idempotency-Key: kept for a double click or a retry, dropped when the form changes. */
  const attemptKey = useRef<string | null>(null);
  /** The offered editions' first days, for the age rule (the resolver reads them through the form's context). */
  const editionStarts = useRef<Map<string, string>>(new Map());

  const {
    register,
    control,
    reset,
    watch,
    formProps,
    showFieldIssues,
    formState: { errors, isSubmitting },
    setValue,
  } = useValidatedForm<BookingFormValues, BookingRequest>({ defaultValues: FORM_DEFAULTS, resolver, preload: visitorValidation.preload, context: editionStarts });
  const { fields, append, remove } = useFieldArray({ control, name: 'companions' });
  const withCompanions = useWatch({ control, name: 'travelWith' }) === 'with-companions';
  const availability = useEditionAvailability();
  editionStarts.current = useMemo(() => new Map(availability.editions.map((e) => [e.id, e.startDate])), [availability.editions]);
  const chosenId = useWatch({ control, name: 'retreatMonth' });
  const roomType = useWatch({ control, name: 'roomType' });
  const companionCount = useWatch({ control, name: 'companions' }).length;
  const chosen = availability.editions.find((e) => e.id === chosenId);
  const people = 1 + (withCompanions ? companionCount : 0);
  const plan = useWatch({ control, name: 'paymentPlan' });
  const choosePlan = useCallback((next: PaymentPlan) => setValue('paymentPlan', next), [setValue]);
  useEffect(() => {
    if (availability.editions.length > 0) void loadPlans();
  }, [availability.editions]);
  // Issue 42: the request carries the hashes of the texts the form links (the versions in force today).
  const texts = availability.agreements;
  useEffect(() => {
    if (texts) setValue('agreements', { terms: texts.terms.sha256, waiver: texts.waiver.sha256 });
  }, [texts, setValue]);

  // Choosing "with companions" with nobody listed yet opens one empty companion.
  useEffect(() => {
    if (withCompanions && fields.length === 0) append(emptyCompanion(), { shouldFocus: false });
  }, [withCompanions, fields.length, append]);

  // Any edit makes the next submit a new attempt with a new key.
  useEffect(() => {
    const subscription = watch(() => {
      attemptKey.current = null;
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const onInvalid = () => toastError(BOOKING_TOASTS.invalid.title, BOOKING_TOASTS.invalid.description);

  const onValid = async (booking: BookingRequest) => {
    attemptKey.current ??= newIdempotencyKey();
    const result = await postJson('/api/bookings', { ...booking, website: booking.website ?? '' }, {
      'Idempotency-Key': attemptKey.current,
    });
    if (result.ok) {
      // The spec's two outcomes: saved and confirmed, or saved but the confirmation e-mail did not go out; each also
      // for a place on the waiting list.
      const sent = result.data?.email === 'sent';
      if (result.data?.waitingList) toast(sent ? BOOKING_TOASTS.waitingList : BOOKING_TOASTS.waitingListQueued);
      else toast(sent ? BOOKING_TOASTS.sent : BOOKING_TOASTS.queued);
      reset(FORM_DEFAULTS);
      attemptKey.current = null;
      // The places left have changed.
      availability.refresh();
      return;
    }
    // The edition closed (or filled) since the page loaded: show what is open now.
    if (result.code === 'edition_closed') availability.refresh();
    // A text changed since the page loaded: link the new version and ask for the ticks again.
    if (result.code === 'agreement_text_changed') {
      availability.refresh();
      setValue('termsAccepted', false);
      setValue('waiverAccepted', false);
    }
    toastError(BOOKING_TOASTS.failedTitle, result.message ?? BOOKING_TOASTS.failedFallback);
    showFieldIssues(result.details);
  };

  const removeCompanion = (index: number) => {
    remove(index);
    attemptKey.current = null;
    // The button that had focus is gone: continue from "Lisa kaasreisija".
    addButtonRef.current?.focus();
  };

  const companionErrors = errors.companions;
  const companionsMessage = companionErrors?.message ?? companionErrors?.root?.message;
  // The two required choices among radio buttons, each with its error tied to the group.
  const choiceGroup = (name: 'roomType' | 'travelWith', legend: string, labels: Record<string, string>) => (
    <ChoiceGroup legend={legend} field={register(name)} choices={Object.entries(labels)} errorId={fieldId(`${name}-error`)} error={errors[name]?.message} />
  );

  if (availability.status === 'ready' && availability.editions.length === 0) {
    return (
      <div data-no-open-edition>
        <div role="status" className="rounded-2xl bg-sand-100 p-5">
          <p className="font-semibold text-lagoon-900">{AVAILABILITY_TEXTS.noneOpenTitle}</p>
          <p className="mt-2 text-ink-600">{AVAILABILITY_TEXTS.noneOpenText}</p>
        </div>
        <Suspense fallback={<p className="mt-6 text-ink-600">Laadimine...</p>}>
          <div className="mt-6">
            <ContactForm />
          </div>
        </Suspense>
      </div>
    );
  }

  return (
    <>
      <form {...formProps(onValid, onInvalid)} aria-label="Broneeringu taotlus" className="booking-form">
        <fieldset disabled={!hydrated} className="space-y-8">
          <p className="text-sm text-ink-600">Tärniga (*) märgitud väljad on kohustuslikud.</p>

          <fieldset className="space-y-5">
            <legend className="form-section-title">Teie andmed</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <FirstNameField id={fieldId('firstName')} field={register('firstName')} error={errors.firstName?.message} />
              <LastNameField id={fieldId('lastName')} field={register('lastName')} error={errors.lastName?.message} />
              <Field id={fieldId('birthday')} label="Sünnikuupäev" required error={errors.birthday?.message}>
                {(a11y) => <input {...a11y} {...register('birthday')} type="date" autoComplete="bday" min="1900-01-01" className="field-input" />}
              </Field>
              <EmailField id={fieldId('email')} field={register('email')} error={errors.email?.message} />
              <Field id={fieldId('phone')} label="Telefon" required error={errors.phone?.message}>
                {(a11y) => <input {...a11y} {...register('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={32} className="field-input" />}
              </Field>
            </div>
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="form-section-title">Retriit</legend>
            <Field id={fieldId('retreatMonth')} label="Retriidi aeg" required error={errors.retreatMonth?.message}>
              {(a11y) => (
                <select {...a11y} {...register('retreatMonth')} className="field-input" aria-busy={availability.status === 'loading'}>
                  <option value="">{availability.status === 'loading' ? AVAILABILITY_TEXTS.loading : 'Valige retriidi aeg'}</option>
                  {availability.editions.map((edition) => (
                    <option key={edition.id} value={edition.id}>
                      {choiceLabel(edition)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {availability.status === 'unavailable' && (
              <p role="alert" className="text-sm text-clay-700" data-availability-error>
                {AVAILABILITY_TEXTS.unavailable}
              </p>
            )}
            <p aria-live="polite" className="text-sm text-clay-700" data-waiting-list-note>
              {chosen?.full ? AVAILABILITY_TEXTS.waitingListNote : ''}
            </p>

            {choiceGroup('roomType', 'Toa tüüp', ROOM_TYPE_LABELS)}

            {choiceGroup('travelWith', 'Reisin', TRAVEL_WITH_LABELS)}

            {withCompanions && (
              <div className="space-y-4" data-companions>
                {fields.map((field, index) => {
                  const errs = companionErrors?.[index];
                  const name = (key: string) => `companions.${index}.${key}`;
                  return (
                    <fieldset key={field.id} className="companion">
                      <legend className="companion-title">Kaasreisija {index + 1}</legend>
                      <div className="grid gap-5 sm:grid-cols-2">
                        <Field id={fieldId(name('firstName'))} label="Eesnimi" required error={errs?.firstName?.message}>
                          {(a11y) => <input {...a11y} {...register(`companions.${index}.firstName`)} type="text" autoComplete="off" maxLength={NAME_MAX} className="field-input" />}
                        </Field>
                        <Field id={fieldId(name('lastName'))} label="Perekonnanimi" required error={errs?.lastName?.message}>
                          {(a11y) => <input {...a11y} {...register(`companions.${index}.lastName`)} type="text" autoComplete="off" maxLength={NAME_MAX} className="field-input" />}
                        </Field>
                        <Field id={fieldId(name('birthday'))} label="Sünnikuupäev" required error={errs?.birthday?.message}>
                          {(a11y) => <input {...a11y} {...register(`companions.${index}.birthday`)} type="date" autoComplete="off" min="1900-01-01" className="field-input" />}
                        </Field>
                        <Field id={fieldId(name('age'))} label="Vanus" hint="Valikuline, täisarv" error={errs?.age?.message}>
                          {(a11y) => (
                            <input {...a11y} {...register(`companions.${index}.age`)} type="number" inputMode="numeric" min={0} max={120} step={1} autoComplete="off" className="field-input" />
                          )}
                        </Field>
                      </div>
                      {fields.length > 1 && (
                        <button type="button" className="btn-outline mt-4" onClick={() => removeCompanion(index)}>
                          Eemalda kaasreisija<span className="sr-only"> {index + 1}</span>
                        </button>
                      )}
                    </fieldset>
                  );
                })}
                <FieldError id={fieldId('companions-error')} message={companionsMessage} />
                <button ref={addButtonRef} type="button" className="btn-outline" onClick={() => append(emptyCompanion())}>
                  Lisa kaasreisija
                </button>
              </div>
            )}
          </fieldset>

          {/* Lazy only once an edition is chosen, never while the server renders: a suspended lazy component there
              would make React stream inline scripts, which the CSP refuses. */}
          {chosen ? (
            <Suspense fallback={<ChooseEditionFirst />}>
              <BookingPlans
                edition={chosen}
                today={availability.today}
                roomType={roomType}
                people={people}
                roomLabel={ROOM_TYPE_LABELS[roomType]}
                plan={plan}
                onPlan={choosePlan}
                field={register('paymentPlan')}
                error={errors.paymentPlan?.message}
                errorId={fieldId('paymentPlan-error')}
                code={{ id: fieldId('discountCode'), field: register('discountCode'), error: errors.discountCode?.message }}
              />
            </Suspense>
          ) : (
            <ChooseEditionFirst />
          )}

          <fieldset className="space-y-5">
            <legend className="form-section-title">Lisainfo</legend>
            <Field id={fieldId('experience')} label="Kogemus joogaga" error={errors.experience?.message}>
              {(a11y) => (
                <select {...a11y} {...register('experience')} className="field-input">
                  <option value="">Valige (valikuline)</option>
                  {Object.entries(EXPERIENCE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={fieldId('dietaryRestrictions')} label="Toitumispiirangud" error={errors.dietaryRestrictions?.message}>
              {(a11y) => <textarea {...a11y} {...register('dietaryRestrictions')} rows={2} maxLength={1000} className="field-input" />}
            </Field>
            <Field id={fieldId('message')} label="Sõnum" error={errors.message?.message}>
              {(a11y) => <textarea {...a11y} {...register('message')} rows={4} maxLength={1000} className="field-input" />}
            </Field>
          </fieldset>

          {(['termsAccepted', 'waiverAccepted'] as const).map((name) => {
            const kind = name === 'termsAccepted' ? 'terms' : 'waiver';
            const href = texts ? versionPath(kind, texts[kind].version) : AGREEMENT_PATHS[kind];
            return (
              <div key={name}>
                <div className="flex items-start gap-3">
                  <input
                    id={fieldId(name)}
                    {...register(name)}
                    type="checkbox"
                    required
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={errors[name] ? fieldId(`${name}-error`) : undefined}
                    className="mt-1 size-5 shrink-0 accent-lagoon-700"
                  />
                  <label htmlFor={fieldId(name)} className="text-ink-900">
                    {kind === 'terms' ? 'Nõustun ' : 'Kinnitan '}
                    <a href={href} target="_blank" rel="noopener" className="font-semibold text-lagoon-700 underline underline-offset-4">
                      {kind === 'terms' ? 'tingimustega' : 'osaleja deklaratsiooni'}
                    </a>
                    {kind === 'waiver' && ' (tervisedeklaratsioon, vastutus tegevuste eest ja nõusolek esmaabiks; alaealise eest lapsevanema või eestkostjana)'}
                    <span aria-hidden="true" className="field-required"> *</span>
                  </label>
                </div>
                <FieldError id={fieldId(`${name}-error`)} message={errors[name]?.message} />
              </div>
            );
          })}
          <FieldError id={fieldId('agreements-error')} message={errors.agreements?.message ?? errors.agreements?.terms?.message ?? errors.agreements?.waiver?.message} />

          <Honeypot id={fieldId('website')}>
            {({ id }) => <input id={id} {...register('website')} type="text" tabIndex={-1} autoComplete="off" />}
          </Honeypot>

          <SubmitButton className="btn-primary w-full sm:w-auto" submitting={isSubmitting} busyText="Saadan...">
            Saada broneeringu taotlus
          </SubmitButton>
        </fieldset>
      </form>
      <Toaster />
    </>
  );
}
