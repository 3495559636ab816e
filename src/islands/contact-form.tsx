/**
 * The contact form on /kontakt (visitor spec sections 2, 4, 5 and 8; issue 4): name, e-mail and message required,
 * subject optional; validated with the schema POST /api/contact applies; cleared after a successful send.
 */
import { useId, useRef } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { CONTACT_DEFAULTS, SUBJECT_MAX } from '../lib/contact-options';
import type { ContactRequest } from '../lib/contact-schema';
import { lazyResolver, preloadValidation } from './lazy-resolver';
import { Field, Honeypot, postJson, useHydrated } from './form-kit';
import { focusFirstError, hasErrorAt } from './form-errors';
import { Toaster, toast } from './toast';
import { EMAIL_MAX, NAME_MAX } from '../lib/validation/limits';

type ContactFormValues = typeof CONTACT_DEFAULTS;

export const CONTACT_TOASTS = {
  invalid: { title: 'Viga vormis', description: 'Palun täitke kõik kohustuslikud väljad (*)' },
  sent: { title: 'Sõnum saadetud!', description: 'Vastame teile võimalikult kiiresti.' },
  failedTitle: 'Sõnumi saatmine ebaõnnestus',
  failedFallback: 'Palun proovige hiljem uuesti või võtke meiega ühendust.',
} as const;

const resolver = lazyResolver<ContactFormValues, ContactRequest>((v) => v.contactResolver);
const FORM_FIELDS = new Set(Object.keys(CONTACT_DEFAULTS));

export default function ContactForm() {
  const uid = useId();
  const fieldId = (name: string) => `${uid}${name}`;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues, unknown, ContactRequest>({ defaultValues: CONTACT_DEFAULTS, resolver, shouldFocusError: false });

  const onInvalid = (formErrors: FieldErrors<ContactFormValues>) => {
    toast({ variant: 'destructive', ...CONTACT_TOASTS.invalid });
    focusFirstError(formRef.current, (name) => hasErrorAt(formErrors, name));
  };

  const onValid = async (message: ContactRequest) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const result = await postJson<{ messageId: number }>('/api/contact', { ...message, website: message.website ?? '' });
      if (result.ok) {
        toast(CONTACT_TOASTS.sent);
        reset(CONTACT_DEFAULTS);
        return;
      }
      const fieldIssues = result.details.filter((d) => FORM_FIELDS.has(d.path));
      for (const issue of fieldIssues) {
        setError(issue.path as FieldPath<ContactFormValues>, { type: 'server', message: issue.message });
      }
      toast({ variant: 'destructive', title: CONTACT_TOASTS.failedTitle, description: result.message ?? CONTACT_TOASTS.failedFallback });
      if (fieldIssues.length > 0) focusFirstError(formRef.current, (name) => fieldIssues.some((d) => d.path === name));
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <>
      <form ref={formRef} noValidate onFocus={() => void preloadValidation()} onSubmit={handleSubmit(onValid, onInvalid)} aria-label="Kontaktivorm">
        <fieldset disabled={!hydrated} className="space-y-5">
          <p className="text-sm text-ink-600">Tärniga (*) märgitud väljad on kohustuslikud.</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={fieldId('name')} label="Nimi" required error={errors.name?.message}>
              {(a11y) => <input {...a11y} {...register('name')} type="text" autoComplete="name" maxLength={NAME_MAX} className="field-input" />}
            </Field>
            <Field id={fieldId('email')} label="E-post" required error={errors.email?.message}>
              {(a11y) => <input {...a11y} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} className="field-input" />}
            </Field>
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
          <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? 'Saadan...' : 'Saada sõnum'}
          </button>
        </fieldset>
      </form>
      <Toaster />
    </>
  );
}
