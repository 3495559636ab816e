/**
 * The review list's two actions, one dialog each (a one-field form, as the house uses dialogs): "Määra broneeringule"
 * records the payment on a booking found by the guest's name or e-mail (or its number, or its reference number),
 * "Jäta kõrvale" sets it aside with a reason. The API's field details show under the field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  assignInputSchema,
  dismissInputSchema,
  type AssignInput,
  type BankTransactionView,
  type DismissInput,
} from '../../../../lib/admin/bank-statements';
import type { BookingListItem } from '../../../../lib/admin/booking-views';
import { bookingListQuerySchema } from '../../../../lib/admin/bookings';
import { formatDate, formatMoney } from '../../../../lib/format';
import { ApiRequestError, hasErrorCode } from '../../../api/client';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast, toastError } from '../../../toast';
import { bankKeys, useAssignTransaction, useDismissTransaction } from '../../api/bank-statements';
import { useBookingList } from '../../api/bookings';
import { writeForm } from '../../form-write';
import { Button } from '../../ui/button';
import { AsyncComboBox, type ComboItem } from '../../ui/combobox';
import { AppDialog, DialogActions } from '../../ui/dialog';
import { signedCents } from './transactions';
import { FormTextField } from '../../ui/form-fields';
import { useDebounced } from '../../use-debounced';
import { useErrorToast } from '../../use-error-toast';

export type ReviewAction = { kind: 'assign' | 'dismiss'; tx: BankTransactionView };

const SEARCH_DELAY_MS = 250;

/** The payment the dialog is about, in one line. */
function TransactionSummary({ tx }: { tx: BankTransactionView }) {
  return (
    <p className="rounded-2xl bg-sand-50 p-4 text-sm ring-1 ring-sand-200" data-transaction-summary>
      <strong className="tabular-nums">{formatMoney(signedCents(tx), tx.currency)}</strong> · {formatDate(tx.bookedOn)} · {tx.counterpartyName ?? 'maksja teadmata'}
      {tx.reference && <span className="block break-all">Viide: {tx.reference}</span>}
      {tx.text && <span className="block break-words text-ink-600">{tx.text}</span>}
    </p>
  );
}

const listItem = (b: BookingListItem): ComboItem => ({
  id: String(b.id),
  label: b.guest ? `${b.guest.firstName} ${b.guest.lastName}` : `Broneering #${b.id}`,
  description: [`#${b.id}`, b.retreat?.name ?? 'ilma retriidita', `tasumata ${formatMoney(b.outstandingCents)}`, b.state === 'cancelled' ? 'tühistatud' : null]
    .filter(Boolean)
    .join(' · '),
});

/**
 * The bookings the typed text finds, on the server: by name or e-mail, by the booking's number ("#42") or by its
 * reference number as the statement shows it. Each option says which booking it is (#id), so a mix-up shows
 * before "Määra".
 */
function useBookingOptions(text: string) {
  const settled = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const list = useBookingList(bookingListQuerySchema.parse({ q: settled, pageSize: 10 }));
  const answered = settled === text.trim() && !list.isPlaceholderData;
  return { items: (list.data?.items ?? []).map(listItem), isLoading: !answered || list.isFetching, error: list.error };
}

