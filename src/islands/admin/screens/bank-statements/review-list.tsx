/**
 * "Ülevaatamist ootavad maksed": money in that found no booking, from every import so far, searched and paged on the
 * server (the search and page in the URL). Each row is assigned to a booking or set aside; it then leaves the list.
 */
import { useRef, useState } from 'react';
import { formatMoney } from '../../../../lib/format';
import type { ReviewListQuery } from '../../../../lib/bank-statements';
import { useReviewList } from '../../api/bank-statements';
import { Button } from '../../ui/button';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { ListResults } from '../../ui/list-results';
import type { ReviewAction } from './review-dialogs';
import { signedCents, transactionColumns, transactionRows, type TransactionRow } from './transactions';
import { lazyComponent } from '../../../lazy-component';
import { ListSearch } from '../../ui/list-search';

// Assigning (its booking search, form and schema) and setting aside load when a line is first acted on.
const ReviewDialog = lazyComponent(() => import('./review-dialogs').then((m) => m.ReviewDialog));

const TITLE = 'Ülevaatamist ootavad maksed';

export function ReviewList({ query, onQueryChange }: { query: ReviewListQuery; onQueryChange: (patch: Partial<ReviewListQuery>, options?: { replace?: boolean }) => void }) {
  const listing = { query, setQuery: onQueryChange, list: useReviewList(query) };
  const [action, setAction] = useState<ReviewAction | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const done = (resolved: boolean) => {
    setAction(null);
    // The row (and the button that opened the dialog) leaves the list: the focus goes to the list's heading instead.
    if (resolved) setTimeout(() => heading.current?.focus(), 0);
  };

  const columns: DataColumn<TransactionRow>[] = [
    ...transactionColumns({ statementLink: true }),
    {
      id: 'actions',
      header: 'Tegevused',
      srOnlyHeader: true,
      cell: ({ tx }) => {
        const what = (
          <span className="sr-only">
            : {formatMoney(signedCents(tx), tx.currency)}, {tx.counterpartyName ?? 'maksja teadmata'}
          </span>
        );
        return (
          <span className="flex flex-col items-stretch gap-2">
            {/* Only euros pay a booking: another currency's line is set aside (and booked by hand in euros). */}
            {tx.currency === 'EUR' && (
              <Button size="sm" onPress={() => setAction({ kind: 'assign', tx })}>
                Määra broneeringule{what}
              </Button>
            )}
            <Button variant="outline" size="sm" onPress={() => setAction({ kind: 'dismiss', tx })}>
              Jäta kõrvale{what}
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="review-title" className="space-y-4" data-review-list>
      <h2 id="review-title" ref={heading} tabIndex={-1} className="text-2xl text-lagoon-900 focus:outline-none">
        {TITLE}
      </h2>
      <ListSearch
        listing={listing}
        label="Ülevaatamist ootavate maksete otsing"
        className="max-w-md"
        placeholder="Maksja, viide või selgitus"
        hint="Otsib maksja nime ja konto, viitenumbri ja selgituse järgi."
      />
      <ListResults
        listing={listing}
        loading="Maksete laadimine..."
        failed="Ülevaatamist ootavate maksete laadimine ebaõnnestus"
        counted={['makse ootab ülevaatust', 'makset ootab ülevaatust']}
      >
        {(items, isStale) => (
          <DataTable
            label={TITLE}
            columns={columns}
            items={transactionRows(items)}
            isStale={isStale}
            verticalAlign="top"
            empty={query.q ? 'Otsingule vastavaid makseid ei leitud.' : 'Ülevaatamist ootavaid makseid ei ole.'}
          />
        )}
      </ListResults>
      {action && <ReviewDialog action={action} onDone={done} />}
    </section>
  );
}
