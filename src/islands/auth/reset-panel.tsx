import { useId, useState } from 'react';
import { SubmitButton, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-account-validation';
import { NewPasswordField } from '../forms/person-fields';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { useAuth } from './auth-context';
import { AUTH_TOASTS, SIGNED_IN_REDIRECT_MS } from './auth-toasts';

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
    const result = await postJson('/api/auth/reset', { token, password });
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
          <NewPasswordField id={`${uid}password`} field={register('password')} error={errors.password?.message} label="Uus salasõna" />
          <SubmitButton className="btn-secondary w-full" submitting={isSubmitting} busy={isSubmitting || done} busyText="Salvestan...">
            Salvesta uus salasõna
          </SubmitButton>
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
