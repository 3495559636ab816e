/**
 * The return page's script (/makse, issue "Pay online"): Montonio sends the guest back with `?order-token=`; the
 * script hands it to the API's return endpoint, which verifies it, applies it and, while the notification has not
 * arrived, asks Montonio itself. The outcome comes from the product's own state: paid, still pending (asked again a
 * few times, and on request), abandoned or failed. The heading takes focus when the outcome is known.
 */
import { AUTO_CHECKS, CHECK_EVERY_MS, PAYMENT_OUTCOME_TEXTS, PAYMENT_RETURN_TEXTS, returnStateOf, type ReturnState } from '../lib/payment-return';
import { PORTAL_PATH } from '../lib/portal';

const root = document.querySelector<HTMLElement>('[data-payment-return]');
if (root) {
  const $ = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const loading = $('[data-loading]');
  const result = $('[data-result]');
  const failure = $('[data-failure]');
  const recheck = $<HTMLButtonElement>('[data-recheck]');
  const retry = $<HTMLButtonElement>('[data-retry]');
  const token = new URLSearchParams(window.location.search).get('order-token');
  let checks = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function ask(): Promise<ReturnState> {
    if (!token) return { kind: 'error', message: PAYMENT_RETURN_TEXTS.noToken, retry: false };
    let res: Response;
    try {
      res = await fetch(`/api/payments/montonio/return?order-token=${encodeURIComponent(token)}`, { headers: { Accept: 'application/json' } });
    } catch {
      return { kind: 'error', message: PAYMENT_RETURN_TEXTS.offline, retry: true };
    }
    return returnStateOf(res.status, await res.json().catch(() => null));
  }

  function show(state: ReturnState) {
    loading.hidden = true;
    const shown = state.kind === 'done' ? result : failure;
    const before = root!.dataset.state;
    if (state.kind === 'done') {
      const text = PAYMENT_OUTCOME_TEXTS[state.outcome];
      $('[data-title]').textContent = text.title;
      $('[data-body]').textContent = text.body;
      const pending = state.outcome === 'pending';
      recheck.hidden = !pending;
      const link = $<HTMLAnchorElement>('[data-booking-link]');
      link.href = `${PORTAL_PATH}?broneering=${state.bookingId}`;
      link.className = pending ? 'btn-outline' : 'btn-primary';
      result.dataset.paymentOutcome = state.outcome;
      root!.dataset.state = `done-${state.outcome}`;
      if (pending && checks < AUTO_CHECKS) {
        timer = setTimeout(() => {
          checks += 1;
          void run();
        }, CHECK_EVERY_MS);
      }
    } else {
      $('[data-error]').textContent = state.message;
      retry.hidden = !state.retry;
      root!.dataset.state = 'error';
    }
    result.hidden = shown !== result;
    failure.hidden = shown !== failure;
    // A new outcome: its heading takes the focus, so keyboard and screen-reader users start there.
    if (before !== root!.dataset.state) shown.querySelector<HTMLElement>('h2')?.focus();
  }

  async function run() {
    clearTimeout(timer);
    recheck.disabled = retry.disabled = true;
    recheck.textContent = PAYMENT_RETURN_TEXTS.rechecking;
    const state = await ask();
    recheck.disabled = retry.disabled = false;
    recheck.textContent = PAYMENT_RETURN_TEXTS.recheck;
    show(state);
  }

  recheck.addEventListener('click', () => void run());
  retry.addEventListener('click', () => void run());
  void run();
}
