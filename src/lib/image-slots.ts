/**
 * Every place a content image is shown: the candidate widths the build encodes (CSS pixels × density, each in AVIF
 * and WebP) and the `sizes` attribute the browser picks one with. Each width is the one some common screen takes
 * (390, 768, 1280 and 1920 px wide at DPR 1-3; tests/unit/image-slots.test.ts): a width no screen takes is an image
 * the build encodes for nobody. Widths are capped at the original's width when rendered.
 */
export interface ImageSlot {
  widths: readonly number[];
  sizes: string;
}

const HERO_WIDTHS = [480, 720, 960, 1280, 1600] as const;
const VIDEO_THUMB_WIDTHS = [480, 800, 1280] as const;

export const IMAGE_SLOTS = {
  /** Landing hero, the LCP element: index.astro preloads exactly these AVIF candidates. */
  hero: { widths: HERO_WIDTHS, sizes: '(min-width: 1280px) 38rem, (min-width: 1024px) 46vw, calc(100vw - 2rem)' },
  /** The hero again in the Facebook ad preview: the hero's widths, so it adds no files of its own. */
  adPreview: { widths: HERO_WIDTHS, sizes: '(min-width: 640px) 36rem, 100vw' },
  teamMain: { widths: [480, 800, 1200], sizes: '(min-width: 1024px) 24rem, (min-width: 640px) 45vw, 100vw' },
  teamSupport: { widths: [160, 240, 320], sizes: '7rem' },
  galleryThumb: {
    widths: [320, 480, 640],
    sizes: '(min-width: 1280px) 19rem, (min-width: 1024px) 24vw, (min-width: 640px) 32vw, 48vw',
  },
  /** The gallery's full-screen viewer (WebP only: its script swaps one <img>, which has no <source> to offer AVIF). */
  galleryViewer: { widths: [800, 1280, 1600], sizes: '(min-width: 640px) calc(100vw - 10rem), 100vw' },
  videoLanding: {
    widths: VIDEO_THUMB_WIDTHS,
    sizes: '(min-width: 1280px) 38rem, (min-width: 768px) 46vw, calc(100vw - 2rem)',
  },
  videoCard: { widths: VIDEO_THUMB_WIDTHS, sizes: '(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw' },
} as const satisfies Record<string, ImageSlot>;
