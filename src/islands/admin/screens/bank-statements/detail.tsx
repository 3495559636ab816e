/**
 * /admin/bank-statements/{id} ("Väljavõtte import"): an earlier import's outcome as stored, each line as it stands now
 * (a line assigned or set aside from the review list since shows that). Linked from the imports list and from a
 * payment's source on the booking.
 */
import { ApiRequestError } from '../../../api/client';
import { useStatement } from '../../api/bank-statements';
import type { ScreenProps } from '../../screen-props';
import { AppLink, ScreenHeading } from '../../shell';
import { ErrorState, LoadingState } from '../../ui/states';
import { ImportResult } from './import-result';
import { useErrorToast } from '../../use-error-toast';

export default function StatementImport({ params }: ScreenProps) {
  const statement = useStatement(params.id!);
  const notFound = statement.error instanceof ApiRequestError && statement.error.status === 404;

  useErrorToast(notFound ? null : 'Impordi laadimine ebaõnnestus', statement.error);

  const name = statement.data ? (statement.data.statement.fileName ?? `import #${statement.data.statement.id}`) : null;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ScreenHeading title="Väljavõtte import" intro={name ?? undefined} />
        <AppLink href="/admin/bank-statements" className="btn-outline">
          ← Tagasi pangaväljavõtte juurde
        </AppLink>
      </div>
      <div className="mt-8">
        {statement.isPending ? (
          <LoadingState text="Impordi laadimine..." />
        ) : statement.isError ? (
          notFound ? (
            <ErrorState text="Sellist importi ei leitud." />
          ) : (
            <ErrorState text="Impordi laadimine ebaõnnestus" detail={statement.error.message} onRetry={() => void statement.refetch()} />
          )
        ) : (
          <ImportResult result={statement.data} title="Tehingud" />
        )}
      </div>
    </>
  );
}
