/**
 * A tiny accessible toast, shared by the form islands (no toast library: the /broneering JS budget is 85 KB gz).
 *
 * - `toast({ title, description, variant })` from anywhere in an island (`toastError(title, error)` for a failure);
 *   `<Toaster />` renders them.
 * - Two live regions that exist from the first render, so assistive technology announces what is put in them:
 *   role="status" (polite) for normal toasts, role="alert" (assertive) for destructive ones.
 * - A toast closes itself after 5000 ms (the spec's library default, section 9); the timer pauses while the pointer
 *   is over it or focus is inside it (WCAG 2.2.1), and "Sulge" closes it at once.
 * - One toast at a time, as in the original: a new one replaces the previous.
 */
import { useEffect, useRef, useState } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

interface ToastItem extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;
const TOAST_LIMIT = 1;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<(items: ToastItem[]) => void>();

function emit(): void {
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id: number): void {
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast and returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [...toasts, { ...input, id }].slice(-TOAST_LIMIT);
  emit();
  return id;
}

/**
 * A failure's toast, the same in every island: the title says what failed (the spec's words), the description why.
 * `reason` is the error caught (its message is shown: the API's Estonian text) or the text to show itself.
 */
export function toastError(title: string, reason?: unknown): number {
  const description = typeof reason === 'string' ? reason : reason instanceof Error ? reason.message : undefined;
  return toast({ title, description, variant: 'destructive' });
}

function ToastCard({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, item.id]);

  const destructive = item.variant === 'destructive';
  return (
    <div
      className={`toast ${destructive ? 'toast-destructive' : 'toast-default'}`}
      data-toast={destructive ? 'destructive' : 'default'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{item.title}</p>
        {item.description && <p className="mt-1 text-sm">{item.description}</p>}
      </div>
      <button type="button" className="toast-close" onClick={() => dismissToast(item.id)}>
        Sulge
      </button>
    </div>
  );
}

export function Toaster() {
  const [items, setItems] = useState<ToastItem[]>(toasts);

  useEffect(() => {
    listeners.add(setItems);
    setItems(toasts);
    return () => {
      listeners.delete(setItems);
    };
  }, []);

  const polite = items.filter((t) => t.variant !== 'destructive');
  const urgent = items.filter((t) => t.variant === 'destructive');
  return (
    <div className="toast-viewport">
      <div role="status" aria-live="polite" aria-atomic="false" className="toast-region">
        {polite.map((t) => (
          <ToastCard key={t.id} item={t} />
        ))}
      </div>
      <div role="alert" aria-atomic="false" className="toast-region">
        {urgent.map((t) => (
          <ToastCard key={t.id} item={t} />
        ))}
      </div>
    </div>
  );
}
