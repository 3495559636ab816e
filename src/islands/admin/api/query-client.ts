/**
 * Server state for the admin app (TanStack Query; docs/decisions/006-admin-app-libraries.md): one cache per page,
 * shared by every screen, so a change invalidates exactly the lists and details it touched.
 */
import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../../api/request-error';

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Two more tries for a network failure or a 5xx; a 4xx (not found, forbidden, invalid) is final.
        retry: (failures, error) => failures < 2 && isRetryable(error),
        // Admins work in several tabs: what another admin changed shows when they come back to this one.
        refetchOnWindowFocus: true,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}
