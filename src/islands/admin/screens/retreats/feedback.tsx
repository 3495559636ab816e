/**
 * "Tagasiside" on the retreat's detail (issue 24): the guests' answers after the edition (rating, text, whether it
 * may be quoted on the site), the mean rating against the requests sent, and the CSV for the content editors.
 */
import type { FeedbackAnswer } from '../../../../lib/feedback';
import { formatDate } from '../../../../lib/format';
import { useRetreatFeedback } from '../../api/feedback';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { QueryView } from '../../ui/states';
import { Facts, Section, YesNo } from '../../ui/detail-parts';

export function FeedbackSection({ retreatId }: { retreatId: number }) {
  const feedback = useRetreatFeedback(retreatId);
  const columns: DataColumn<FeedbackAnswer>[] = [
    { id: 'name', header: 'Külaline', isRowHeader: true, cell: (a) => a.guestName, className: 'font-semibold whitespace-nowrap' },
    { id: 'rating', header: 'Hinne', cell: (a) => `${a.rating} / 5`, className: 'whitespace-nowrap tabular-nums' },
    { id: 'comment', header: 'Tagasiside', cell: (a) => <span className="whitespace-pre-wrap">{a.comment ?? '–'}</span> },
    { id: 'quote', header: 'Tohib tsiteerida', cell: (a) => <YesNo value={a.mayQuote} /> },
    { id: 'date', header: 'Kuupäev', cell: (a) => formatDate(a.createdAt), className: 'whitespace-nowrap' },
  ];
  return (
    <Section
      id="retreat-feedback"
      title="Tagasiside"
      actions={
        feedback.data && feedback.data.items.length > 0 ? (
          <a href={`/api/admin/retreats/${retreatId}/feedback.csv`} className="btn-outline" download>
            Laadi alla CSV<span className="sr-only"> (tagasiside)</span>
          </a>
        ) : undefined
      }
    >
      <QueryView query={feedback} loading="Laadimine..." failed="Tagasiside laadimine ebaõnnestus">
        {(data) => (
          <div className="grid gap-4">
            <Facts
              items={[
                ['Küsitud', String(data.requested)],
                ['Vastanud', String(data.items.length)],
                ['Keskmine hinne', data.average === null ? null : data.average.toLocaleString('et-EE')],
              ]}
            />
            <DataTable label="Retriidi tagasiside" columns={columns} items={data.items} verticalAlign="top" empty="Tagasisidet ei ole veel" />
          </div>
        )}
      </QueryView>
    </Section>
  );
}
