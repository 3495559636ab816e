/**
 * What the link pages' scripts share (/vaba-koht, /allkirjasta: no framework): the token from the address's fragment,
 * a JSON POST to our API, one part of the card shown at a time, and a failure shown with the API's Estonian message
 * (a retry only where trying again can help: the server or the network failed, or too many tries). The failure's
 * heading takes the focus.
 */
import type { ApiErrorBody } from '../lib/api-errors';

export interface Answer {
  ok: boolean;
  status: number;
  body: (Partial<ApiErrorBody> & Record<string, unknown>) | null;
}

export const fragmentToken = (name: string) => new URLSearchParams(window.location.hash.slice(1)).get(name);

/** `parts`: the card's parts besides loading and failure (each marked `data-<part>`). `offline`: the network's message. */
export function tokenPage<Part extends string>(root: HTMLElement, parts: readonly Part[], offline: string) {
  const $ = <E extends HTMLElement>(selector: string) => root.querySelector<E>(selector)!;
  const retry = $<HTMLButtonElement>('[data-retry]');
  const all = [...parts, 'failure'] as const;

  const post = async (path: string, body: unknown): Promise<Answer> => {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return { ok: res.ok, status: res.status, body: (await res.json().catch(() => null)) as Answer['body'] };
  };
  const show = (part: Part | 'failure') => {
    $('[data-loading]').hidden = true;
    for (const p of all) $(`[data-${p}]`).hidden = p !== part;
    root.dataset.state = part;
  };
  const fail = (message: string, canRetry: boolean) => {
    $('[data-error]').textContent = message;
    retry.hidden = !canRetry;
    show('failure');
    $('[data-failure-title]').focus();
  };
  /** A refused answer: the API's message, and a retry where another try may succeed. */
  const refused = (answer: Answer) => fail(answer.body?.error?.message ?? offline, answer.status >= 500 || answer.status === 429);
  /** Back to "loading" before the card is read again. */
  const reload = () => {
    $('[data-loading]').hidden = false;
    for (const p of all) $(`[data-${p}]`).hidden = true;
  };
  return { $, retry, post, show, fail, refused, reload };
}
