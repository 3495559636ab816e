/** The loading, empty and error states every admin screen shows the same way, and the choice between them. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './button';
import { FailureBox, LoadingState } from './status';

export { LoadingState };

export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="py-12 text-center text-ink-600" data-empty>
      <p>{text}</p>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}

/** A failed load: what failed, in the spec's words, and a way to try again. */
export function ErrorState({ text, detail, onRetry }: { text: string; detail?: string; onRetry?: () => void }) {
  return (
    <FailureBox text={text} detail={detail}>
      {onRetry && (
        <Button variant="outline" className="mt-3" onPress={onRetry}>
          Proovi uuesti
        </Button>
      )}
    </FailureBox>
  );
}

export interface QueryViewProps<T> {
  query: UseQueryResult<T, Error>;
  /** The spinner's text; 'Laadimine...' when absent. */
  loading?: string;
  /** A failure's text (shown with the error's message and "Proovi uuesti"), or what to show instead: null for nothing. */
  failed: ReactNode;
  /** A list keeps the rows it has when a later load fails (the failure is toasted); anything else shows the failure. */
  keepData?: boolean;
  children: (data: T) => ReactNode;
}

/** A query as a screen shows it: the spinner until the first answer, then the failure or what `children` makes of the data. */
export function QueryView<T>({ query, loading, failed, keepData = false, children }: QueryViewProps<T>) {
  if (query.isPending) return <LoadingState text={loading} />;
  if (query.isError && !(keepData && query.data !== undefined)) {
    return typeof failed === 'string' ? <ErrorState text={failed} detail={query.error.message} onRetry={() => void query.refetch()} /> : <>{failed}</>;
  }
  return <>{children(query.data as T)}</>;
}
