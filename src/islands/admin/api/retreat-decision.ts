/** An edition's go/no-go (issue 24): where it stands, "Kinnita toimumine" and "Tühista retriit". */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { adminApi, answer } from '../../api/typed';
import { INVOICE_LISTS, adminKeys } from './keys';

// Every request and answer type comes from worker/routes/admin/retreat-decision.ts through hc.
const retreat = adminApi.retreats[':id'];
const retreatParam = (id: string) => ({ param: { id: encodeURIComponent(id) } });

type Decision = InferResponseType<typeof retreat.decision.$get>['decision'];

/** Under the retreat's detail key: whatever reloads the retreat reloads this too. */
const decisionKey = (id: string) => [...adminKeys.retreat(id), 'decision'] as const;

export function useRetreatDecision(id: string) {
  return useQuery({
    queryKey: decisionKey(id),
    queryFn: ({ signal }) => answer(retreat.decision.$get(retreatParam(id), { init: { signal } })).then((r) => r.decision),
  });
}

/** After a decision: the decision, the retreat, its lists, the dashboard; a cancellation also every booking and invoice list. */
function decided(client: QueryClient, id: string, decision: Decision, moneyMoved: boolean) {
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
    mutationFn: () => answer(retreat.confirm.$post(retreatParam(id))).then((r) => r.decision),
    onSuccess: (decision) => decided(client, id, decision, false),
  });
}

export function useCancelRetreat(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: InferRequestType<typeof retreat.cancel.$post>['json']) => answer(retreat.cancel.$post({ ...retreatParam(id), json })),
    onSuccess: (result) => decided(client, id, result.decision, true),
  });
}
