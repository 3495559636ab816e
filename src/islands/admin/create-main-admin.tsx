/**
 * /create-main-admin (admin spec section 2, DESIGN section 8): no built-in credentials. With the setup token from
 * the printed link, and only while no admin exists, it creates the first admin account (e-mail, names, password).
 * On success: "Admin created successfully!", then /auth. A back-to-home button is always there.
 */
import { useId, useState } from 'react';
import { Field, PASSWORD_HINT, useHydrated } from '../forms/field';
import { accountValidation } from '../forms/lazy-validation';
import { postJson } from '../forms/post-json';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { HomeButton, SetupHeading, SetupScreen } from './setup-shared';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../lib/validation/limits';

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
          <Field id={`${uid}email`} label="E-post" required error={errors.email?.message}>
            {(a11y) => <input {...a11y} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX} className="field-input" />}
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={`${uid}firstName`} label="Eesnimi" required error={errors.firstName?.message}>
              {(a11y) => <input {...a11y} {...register('firstName')} type="text" autoComplete="given-name" maxLength={NAME_MAX} className="field-input" />}
            </Field>
            <Field id={`${uid}lastName`} label="Perekonnanimi" required error={errors.lastName?.message}>
              {(a11y) => <input {...a11y} {...register('lastName')} type="text" autoComplete="family-name" maxLength={NAME_MAX} className="field-input" />}
            </Field>
          </div>
          <Field id={`${uid}password`} label="Salasõna" required hint={PASSWORD_HINT} error={errors.password?.message}>
            {(a11y) => <input {...a11y} {...register('password')} type="password" autoComplete="new-password" minLength={PASSWORD_MIN} maxLength={PASSWORD_MAX} className="field-input" />}
          </Field>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary disabled:cursor-wait disabled:opacity-70" disabled={isSubmitting}>
              {isSubmitting || done ? 'Loon...' : 'Loo admin'}
            </button>
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
