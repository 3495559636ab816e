/**
 * The retreat detail's "Toimumine" section (issue 24): confirmed and paid participants against the minimum, the
 * decision day and its flag, and the two decisions, each behind a confirmation that states its numbers first:
 * "Kinnita toimumine" (an e-mail to each guest) and "Tühista retriit" (every booking cancelled and refunded in full,
 * invoices credited, each guest told the reason; the reason is asked for here).
 */
import { useState } from 'react';
import { DECISION_MESSAGES, type RetreatDecision } from '../../../../lib/admin/retreat-decision';
import { formatDate, formatDateTime } from '../../../../lib/format';
import { lazyComponent } from '../../../lazy-component';
import { useRetreatDecision } from '../../api/retreat-decision';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { QueryView } from '../../ui/states';
import { Facts, Section } from '../../ui/detail-parts';

const M = DECISION_MESSAGES;

// The two confirmations (the overlay, the reason's form and its schema) load when one is first opened.
const ConfirmGoAhead = lazyComponent(() => import('./decision-dialogs').then((m) => m.ConfirmGoAhead));
const CancelRetreatDialog = lazyComponent(() => import('./decision-dialogs').then((m) => m.CancelRetreatDialog));

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
