/**
 * The retreat decision's two confirmations (issue 24), opened from the "Toimumine" section (decision-section.tsx):
 * "Kinnita toimumine" states the numbers the e-mails go to; "Tühista retriit" states what the cancellation does and
 * asks for the reason each guest is sent.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { DECISION_MESSAGES, type RetreatDecision } from '../../../../lib/admin/retreat-decision';
import { retreatCancelSchema, type RetreatCancelInput, type RetreatCancelValues } from '../../../../lib/admin/retreat-cancel';
import { formatMoney } from '../../../../lib/format';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast, toastError } from '../../../toast';
import { useCancelRetreat, useConfirmRetreat } from '../../api/retreat-decision';
import { writeForm } from '../../form-write';
import { Button } from '../../ui/button';
import { AppDialog, ConfirmDialog, DialogActions } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-fields';
import { Facts } from '../../ui/detail-parts';

const M = DECISION_MESSAGES;

export function ConfirmGoAhead({ decision: d, onClose }: { decision: RetreatDecision; onClose: () => void }) {
  const confirm = useConfirmRetreat(String(d.retreatId));
  const onConfirm = async () => {
    try {
      await confirm.mutateAsync();
    } catch (error) {
      toastError('Kinnitamine ebaõnnestus', error);
      return;
    }
    toast({ title: M.confirmed });
    onClose();
  };
  return (
    <ConfirmDialog
      title={M.confirmTitle}
      message={M.confirmNumbers(d.confirmation.guests, d.confirmation.people, d.minParticipants)}
      confirmLabel={M.confirmTitle}
      destructive={false}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      onConfirm={() => void onConfirm()}
      isPending={confirm.isPending}
    />
  );
}

export function CancelRetreatDialog({ decision: d, onClose }: { decision: RetreatDecision; onClose: () => void }) {
  const cancel = useCancelRetreat(String(d.retreatId));
  const { control, getValues, formProps, showFieldIssues } = useValidatedForm<RetreatCancelInput, RetreatCancelValues>({
    resolver: zodResolver(retreatCancelSchema),
    defaultValues: { reason: '', method: 'bank_transfer' },
  });
  const c = d.cancellation;
  const onValid = async () => {
    const result = await writeForm(() => cancel.mutateAsync(getValues()), 'Tühistamine ebaõnnestus', showFieldIssues);
    if (!result.ok) return;
    const { done } = result.value;
    toast({
      title: M.cancelled,
      description: `Tühistati ${done.bookings} broneeringut, tagastatakse ${formatMoney(done.refundCents)}, kreeditarveid ${done.creditNotes}, e-kirju ${done.emails}.`,
    });
    onClose();
  };
  return (
    <AppDialog
      title={M.cancelTitle}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      size="lg"
      isDismissable={!cancel.isPending}
    >
      <form {...formProps(onValid)} className="space-y-5" aria-label={M.cancelTitle}>
        <p className="font-semibold text-ink-900" data-cancel-numbers>
          {M.cancelNumbers({ bookings: c.bookings, people: c.people, refundCents: c.refundCents, invoices: c.invoices })}
        </p>
        <Facts
          items={[
            ['Broneeringuid', String(c.bookings)],
            ['Inimesi', String(c.people)],
            ['Tagastatakse', <strong className="tabular-nums">{formatMoney(c.refundCents)}</strong>],
            ['Krediteeritakse', `${c.invoices} ${c.invoices === 1 ? 'arve' : 'arvet'}, ${formatMoney(c.creditCents)}`],
            ['E-kirju külalistele', String(c.emails)],
          ]}
        />
        <FormTextField
          control={control}
          name="reason"
          label="Tühistamise põhjus"
          multiline
          isRequired
          maxLength={1000}
          description="Läheb igale külalisele e-kirjaga ning jääb tagastuse kandele ja kreeditarvele."
        />
        <DialogActions onCancel={onClose} cancelLabel="Loobu" isPending={cancel.isPending} focusCancel>
          {/* Disabled rather than "pending": React Aria's pending announcement outlives the dialog it points into. */}
          <Button type="submit" variant="danger" isDisabled={cancel.isPending}>
            {M.cancelTitle}
          </Button>
        </DialogActions>
      </form>
    </AppDialog>
  );
}
