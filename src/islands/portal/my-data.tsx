/**
 * "Minu andmed" (issue "Guest portal"): download everything kept about the account as JSON, or delete the account.
 * Deletion asks for the password and says what stays (what accounting law requires) before it is confirmed.
 */
import { useId, useState } from 'react';
import { announce } from '../../lib/auth/session-client';
import type { DeleteAccountInput } from '../../lib/portal-schemas';
import { ApiRequestError } from '../api/client';
import { Field } from '../forms/field';
import { portalValidation } from '../forms/lazy-validation';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast } from '../toast';
import { DownloadLink } from './download-link';
import { FormActions } from './parts';
import { portalApi } from './portal-api';

export function MyData({ onSessionOver }: { onSessionOver: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  return (
    <section aria-labelledby="my-data-title" className="card space-y-4 p-5 sm:p-6">
      <h2 id="my-data-title" className="text-2xl text-lagoon-900">
        Minu andmed
      </h2>
      {deleted ? (
        <p role="status">Konto on kustutatud. Aitäh, et olid meiega!</p>
      ) : (
        <>
          <div className="space-y-2">
            <p className="text-ink-600">Laadige alla kõik, mida Teie konto ja broneeringute kohta hoiame (JSON-fail).</p>
            <DownloadLink href="/api/me/export" className="btn-outline" onSessionOver={onSessionOver}>
              Laadi alla minu andmed
            </DownloadLink>
          </div>
          <div className="space-y-2 border-t border-sand-200 pt-4">
            <h3 className="text-lg font-semibold text-ink-900">Konto kustutamine</h3>
            <p className="text-sm text-ink-600">
              Kustutame konto, reisiandmed (pass, sünniaeg, hädaabikontakt, toitumis- ja terviseandmed), telefoninumbri ja Teie kirjade sisu. Alles jäävad
              broneeringud nime ja e-posti aadressiga, maksed ja arved, sest raamatupidamise seadus nõuab nende säilitamist 7 aastat. Eelseisva broneeringu korral
              tühistage see enne.
            </p>
            {deleting ? (
              <DeleteForm onCancel={() => setDeleting(false)} onDeleted={() => setDeleted(true)} />
            ) : (
              <button type="button" className="btn-outline" onClick={() => setDeleting(true)}>
                Kustuta minu konto
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function DeleteForm({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
  const uid = useId();
  const { register, formProps, formState, showFieldIssues, setError } = useValidatedForm<DeleteAccountInput>({
    defaultValues: { password: '' },
    resolver: portalValidation.resolver<DeleteAccountInput>((chunk) => chunk.deleteAccountResolver),
    preload: portalValidation.preload,
  });
  const onValid = async (values: DeleteAccountInput) => {
    try {
      await portalApi.deleteAccount(values);
      onDeleted();
      announce({ type: 'signed-out' });
      toast({ title: 'Konto kustutatud' });
      setTimeout(() => location.assign('/'), 2000);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'wrong_password') return setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
      if (error instanceof ApiRequestError && showFieldIssues(error.details).length > 0) return;
      toast({ variant: 'destructive', title: 'Kontot ei kustutatud', description: error instanceof Error ? error.message : undefined });
    }
  };
  return (
    <form {...formProps(onValid)} aria-label="Konto kustutamine" className="space-y-4 rounded-xl border border-red-200 p-4">
      <Field id={`${uid}password`} label="Kinnitamiseks sisestage oma salasõna" error={formState.errors.password?.message}>
        {(a11y) => <input {...a11y} {...register('password')} type="password" autoComplete="current-password" className="field-input" />}
      </Field>
      <FormActions
        submit="Kustuta konto jäädavalt"
        pending="Kustutan..."
        isPending={formState.isSubmitting}
        onCancel={onCancel}
        submitClassName="btn bg-red-700 text-white hover:bg-red-800"
      />
    </form>
  );
}
