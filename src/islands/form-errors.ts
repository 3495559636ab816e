/** Finding and focusing invalid controls after a failed submit (browser-side validation or the API's 422 details). */

/** True when react-hook-form's nested error object holds a message at a dotted name (`companions.0.firstName`). */
export function hasErrorAt(errors: object, name: string): boolean {
  let node: unknown = errors;
  for (const key of name.split('.')) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof (node as { message?: unknown } | undefined)?.message === 'string';
}

/**
 * Focus the first control, in document order, whose name has an error. Works from the errors themselves, so it does
 * not wait for React to render aria-invalid.
 */
export function focusFirstError(form: HTMLFormElement | null, hasError: (name: string) => boolean): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && !(element as HTMLInputElement).disabled && hasError(name)) {
      (element as HTMLElement).focus();
      return;
    }
  }
}
