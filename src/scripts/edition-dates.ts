/**
 * The editions' dates on pages built once (the landing hero, the booking page's facts card), without React: the
 * published editions that take requests, from GET /api/availability at each visit (issue "Sell"), so an edition an
 * admin opens shows at once. Each `[data-edition-dates]` list is filled from the templates EditionDates.astro renders
 * beside it (a date; none open; the dates could not be read); ./edition-offer fills the page's price blocks
 * (`[data-offer]`, issue 38). Content pages ship at most 3 KB of JavaScript: this carries no texts, no formatting
 * library and no plans' rules (the page renders the numbers it needs).
 */
import type { AvailabilityResponse } from '../lib/booking/availability';
import { fillOffer } from './edition-offer';

const lists = document.querySelectorAll<HTMLElement>('[data-edition-dates]');
const copy = (list: HTMLElement, kind: string) => (list.parentElement!.querySelector<HTMLTemplateElement>(`template[data-edition-${kind}]`)!.content.cloneNode(true) as DocumentFragment);

if (lists.length > 0) {
  fetch('/api/availability')
    .then((response) => (response.ok ? (response.json() as Promise<AvailabilityResponse>) : Promise.reject()))
    .then((availability) => {
      const open = availability.editions.filter((edition) => edition.open);
      for (const list of lists) {
        list.replaceChildren(
          ...(open.length === 0
            ? [copy(list, 'none')]
            : open.map((edition) => {
                const item = copy(list, 'date');
                const time = item.querySelector('li')!.appendChild(document.createElement('time'));
                time.dateTime = edition.startDate;
                time.textContent = edition.badge;
                time.title = edition.label;
                return item;
              })),
        );
      }
      const block = document.querySelector<HTMLElement>('[data-offer]');
      if (block) fillOffer(availability, block);
    })
    .catch(() => {
      for (const list of lists) list.replaceChildren(copy(list, 'failed'));
    });
}
