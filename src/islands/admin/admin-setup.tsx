/**
 * /admin-setup (admin spec section 2, DESIGN section 8): with the setup token and while no admin exists, makes an
 * already registered account the admin. "User not found" / "Please make sure this user has signed up first." when
 * the address has no account; "Error creating admin" otherwise; "Admin created successfully!" on success.
 */
import { useId, useState } from 'react';
import { SubmitButton, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-account-validation';
import { EmailField } from '../forms/person-fields';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { SetupHeading, SetupScreen } from './setup-shared';

const TITLE = 'Admini määramine';
export const ADMIN_SETUP_TOASTS = {
  created: { title: 'Admin created successfully!', description: 'Logige selle kontoga sisse, et töölauale pääseda.' },
  notFound: { title: 'User not found', description: 'Please make sure this user has signed up first.' },
  failed: { title: 'Error creating admin' },
} as const;

interface Values {
  email: string;
}
const resolver = accountValidation.resolver<Values>((v) => v.emailResolver);

export default function AdminSetup() {
  return <SetupScreen title={TITLE} form={(token, onAdminExists) => <PromoteForm token={token} onAdminExists={onAdminExists} />} />;
}

function PromoteForm({ token, onAdminExists }: { token: string; onAdminExists: () => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const [promoted, setPromoted] = useState<string | null>(null);
  const {
    register,
    formProps,
    showFieldIssues,
    formState: { errors, isSubmitting },
  } = useValidatedForm<Values>({ defaultValues: { email: '' }, resolver, preload: accountValidation.preload });

  const onValid = async ({ email }: Values) => {
    const result = await postJson('/api/setup/promote', { token, email });
    if (result.ok) {
      setPromoted(email);
      toast(ADMIN_SETUP_TOASTS.created);
      return;
    }
    if (result.code === 'admin_exists') return onAdminExists();
    if (result.code === 'user_not_found') {
      toastError(ADMIN_SETUP_TOASTS.notFound.title, ADMIN_SETUP_TOASTS.notFound.description);
      return;
    }
    const [emailIssue] = showFieldIssues(result.details);
    toastError(ADMIN_SETUP_TOASTS.failed.title, emailIssue?.message ?? result.message);
  };

  if (promoted) {
    return (
      <div data-setup-promoted>
        <SetupHeading>Admin created successfully!</SetupHeading>
        <p className="mt-4 text-ink-600">
          <strong>{promoted}</strong> on nüüd admin. Logige selle kontoga sisse, et töölauale pääseda.
        </p>
        <p className="mt-8">
          <a href="/auth" className="btn-secondary">
            Logi sisse
          </a>
        </p>
      </div>
    );
  }

  return (
    <div>
      <SetupHeading>{TITLE}</SetupHeading>
      <p className="mt-2 text-ink-600">Tehke juba registreerunud konto esimeseks adminiks. Inimene peab olema enne registreerunud.</p>
      <form {...formProps(onValid)} aria-label={TITLE} className="mt-6">
        <fieldset disabled={!hydrated} className="space-y-5">
          <EmailField id={`${uid}email`} field={register('email')} error={errors.email?.message} />
          <SubmitButton className="btn-primary" submitting={isSubmitting} busyText="Salvestan...">
            Tee adminiks
          </SubmitButton>
        </fieldset>
      </form>
      <p className="mt-6 text-sm text-ink-600">
        Kontot veel pole?{' '}
        <a href="/auth?tab=signup" className="font-semibold text-lagoon-700 underline underline-offset-4">
          Registreeru / logi sisse
        </a>
      </p>
    </div>
  );
}
