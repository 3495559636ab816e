/**
 * A list's toolbar: a search landmark with the list's search box (the URL's `q`, replaced rather than added to the
 * history while typing) and the list's filters after it.
 */
import type { ReactNode } from 'react';
import type { ServerList } from '../list-state';
import { SearchBox } from './search-box';

export interface ListSearchProps {
  listing: Pick<ServerList<{ q?: string }, unknown>, 'query' | 'setQuery'>;
  /** The landmark's name ("Klientide otsing"). */
  label: string;
  /** The box's placeholder and, for screen readers, what it searches. */
  placeholder: string;
  hint: string;
  className: string;
  children?: ReactNode;
}

export function ListSearch({ listing: { query, setQuery }, label, placeholder, hint, className, children }: ListSearchProps) {
  return (
    <div className={className} role="search" aria-label={label}>
      <SearchBox value={query.q ?? ''} onChange={(q) => setQuery({ q }, { replace: true })} placeholder={placeholder} hint={hint} />
      {children}
    </div>
  );
}
