/** The audit trail. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListQuery } from '../../../lib/admin/audit';
import { adminApi, answer } from '../../api/typed';
import { adminKeys } from './keys';

// The answer's type comes from worker/routes/admin/audit.ts through hc.
export function useAuditList(query: AuditListQuery) {
  const { severity, action, user, from, to } = query;
  return useQuery({
    queryKey: adminKeys.auditList(query),
    queryFn: ({ signal }) =>
      answer(
        adminApi.audit.$get(
          { query: { severity, action, user, from, to, page: String(query.page), pageSize: String(query.pageSize) } },
          { init: { signal } },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}
