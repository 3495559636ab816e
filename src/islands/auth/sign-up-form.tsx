/** The "Registreeru" tab (visitor spec section 5): names, e-mail and a password the shared rules accept. */
import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Field, PASSWORD_HINT, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-validation';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { AUTH_TOASTS, firstError, tooManyAttemptsToast } from './auth-toasts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../lib/validation/limits';

interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}
const SIGN_UP_DEFAULTS: SignUpValues = { firstName: '', lastName: '', email: '', password: '' };
const SIGN_UP_FIELDS = Object.keys(SIGN_UP_DEFAULTS);
const resolver = accountValidation.resolver<SignUpValues>((v) => v.signUpResolver);

export function SignUpForm({ onSignedUp, onExists }: { onSignedUp: (email: string) => void; onExists: (email: string) => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const {
    register,
    formProps,
    showFieldIssues,
    formState: { errors, isSubmitting },
  } = useValidatedForm<SignUpValues>({ defaultValues: SIGN_UP_DEFAULTS, resolver, preload: accountValidation.preload });

  // "Sisestus ebakorrektne" with the first error (spec section 5); every error also stands under its field.
  const onInvalid = (formErrors: FieldErrors<SignUpValues>) => toastError(AUTH_TOASTS.invalidInput, firstError(formErrors, SIGN_UP_FIELDS));

  const onValid = async (values: SignUpValues) => {
    const result = await postJson<{ status: string }>('/api/auth/signup', values);
    if (result.ok) {
      toast(AUTH_TOASTS.signedUp);
      onSignedUp(values.email);
      return;
    }
    if (result.code === 'account_exists') {
      toastError(AUTH_TOASTS.accountExists.title, AUTH_TOASTS.accountExists.description);
      onExists(values.email);
      return;
    }
    if (result.code === 'too_many_attempts') return tooManyAttemptsToast(result);
    const issues = result.code === 'validation_failed' ? showFieldIssues(result.details) : [];
    if (issues.length > 0) toastError(AUTH_TOASTS.invalidInput, issues[0]!.message);
    else toastError(AUTH_TOASTS.signUpFailed, result.message ?? AUTH_TOASTS.tryAgain);
  };

  return (
    <form {...formProps(onValid, onInvalid)} aria-label="Registreerumine">
      <fieldset disabled={!hydrated} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={`${uid}firstName`} label="Eesnimi" required error={errors.firstName?.message}>
            {(a11y) => <input {...a11y} {...register('firstName')} type="text" autoComplete="given-name" maxLength={NAME_MAX} className="field-input" />}
          </Field>
          <Field id={`${uid}lastName`} label="Perekonnanimi" required error={errors.lastName?.message}>
            {(a11y) => <input {...a11y} {...register('lastName')} type="text" autoComplete="family-name" maxLength={NAME_MAX} className="field-input" />}
          </Field>
        </div>
        <Field id={`${uid}email`} label="E-post" required error={errors.email?.message}>
          {(a11y) => <input {...a11y} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} className="field-input" />}
        </Field>
        <Field id={`${uid}password`} label="Salasõna" required hint={PASSWORD_HINT} error={errors.password?.message}>
          {(a11y) => <input {...a11y} {...register('password')} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} className="field-input" />}
        </Field>
        <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70" disabled={isSubmitting}>
          {isSubmitting ? 'Registreerin...' : 'Registreeru'}
        </button>
      </fieldset>
    </form>
  );
}
