/**
 * The admin table for rows that hold form fields (the users screen's new-password box, the ledger): DataTable, now a
 * plain HTML table itself, with its cells aligned at the top and no sorting.
 */
import type { ReactNode } from 'react';
import { DataTable, type DataColumn } from './data-table';

export interface FormTableProps<T extends { id: string | number }> {
  label: string;
  columns: DataColumn<T>[];
  items: readonly T[];
  empty: ReactNode;
  isStale?: boolean;
}

export function FormTable<T extends { id: string | number }>(props: FormTableProps<T>) {
  return <DataTable {...props} verticalAlign="top" />;
}
