/** The dashboard's figures, the health check and the e-mail test. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { DashboardResponse, EmailTestResult } from '../../../lib/admin/booking-views';
import { BASE, adminKeys } from './keys';

export function useDashboard() {
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => apiRequest<DashboardResponse>(`${BASE}/dashboard`, { signal }) });
}

export function useHealth() {
  return useQuery({
    queryKey: adminKeys.health,
    // Any JSON answer means the API is up; the database is up when the probe says so.
    queryFn: async ({ signal }) => {
      const response = await fetch('/api/health', { headers: { Accept: 'application/json' }, cache: 'no-store', signal }).catch(() => null);
      const body = (await response?.json().catch(() => null)) as { db?: string } | null;
      return { api: !!body, database: body?.db === 'ok' };
    },
    retry: false,
  });
}

export type EmailTestKind = 'test' | 'booking_confirmation';

export function useEmailTest() {
  return useMutation({
    mutationFn: (body: { email: string; kind: EmailTestKind }) =>
      apiRequest<{ result: EmailTestResult; outboxId: number }>(`${BASE}/email-test`, { method: 'POST', body }),
  });
}
