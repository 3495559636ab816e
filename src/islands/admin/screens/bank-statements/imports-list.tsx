/** "Varasemad impordid": the statements imported so far, newest first, each opening its outcome. */
import type { StatementSummary } from '../../../../lib/bank-statements';
import { formatCount, formatCountOf, formatDateTime } from '../../../../lib/format';
import { useStatementList } from '../../api/bank-statements';
import { AppLink } from '../../shell';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { formatLabel } from './import-result';
import { PageButtons } from '../../ui/pagination';
import { QueryView } from '../../ui/states';
import { useErrorToast } from '../../use-error-toast';

const TITLE = 'Varasemad impordid';
const FAILED = 'Varasemate importide laadimine ebaõnnestus';

const columns: DataColumn<StatementSummary>[] = [
  {
    id: 'file',
    header: 'Fail',
    isRowHeader: true,
    cell: (s) => (
      <AppLink href={`/admin/bank-statements/${s.id}`} className="font-semibold break-words text-lagoon-800 underline underline-offset-2">
        {s.fileName || `Import #${s.id}`}
      </AppLink>
    ),
    className: 'max-w-64',
  },
  {
    id: 'format',
    header: 'Vorming',
    cell: (s) => (
      <span className="flex flex-col">
        <span>{formatLabel(s.format)}</span>
        {s.accountIban && <span className="text-xs break-words text-ink-600">{s.accountIban}</span>}
        {!s.companyAccount && <span className="text-xs text-amber-900">ei ole ettevõtte konto</span>}
      </span>
    ),
  },
  { id: 'imported', header: 'Imporditud', cell: (s) => formatDateTime(s.importedAt), className: 'whitespace-nowrap tabular-nums' },
  { id: 'by', header: 'Importija', cell: (s) => <span className="break-all">{s.importedBy ?? '–'}</span> },
  { id: 'transactions', header: 'Tehinguid', cell: (s) => formatCount(s.transactions), className: 'text-right tabular-nums' },
  { id: 'duplicates', header: 'Juba imporditud', cell: (s) => formatCount(s.duplicates), className: 'text-right tabular-nums' },
];

/**
 * Older and newer imports. Not the shared Pagination: that one is a navigation landmark named for the page's main list
 * (the review list has it), and two landmarks of one name would be ambiguous (axe: landmark-unique).
 */
function Pager({ page, pageSize, total, onPageChange }: { page: number; pageSize: number; total: number; onPageChange: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <div role="group" aria-label="Importide lehed" className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-600">
      <p aria-live="polite">
        {formatCountOf(total, 'import', 'importi')} · lehekülg {formatCount(page)} / {formatCount(pages)}
      </p>
      <PageButtons page={page} pages={pages} onPageChange={onPageChange} previous="← Uuemad" next="Vanemad →" />
    </div>
  );
}

export function ImportsList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const list = useStatementList(page);

  useErrorToast(FAILED, list.error);

  return (
    <section aria-labelledby="imports-title" className="space-y-4" data-imports-list>
      <h2 id="imports-title" className="text-2xl text-lagoon-900">
        {TITLE}
      </h2>
      <QueryView query={list} loading="Importide laadimine..." failed={FAILED} keepData>
        {({ items, pageSize, total }) => (
          <>
            <DataTable label={TITLE} columns={columns} items={items} isStale={list.isPlaceholderData} empty="Väljavõtteid ei ole veel imporditud." />
            <Pager page={page} pageSize={pageSize} total={total} onPageChange={onPageChange} />
          </>
        )}
      </QueryView>
    </section>
  );
}
