/**
 * "Kiri grupile" on the retreat's detail (issue 24): the form that writes to the edition's guests (./group-message-form,
 * loaded as a chunk of its own) and the edition's earlier sends with how many of their e-mails have gone out.
 */
import { GROUP_MESSAGE_AUDIENCE_LABELS } from '../../../../lib/group-messages';
import { formatDateTime } from '../../../../lib/format';
import { lazyComponent } from '../../../lazy-component';
import { useGroupMessages } from '../../api/group-messages';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { LoadingState, QueryView } from '../../ui/states';
import { Section } from '../../ui/detail-parts';

const Composer = lazyComponent(() => import('./group-message-form').then((m) => m.Composer), () => <LoadingState text="Laadimine..." />);

export function GroupMessageSection({ retreatId }: { retreatId: number }) {
  return (
    <Section id="retreat-group-message" title="Kiri grupile">
      <Composer retreatId={retreatId} />
      <SentMessages retreatId={retreatId} />
    </Section>
  );
}

type Sent = NonNullable<ReturnType<typeof useGroupMessages>['data']>[number];

function SentMessages({ retreatId }: { retreatId: number }) {
  const list = useGroupMessages(retreatId);
  const columns: DataColumn<Sent>[] = [
    { id: 'subject', header: 'Teema', isRowHeader: true, cell: (m) => m.subject, className: 'font-semibold' },
    { id: 'audience', header: 'Kellele', cell: (m) => GROUP_MESSAGE_AUDIENCE_LABELS[m.audience] },
    { id: 'sent', header: 'Saadetud', cell: (m) => formatDateTime(m.createdAt), className: 'whitespace-nowrap' },
    { id: 'by', header: 'Saatja', cell: (m) => m.sentBy ?? '–' },
    { id: 'delivered', header: 'Kohale läinud', cell: (m) => `${m.delivered} / ${m.recipients}`, className: 'text-right tabular-nums' },
  ];
  return (
    <div className="mt-6">
      <h3 className="text-lg text-lagoon-900">Saadetud kirjad</h3>
      <div className="mt-3">
        <QueryView query={list} loading="Laadimine..." failed="Saadetud kirjade laadimine ebaõnnestus">
          {(items) => <DataTable label="Grupile saadetud kirjad" columns={columns} items={items} empty="Grupile ei ole veel kirju saadetud" />}
        </QueryView>
      </div>
    </div>
  );
}
