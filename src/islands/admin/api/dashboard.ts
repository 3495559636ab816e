/** The dashboard's figures, the health check and the e-mail test. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { adminApi, answer } from '../../api/typed';
import { adminKeys } from './keys';

// The dashboard's and the e-mail test's types come from worker/routes/admin/index.ts through hc.
export function useDashboard() {
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => answer(adminApi.dashboard.$get(undefined, { init: { signal } })) });
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

const emailTest = adminApi['email-test'];
export type EmailTestKind = InferRequestType<typeof emailTest.$post>['json']['kind'];

export function useEmailTest() {
  return useMutation({ mutationFn: (json: InferRequestType<typeof emailTest.$post>['json']) => answer(emailTest.$post({ json })) });
}
