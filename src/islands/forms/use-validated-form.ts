/**
 * The one home for a form's wiring: react-hook-form with a shared zod schema's resolver, focus on the first invalid
 * control in document order, the API's 422 field details put under their fields, and one submit at a time. Every
 * form island and every admin form uses it; what each form says in its toasts stays with the form.
 */
import { useRef } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
} from 'react-hook-form';
import type { FieldIssue } from '../../lib/api-errors';
import { focusFirstError, hasErrorAt } from './focus-first-error';

export interface ValidatedFormOptions<Values extends FieldValues, Output>
  extends Omit<UseFormProps<Values, unknown, Output>, 'shouldFocusError' | 'defaultValues'> {
  /** Every field, so that the API's details can be matched to this form's fields. */
  defaultValues: DefaultValues<Values>;
  /** Starts loading a lazily loaded resolver (./lazy-validation); called on the form's first focus. */
  preload?: () => unknown;
}

export function useValidatedForm<Values extends FieldValues, Output = Values>({ preload, ...options }: ValidatedFormOptions<Values, Output>) {
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);
  // react-hook-form would focus in registration order; focusFirstError goes by document order.
  const form = useForm<Values, unknown, Output>({ ...options, shouldFocusError: false });
  const fields = new Set(Object.keys(options.defaultValues));

  const focusFirst = (hasError: (name: string) => boolean) =>
    focusFirstError(formRef.current, hasError, (name) => form.setFocus(name as FieldPath<Values>));

  /** Puts the API's field details under this form's fields and focuses the first; returns the ones it used. */
  const showFieldIssues = (details: readonly FieldIssue[]): FieldIssue[] => {
    const issues = details.filter((d) => fields.has(d.path.split('.')[0] ?? ''));
    for (const issue of issues) form.setError(issue.path as FieldPath<Values>, { type: 'server', message: issue.message });
    if (issues.length > 0) focusFirst((name) => issues.some((d) => d.path === name));
    return issues;
  };

  /**
   * The <form>'s props: no browser bubbles (the form shows its own errors), the resolver's chunk loading on first
   * focus, and a submit that validates, then runs `onValid` once at a time (a double click sends once) or tells
   * `onInvalid` and focuses the first invalid control.
   */
  const formProps = (onValid: (values: Output) => unknown, onInvalid?: (errors: FieldErrors<Values>) => void) => ({
    ref: formRef,
    noValidate: true,
    onFocus: preload ? () => void preload() : undefined,
    onSubmit: form.handleSubmit(
      async (values) => {
        if (inFlight.current) return;
        inFlight.current = true;
        try {
          await onValid(values);
        } finally {
          inFlight.current = false;
        }
      },
      (errors) => {
        onInvalid?.(errors);
        focusFirst((name) => hasErrorAt(errors, name));
      },
    ),
  });

  return { ...form, formRef, formProps, showFieldIssues };
}
