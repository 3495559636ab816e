/**
 * The query hook of a list the server searches, filters, sorts and pages: the list's query (the URL's state, parsed
 * with the API's own schema) is both the last part of its cache key and the request's search parameters.
 */
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '../../api/client';

export function listQueryHook<Query extends NonNullable<RequestOptions['query']>, Response>(path: string, key: (query: Query) => QueryKey) {
  return function useList(query: Query) {
    return useQuery<Response>({
      queryKey: key(query),
      queryFn: ({ signal }) => apiRequest<Response>(path, { query: { ...query }, signal }),
      // The old page stays on screen (dimmed) while the next one loads.
      placeholderData: keepPreviousData,
    });
  };
}
