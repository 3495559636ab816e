/** The audit trail. */
import type { AuditListQuery, AuditListResponse } from '../../../lib/admin/audit';
import { BASE, adminKeys } from './keys';
import { listQueryHook } from './list-query';

export const useAuditList = listQueryHook<AuditListQuery, AuditListResponse>(`${BASE}/audit`, adminKeys.auditList);
