/**
 * The pages' price blocks (issue 38), filled from GET /api/availability's answer by ./edition-dates once it holds an
 * open edition: the lowest price that applies today (`[data-offer-price]`), the price it replaces
 * (`[data-offer-struck]`, hidden when there is none), the early-bird price's last day (`[data-offer-early-bird]`)
 * and the instalments (`[data-offer-instalments]`), the last two shown only when an open edition has them. Loaded
 * only then, with the plans' rules it needs: the pages' first load stays within a content page's 3 KB.
 */
import type { AvailabilityResponse } from '../lib/booking/availability';
import { lowestOffer } from '../lib/booking/offer';
import { formatDateEt } from '../lib/format';

const each = (selector: string, fill: (el: HTMLElement) => void) => document.querySelectorAll<HTMLElement>(selector).forEach(fill);

/** Whole euros as the pages print them ("1299 €"; et-EE groups only from 10 000), cents only when there are some. */
const euros = (cents: number) => {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    cents / 100,
  );
};

/** Shows an element the page renders hidden (or invisible, holding its place) until the answer says it holds. */
const show = (el: HTMLElement) => {
  el.hidden = false;
  el.classList.remove('invisible');
};

export function fillOffer(availability: AvailabilityResponse): void {
  const offer = lowestOffer(availability);
  if (!offer) return;
  each('[data-offer-price]', (el) => (el.textContent = euros(offer.priceCents)));
  each('[data-offer-struck]', (el) => {
    el.hidden = offer.struckCents === null;
    if (offer.struckCents !== null) el.querySelector('[data-amount]')!.textContent = euros(offer.struckCents);
  });
  const { earlyBirdUntil, instalments } = offer;
  if (earlyBirdUntil !== null) {
    each('[data-offer-early-bird]', (el) => {
      el.querySelector('[data-until]')!.textContent = formatDateEt(earlyBirdUntil);
      show(el);
    });
  }
  if (instalments) {
    each('[data-offer-instalments]', (el) => {
      el.querySelector('[data-amount]')!.textContent = euros(instalments.amountCents);
      show(el);
    });
  }
}
