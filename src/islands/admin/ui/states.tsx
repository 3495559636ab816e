/** The loading, empty and error states every admin screen shows the same way. */
import type { ReactNode } from 'react';
import { Button } from './button';

export function LoadingState({ text = 'Laadimine...' }: { text?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-ink-600" data-loading>
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="py-12 text-center text-ink-600" data-empty>
      <p>{text}</p>
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}

/** A failed load: what failed, in the spec's words, and a way to try again. */
export function ErrorState({ text, detail, onRetry }: { text: string; detail?: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="my-6 rounded-2xl bg-rose-50 p-5 text-rose-900 ring-1 ring-rose-200" data-error>
      <p className="font-semibold">{text}</p>
      {detail && <p className="mt-1 text-sm">{detail}</p>}
      {onRetry && (
        <Button variant="outline" className="mt-3" onPress={onRetry}>
          Proovi uuesti
        </Button>
      )}
    </div>
  );
}
