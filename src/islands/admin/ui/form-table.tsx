/**
 * A plain HTML table for lists whose rows hold text boxes (the users screen's new-password box). React Aria's grid
 * (DataTable) takes Enter and the arrow keys inside its cells for row actions and cell navigation, so a text box
 * there cannot be edited with the arrows or submitted with Enter. Here the browser's own table semantics and the
 * Tab order apply. Columns are DataTable's, without sorting.
 */
import type { ReactNode } from 'react';
import type { DataColumn } from './data-table';

export interface FormTableProps<T extends { id: string | number }> {
  label: string;
  columns: DataColumn<T>[];
  items: readonly T[];
  empty: ReactNode;
  isStale?: boolean;
}

export function FormTable<T extends { id: string | number }>({ label, columns, items, empty, isStale }: FormTableProps<T>) {
  return (
    // On a narrow screen the table scrolls sideways: the scrolling box takes focus, so the keyboard can scroll it too
    // when no cell holds anything focusable (axe: scrollable-region-focusable). Its name differs from the section
    // around it, which is often named like the table (axe: landmark-unique).
    <div
      role="region"
      aria-label={`${label}: tabel`}
      tabIndex={0}
      className={`overflow-x-auto rounded-2xl bg-white ring-1 ring-sand-200 transition-opacity focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lagoon-600 ${isStale ? 'opacity-60' : ''}`}
      aria-busy={isStale || undefined}
    >
      <table aria-label={label} className="w-full border-collapse text-left text-sm">
        <thead className="border-b border-sand-200 bg-sand-50">
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={`px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-600 uppercase ${column.className ?? ''}`}>
                <span className={column.srOnlyHeader ? 'sr-only' : undefined}>{column.header}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            items.map((item) => (
              <tr key={item.id} className="border-b border-sand-100 last:border-0 hover:bg-sand-50">
                {columns.map((column) =>
                  column.isRowHeader ? (
                    <th key={column.id} scope="row" className={`px-4 py-3 text-left align-top ${column.className ?? ''}`}>
                      {column.cell(item)}
                    </th>
                  ) : (
                    <td key={column.id} className={`px-4 py-3 align-top ${column.className ?? ''}`}>
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
