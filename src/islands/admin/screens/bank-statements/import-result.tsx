/**
 * One account's import: the file, the totals per outcome and every transaction (after an upload, and on its own page);
 * and an upload's outcome, one such part per account the file had a statement of.
 */
import type { Ref } from 'react';
import { foreignAccountWarning, STATEMENT_FORMAT_LABELS, type StatementImport, type StatementImportResult } from '../../../../lib/bank-statements';
import { formatCountOf, formatDateTime } from '../../../../lib/format';
import { AppLink } from '../../shell';
import { DataTable } from '../../ui/data-table';
import { OutcomeTotalsList, transactionColumns, transactionRows } from './transactions';

export const formatLabel = (format: string) => STATEMENT_FORMAT_LABELS[format] ?? format;

const columns = transactionColumns();

interface ImportResultProps {
  result: StatementImport;
  /** The heading's text and level: the screen's h1 names the import on its own page, an h2 or h3 after an upload. */
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
    <section aria-labelledby={id} className="space-y-4" data-import-result={statement.id} data-account={statement.accountIban ?? ''}>
      <Heading ref={headingRef} id={id} tabIndex={-1} className={`${headingLevel === 2 ? 'text-2xl' : 'text-xl'} text-lagoon-900 focus:outline-none`}>
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
      {!statement.companyAccount && (
        <p className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" data-foreign-account>
          {foreignAccountWarning(statement.accountIban)}
        </p>
      )}
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

const accountTitle = (done: StatementImport) => (done.statement.accountIban ? `Konto ${done.statement.accountIban}` : 'Konto teadmata');

function OwnPageLink({ done }: { done: StatementImport }) {
  return (
    <p className="text-sm">
      <AppLink href={`/admin/bank-statements/${done.statement.id}`} className="text-lagoon-800 underline underline-offset-2">
        Ava import eraldi lehel<span className="sr-only"> ({accountTitle(done)})</span>
      </AppLink>
    </p>
  );
}

/** An upload's outcome: one file's statement as one import; a file of several accounts as a part per account. */
export function UploadOutcome({ result, headingRef }: { result: StatementImportResult; headingRef?: Ref<HTMLHeadingElement> }) {
  const [first] = result.imports;
  if (!first) return null;
  const title = `Impordi tulemus: ${first.statement.fileName ?? `import #${first.statement.id}`}`;
  if (result.imports.length === 1) {
    return (
      <div className="space-y-3">
        <ImportResult result={first} title={title} headingRef={headingRef} />
        <OwnPageLink done={first} />
      </div>
    );
  }
  return (
    <section aria-labelledby="upload-outcome-title" className="space-y-6" data-upload-outcome>
      <h2 ref={headingRef} id="upload-outcome-title" tabIndex={-1} className="text-2xl text-lagoon-900 focus:outline-none">
        {title}
      </h2>
      <p className="text-sm text-ink-600">Failis oli {result.imports.length} konto väljavõte: igaüks imporditi eraldi.</p>
      {result.imports.map((done) => (
        <div key={done.statement.id} className="space-y-3">
          <ImportResult result={done} title={accountTitle(done)} headingLevel={3} />
          <OwnPageLink done={done} />
        </div>
      ))}
    </section>
  );
}
