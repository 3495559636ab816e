/** One import's outcome: the file, the totals per outcome and every transaction (after an upload, and on its own page). */
import type { Ref } from 'react';
import { STATEMENT_FORMAT_LABELS, type StatementImportResult } from '../../../../lib/bank-statements';
import { formatCountOf, formatDateTime } from '../../../../lib/format';
import { DataTable } from '../../ui/data-table';
import { OutcomeTotalsList, transactionColumns, transactionRows } from './transactions';

export const formatLabel = (format: string) => STATEMENT_FORMAT_LABELS[format] ?? format;

const columns = transactionColumns();

interface ImportResultProps {
  result: StatementImportResult;
  /** The heading's text and level: the screen's h1 names the import on its own page, an h2 after an upload. */
  title: string;
  headingLevel?: 2 | 3;
  /** The heading takes the focus after an upload, so a screen reader reads the outcome next. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function ImportResult({ result, title, headingLevel = 2, headingRef }: ImportResultProps) {
  const { statement, transactions, totals } = result;
  const Heading = `h${headingLevel}` as const;
  const id = `statement-${statement.id}-title`;
  return (
    <section aria-labelledby={id} className="space-y-4" data-import-result={statement.id}>
      <Heading ref={headingRef} id={id} tabIndex={-1} className="text-2xl text-lagoon-900 focus:outline-none">
        {title}
      </Heading>
      <p className="text-sm text-ink-600">
        {[
          statement.fileName,
          formatLabel(statement.format),
          statement.accountIban ? `konto ${statement.accountIban}` : null,
          `imporditud ${formatDateTime(statement.importedAt)}${statement.importedBy ? `, ${statement.importedBy}` : ''}`,
          formatCountOf(statement.transactions, 'uus tehing', 'uut tehingut'),
          statement.duplicates > 0 ? formatCountOf(statement.duplicates, 'juba imporditud', 'juba imporditud') : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <OutcomeTotalsList totals={totals} />
      <DataTable
        label={`${title}: tehingud`}
        columns={columns}
        items={transactionRows(transactions)}
        verticalAlign="top"
        empty="Väljavõttes ei olnud tehinguid."
      />
    </section>
  );
}
