/**
 * The admin's data table: a plain HTML table, so everything in it is on the Tab path (issue 21: React Aria's grid
 * reached row actions and sort headers with the arrow keys only). A sortable column's header is a button inside its
 * `th` (aria-sort on the sorted one; the APG's sortable table), the row's own links and buttons follow in order.
 * Sorting and paging happen on the server: the table only reports the sort the user asked for, as the URL's `sort`
 * value ("name", "-created").
 */
import type { ReactNode } from 'react';
import { EmptyState } from './states';

export interface SortDescriptor {
  column: string;
  direction: 'ascending' | 'descending';
}

export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** The API's sort key for this column; absent: not sortable. */
  sortKey?: string;
  /** The cell that names the row for screen readers (one per table). */
  isRowHeader?: boolean;
  /** Hidden visually (e.g. "Tegevused"), still announced. */
  srOnlyHeader?: boolean;
  className?: string;
}

export interface DataTableProps<T extends { id: string | number }> {
  label: string;
  columns: DataColumn<T>[];
  items: readonly T[];
  /** "-created" = created, descending. */
  sort?: string;
  onSortChange?: (sort: string) => void;
  /** What an empty table says: its text (the admin's EmptyState), or a node of its own. */
  empty: ReactNode;
  /** While a new page loads the old rows stay, dimmed, so the table does not jump. */
  isStale?: boolean;
  /** 'top' for rows that hold form fields of different heights (FormTable). */
  verticalAlign?: 'middle' | 'top';
}

function parseSort(sort: string | undefined): SortDescriptor | undefined {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  return { column: descending ? sort.slice(1) : sort, direction: descending ? 'descending' : 'ascending' };
}

export function DataTable<T extends { id: string | number }>({ label, columns, items, sort, onSortChange, empty, isStale, verticalAlign = 'middle' }: DataTableProps<T>) {
  const sorted = parseSort(sort);
  const sortedColumn = sorted && columns.find((c) => c.sortKey === sorted.column);
  const sortBy = (column: DataColumn<T>) => {
    if (!column.sortKey || !onSortChange) return;
    // As a sortable table does it: a new column sorts ascending, the sorted one turns around.
    const descending = sortedColumn?.id === column.id && sorted?.direction === 'ascending';
    onSortChange(descending ? `-${column.sortKey}` : column.sortKey);
  };
  const cellClass = (column: DataColumn<T>) => `px-4 py-3 ${verticalAlign === 'top' ? 'align-top' : 'align-middle'} ${column.className ?? ''}`;

  return (
    // A narrow screen scrolls the table sideways: the region is on the Tab path so the keyboard can scroll it too (axe:
    // scrollable-region-focusable), named apart from the section around it, often named like the table (axe:
    // landmark-unique), and positioned (relative) so the screen-reader-only texts in its cells stay inside it instead
    // of widening the page.
    <div
      role="region"
      aria-label={`${label}: tabel`}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-2xl bg-white ring-1 ring-sand-200 transition-opacity ${isStale ? 'opacity-60' : ''}`}
      aria-busy={isStale || undefined}
    >
      <table aria-label={label} className="w-full border-collapse text-left text-sm">
        <thead className="border-b border-sand-200 bg-sand-50">
          <tr>
            {columns.map((column) => {
              const direction = sortedColumn?.id === column.id ? sorted!.direction : undefined;
              const text = <span className={column.srOnlyHeader ? 'sr-only' : undefined}>{column.header}</span>;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={direction}
                  className={`text-xs font-semibold tracking-wide whitespace-nowrap text-ink-600 uppercase ${column.sortKey ? 'p-0' : 'px-4 py-3'} ${column.className ?? ''}`}
                >
                  {column.sortKey ? (
                    <button type="button" onClick={() => sortBy(column)} className="inline-flex w-full cursor-pointer items-center gap-1 px-4 py-3 text-inherit uppercase">
                      {text}
                      <span aria-hidden="true" className={direction ? 'text-lagoon-700' : 'text-sand-300'}>
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    text
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{typeof empty === 'string' ? <EmptyState text={empty} /> : empty}</td>
            </tr>
          ) : (
            items.map((item) => (
              <tr key={item.id} className="border-b border-sand-100 last:border-0 hover:bg-sand-50">
                {columns.map((column) =>
                  column.isRowHeader ? (
                    <th key={column.id} scope="row" className={`font-normal ${cellClass(column)}`}>
                      {column.cell(item)}
                    </th>
                  ) : (
                    <td key={column.id} className={cellClass(column)}>
                      {column.cell(item)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
