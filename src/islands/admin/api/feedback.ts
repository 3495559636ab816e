/** An edition's feedback answers (issue 24). */
import { useQuery } from '@tanstack/react-query';
import { adminApi, answer } from '../../api/typed';

export function useRetreatFeedback(retreatId: number) {
  return useQuery({
    queryKey: ['retreats', 'detail', String(retreatId), 'feedback'] as const,
    queryFn: ({ signal }) => answer(adminApi.retreats[':id'].feedback.$get({ param: { id: String(retreatId) } }, { init: { signal } })),
  });
}
