/**
 * The pages' price blocks (`[data-offer]`; issue 38), filled by ./edition-dates from GET /api/availability's answer:
 * the lowest price that applies today (`[data-offer-price]`), the price it replaces (`[data-offer-struck]`, hidden
 * when there is none), the early-bird price's last day (`[data-offer-early-bird]`) and the instalments
 * (`[data-offer-instalments]`), the last two shown only when an open edition has them. The plans' rules come as the
 * numbers the page rendered (`data-instalment-count`, `data-instalments-lead-days`: src/lib/booking/offer), so this
 * carries no rules, texts or formatting library.
 */
import type { AvailabilityResponse } from '../lib/booking/availability';
import { priceBlock } from '../lib/booking/price-block';

const each = (selector: string, fill: (el: HTMLElement) => void) => document.querySelectorAll<HTMLElement>(selector).forEach(fill);

/** Whole euros as the pages print them ("1299 €"; et-EE groups only from 10 000), cents only when there are some. */
const euros = (cents: number) =>
  new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100);
/** A calendar day as the site writes dates: "31.12.2026". */
const day = (iso: string) =>
  new Intl.DateTimeFormat('et-EE', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(Date.parse(iso));

/** Shows an element the page renders hidden (or invisible, holding its place) until the answer says it holds. */
const show = (el: HTMLElement) => {
  el.hidden = false;
  el.classList.remove('invisible');
};

export function fillOffer(availability: AvailabilityResponse, block: HTMLElement): void {
  const lead = block.dataset.instalmentsLeadDays;
  const offer = priceBlock(availability, { instalmentCount: Number(block.dataset.instalmentCount), instalmentsLeadDays: lead ? Number(lead) : null });
  if (!offer) return;
  each('[data-offer-price]', (el) => (el.textContent = euros(offer.priceCents)));
  each('[data-offer-struck]', (el) => {
    el.hidden = offer.struckCents === null;
    if (offer.struckCents !== null) el.querySelector('[data-amount]')!.textContent = euros(offer.struckCents);
  });
  const { earlyBirdUntil, instalments } = offer;
  if (earlyBirdUntil !== null) {
    each('[data-offer-early-bird]', (el) => {
      el.querySelector('[data-until]')!.textContent = day(earlyBirdUntil);
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
