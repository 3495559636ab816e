/** The "Logi sisse" tab (visitor spec section 5): e-mail and password; "e-mail not confirmed" offers the link again. */
import { useEffect, useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Field, SubmitButton, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-account-validation';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { useAuth } from './auth-context';
import { useResendConfirmation } from './use-resend-confirmation';
import { AUTH_TOASTS, SIGNED_IN_REDIRECT_MS, firstError, tooManyAttemptsToast } from './auth-toasts';
import { safeNext } from '../../lib/auth/safe-next';
import { EMAIL_MAX } from '../../lib/validation/limits';

interface SignInValues {
  email: string;
  password: string;
}
const resolver = accountValidation.resolver<SignInValues>((v) => v.signInResolver);

interface SignInFormProps {
  /** Set when "Konto juba eksisteerib" on the sign-up tab brings an address over (n changes on every hand-over). */
  prefill: { email: string; n: number } | null;
  defaultEmail: string;
  onEmail: (email: string) => void;
  onForgot: () => void;
}

export function SignInForm({ prefill, defaultEmail, onEmail, onForgot }: SignInFormProps) {
  const uid = useId();
  const hydrated = useHydrated();
  const { setSession } = useAuth();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    setValue,
    setFocus,
    getValues,
    formProps,
    formState: { errors, isSubmitting },
  } = useValidatedForm<SignInValues>({ defaultValues: { email: defaultEmail, password: '' }, resolver, preload: accountValidation.preload });

  useEffect(() => {
    if (!prefill) return;
    setValue('email', prefill.email);
    setFocus('password');
  }, [prefill, setValue, setFocus]);

  const onInvalid = (formErrors: FieldErrors<SignInValues>) => toastError(AUTH_TOASTS.invalidInput, firstError(formErrors, ['email', 'password']));

  const onValid = async (values: SignInValues) => {
    setUnconfirmedEmail(null);
    const result = await postJson('/api/auth/signin', values);
    if (result.ok) {
      setDone(true);
      setSession(result.data);
      toast(AUTH_TOASTS.signedIn);
      const target = safeNext(location.search);
      await new Promise((resolve) => setTimeout(resolve, SIGNED_IN_REDIRECT_MS));
      location.assign(target);
      return;
    }
    if (result.code === 'too_many_attempts') return tooManyAttemptsToast(result);
    if (result.code === 'email_not_confirmed') setUnconfirmedEmail(values.email);
    toastError(AUTH_TOASTS.signInFailed, result.code === 'invalid_credentials' ? AUTH_TOASTS.invalidCredentials : (result.message ?? AUTH_TOASTS.tryAgain));
  };

  return (
    <form {...formProps(onValid, onInvalid)} aria-label="Sisselogimine">
      <fieldset disabled={!hydrated || done} className="space-y-5">
        <Field id={`${uid}email`} label="E-post" error={errors.email?.message}>
          {(a11y) => (
            <input {...a11y} {...register('email', { onChange: (e: { target: HTMLInputElement }) => onEmail(e.target.value) })} type="email" autoComplete="username" inputMode="email" maxLength={EMAIL_MAX} className="field-input" />
          )}
        </Field>
        <Field id={`${uid}password`} label="Salasõna" error={errors.password?.message}>
          {(a11y) => <input {...a11y} {...register('password')} type="password" autoComplete="current-password" maxLength={1024} className="field-input" />}
        </Field>
        <SubmitButton className="btn-secondary w-full" submitting={isSubmitting} busy={isSubmitting || done} busyText="Login sisse...">
          Logi sisse
        </SubmitButton>
        <p className="text-center text-sm">
          <button type="button" className="link-button" onClick={() => { onEmail(getValues('email')); onForgot(); }}>
            Unustasite salasõna?
          </button>
        </p>
      </fieldset>
      {unconfirmedEmail && <ResendConfirmation email={unconfirmedEmail} />}
    </form>
  );
}

/** For "e-mail not confirmed": send the confirmation link again (the API answers the same whether or not it did). */
function ResendConfirmation({ email }: { email: string }) {
  const { sending, resend } = useResendConfirmation(email, (result) => {
    if (result.code === 'too_many_attempts' || result.code === 'rate_limited') tooManyAttemptsToast(result);
    else toastError(AUTH_TOASTS.signInFailed, result.message ?? AUTH_TOASTS.tryAgain);
  });
  return (
    <div className="mt-5 rounded-2xl bg-sand-100 p-4 text-sm">
      <p>E-posti aadress on kinnitamata. Kas kinnituslink jäi saamata?</p>
      <button type="button" className="btn-outline mt-3" onClick={() => void resend()} disabled={sending}>
        {sending ? 'Saadan...' : 'Saada kinnituslink uuesti'}
      </button>
    </div>
  );
}
