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
 * not wait for React to render aria-invalid. Some named elements only carry a value for the form (the hidden input
 * of a combobox or date picker, the hidden <select> behind a custom select): for those `focusByName` focuses the
 * visible control the form library knows under that name.
 */
export function focusFirstError(
  form: HTMLFormElement | null,
  hasError: (name: string) => boolean,
  focusByName?: (name: string) => void,
): void {
  if (!form) return;
  for (const element of Array.from(form.elements) as HTMLInputElement[]) {
    const name = element.name;
    if (!name || element.disabled || !hasError(name)) continue;
    if (carriesValueOnly(element)) focusByName?.(name);
    else element.focus();
    return;
  }
}

function carriesValueOnly(element: HTMLInputElement): boolean {
  return element.type === 'hidden' || element.tabIndex < 0 || element.closest('[aria-hidden="true"]') !== null;
}
