/** The audit trail. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { AuditListQuery, AuditListResponse } from '../../../lib/admin/audit';
import { BASE, adminKeys } from './keys';

export function useAuditList(query: AuditListQuery) {
  return useQuery<AuditListResponse>({
    queryKey: adminKeys.auditList(query),
    queryFn: ({ signal }) => apiRequest<AuditListResponse>(`${BASE}/audit`, { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}
