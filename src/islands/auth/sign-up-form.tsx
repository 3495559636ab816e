/** The "Registreeru" tab (visitor spec section 5): names, e-mail and a password the shared rules accept. */
import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { SubmitButton, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-account-validation';
import { EmailField, FirstNameField, LastNameField, NewPasswordField } from '../forms/person-fields';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { AUTH_TOASTS, firstError, tooManyAttemptsToast } from './auth-toasts';

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
    const result = await postJson('/api/auth/signup', values);
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
          <FirstNameField id={`${uid}firstName`} field={register('firstName')} error={errors.firstName?.message} />
          <LastNameField id={`${uid}lastName`} field={register('lastName')} error={errors.lastName?.message} />
        </div>
        <EmailField id={`${uid}email`} field={register('email')} error={errors.email?.message} />
        <NewPasswordField id={`${uid}password`} field={register('password')} error={errors.password?.message} />
        <SubmitButton className="btn-primary w-full" submitting={isSubmitting} busyText="Registreerin...">
          Registreeru
        </SubmitButton>
      </fieldset>
    </form>
  );
}
