/**
 * Video gallery (/kliendikogemused): choosing a card plays that video (autoplay) in the player above the list;
 * one video at a time. "Sulge video" removes the player and returns focus to the card that opened it.
 */
import { createYouTubeFrame } from './youtube';

const stage = document.querySelector<HTMLElement>('[data-video-stage]');
const frameBox = stage?.querySelector<HTMLElement>('[data-video-stage-frame]');
const title = stage?.querySelector<HTMLElement>('[data-video-stage-title]');
const description = stage?.querySelector<HTMLElement>('[data-video-stage-description]');
const closeButton = stage?.querySelector<HTMLButtonElement>('[data-video-stage-close]');
const cards = [...document.querySelectorAll<HTMLButtonElement>('[data-video-select]')];

if (stage && frameBox && title && description) {
  let current: HTMLButtonElement | undefined;

  const select = (card: HTMLButtonElement) => {
    const { embedId, title: videoTitle = 'Video', description: videoDescription = '' } = card.dataset;
    if (!embedId) return;
    current = card;
    for (const other of cards) other.setAttribute('aria-pressed', String(other === card));
    frameBox.replaceChildren(createYouTubeFrame(embedId, videoTitle));
    title.textContent = videoTitle;
    description.textContent = videoDescription;
    stage.hidden = false;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    stage.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    title.focus({ preventScroll: true });
  };

  for (const card of cards) card.addEventListener('click', () => select(card));

  closeButton?.addEventListener('click', () => {
    frameBox.replaceChildren();
    stage.hidden = true;
    for (const card of cards) card.setAttribute('aria-pressed', 'false');
    current?.focus();
    current = undefined;
  });
}
