/** An edition's go/no-go (issue 24): where it stands, "Kinnita toimumine" and "Tühista retriit". */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { RetreatCancelResult, RetreatDecision } from '../../../lib/admin/retreat-decision';
import type { RetreatCancelInput } from '../../../lib/admin/retreat-cancel';
import { BASE, INVOICE_LISTS, adminKeys } from './keys';

/** Under the retreat's detail key: whatever reloads the retreat reloads this too. */
const decisionKey = (id: string) => [...adminKeys.retreat(id), 'decision'] as const;

export function useRetreatDecision(id: string) {
  return useQuery({
    queryKey: decisionKey(id),
    queryFn: ({ signal }) => apiRequest<{ decision: RetreatDecision }>(`${BASE}/retreats/${encodeURIComponent(id)}/decision`, { signal }).then((r) => r.decision),
  });
}

/** After a decision: the decision, the retreat, its lists, the dashboard; a cancellation also every booking and invoice list. */
function decided(client: QueryClient, id: string, decision: RetreatDecision, moneyMoved: boolean) {
  client.setQueryData(decisionKey(id), decision);
  void client.invalidateQueries({ queryKey: adminKeys.retreats });
  void client.invalidateQueries({ queryKey: adminKeys.dashboard });
  if (moneyMoved) {
    void client.invalidateQueries({ queryKey: adminKeys.bookings });
    void client.invalidateQueries({ queryKey: INVOICE_LISTS });
  }
}

export function useConfirmRetreat(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ decision: RetreatDecision }>(`${BASE}/retreats/${encodeURIComponent(id)}/confirm`, { method: 'POST', body: {} }).then((r) => r.decision),
    onSuccess: (decision) => decided(client, id, decision, false),
  });
}

export function useCancelRetreat(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetreatCancelInput) => apiRequest<RetreatCancelResult>(`${BASE}/retreats/${encodeURIComponent(id)}/cancel`, { method: 'POST', body }),
    onSuccess: (result) => decided(client, id, result.decision, true),
  });
}
