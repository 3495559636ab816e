/**
 * The retreat detail's "Toimumine" section (issue 24): confirmed and paid participants against the minimum, the
 * decision day and its flag, and the two decisions, each behind a confirmation that states its numbers first:
 * "Kinnita toimumine" (an e-mail to each guest) and "Tühista retriit" (every booking cancelled and refunded in full,
 * invoices credited, each guest told the reason; the reason is asked for here).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { DECISION_MESSAGES, type RetreatDecision } from '../../../../lib/admin/retreat-decision';
import { retreatCancelSchema, type RetreatCancelInput, type RetreatCancelValues } from '../../../../lib/admin/retreat-cancel';
import { formatDate, formatDateTime, formatMoney } from '../../../../lib/format';
import { useValidatedForm } from '../../../forms/use-validated-form';
import { toast, toastError } from '../../../toast';
import { useCancelRetreat, useConfirmRetreat, useRetreatDecision } from '../../api/retreat-decision';
import { writeForm } from '../../form-write';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { AppDialog, ConfirmDialog, DialogActions } from '../../ui/dialog';
import { FormTextField } from '../../ui/form-fields';
import { QueryView } from '../../ui/states';
import { Facts, Section } from '../../ui/detail-parts';

const M = DECISION_MESSAGES;

export function DecisionSection({ retreatId }: { retreatId: number }) {
  const id = String(retreatId);
  const decision = useRetreatDecision(id);
  const [dialog, setDialog] = useState<'confirm' | 'cancel' | null>(null);
  const d = decision.data;
  const actions = d && d.state !== 'cancelled' && (
    <div className="flex flex-wrap gap-3">
      {d.state === 'open' && (
        <Button variant="outline" onPress={() => setDialog('confirm')}>
          {M.confirmTitle}
        </Button>
      )}
      <Button variant="danger" onPress={() => setDialog('cancel')}>
        {M.cancelTitle}
      </Button>
    </div>
  );
  return (
    <Section id="retreat-decision" title="Toimumine" actions={actions || undefined}>
      <QueryView query={decision} loading="Toimumise andmete laadimine..." failed="Toimumise andmete laadimine ebaõnnestus">
        {(data) => <DecisionFacts decision={data} />}
      </QueryView>
      {d && dialog === 'confirm' && <ConfirmGoAhead decision={d} onClose={() => setDialog(null)} />}
      {d && dialog === 'cancel' && <CancelRetreatDialog decision={d} onClose={() => setDialog(null)} />}
    </Section>
  );
}

function DecisionFacts({ decision: d }: { decision: RetreatDecision }) {
  const below = (n: number) => (n < d.minParticipants ? ' (alla miinimumi)' : '');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3" data-decision-state={d.state}>
        <Badge tone={d.state === 'confirmed' ? 'green' : d.state === 'cancelled' ? 'red' : 'grey'}>{M.stateLabels[d.state]}</Badge>
        {d.alert && <Badge tone={d.alert === 'overdue' ? 'red' : 'yellow'}>{M.alertLabels[d.alert]}</Badge>}
      </div>
      <Facts
        items={[
          ['Osalejate miinimum', String(d.minParticipants)],
          ['Kinnitatud osalejaid', `${d.confirmedPeople} / ${d.minParticipants}${below(d.confirmedPeople)}`],
          ['Makstud osalejaid', `${d.paidPeople} / ${d.minParticipants}${below(d.paidPeople)}`],
          [
            'Otsuse päev',
            d.decisionDay ? `${formatDate(d.decisionDay)} ${d.decisionOn ? '(määratud)' : '(lõppmakse päev)'}` : 'Alguskuupäev puudub',
          ],
          ...(d.confirmedAt ? ([['Toimumine kinnitatud', formatDateTime(d.confirmedAt)]] as [string, string][]) : []),
          ...(d.cancelledAt
            ? ([
                ['Tühistatud', formatDateTime(d.cancelledAt)],
                ['Tühistamise põhjus', d.cancellationReason ?? ''],
              ] as [string, string][])
            : []),
        ]}
      />
      <p className="text-sm text-ink-600">Makstud: broneeringud, mille ettemaks (või esimene osamakse) on laekunud. Inimesed koos kaasreisijatega.</p>
    </div>
  );
}

function ConfirmGoAhead({ decision: d, onClose }: { decision: RetreatDecision; onClose: () => void }) {
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

function CancelRetreatDialog({ decision: d, onClose }: { decision: RetreatDecision; onClose: () => void }) {
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
    toast({ title: M.cancelled, description: `Tühistati ${done.bookings} broneeringut, tagastatakse ${formatMoney(done.refundCents)}, kreeditarveid ${done.creditNotes}, e-kirju ${done.emails}.` });
    onClose();
  };
  return (
    <AppDialog title={M.cancelTitle} isOpen onOpenChange={(open) => !open && onClose()} role="alertdialog" size="lg" isDismissable={!cancel.isPending}>
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
