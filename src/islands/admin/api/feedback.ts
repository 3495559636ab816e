/** An edition's feedback answers (issue 24). */
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import type { FeedbackSummary } from '../../../lib/feedback';
import { BASE } from './keys';

export function useRetreatFeedback(retreatId: number) {
  return useQuery({
    queryKey: ['retreats', 'detail', String(retreatId), 'feedback'] as const,
    queryFn: ({ signal }) => apiRequest<FeedbackSummary>(`${BASE}/retreats/${retreatId}/feedback`, { signal }),
  });
}
