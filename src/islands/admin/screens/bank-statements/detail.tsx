/**
 * /admin/bank-statements/{id} ("Väljavõtte import"): an earlier import's outcome as stored, each line as it stands now
 * (a line assigned or set aside from the review list since shows that). Linked from the imports list and from a
 * payment's source on the booking.
 */
import { useStatement } from '../../api/bank-statements';
import { isNotFound } from '../../../api/client';
import type { ScreenProps } from '../../screen-props';
import { ScreenHeader } from '../../shell';
import { ErrorState, QueryView } from '../../ui/states';
import { ImportResult } from './import-result';
import { useErrorToast } from '../../use-error-toast';

export default function StatementImport({ params }: ScreenProps) {
  const statement = useStatement(params.id!);
  const notFound = isNotFound(statement.error);

  useErrorToast(notFound ? null : 'Impordi laadimine ebaõnnestus', statement.error);

  const name = statement.data ? (statement.data.statement.fileName ?? `import #${statement.data.statement.id}`) : null;

  return (
    <>
      <ScreenHeader title="Väljavõtte import" intro={name ?? undefined} back={{ href: '/admin/bank-statements', label: '← Tagasi pangaväljavõtte juurde' }} />
      <div className="mt-8">
        <QueryView
          query={statement}
          loading="Impordi laadimine..."
          failed={notFound ? <ErrorState text="Sellist importi ei leitud." /> : 'Impordi laadimine ebaõnnestus'}
        >
          {(result) => <ImportResult result={result} title="Tehingud" />}
        </QueryView>
      </div>
    </>
  );
}
