/**
 * /create-main-admin (admin spec section 2, DESIGN section 8): no built-in credentials. With the setup token from
 * the printed link, and only while no admin exists, it creates the first admin account (e-mail, names, password).
 * On success: "Admin created successfully!", then /auth. A back-to-home button is always there.
 */
import { useId, useState } from 'react';
import { SubmitButton, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-account-validation';
import { EmailField, FirstNameField, LastNameField, NewPasswordField } from '../forms/person-fields';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { HomeButton, SetupHeading, SetupScreen } from './setup-shared';

const TITLE = 'Peaadmini loomine';
export const CREATE_ADMIN_TOASTS = {
  created: { title: 'Admin created successfully!', description: 'Nüüd saate uue admini kontoga sisse logida.' },
  failed: { title: 'Error', description: 'Failed to create main admin user' },
} as const;
const GO_TO_AUTH_AFTER_MS = 1200;

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}
const resolver = accountValidation.resolver<Values>((v) => v.createMainAdminResolver);

export default function CreateMainAdmin() {
  return <SetupScreen title={TITLE} form={(token, onAdminExists) => <CreateForm token={token} onAdminExists={onAdminExists} />} />;
}

function CreateForm({ token, onAdminExists }: { token: string; onAdminExists: () => void }) {
  const uid = useId();
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  const {
    register,
    formProps,
    showFieldIssues,
    formState: { errors, isSubmitting },
  } = useValidatedForm<Values>({ defaultValues: { email: '', firstName: '', lastName: '', password: '' }, resolver, preload: accountValidation.preload });

  const onValid = async (values: Values) => {
    const result = await postJson('/api/setup/create-main-admin', { token, ...values });
    if (result.ok) {
      setDone(true);
      toast(CREATE_ADMIN_TOASTS.created);
      await new Promise((resolve) => setTimeout(resolve, GO_TO_AUTH_AFTER_MS));
      location.assign('/auth');
      return;
    }
    if (result.code === 'admin_exists') return onAdminExists();
    showFieldIssues(result.details);
    toastError(
      CREATE_ADMIN_TOASTS.failed.title,
      result.code === 'invalid_setup_token' && result.message ? result.message : CREATE_ADMIN_TOASTS.failed.description,
    );
  };

  return (
    <div>
      <SetupHeading>{TITLE}</SetupHeading>
      <p className="mt-2 text-ink-600">Looge esimene admini konto. See töötab üks kord, kuni ühtegi admini pole.</p>
      <form {...formProps(onValid)} aria-label={TITLE} className="mt-6">
        <fieldset disabled={!hydrated || done} className="space-y-5">
          <EmailField id={`${uid}email`} field={register('email')} error={errors.email?.message} />
          <div className="grid gap-5 sm:grid-cols-2">
            <FirstNameField id={`${uid}firstName`} field={register('firstName')} error={errors.firstName?.message} />
            <LastNameField id={`${uid}lastName`} field={register('lastName')} error={errors.lastName?.message} />
          </div>
          <NewPasswordField id={`${uid}password`} field={register('password')} error={errors.password?.message} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton className="btn-primary" submitting={isSubmitting} busy={isSubmitting || done} busyText="Loon...">
              Loo admin
            </SubmitButton>
            <HomeButton className="btn-outline" />
          </div>
        </fieldset>
      </form>
      <p className="mt-6 text-sm text-ink-600">
        Konto on juba olemas?{' '}
        <a
          href="/admin-setup"
          className="font-semibold text-lagoon-700 underline underline-offset-4"
          onClick={(event) => {
            // The token travels in the fragment, as in the printed link (never to a server, never in a Referer).
            event.preventDefault();
            location.assign(`/admin-setup#token=${encodeURIComponent(token)}`);
          }}
        >
          Tee olemasolev konto adminiks
        </a>
      </p>
    </div>
  );
}
