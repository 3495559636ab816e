/** "Unustasite salasõna?": asks for a reset link; the answer is the same whether or not the address has an account. */
import { useId, useState } from 'react';
import { SubmitButton, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-account-validation';
import { EmailField } from '../forms/person-fields';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { AUTH_TOASTS } from './auth-toasts';

interface EmailValues {
  email: string;
}
const resolver = accountValidation.resolver<EmailValues>((v) => v.emailResolver);

export function ForgotPanel({ defaultEmail, onBack }: { defaultEmail: string; onBack: () => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    formProps,
    formState: { errors, isSubmitting },
  } = useValidatedForm<EmailValues>({ defaultValues: { email: defaultEmail }, resolver, preload: accountValidation.preload });

  const onValid = async ({ email }: EmailValues) => {
    const result = await postJson('/api/auth/recover', { email });
    if (result.ok) {
      setSentTo(email);
      toast(AUTH_TOASTS.resetSent);
      return;
    }
    if (result.code === 'too_many_attempts' || result.code === 'rate_limited') {
      toastError(AUTH_TOASTS.resetFailed, result.message ?? AUTH_TOASTS.tooManyAttempts.description);
      return;
    }
    toastError(AUTH_TOASTS.resetFailed, result.message ?? AUTH_TOASTS.tryAgain);
  };

  return (
    <div className="space-y-5">
      <p className="text-ink-600">Sisestage oma konto e-posti aadress ja saadame sellele lingi uue salasõna määramiseks.</p>
      <form {...formProps(onValid)} aria-label="Salasõna lähtestamine">
        <fieldset disabled={!hydrated} className="space-y-5">
          <EmailField id={`${uid}email`} field={register('email')} error={errors.email?.message} />
          <SubmitButton className="btn-secondary w-full" submitting={isSubmitting} busyText="Saadan...">
            Saada lähtestamise link
          </SubmitButton>
        </fieldset>
      </form>
      {sentTo && (
        <p role="status" className="rounded-2xl bg-lagoon-50 p-4 text-sm">
          Kui aadressiga <strong>{sentTo}</strong> on konto, saatsime sellele lingi. Link kehtib ühe tunni.
        </p>
      )}
      <p className="text-center text-sm">
        <button type="button" className="link-button" onClick={onBack}>
          Tagasi sisselogimise juurde
        </button>
      </p>
    </div>
  );
}
