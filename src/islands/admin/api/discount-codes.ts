/** Discount codes ("Soodustused", issue 38): the list, adding, editing and ending a code (a code is never deleted). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, hasErrorCode } from '../../api/client';
import type { DiscountCodeCreateInput, DiscountCodeEditInput, DiscountCodeItem, DiscountCodeListResponse } from '../../../lib/discount-codes';
import { BASE, adminKeys, type DiscountCodeListQuery } from './keys';
import { listQueryHook } from './list-query';

export const useDiscountCodeList = listQueryHook<DiscountCodeListQuery, DiscountCodeListResponse>(
  `${BASE}/discount-codes`,
  adminKeys.discountCodeList,
);

type Answer = { discountCode: DiscountCodeItem };

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
    mutationFn: (body: DiscountCodeCreateInput) => apiRequest<Answer>(`${BASE}/discount-codes`, { method: 'POST', body }).then((r) => r.discountCode),
    onSuccess: changed,
  });
}

/** `values.version` is the version the form was opened with: a code changed meanwhile is refused (409). */
export function useUpdateDiscountCode(id: number) {
  const changed = useCodesChanged();
  return useMutation({
    mutationFn: (body: DiscountCodeEditInput) =>
      apiRequest<Answer>(`${BASE}/discount-codes/${id}`, { method: 'PATCH', body }).then((r) => r.discountCode),
    onSuccess: changed,
    onError: (error) => isStale(error) && changed(),
  });
}

/** Ends a code (it is never deleted); `version` is the one the list showed. */
export function useEndDiscountCode() {
  const changed = useCodesChanged();
  return useMutation({
    mutationFn: ({ id, version }: Pick<DiscountCodeItem, 'id' | 'version'>) =>
      apiRequest<Answer>(`${BASE}/discount-codes/${id}/end`, { method: 'POST', body: { version } }).then((r) => r.discountCode),
    onSuccess: changed,
    onError: (error) => isStale(error) && changed(),
  });
}
