/**
 * The add-client and edit-client dialogs (admin spec sections 2 and 5): first name, last name and e-mail required
 * (the spec's one message, under each missing field and as a toast), phone optional, the e-mail input of type
 * e-mail. The shared schema checks here and the API checks again; an address another client has comes back as
 * 409 and is shown under the e-mail field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldPath } from 'react-hook-form';
import { clientInputSchema, type ClientInput, type ClientListItem, type ClientValues } from '../../../../lib/admin/clients';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast, toastError } from '../../../toast';
import { useCreateClient, useUpdateClient } from '../../api/clients';
import { writeForm } from '../../form-write';
import { Button } from '../../ui/button';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-fields';

type Save = (values: ClientInput) => Promise<unknown>;

const EMPTY: ClientInput = { firstName: '', lastName: '', email: '', phone: '' };

const valuesOf = (c: ClientListItem): ClientInput => ({ firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone ?? '' });

export function AddClientDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateClient();
  return (
    <ClientFormDialog
      title="Lisa klient"
      defaults={EMPTY}
      save={(values) => create.mutateAsync(values)}
      isSaving={create.isPending}
      success="Klient lisatud"
      failure="Viga kliendi lisamisel"
      onClose={onClose}
    />
  );
}

export function EditClientDialog({ client, onClose }: { client: ClientListItem; onClose: () => void }) {
  const update = useUpdateClient(client.id);
  return (
    <ClientFormDialog
      title="Muuda klienti"
      defaults={valuesOf(client)}
      save={(values) => update.mutateAsync(values)}
      isSaving={update.isPending}
      success="Klient uuendatud"
      failure="Viga kliendi uuendamisel"
      onClose={onClose}
    />
  );
}

interface ClientFormDialogProps {
  title: string;
  defaults: ClientInput;
  save: Save;
  isSaving: boolean;
  success: string;
  failure: string;
  onClose: () => void;
}

function ClientFormDialog({ title, defaults, save, isSaving, success, failure, onClose }: ClientFormDialogProps) {
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<ClientInput, ClientValues>({
    resolver: zodResolver(clientInputSchema),
    defaultValues: defaults,
  });

  const onValid = async () => {
    const saved = await writeForm(() => save(getValues()), failure, showFieldIssues);
    if (!saved.ok) return;
    toast({ title: success });
    onClose();
  };
  // The spec's message for missing required fields as a toast too; focus goes to the first field in error.
  const onInvalid = (errors: FieldErrors<ClientInput>) => {
    const first = (['firstName', 'lastName', 'email', 'phone'] as const).map((name) => errors[name]?.message).find(Boolean);
    if (first) toastError(first);
  };

  const field = (name: FieldPath<ClientInput>, label: string, options: { type?: 'email' | 'tel'; required?: boolean; autoComplete?: string; autoFocus?: boolean } = {}) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type={options.type}
      isRequired={options.required}
      autoComplete={options.autoComplete}
      autoFocus={options.autoFocus}
    />
  );

  return (
    <AppDialog title={title} isOpen onOpenChange={(open) => !open && onClose()} isDismissable={!isSaving}>
      <form {...formProps(onValid, onInvalid)} className="grid gap-5 sm:grid-cols-2" aria-label={title} data-client-form>
        {field('firstName', 'Eesnimi', { required: true, autoComplete: 'off', autoFocus: true })}
        {field('lastName', 'Perekonnanimi', { required: true, autoComplete: 'off' })}
        {field('email', 'E-post', { type: 'email', required: true, autoComplete: 'off' })}
        {field('phone', 'Telefon', { type: 'tel', autoComplete: 'off' })}
        <p className="text-sm text-ink-600 sm:col-span-2">Tärniga (*) väljad on kohustuslikud.</p>
        <DialogActions onCancel={onClose} isPending={isSaving} className="sm:col-span-2">
          <Button type="submit" isPending={isSaving}>
            Salvesta
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
