/**
 * The editions' dates on pages built once (the landing hero, the booking page's facts card), without React: the
 * published editions that take requests, from GET /api/availability at each visit (issue "Sell"), so an edition an
 * admin opens shows at once. Each `[data-edition-dates]` list is filled from the `<template>` that follows it;
 * with none open it says so and offers the contact form; `[data-edition-price]` gets the lowest open price.
 */
import { AVAILABILITY_TEXTS, type AvailabilityResponse, type EditionAvailability } from '../lib/booking/availability';

const euros = new Intl.NumberFormat('et-EE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });

function note(list: HTMLElement, text: string, link?: { href: string; text: string }): void {
  const item = document.createElement('li');
  item.className = 'text-sm text-ink-600';
  item.dataset.editionDatesNote = '';
  item.append(text);
  if (link) {
    const a = document.createElement('a');
    a.href = link.href;
    a.className = 'ml-2 font-semibold text-lagoon-700 underline underline-offset-4';
    a.textContent = link.text;
    item.append(a);
  }
  list.replaceChildren(item);
}

function render(list: HTMLElement, open: EditionAvailability[]): void {
  const template = list.nextElementSibling instanceof HTMLTemplateElement ? list.nextElementSibling : null;
  if (open.length === 0 || !template) {
    note(list, `${AVAILABILITY_TEXTS.noneOpenShort}.`, { href: '/kontakt', text: AVAILABILITY_TEXTS.askLink });
    return;
  }
  list.replaceChildren(
    ...open.map((edition) => {
      const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
      const time = item.querySelector('time')!;
      time.dateTime = edition.startDate;
      time.textContent = edition.badge;
      time.title = edition.label;
      return item;
    }),
  );
}

const lists = document.querySelectorAll<HTMLElement>('[data-edition-dates]');
if (lists.length > 0) {
  fetch('/api/availability', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<AvailabilityResponse>) : Promise.reject(new Error(String(response.status)))))
    .then(({ editions }) => {
      const open = editions.filter((edition) => edition.open);
      for (const list of lists) render(list, open);
      const lowest = Math.min(...open.map((edition) => edition.price.priceCents));
      if (Number.isFinite(lowest)) {
        for (const el of document.querySelectorAll('[data-edition-price]')) el.textContent = `alates ${euros.format(lowest / 100)}`;
      }
    })
    .catch(() => {
      for (const list of lists) note(list, AVAILABILITY_TEXTS.unavailable);
    });
}
