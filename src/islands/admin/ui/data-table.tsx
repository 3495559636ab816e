/**
 * The admin's data table on React Aria's Table: sortable column headers (aria-sort, Enter/Space to sort), arrow-key
 * navigation between rows and cells, and the row's own actions reachable by keyboard. Sorting and paging happen on
 * the server: the table only reports the sort the user asked for, as the URL's `sort` value ("name", "-created").
 */
import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';

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
  empty: ReactNode;
  /** While a new page loads the old rows stay, dimmed, so the table does not jump. */
  isStale?: boolean;
}

export function parseSort(sort: string | undefined): SortDescriptor | undefined {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  return { column: descending ? sort.slice(1) : sort, direction: descending ? 'descending' : 'ascending' };
}

export function DataTable<T extends { id: string | number }>({ label, columns, items, sort, onSortChange, empty, isStale }: DataTableProps<T>) {
  const sortDescriptor = parseSort(sort);
  const columnBySortKey = new Map(columns.filter((c) => c.sortKey).map((c) => [c.sortKey!, c.id]));
  const descriptor = sortDescriptor && columnBySortKey.has(String(sortDescriptor.column))
    ? { column: columnBySortKey.get(String(sortDescriptor.column))!, direction: sortDescriptor.direction }
    : undefined;

  return (
    <div className={`overflow-x-auto rounded-2xl bg-white ring-1 ring-sand-200 transition-opacity ${isStale ? 'opacity-60' : ''}`} aria-busy={isStale || undefined}>
      <Table
        aria-label={label}
        className="w-full border-collapse text-left text-sm"
        sortDescriptor={descriptor}
        onSortChange={(next) => {
          const column = columns.find((c) => c.id === next.column);
          if (!column?.sortKey || !onSortChange) return;
          onSortChange(next.direction === 'descending' ? `-${column.sortKey}` : column.sortKey);
        }}
      >
        <TableHeader className="border-b border-sand-200 bg-sand-50">
          {columns.map((column) => (
            <Column
              key={column.id}
              id={column.id}
              isRowHeader={column.isRowHeader}
              allowsSorting={!!column.sortKey}
              className={`px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-600 uppercase outline-none data-[allows-sorting]:cursor-pointer data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-lagoon-600 ${column.className ?? ''}`}
            >
              {({ allowsSorting, sortDirection }) => (
                <span className={`inline-flex items-center gap-1 ${column.srOnlyHeader ? 'sr-only' : ''}`}>
                  {column.header}
                  {allowsSorting && (
                    <span aria-hidden="true" className={sortDirection ? 'text-lagoon-700' : 'text-sand-300'}>
                      {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}
                    </span>
                  )}
                </span>
              )}
            </Column>
          ))}
        </TableHeader>
        <TableBody items={items} renderEmptyState={() => empty} dependencies={[columns]}>
          {(item) => (
            <Row
              id={item.id}
              columns={columns}
              className="border-b border-sand-100 outline-none last:border-0 data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-lagoon-600 data-[hovered]:bg-sand-50"
            >
              {(column) => (
                <Cell className={`px-4 py-3 align-middle outline-none data-[focus-visible]:outline-2 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-lagoon-600 ${column.className ?? ''}`}>
                  {column.cell(item)}
                </Cell>
              )}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
