import { describe, expect, it } from 'vitest';
import { IMAGE_SLOTS, type ImageSlot } from '../../src/lib/image-slots';

const REM = 16;
/** The screens the widths are chosen for: phone, tablet, laptop and desktop widths at DPR 1 to 3. */
const SCREENS = [390, 768, 1280, 1920].flatMap((width) => [1, 2, 3].map((dpr) => ({ width, dpr })));

/** A length of the forms `sizes` uses here: 24rem, 320px, 46vw, calc(100vw - 2rem). */
function cssLength(value: string, viewport: number): number {
  const calc = /^calc\((.+) - (.+)\)$/.exec(value);
  if (calc) return cssLength(calc[1]!, viewport) - cssLength(calc[2]!, viewport);
  const match = /^([\d.]+)(rem|px|vw)$/.exec(value);
  if (!match) throw new Error(`unsupported length in sizes: ${value}`);
  const n = Number(match[1]);
  return match[2] === 'rem' ? n * REM : match[2] === 'vw' ? (n * viewport) / 100 : n;
}

/** How wide the browser takes the image to be: the first entry whose (min-width) matches, else the last. */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(',').map((part) => part.trim())) {
    const conditional = /^\(min-width: ([^)]+)\) (.+)$/.exec(entry);
    if (!conditional) return cssLength(entry, viewport);
    if (viewport >= cssLength(conditional[1]!, viewport)) return cssLength(conditional[2]!, viewport);
  }
  throw new Error(`sizes without a default: ${sizes}`);
}

/** The candidate a browser takes: the narrowest that covers the slot at the screen's density, else the widest. */
function takenWidth({ widths, sizes }: ImageSlot, screen: { width: number; dpr: number }): number {
  const needed = slotWidth(sizes, screen.width) * screen.dpr;
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.find((width) => width >= needed) ?? sorted.at(-1)!;
}

describe('image slots', () => {
  it('reads sizes as a browser does', () => {
    expect(slotWidth(IMAGE_SLOTS.hero.sizes, 390)).toBe(358);
    expect(slotWidth(IMAGE_SLOTS.hero.sizes, 1100)).toBe(506);
    expect(slotWidth(IMAGE_SLOTS.hero.sizes, 1920)).toBe(608);
    expect(takenWidth(IMAGE_SLOTS.galleryThumb, { width: 768, dpr: 2 })).toBe(640);
  });

  it.each(Object.entries(IMAGE_SLOTS))('%s: every width is the one some common screen takes', (_, slot) => {
    const taken = new Set(SCREENS.map((screen) => takenWidth(slot, screen)));
    expect([...slot.widths].filter((width) => !taken.has(width))).toEqual([]);
  });

  it('the ad preview takes only files the hero already has', () => {
    const hero = new Set<number>(IMAGE_SLOTS.hero.widths);
    for (const screen of SCREENS) expect(hero.has(takenWidth(IMAGE_SLOTS.adPreview, screen))).toBe(true);
  });
});
