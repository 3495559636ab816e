/**
 * Work started for someone waiting on a screen (a confirmation e-mail, a webhook sent again): it carries on in the
 * background (waitUntil), and the answer waits for it at most `waitMs`, so a hanging provider or receiver never hangs
 * the person. Answers the work's result, or `late` when it has not ended in time or threw (the caller's retries
 * take it from there).
 */
import type { AppDeps } from '../deps';

export async function settledWithin<T>(deps: Pick<AppDeps, 'waitUntil'>, work: Promise<T>, waitMs: number, late: T): Promise<T> {
  deps.waitUntil(work);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), waitMs);
  });
  try {
    return await Promise.race([work.catch(() => late), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
