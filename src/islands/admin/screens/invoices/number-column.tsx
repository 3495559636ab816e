/** The invoice number as a table's row header, linking to its print view: the invoices screen's and the booking's. */
import { AppLink } from '../../shell';
import type { DataColumn } from '../../ui/data-table';

export function invoiceNumberColumn<T extends { id: number; number: string }>(): DataColumn<T> {
  return {
    id: 'number',
    header: 'Number',
    isRowHeader: true,
    cell: (i) => (
      <AppLink href={`/admin/invoices/${i.id}`} className="font-semibold text-lagoon-800 underline underline-offset-2">
        {i.number}
      </AppLink>
    ),
    className: 'whitespace-nowrap',
  };
}
