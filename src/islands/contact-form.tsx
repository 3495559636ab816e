/**
 * The contact form on /kontakt (visitor spec sections 2, 4, 5 and 8; issue 4): name, e-mail and message required,
 * subject optional; validated with the schema POST /api/contact applies; cleared after a successful send.
 */
import { useId } from 'react';
import { CONTACT_DEFAULTS, SUBJECT_MAX } from '../lib/contact-options';
import type { ContactRequest } from '../lib/contact-schema';
import { Field, Honeypot, SubmitButton, useHydrated } from './forms/field';
import { visitorValidation } from './forms/lazy-visitor-validation';
import { EmailField } from './forms/person-fields';
import { postJson } from './forms/post-json';
import { useValidatedForm } from './forms/use-validated-form';
import { toast, toastError, Toaster } from './toast';
import { NAME_MAX } from '../lib/validation/limits';

type ContactFormValues = typeof CONTACT_DEFAULTS;

export const CONTACT_TOASTS = {
  invalid: { title: 'Viga vormis', description: 'Palun täitke kõik kohustuslikud väljad (*)' },
  sent: { title: 'Sõnum saadetud!', description: 'Vastame Teile võimalikult kiiresti.' },
  failedTitle: 'Sõnumi saatmine ebaõnnestus',
  failedFallback: 'Palun proovige hiljem uuesti või võtke meiega ühendust.',
} as const;

const resolver = visitorValidation.resolver<ContactFormValues, ContactRequest>((v) => v.contactResolver);

export default function ContactForm() {
  const uid = useId();
  const fieldId = (name: string) => `${uid}${name}`;
  const hydrated = useHydrated();
  const {
    register,
    reset,
    formProps,
    showFieldIssues,
    formState: { errors, isSubmitting },
  } = useValidatedForm<ContactFormValues, ContactRequest>({ defaultValues: CONTACT_DEFAULTS, resolver, preload: visitorValidation.preload });

  const onInvalid = () => toastError(CONTACT_TOASTS.invalid.title, CONTACT_TOASTS.invalid.description);

  const onValid = async (message: ContactRequest) => {
    const result = await postJson('/api/contact', { ...message, website: message.website ?? '' });
    if (result.ok) {
      toast(CONTACT_TOASTS.sent);
      reset(CONTACT_DEFAULTS);
      return;
    }
    toastError(CONTACT_TOASTS.failedTitle, result.message ?? CONTACT_TOASTS.failedFallback);
    showFieldIssues(result.details);
  };

  return (
    <>
      <form {...formProps(onValid, onInvalid)} aria-label="Kontaktivorm">
        <fieldset disabled={!hydrated} className="space-y-5">
          <p className="text-sm text-ink-600">Tärniga (*) märgitud väljad on kohustuslikud.</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={fieldId('name')} label="Nimi" required error={errors.name?.message}>
              {(a11y) => <input {...a11y} {...register('name')} type="text" autoComplete="name" maxLength={NAME_MAX} className="field-input" />}
            </Field>
            <EmailField id={fieldId('email')} field={register('email')} error={errors.email?.message} />
          </div>
          <Field id={fieldId('subject')} label="Teema" error={errors.subject?.message}>
            {(a11y) => <input {...a11y} {...register('subject')} type="text" autoComplete="off" maxLength={SUBJECT_MAX} className="field-input" />}
          </Field>
          <Field id={fieldId('message')} label="Sõnum" required error={errors.message?.message}>
            {(a11y) => <textarea {...a11y} {...register('message')} rows={6} maxLength={1000} className="field-input" />}
          </Field>
          <Honeypot id={fieldId('website')}>
            {({ id }) => <input id={id} {...register('website')} type="text" tabIndex={-1} autoComplete="off" />}
          </Honeypot>
          <SubmitButton className="btn-primary w-full sm:w-auto" submitting={isSubmitting} busyText="Saadan...">
            Saada sõnum
          </SubmitButton>
        </fieldset>
      </form>
      <Toaster />
    </>
  );
}
