/**
 * The offer page's script (/vaba-koht, issue 38): reads the token from the fragment, shows the offer the API describes,
 * and confirms it when the guest presses "Kinnitan koha". The API's Estonian message is shown when the link is wrong,
 * spent or past its time. The heading of the outcome takes focus.
 */
import { PLACE_OFFER_TEXTS as T, type PlaceOfferView } from '../lib/place-offers';
import { fragmentToken, tokenPage } from './token-page';

const root = document.querySelector<HTMLElement>('[data-place-offer]');
if (root) {
  const { $, retry, post, show, fail, refused, reload } = tokenPage(root, ['offer', 'done'] as const, T.offline);
  const tokenOfPage = () => fragmentToken('pakkumine');
  let token = tokenOfPage();
  const accept = $<HTMLButtonElement>('[data-accept]');

  async function load() {
    if (!token) return fail(T.noToken, false);
    let answer;
    try {
      answer = await post('/api/place-offers/view', { token });
    } catch {
      return fail(T.offline, true);
    }
    if (!answer.ok) return refused(answer);
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
      const answer = await post('/api/place-offers/accept', { token });
      if (!answer.ok) return refused(answer);
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
    reload();
    void load();
  });
  void load();
}
