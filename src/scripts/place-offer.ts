/**
 * The offer page's script (/vaba-koht, issue 38): reads the token from the fragment, shows the offer the API describes,
 * and confirms it when the guest presses "Kinnitan koha". The API's Estonian message is shown when the link is wrong,
 * spent or past its time. The heading of the outcome takes focus.
 */
import { PLACE_OFFER_TEXTS as T, type PlaceOfferView } from '../lib/place-offers';

const root = document.querySelector<HTMLElement>('[data-place-offer]');
if (root) {
  const $ = <E extends HTMLElement>(selector: string) => root.querySelector<E>(selector)!;
  const tokenOfPage = () => new URLSearchParams(window.location.hash.slice(1)).get('pakkumine');
  let token = tokenOfPage();
  const accept = $<HTMLButtonElement>('[data-accept]');
  const retry = $<HTMLButtonElement>('[data-retry]');

  const post = async (path: string): Promise<{ ok: boolean; status: number; body: unknown }> => {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ token }) });
    return { ok: res.ok, status: res.status, body: await res.json().catch(() => null) };
  };

  const show = (part: 'offer' | 'done' | 'failure') => {
    $('[data-loading]').hidden = true;
    for (const name of ['offer', 'done', 'failure'] as const) $(`[data-${name}]`).hidden = name !== part;
    root.dataset.state = part;
  };

  const fail = (message: string, canRetry: boolean) => {
    $('[data-error]').textContent = message;
    retry.hidden = !canRetry;
    show('failure');
    $('[data-failure-title]').focus();
  };

  const messageOf = (body: unknown) => (body as { error?: { message?: string } } | null)?.error?.message ?? T.offline;

  async function load() {
    if (!token) return fail(T.noToken, false);
    let answer;
    try {
      answer = await post('/api/place-offers/view');
    } catch {
      return fail(T.offline, true);
    }
    if (!answer.ok) return fail(messageOf(answer.body), answer.status >= 500 || answer.status === 429);
    const offer = (answer.body as { offer: PlaceOfferView }).offer;
    $('[data-summary]').textContent = T.summary(offer);
    $('[data-deadline]').textContent = T.deadline(offer);
    $('[data-price]').textContent = T.price(offer);
    show('offer');
  }

  accept.addEventListener('click', async () => {
    accept.disabled = true;
    accept.textContent = T.accepting;
    try {
      const answer = await post('/api/place-offers/accept');
      if (!answer.ok) return fail(messageOf(answer.body), answer.status >= 500 || answer.status === 429);
      show('done');
      $('[data-done-title]').focus();
    } catch {
      fail(T.offline, true);
    } finally {
      accept.disabled = false;
      accept.textContent = T.accept;
    }
  });
  retry.addEventListener('click', () => void load());
  // Another link opened in the same tab changes only the fragment: the page reads the new offer.
  window.addEventListener('hashchange', () => {
    token = tokenOfPage();
    $('[data-loading]').hidden = false;
    for (const name of ['offer', 'done', 'failure'] as const) $(`[data-${name}]`).hidden = true;
    void load();
  });
  void load();
}
