/** Paging for server-side lists: where you are, and previous/next as real buttons. */
import { formatCount } from '../../../lib/format';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

export function Pagination({ page, pageSize, total, onPageChange }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Lehekülgede vahel liikumine" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-600">
      <p aria-live="polite" data-page-summary>
        {first <= last ? `${formatCount(first)}–${formatCount(last)} / ${formatCount(total)}` : `0 / ${formatCount(total)}`} · lehekülg {formatCount(page)} / {formatCount(pages)}
      </p>
      <PageButtons page={page} pages={pages} onPageChange={onPageChange} />
    </nav>
  );
}

export interface PageButtonsProps {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  previous?: string;
  next?: string;
}

/** Previous and next page as real buttons, disabled at either end; the words differ where the order means time. */
export function PageButtons({ page, pages, onPageChange, previous = '← Eelmine', next = 'Järgmine →' }: PageButtonsProps) {
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" isDisabled={page <= 1} onPress={() => onPageChange(Math.min(page - 1, pages))}>
        {previous}
      </Button>
      <Button variant="outline" size="sm" isDisabled={page >= pages} onPress={() => onPageChange(page + 1)}>
        {next}
      </Button>
    </div>
  );
}
