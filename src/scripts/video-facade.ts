/**
 * Video facades (components/VideoFacade.astro): the thumbnail button becomes the youtube-nocookie player on click,
 * and facades marked data-autoplay="visible" turn into a (muted) playing player once at least half visible.
 */
import { createYouTubeFrame } from './youtube';

/** Spec section 9: a video starts when 50% of it is visible. */
const VISIBLE_RATIO = 0.5;

function play(facade: HTMLElement, { byClick }: { byClick: boolean }) {
  const frameBox = facade.querySelector<HTMLElement>('[data-video-frame]');
  const { embedId, title } = facade.dataset;
  if (!frameBox || !embedId || facade.dataset.playing === 'true') return;
  facade.dataset.playing = 'true';
  const frame = createYouTubeFrame(embedId, title ?? 'Video', { muted: !byClick });
  frameBox.replaceChildren(frame);
  if (byClick) frame.focus();
}

const facades = [...document.querySelectorAll<HTMLElement>('[data-video-facade]')];

for (const facade of facades) {
  facade.querySelector('[data-video-play]')?.addEventListener('click', () => play(facade, { byClick: true }));
}

const autoplaying = facades.filter((facade) => facade.dataset.autoplay === 'visible');
if (autoplaying.length > 0 && 'IntersectionObserver' in window) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting && entry.intersectionRatio >= VISIBLE_RATIO) {
          observer.unobserve(entry.target);
          const facade = entry.target.closest<HTMLElement>('[data-video-facade]');
          if (facade) play(facade, { byClick: false });
        }
      }
    },
    { threshold: VISIBLE_RATIO },
  );
  for (const facade of autoplaying) {
    const frameBox = facade.querySelector('[data-video-frame]');
    if (frameBox) observer.observe(frameBox);
  }
}
