/**
 * A static table's header row (the admin's dashboard and dialogs, the invoice, the portal's schedule): each name a
 * `th scope="col"`, so a screen reader names every cell by its column. A figure's column (money, counts) stands flush
 * right over its figures. `cell` is the table's own padding and type; `className` the row's.
 */
export type ColumnHead = string | { figure: string };

export function ColumnHeads({ columns, cell, className }: { columns: readonly ColumnHead[]; cell: string; className?: string }) {
  return (
    <tr className={className}>
      {columns.map((column) =>
        typeof column === 'string' ? (
          <th key={column} scope="col" className={cell}>
            {column}
          </th>
        ) : (
          <th key={column.figure} scope="col" className={`${cell} text-right`}>
            {column.figure}
          </th>
        ),
      )}
    </tr>
  );
}
