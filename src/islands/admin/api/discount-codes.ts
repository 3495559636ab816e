/** Discount codes ("Soodustused", issue 38): the list, adding, editing and ending a code (a code is never deleted). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { hasErrorCode } from '../../api/client';
import { adminApi, answer } from '../../api/typed';
import { adminKeys, type DiscountCodeListQuery } from './keys';

// Every request and answer type comes from worker/routes/admin/discount-codes.ts through hc.
const codes = adminApi['discount-codes'];
const code = codes[':id'];

export function useDiscountCodeList(query: DiscountCodeListQuery) {
  return useQuery({
    queryKey: adminKeys.discountCodeList(query),
    queryFn: ({ signal }) =>
      answer(codes.$get({ query: { q: query.q, page: String(query.page), pageSize: String(query.pageSize) } }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });
}

/** After any write: every page of the list reloads (uses, state and the order may have changed). */
function useCodesChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: adminKeys.discountCodes });
}

/** A write refused because someone changed or ended the code meanwhile: the list shows it as it is now. */
const isStale = (error: unknown) => hasErrorCode(error, 'discount_code_changed') || hasErrorCode(error, 'discount_code_ended');

export function useCreateDiscountCode() {
  const changed = useCodesChanged();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof codes.$post>['json']) => answer(codes.$post({ json })).then((r) => r.discountCode),
    onSuccess: changed,
  });
}

/** `values.version` is the version the form was opened with: a code changed meanwhile is refused (409). */
export function useUpdateDiscountCode(id: number) {
  const changed = useCodesChanged();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof code.$patch>['json']) =>
      answer(code.$patch({ param: { id: String(id) }, json })).then((r) => r.discountCode),
    onSuccess: changed,
    onError: (error) => isStale(error) && changed(),
  });
}

/** Ends a code (it is never deleted); `version` is the one the list showed. */
export function useEndDiscountCode() {
  const changed = useCodesChanged();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      answer(code.end.$post({ param: { id: String(id) }, json: { version } })).then((r) => r.discountCode),
    onSuccess: changed,
    onError: (error) => isStale(error) && changed(),
  });
}
