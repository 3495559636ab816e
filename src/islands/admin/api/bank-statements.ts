/**
 * Bank statements (issue "Collect"): the upload, the imports so far, one import's outcome, and the review list with
 * its two actions. An upload or an assignment records payments on bookings: their details, ledgers, invoices, every
 * list and the dashboard reload.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { adminApi, answer } from '../../api/typed';
import type { ReviewListQuery } from '../../../lib/admin/bank-statements';
import { INVOICE_LISTS, adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/bank-statements.ts through hc.
const statements = adminApi['bank-statements'];
const review = statements.review;
const transaction = review[':id'];

type Transaction = InferResponseType<typeof transaction.assign.$post>['transaction'];

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
  return useQuery({
    queryKey: bankKeys.list(page),
    // The server's page size (the query names every parameter, an absent one as undefined).
    queryFn: ({ signal }) => answer(statements.$get({ query: { page: String(page), pageSize: undefined } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });
}

/** An earlier import's outcome, as stored (assignments and dismissals since then show on its lines). */
export function useStatement(id: string) {
  return useQuery({
    queryKey: bankKeys.statement(id),
    queryFn: ({ signal }) => answer(statements[':id'].$get({ param: { id: encodeURIComponent(id) } }, { init: { signal } })),
  });
}

export function useReviewList(query: ReviewListQuery) {
  return useQuery({
    queryKey: bankKeys.review(query),
    queryFn: ({ signal }) =>
      answer(review.$get({ query: { q: query.q || undefined, page: String(query.page), pageSize: String(query.pageSize) } }, { init: { signal } })),
    // The old page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Money moved on bookings: everything that shows a booking's money reloads. */
function paymentsRecorded(client: QueryClient) {
  void client.invalidateQueries({ queryKey: adminKeys.bookings });
  void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
}

/**
 * The route reads its multipart body itself (no validator), so hc knows no body type for it, only the answer: hc
 * builds the FormData (`file`, under its own name) and the browser writes its multipart Content-Type.
 */
const fileBody = (file: File) => ({ form: { file } });

/** What a chosen file holds (its accounts, and whether each is the company's), read by the API and not imported. */
export function usePreviewStatement() {
  return useMutation({
    mutationFn: (file: File) => answer(statements.preview.$post(fileBody(file))),
  });
}

/** POST the file as multipart (field `file`); the answer is each account's import, its outcome per transaction. */
export function useImportStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => answer(statements.$post(fileBody(file))),
    onSuccess: (result) => {
      for (const done of result.imports) client.setQueryData(bankKeys.statement(String(done.statement.id)), done);
      void client.invalidateQueries({ queryKey: ['bank-statements', 'list'] });
      void client.invalidateQueries({ queryKey: bankKeys.reviews });
      paymentsRecorded(client);
    },
  });
}

/** After an assignment or a dismissal: the review list, and the import the transaction came from. */
function transactionResolved(client: QueryClient, resolved: Transaction) {
  void client.invalidateQueries({ queryKey: bankKeys.reviews });
  if (resolved.statementId !== null) void client.invalidateQueries({ queryKey: bankKeys.statement(String(resolved.statementId)) });
}

/** Assigns a review line to a booking or sets it aside; an assignment records a payment, so money moved too. */
function useResolveTransaction<Body>(resolve: (id: number, json: Body) => Promise<{ transaction: Transaction }>, movesMoney: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: bankKeys.resolving,
    mutationFn: ({ id, body }: { id: number; body: Body }) => resolve(id, body).then((r) => r.transaction),
    onSuccess: (resolved) => {
      transactionResolved(client, resolved);
      if (movesMoney) paymentsRecorded(client);
    },
  });
}

const transactionParam = (id: number) => ({ param: { id: String(id) } });

export const useAssignTransaction = () =>
  useResolveTransaction(
    (id, json: InferRequestType<typeof transaction.assign.$post>['json']) => answer(transaction.assign.$post({ ...transactionParam(id), json })),
    true,
  );

export const useDismissTransaction = () =>
  useResolveTransaction(
    (id, json: InferRequestType<typeof transaction.dismiss.$post>['json']) => answer(transaction.dismiss.$post({ ...transactionParam(id), json })),
    false,
  );