function AssignForm({ tx, onDone }: { tx: BankTransactionView; onDone: (resolved: boolean) => void }) {
  const assign = useAssignTransaction();
  const [text, setText] = useState('');
  const options = useBookingOptions(text);
  const { control, getValues, setError, formProps, showFieldIssues } = useValidatedForm<AssignInput, { bookingId: number }>({
    resolver: zodResolver(assignInputSchema),
    defaultValues: { bookingId: '' },
  });

  useErrorToast('Broneeringute otsing ebaõnnestus', options.error);

  const onValid = async () => {
    let assigned: BankTransactionView;
    try {
      assigned = await assign.mutateAsync({ id: tx.id!, body: { bookingId: Number(getValues('bookingId')) } });
    } catch (error) {
      const resolved = hasErrorCode(error, 'bank_transaction_resolved');
      if (error instanceof ApiRequestError && !resolved && showFieldIssues(error.details).length === 0 && error.status !== 0 && error.status < 500) {
        // The booking was refused (cancelled, gone): the reason belongs to the field.
        setError('bookingId', { type: 'server', message: error.message }, { shouldFocus: true });
      }
      toastError('Makse määramine ebaõnnestus', error);
      if (resolved) onDone(true);
      return;
    }
    const guest = assigned.allocations.map((a) => a.guestName).join(', ');
    toast({ title: 'Makse määratud broneeringule', description: guest || undefined });
    onDone(true);
  };

  return (
    <form {...formProps(onValid)} className="space-y-5" aria-label="Määra broneeringule">
      <TransactionSummary tx={tx} />
      <Controller
        control={control}
        name="bookingId"
        render={({ field, fieldState }) => (
          <AsyncComboBox
            label="Broneering"
            items={options.items}
            inputValue={text}
            onInputChange={(value) => {
              setText(value);
              // Typing again drops the choice until a booking is picked from the list.
              if (field.value && value !== options.items.find((i) => i.id === field.value)?.label) field.onChange('');
            }}
            selectedKey={typeof field.value === 'string' && field.value ? field.value : null}
            onSelectionChange={(id) => {
              field.onChange(id ?? '');
              const chosen = options.items.find((i) => i.id === id);
              if (chosen) setText(chosen.label);
            }}
            onBlur={field.onBlur}
            isLoading={options.isLoading}
            emptyText={text.trim() ? 'Sellist broneeringut ei leitud' : 'Kirjutage nimi, e-post või broneeringu number'}
            placeholder="Nimi, e-post, number või viitenumber"
            description="Otsib külalise nime ja e-posti järgi; broneeringu numbri või viitenumbri järgi ka."
            errorMessage={fieldState.error?.message}
            isRequired
            name={field.name}
            inputRef={field.ref}
          />
        )}
      />
      <DialogActions onCancel={() => onDone(false)} isPending={assign.isPending}>
        <Button type="submit" isPending={assign.isPending}>
          Määra
        </Button>
      </DialogActions>
    </form>
  );
}

function DismissForm({ tx, onDone }: { tx: BankTransactionView; onDone: (resolved: boolean) => void }) {
  const dismiss = useDismissTransaction();
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<DismissInput>({
    resolver: zodResolver(dismissInputSchema),
    defaultValues: { reason: '' },
  });
  const onValid = async () => {
    const saved = await writeForm(() => dismiss.mutateAsync({ id: tx.id!, body: getValues() }), 'Makse kõrvale jätmine ebaõnnestus', showFieldIssues);
    if (!saved.ok) {
      if (hasErrorCode(saved.error, 'bank_transaction_resolved')) onDone(true);
      return;
    }
    toast({ title: 'Makse jäeti kõrvale' });
    onDone(true);
  };
  return (
    <form {...formProps(onValid)} className="space-y-5" aria-label="Jäta kõrvale">
      <TransactionSummary tx={tx} />
      <FormTextField
        control={control}
        name="reason"
        label="Põhjus"
        multiline
        maxLength={500}
        description="Näiteks: tagastatud maksjale, ei puuduta broneeringuid."
        isRequired
      />
      <DialogActions onCancel={() => onDone(false)} isPending={dismiss.isPending}>
        <Button type="submit" variant="danger" isPending={dismiss.isPending}>
          Jäta kõrvale
        </Button>
      </DialogActions>
    </form>
  );
}

/** The open dialog, if any; `onDone(true)` when the transaction left the review list. */
export function ReviewDialog({ action, onDone }: { action: ReviewAction | null; onDone: (resolved: boolean) => void }) {
  const saving = useIsMutating({ mutationKey: bankKeys.resolving }) > 0;
  if (!action || action.tx.id === null) return null;
  const title = action.kind === 'assign' ? 'Määra broneeringule' : 'Jäta kõrvale';
  return (
    <AppDialog title={title} isOpen onOpenChange={(open) => !open && !saving && onDone(false)} isDismissable={!saving}>
      {action.kind === 'assign' ? <AssignForm tx={action.tx} onDone={onDone} /> : <DismissForm tx={action.tx} onDone={onDone} />}
    </AppDialog>
  );
}
