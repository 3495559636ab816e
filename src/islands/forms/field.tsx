/** The form islands' controls: a labelled field with its error under it, a group's error, the honeypot, the submit. */
import { useEffect, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** Under every new-password field: the shared password rule in words (src/lib/validation/fields.ts). */
export const PASSWORD_HINT = 'Vähemalt 8 märki, sealhulgas suur- ja väiketäht ning number.';

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

export interface ChoiceGroupProps {
  legend: string;
  /** The form's register() for the field, shared by its radio buttons. */
  field: UseFormRegisterReturn;
  /** Each choice's value and what its label shows. */
  choices: readonly (readonly [value: string, label: ReactNode])[];
  errorId: string;
  error?: string;
}

/** A required choice among radio buttons: the group's legend, the choices, and the group's error tied to it. */
export function ChoiceGroup({ legend, field, choices, errorId, error }: ChoiceGroupProps) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">
        {legend}
        <span aria-hidden="true" className="field-required"> *</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {choices.map(([value, label]) => (
          <label key={value} className="choice">
            <input {...field} type="radio" value={value} required aria-invalid={error ? true : undefined} className="choice-input" />
            {label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
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

export interface SubmitButtonProps {
  /** The button's own classes (btn-primary, w-full …); the waiting look is added here. */
  className: string;
  /** Disabled while the form is being sent (one submit at a time). */
  submitting: boolean;
  /** Says `busyText` while true: the sending, or what follows it (a redirect); the sending when absent. */
  busy?: boolean;
  busyText: string;
  children: ReactNode;
}

/** A form's submit button: disabled with a waiting cursor while the form is on its way, saying so. */
export function SubmitButton({ className, submitting, busy = submitting, busyText, children }: SubmitButtonProps) {
  return (
    <button type="submit" className={`${className} disabled:cursor-wait disabled:opacity-70`} disabled={submitting}>
      {busy ? busyText : children}
    </button>
  );
}
