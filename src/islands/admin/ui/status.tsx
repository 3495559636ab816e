/**
 * The loading and failure boxes with nothing interactive in them: the admin app's shell shows them before any screen
 * has loaded, so they import no button (React Aria's Button is a screen's weight, not the first load's: see
 * `ScreenBoundary` in ../admin-app.tsx). ./states.tsx builds every screen's states on them.
 */
import type { ReactNode } from 'react';

export function LoadingState({ text = 'Laadimine...' }: { text?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-ink-600" data-loading>
      <span className="spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** A failure: what failed, in the spec's words, and what to do (`children`). */
export function FailureBox({ text, detail, children }: { text: string; detail?: string; children?: ReactNode }) {
  return (
    <div role="alert" className="my-6 rounded-2xl bg-rose-50 p-5 text-rose-900 ring-1 ring-rose-200" data-error>
      <p className="font-semibold">{text}</p>
      {detail && <p className="mt-1 text-sm">{detail}</p>}
      {children}
    </div>
  );
}
