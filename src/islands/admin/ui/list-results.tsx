/**
 * The results part of every list the server pages (the list kit beside ListSearch, FilterSelect, DataTable and
 * Pagination): the spinner until the first page; a failure, toasted and shown with "Proovi uuesti" while no page is
 * on screen (a failed reload keeps the rows); the count, announced to screen readers after each load; the table
 * `children` makes of the page's rows (DataTable, or FormTable for rows with fields); and the paging under it.
 */
import type { ReactNode } from 'react';
import { formatCountOf } from '../../../lib/format';
import type { ServerList } from '../list-state';
import { DataTable, type DataTableProps } from './data-table';
import { useErrorToast } from '../use-error-toast';
import { Pagination } from './pagination';
import { QueryView } from './states';

export interface ListResultsProps<Page extends { items: readonly unknown[]; total: number }> {
  listing: ServerList<{ page: number; pageSize: number }, Page>;
  loading: string;
  /** The failure's toast title and in-place text, in the spec's words. */
  failed: string;
  /** The count's noun, one and many ('klient', 'klienti'). */
  counted: readonly [one: string, many: string];
  /** `isStale`: the rows are the previous page's, on screen (dimmed) while the next one loads. */
  children: (items: Page['items'], isStale: boolean) => ReactNode;
}

export function ListResults<Page extends { items: readonly unknown[]; total: number }>({
  listing,
  loading,
  failed,
  counted,
  children,
}: ListResultsProps<Page>) {
  const { query, setQuery, list } = listing;
  useErrorToast(failed, list.error);
  return (
    <QueryView query={list} loading={loading} failed={failed} keepData>
      {(page) => (
        <>
          <p className="sr-only" aria-live="polite">
            {formatCountOf(page.total, ...counted)}
          </p>
          {children(page.items, list.isPlaceholderData)}
          <Pagination page={query.page} pageSize={query.pageSize} total={page.total} onPageChange={(next) => setQuery({ page: next })} />
        </>
      )}
    </QueryView>
  );
}

type Row<Page extends { items: readonly unknown[] }> = Page['items'][number] & { id: string | number };

export type ListTableProps<Page extends { items: readonly { id: string | number }[]; total: number }> = Omit<ListResultsProps<Page>, 'children'> &
  Pick<DataTableProps<Row<Page>>, 'label' | 'columns' | 'empty' | 'sort' | 'onSortChange'>;

/** The list screens' usual results: the page's rows as they come, in a DataTable under the search and filters. */
export function ListTable<Page extends { items: readonly { id: string | number }[]; total: number }>({
  label,
  columns,
  empty,
  sort,
  onSortChange,
  ...results
}: ListTableProps<Page>) {
  return (
    <div className="mt-6">
      <ListResults {...results}>
        {(items, isStale) => (
          <DataTable
            label={label}
            columns={columns}
            items={items as readonly Row<Page>[]}
            sort={sort}
            onSortChange={onSortChange}
            isStale={isStale}
            empty={empty}
          />
        )}
      </ListResults>
    </div>
  );
}
