/**
 * Bank statements (issue "Collect"): the upload, the imports so far, one import's outcome, and the review list with
 * its two actions. An upload or an assignment records payments on bookings: their details, ledgers, invoices, every
 * list and the dashboard reload.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type {
  AssignInput,
  BankTransactionView,
  DismissInput,
  ReviewList,
  ReviewListQuery,
  StatementImport,
  StatementImportResult,
  StatementList,
  StatementPreview,
} from '../../../lib/admin/bank-statements';
import { BASE, INVOICE_LISTS, adminKeys } from './keys';
import { listQueryHook } from './list-query';

const PATH = `${BASE}/bank-statements`;

export const bankKeys = {
  all: ['bank-statements'] as const,
  list: (page: number) => ['bank-statements', 'list', page] as const,
  statement: (id: string) => ['bank-statements', 'detail', id] as const,
  reviews: ['bank-statements', 'review'] as const,
  review: (query: ReviewListQuery) => ['bank-statements', 'review', query] as const,
  /** The review list's writes (assign, dismiss): a dialog stays open while one is on its way. */
  resolving: ['bank-statements', 'resolve'] as const,
};

export function useStatementList(page: number) {
  return useQuery<StatementList>({
    queryKey: bankKeys.list(page),
    queryFn: ({ signal }) => apiRequest<StatementList>(PATH, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** An earlier import's outcome, as stored (assignments and dismissals since then show on its lines). */
export function useStatement(id: string) {
  return useQuery({
    queryKey: bankKeys.statement(id),
    queryFn: ({ signal }) => apiRequest<StatementImport>(`${PATH}/${encodeURIComponent(id)}`, { signal }),
  });
}

export const useReviewList = listQueryHook<ReviewListQuery, ReviewList>(`${PATH}/review`, bankKeys.review);

/** Money moved on bookings: everything that shows a booking's money reloads. */
function paymentsRecorded(client: QueryClient) {
  void client.invalidateQueries({ queryKey: adminKeys.bookings });
  void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
}

const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

/** What a chosen file holds (its accounts, and whether each is the company's), read by the API and not imported. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: (file: File) => apiRequest<StatementPreview>(`${PATH}/preview`, { method: 'POST', body: fileBody(file) }),
  });
}

/** POST the file as multipart (field `file`); the answer is each account's import, its outcome per transaction. */
export function useImportStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiRequest<StatementImportResult>(PATH, { method: 'POST', body: fileBody(file) }),
    onSuccess: (result) => {
      for (const done of result.imports) client.setQueryData(bankKeys.statement(String(done.statement.id)), done);
      void client.invalidateQueries({ queryKey: ['bank-statements', 'list'] });
      void client.invalidateQueries({ queryKey: bankKeys.reviews });
      paymentsRecorded(client);
    },
  });
}

/** After an assignment or a dismissal: the review list, and the import the transaction came from. */
function transactionResolved(client: QueryClient, transaction: BankTransactionView) {
  void client.invalidateQueries({ queryKey: bankKeys.reviews });
  if (transaction.statementId !== null) void client.invalidateQueries({ queryKey: bankKeys.statement(String(transaction.statementId)) });
}

/** Assigns a review line to a booking or sets it aside; an assignment records a payment, so money moved too. */
function useResolveTransaction<Body>(action: 'assign' | 'dismiss') {
  const client = useQueryClient();
  return useMutation({
    mutationKey: bankKeys.resolving,
    mutationFn: ({ id, body }: { id: number; body: Body }) =>
      apiRequest<{ transaction: BankTransactionView }>(`${PATH}/review/${id}/${action}`, { method: 'POST', body }).then((r) => r.transaction),
    onSuccess: (transaction) => {
      transactionResolved(client, transaction);
      if (action === 'assign') paymentsRecorded(client);
    },
  });
}

export const useAssignTransaction = () => useResolveTransaction<AssignInput>('assign');

export const useDismissTransaction = () => useResolveTransaction<DismissInput>('dismiss');
