/**
 * A list screen's state (search, filters, sort, page) lives in the URL, parsed with the same zod schema the API
 * uses for its query: a filtered list can be linked, reloaded and shared, and the back button steps through the
 * changes. A value the schema refuses (an old link, a typo) falls back to its default instead of breaking the screen.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import { navigate, useLocation, type AppLocation } from './router';

type Query = Record<string, unknown>;

/** A list's query schema, written with zod or with zod/mini (../../lib/admin/list-query): both parse the same way. */
type QuerySchema = z.core.$ZodType<Query> & {
  safeParse(data: unknown): { success: true; data: Query } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } };
  parse(data: unknown): Query;
};

/** Parses `?a=1&b=x` with the schema, dropping the keys it refuses (each falls back to its default). */
export function parseListQuery<S extends QuerySchema>(schema: S, search: string): z.output<S> {
  const raw: Record<string, string> = Object.fromEntries(new URLSearchParams(search));
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data as z.output<S>;
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    if (![...bad].some((key) => key in raw)) break;
    for (const key of bad) delete raw[key];
  }
  return schema.parse({}) as z.output<S>;
}

/** The query string for a state, leaving out what equals the defaults (so the plain list has a plain URL). */
export function listQueryString<S extends QuerySchema>(schema: S, state: z.output<S>): string {
  const defaults = schema.parse({}) as Query;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state as Query)) {
    if (value === undefined || value === null || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface ListStateOptions {
  /** Typing in a search box replaces the history entry instead of adding one per keystroke. */
  replace?: boolean;
}

export function useListState<S extends QuerySchema>(schema: S, location: AppLocation) {
  const state = useMemo(() => parseListQuery(schema, location.search), [schema, location.search]);
  const update = useCallback(
    (patch: Partial<z.output<S>>, { replace = false }: ListStateOptions = {}) => {
      // Anything but a page change starts again from the first page.
      const next = { ...(state as Query), ...(patch as Query), ...('page' in patch ? {} : { page: 1 }) } as z.output<S>;
      navigate(`${location.pathname}${listQueryString(schema, next)}`, { replace });
    },
    [schema, state, location.pathname],
  );
  return [state, update] as const;
}

/**
 * A list screen's state in one object, as the list kit's parts (ListSearch, ListResults) take it: the URL's query,
 * the way to change it, and the server's page for it.
 */
export interface ServerList<Q, Page> {
  query: Q;
  setQuery: (patch: Partial<Q>, options?: ListStateOptions) => void;
  list: UseQueryResult<Page, Error>;
}

/** The list screen's state from the URL of the current screen, and its page from `useList` (the API's list query hook). */
export function useServerList<S extends QuerySchema, Page>(
  schema: S,
  useList: (query: z.output<S>) => UseQueryResult<Page, Error>,
): ServerList<z.output<S>, Page> {
  const [query, setQuery] = useListState(schema, useLocation());
  return { query, setQuery, list: useList(query) };
}
