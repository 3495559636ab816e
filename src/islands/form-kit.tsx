/**
 * Small pieces the form islands share: a labelled field with its error under it, the honeypot, the JSON call to the
 * API with its error shape (src/lib/api-errors.ts), and focusing the first invalid field.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiErrorBody, FieldIssue } from '../lib/api-errors';

/** What an input needs to be tied to its label and error text. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  required?: boolean;
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  /** Extra text under the label (e.g. "valikuline" hints); tied to the control by aria-describedby. */
  hint?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** Label, control, error message under it. Required fields carry a visible "*" (hidden from screen readers, which
 * announce the control's required state instead). */
export function Field({ id, label, required, error, hint, className, children }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span aria-hidden="true" className="field-required">
            {' '}*
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, required })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Error text for a group (radio buttons, the companions list). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

/**
 * The honeypot: off-screen (not merely sr-only, which some bots skip), out of the tab order, hidden from assistive
 * technology, never autofilled. People leave it empty; the API treats a filled one as spam.
 */
export function Honeypot({ id, children }: { id: string; children: (props: { id: string }) => ReactNode }) {
  return (
    <div className="offscreen" aria-hidden="true">
      <label htmlFor={id}>Veebileht</label>
      {children({ id })}
    </div>
  );
}

/** True once the island has hydrated. Before that the form is inert HTML: typing into it would be lost and a native
 * submit would put personal data in the address bar, so the controls stay disabled until React owns them. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code?: string; message?: string; details: FieldIssue[] };

/** POST JSON to our own API (same origin, so the browser sends Origin). Network failures come back as status 0. */
export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0, details: [] };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // Not JSON (a proxy's error page): fall back to the generic message.
  }
  if (response.ok) return { ok: true, status: response.status, data: json as T };
  const error = (json as Partial<ApiErrorBody> | null)?.error;
  return {
    ok: false,
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : undefined,
    message: typeof error?.message === 'string' && error.message.trim() ? error.message : undefined,
    details: Array.isArray(error?.details) ? error.details.filter((d) => typeof d?.path === 'string' && typeof d?.message === 'string') : [],
  };
}

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; localhost and https both are). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
