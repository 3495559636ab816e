/** "Minu andmed"'s account deletion (./my-data): the password, then the deletion, and the guest is signed out. */
import { useId } from 'react';
import { announce } from '../../lib/auth/session-client';
import type { DeleteAccountInput } from '../../lib/portal-schemas';
import { ApiRequestError } from '../api/client';
import { Field } from '../forms/field';
import { portalValidation } from '../forms/lazy-portal-validation';
import { useValidatedForm } from '../forms/use-validated-form';
import { toast, toastError } from '../toast';
import { FormActions } from './parts';
import { portalApi } from './portal-api';

export function DeleteAccountForm({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) {
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
      toastError('Kontot ei kustutatud', error);
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
