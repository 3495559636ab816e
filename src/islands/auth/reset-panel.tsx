import { useId, useState } from 'react';
import { Field, PASSWORD_HINT, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-validation';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { useAuth } from './auth-context';
import { AUTH_TOASTS, SIGNED_IN_REDIRECT_MS } from './auth-toasts';
import type { Session } from '../../lib/auth/session-client';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/validation/limits';

interface NewPasswordValues {
  password: string;
}
const resolver = accountValidation.resolver<NewPasswordValues>((v) => v.newPasswordResolver);

/** The reset link's landing: a new password; the API signs the user in and ends their other sessions. */
export function ResetPanel({ token, onForgot }: { token: string; onForgot: () => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const { setSession } = useAuth();
  const [done, setDone] = useState(false);
  const [linkBroken, setLinkBroken] = useState(false);
  const {
    register,
    formProps,
    showFieldIssues,
    formState: { errors, isSubmitting },
  } = useValidatedForm<NewPasswordValues>({ defaultValues: { password: '' }, resolver, preload: accountValidation.preload });

  const onValid = async ({ password }: NewPasswordValues) => {
    const result = await postJson<Session>('/api/auth/reset', { token, password });
    if (result.ok) {
      setDone(true);
      setSession(result.data);
      toast(AUTH_TOASTS.passwordChanged);
      await new Promise((resolve) => setTimeout(resolve, SIGNED_IN_REDIRECT_MS));
      location.assign('/');
      return;
    }
    if (result.code === 'invalid_token' || result.code === 'token_expired') setLinkBroken(true);
    const [passwordIssue] = showFieldIssues(result.details);
    toastError(AUTH_TOASTS.resetFailed, passwordIssue?.message ?? result.message ?? AUTH_TOASTS.tryAgain);
  };

  return (
    <div className="space-y-5">
      <p className="text-ink-600">Valige uus salasõna. Pärast salasõna muutmist logitakse teised seadmed välja.</p>
      <form {...formProps(onValid)} aria-label="Salasõna muutmine">
        <fieldset disabled={!hydrated || done} className="space-y-5">
          <Field id={`${uid}password`} label="Uus salasõna" required hint={PASSWORD_HINT} error={errors.password?.message}>
            {(a11y) => <input {...a11y} {...register('password')} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} className="field-input" />}
          </Field>
          <button type="submit" className="btn-secondary w-full disabled:cursor-wait disabled:opacity-70" disabled={isSubmitting}>
            {isSubmitting || done ? 'Salvestan...' : 'Salvesta uus salasõna'}
          </button>
        </fieldset>
      </form>
      {linkBroken && (
        <p className="text-sm">
          Link ei kehti enam.{' '}
          <button type="button" className="link-button" onClick={onForgot}>
            Küsige uus lähtestamise link
          </button>
        </p>
      )}
    </div>
  );
}
