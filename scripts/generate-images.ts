/**
 * Renders stand-in pictures for the content folder: no photos are available yet, so every image a content entry points
 * at is drawn from SVG (layered gradients and simple shapes) and saved as JPEG with sharp. Editors replace the files one
 * by one with real photos; the entries keep pointing at the same paths.
 *
 *   npx tsx scripts/generate-images.ts            # draws only the files that are missing
 *   npx tsx scripts/generate-images.ts --force    # redraws every file (overwrites replaced photos too!)
 *
 * Which picture is drawn follows the file name: the first word that names a scene wins ("jooga-03.jpg" is a yoga deck,
 * "tempel-tseremoonia.jpg" a temple gate). Everything is seeded from the file's path, so a rerun produces the same
 * bytes. Sizes: gallery and hero 1600x1067, video thumbnails 1280x720, team portraits 600x600, the Open Graph image
 * public/og-image.jpg 1200x630. Every file must stay under 200 KB; the script fails otherwise.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import sharp from 'sharp';

const ROOT = resolve(import.meta.dirname, '..');
const CONTENT = join(ROOT, 'content');
const MAX_BYTES = 200 * 1024;
const FORCE = process.argv.includes('--force');

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

function hashString(value: string): number {
  let hash = 2166136261;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast, good enough for picking shapes. */
function makeRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof makeRandom>;

const f = (n: number) => n.toFixed(1);

// ---------------------------------------------------------------------------------------------------------------
// Palettes

interface SkyPalette {
  sky: [string, string, string];
  sun: string;
  sea: [string, string];
  silhouette: string;
}

const SUNSETS: readonly SkyPalette[] = [
  { sky: ['#2b1d4e', '#c8577a', '#f6b26b'], sun: '#ffe3a3', sea: ['#7a4a6e', '#24193a'], silhouette: '#1a1226' },
  { sky: ['#1f2f5c', '#e0736a', '#ffd59a'], sun: '#fff1c9', sea: ['#5e5a7e', '#1b2340'], silhouette: '#141a2e' },
  { sky: ['#3a1f3d', '#e8835a', '#fbd07c'], sun: '#fff0b8', sea: ['#8d5a5a', '#2a1a2a'], silhouette: '#1c1018' },
  { sky: ['#13294b', '#d9647b', '#f9c784'], sun: '#ffeec2', sea: ['#4f4f78', '#10193a'], silhouette: '#0d1326' },
  { sky: ['#4a2545', '#f08a5d', '#fce38a'], sun: '#fffbe0', sea: ['#9a5f63', '#33203a'], silhouette: '#20121f' },
];

const DAYS: readonly SkyPalette[] = [
  { sky: ['#5fa8d3', '#9fd3e6', '#e8f4f2'], sun: '#fffdf0', sea: ['#1f8fa8', '#0b4f6c'], silhouette: '#2d4a3a' },
  { sky: ['#3d8fc4', '#8cc9e0', '#f2efe0'], sun: '#ffffff', sea: ['#2aa3b5', '#0d5e78'], silhouette: '#264236' },
  { sky: ['#6cb4d8', '#b8e0ea', '#fbf3dc'], sun: '#fffbe8', sea: ['#33b0b8', '#12617a'], silhouette: '#2f4d35' },
];

const SUNRISES: readonly SkyPalette[] = [
  { sky: ['#6d7fb3', '#f2a8a0', '#ffe2b8'], sun: '#fff4d6', sea: ['#8fa3c4', '#4b5f8a'], silhouette: '#3a2f3f' },
  { sky: ['#8a9cc9', '#f7b7a3', '#fff0cf'], sun: '#fffaf0', sea: ['#9bb3cf', '#56709a'], silhouette: '#43363f' },
  { sky: ['#5a6fa8', '#eea58f', '#fde1a9'], sun: '#fff6dc', sea: ['#7e95bd', '#3f5380'], silhouette: '#332a38' },
];

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

let uid = 0;
const id = (prefix: string) => `${prefix}${uid++}`;

function linear(stops: readonly string[], vertical = true, gid = id('g')): [string, string] {
  const items = stops.map((color, i) => `<stop offset="${f((i / (stops.length - 1)) * 100)}%" stop-color="${color}"/>`);
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return [`<linearGradient id="${gid}" ${dir}>${items.join('')}</linearGradient>`, `url(#${gid})`];
}

function radial(inner: string, outer: string, innerOpacity = 1, outerOpacity = 0, gid = id('r')): [string, string] {
  return [
    `<radialGradient id="${gid}"><stop offset="0%" stop-color="${inner}" stop-opacity="${innerOpacity}"/><stop offset="100%" stop-color="${outer}" stop-opacity="${outerOpacity}"/></radialGradient>`,
    `url(#${gid})`,
  ];
}

function svg(w: number, h: number, defs: string[], body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}

/** Sky, sun with glow and sea below the horizon; returns the horizon's y. */
function skyAndSea(r: Random, w: number, h: number, palette: SkyPalette, defs: string[], body: string[], opts: { horizon?: number; sunY?: number; sea?: boolean } = {}) {
  const horizon = opts.horizon ?? h * r.range(0.55, 0.68);
  const [skyDef, skyFill] = linear([palette.sky[0], palette.sky[1], palette.sky[2]]);
  defs.push(skyDef);
  body.push(`<rect width="${w}" height="${h}" fill="${skyFill}"/>`);
  const sunX = w * r.range(0.25, 0.75);
  const sunY = opts.sunY ?? horizon - h * r.range(0.04, 0.2);
  const sunR = Math.min(w, h) * r.range(0.05, 0.09);
  const [glowDef, glowFill] = radial(palette.sun, palette.sky[2], 0.75, 0);
  defs.push(glowDef);
  body.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 5)}" fill="${glowFill}"/>`);
  body.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${palette.sun}"/>`);
  // soft cloud streaks
  for (let i = 0, n = r.int(2, 5); i < n; i++) {
    const cy = horizon * r.range(0.15, 0.8);
    const cw = w * r.range(0.15, 0.4);
    body.push(
      `<ellipse cx="${f(r.range(0, w))}" cy="${f(cy)}" rx="${f(cw)}" ry="${f(r.range(4, 14))}" fill="${palette.sky[2]}" opacity="${f(r.range(0.12, 0.3))}"/>`,
    );
  }
  if (opts.sea !== false) {
    const [seaDef, seaFill] = linear([palette.sea[0], palette.sea[1]]);
    defs.push(seaDef);
    body.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${seaFill}"/>`);
    // sun reflection shimmer
    for (let i = 0; i < 26; i++) {
      const y = horizon + (h - horizon) * (i / 26) ** 1.4 + 3;
      const len = sunR * r.range(0.6, 2.4) * (1 + i / 12);
      body.push(
        `<rect x="${f(sunX - len / 2 + r.range(-20, 20))}" y="${f(y)}" width="${f(len)}" height="${f(1.5 + i / 8)}" rx="2" fill="${palette.sun}" opacity="${f(0.55 - i / 60)}"/>`,
      );
    }
  }
  return { horizon, sunX, sunY, sunR };
}

function cliffs(r: Random, w: number, h: number, baseY: number, color: string, side: 'left' | 'right'): string {
  const width = w * r.range(0.22, 0.4);
  const x0 = side === 'left' ? 0 : w;
  const dir = side === 'left' ? 1 : -1;
  const top = baseY - h * r.range(0.12, 0.25);
  const points: string[] = [`${f(x0)},${f(h)}`, `${f(x0)},${f(top)}`];
  const steps = 7;
  for (let i = 1; i <= steps; i++) {
    const x = x0 + dir * width * (i / steps);
    const y = top + (baseY - top) * (i / steps) ** 1.6 + r.range(-10, 10);
    points.push(`${f(x)},${f(y)}`);
  }
  points.push(`${f(x0 + dir * width * 1.08)},${f(h)}`);
  return `<polygon points="${points.join(' ')}" fill="${color}"/>`;
}

function palm(r: Random, x: number, baseY: number, height: number, color: string): string {
  const lean = r.range(-0.35, 0.35) * height;
  const topX = x + lean;
  const topY = baseY - height;
  const trunkW = height * 0.035;
  const parts = [
    `<path d="M${f(x - trunkW)},${f(baseY)} Q${f(x + lean * 0.2)},${f(baseY - height * 0.5)} ${f(topX - trunkW * 0.4)},${f(topY)} L${f(topX + trunkW * 0.4)},${f(topY)} Q${f(x + lean * 0.2 + trunkW * 1.5)},${f(baseY - height * 0.5)} ${f(x + trunkW)},${f(baseY)} Z" fill="${color}"/>`,
  ];
  const fronds = r.int(6, 9);
  for (let i = 0; i < fronds; i++) {
    const angle = -Math.PI / 2 + ((i - (fronds - 1) / 2) / fronds) * Math.PI * 1.7 + r.range(-0.15, 0.15);
    const len = height * r.range(0.35, 0.5);
    const ex = topX + Math.cos(angle) * len;
    const ey = topY + Math.sin(angle) * len * 0.6 + len * 0.35;
    const cx = topX + Math.cos(angle) * len * 0.5;
    const cy = topY + Math.sin(angle) * len * 0.5 - len * 0.15;
    const thick = len * 0.09;
    parts.push(
      `<path d="M${f(topX)},${f(topY)} Q${f(cx)},${f(cy - thick)} ${f(ex)},${f(ey)} Q${f(cx)},${f(cy + thick)} ${f(topX)},${f(topY)} Z" fill="${color}"/>`,
    );
  }
  return parts.join('');
}

/** Balinese split gate (candi bentar): two stepped towers with a passage between them. */
function splitGate(cx: number, baseY: number, height: number, color: string, r: Random): string {
  const half = height * 0.32;
  const gap = height * r.range(0.1, 0.16);
  const tiers = r.int(5, 7);
  const parts: string[] = [];
  for (const side of [-1, 1]) {
    const inner = cx + (side * gap) / 2;
    for (let t = 0; t < tiers; t++) {
      const y0 = baseY - (height * t) / tiers;
      const y1 = baseY - (height * (t + 1)) / tiers;
      const width = half * (1 - (t / tiers) * 0.75);
      const outer = inner + side * width;
      const xs = side === 1 ? [inner, outer] : [outer, inner];
      parts.push(`<rect x="${f(xs[0]!)}" y="${f(y1)}" width="${f(xs[1]! - xs[0]!)}" height="${f(y0 - y1 + 1)}" fill="${color}"/>`);
      // ornamental ledge
      parts.push(`<rect x="${f(xs[0]! - 6)}" y="${f(y1)}" width="${f(xs[1]! - xs[0]! + 12)}" height="${f(height * 0.015)}" fill="${color}"/>`);
    }
    const topX = inner + side * half * 0.12;
    parts.push(`<circle cx="${f(topX)}" cy="${f(baseY - height - height * 0.03)}" r="${f(height * 0.03)}" fill="${color}"/>`);
  }
  // stairs in the passage
  for (let s = 0; s < 4; s++) {
    const sw = gap * (1.4 + s * 0.35);
    parts.push(`<rect x="${f(cx - sw / 2)}" y="${f(baseY + s * height * 0.025)}" width="${f(sw)}" height="${f(height * 0.026)}" fill="${color}"/>`);
  }
  return parts.join('');
}

/** Meru tower: a pagoda of stacked thatched roofs. */
function meru(cx: number, baseY: number, height: number, color: string, roofs: number): string {
  const parts = [`<rect x="${f(cx - height * 0.08)}" y="${f(baseY - height * 0.25)}" width="${f(height * 0.16)}" height="${f(height * 0.25)}" fill="${color}"/>`];
  for (let i = 0; i < roofs; i++) {
    const y = baseY - height * 0.25 - (height * 0.7 * i) / roofs;
    const wHalf = height * 0.3 * (1 - (i / roofs) * 0.7);
    const rh = (height * 0.7) / roofs;
    parts.push(
      `<polygon points="${f(cx - wHalf)},${f(y)} ${f(cx + wHalf)},${f(y)} ${f(cx + wHalf * 0.45)},${f(y - rh * 0.8)} ${f(cx - wHalf * 0.45)},${f(y - rh * 0.8)}" fill="${color}"/>`,
    );
    parts.push(`<rect x="${f(cx - wHalf * 0.3)}" y="${f(y - rh)}" width="${f(wHalf * 0.6)}" height="${f(rh * 0.25)}" fill="${color}"/>`);
  }
  return parts.join('');
}

function seatedFigure(cx: number, baseY: number, size: number, color: string): string {
  return [
    `<ellipse cx="${f(cx)}" cy="${f(baseY - size * 0.08)}" rx="${f(size * 0.5)}" ry="${f(size * 0.12)}" fill="${color}"/>`,
    `<path d="M${f(cx - size * 0.32)},${f(baseY - size * 0.1)} Q${f(cx - size * 0.26)},${f(baseY - size * 0.62)} ${f(cx)},${f(baseY - size * 0.7)} Q${f(cx + size * 0.26)},${f(baseY - size * 0.62)} ${f(cx + size * 0.32)},${f(baseY - size * 0.1)} Z" fill="${color}"/>`,
    `<circle cx="${f(cx)}" cy="${f(baseY - size * 0.84)}" r="${f(size * 0.13)}" fill="${color}"/>`,
    `<ellipse cx="${f(cx)}" cy="${f(baseY - size * 0.93)}" rx="${f(size * 0.07)}" ry="${f(size * 0.05)}" fill="${color}"/>`,
  ].join('');
}

function frangipani(cx: number, cy: number, size: number, rot: number, petal: string, center: string): string {
  const petals: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = rot + (i * 72 * Math.PI) / 180;
    const px = cx + Math.cos(a) * size * 0.5;
    const py = cy + Math.sin(a) * size * 0.5;
    petals.push(
      `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(size * 0.55)}" ry="${f(size * 0.3)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(px)} ${f(py)})" fill="${petal}"/>`,
    );
  }
  petals.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size * 0.28)}" fill="${center}"/>`);
  return petals.join('');
}

// ---------------------------------------------------------------------------------------------------------------
// Scenes

type Scene = (r: Random, w: number, h: number) => string;

const sunset: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick(SUNSETS);
  const { horizon } = skyAndSea(r, w, h, p, defs, body);
  body.push(cliffs(r, w, h, horizon + h * 0.08, p.silhouette, r.chance(0.5) ? 'left' : 'right'));
  if (r.chance(0.6)) body.push(palm(r, w * r.range(0.05, 0.2), h, h * r.range(0.55, 0.8), p.silhouette));
  if (r.chance(0.5)) body.push(palm(r, w * r.range(0.8, 0.95), h, h * r.range(0.45, 0.7), p.silhouette));
  return svg(w, h, defs, body);
};

const ocean: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick(DAYS);
  const { horizon } = skyAndSea(r, w, h, p, defs, body, { horizon: h * r.range(0.4, 0.55) });
  for (let i = 0; i < 14; i++) {
    const y = horizon + (h - horizon) * ((i + 1) / 15) ** 1.3;
    const amp = 4 + i * 1.4;
    let d = `M0,${f(y)}`;
    for (let x = 0; x <= w; x += 80) d += ` Q${f(x + 40)},${f(y - amp * (r.chance(0.5) ? 1 : -1))} ${f(x + 80)},${f(y)}`;
    body.push(`<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${f(1 + i * 0.25)}" opacity="${f(0.12 + i * 0.02)}"/>`);
  }
  if (r.chance(0.7)) body.push(cliffs(r, w, h, horizon + h * 0.1, p.silhouette, r.chance(0.5) ? 'left' : 'right'));
  return svg(w, h, defs, body);
};

const palms: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick([...SUNSETS, ...DAYS]);
  const { horizon } = skyAndSea(r, w, h, p, defs, body, { horizon: h * r.range(0.7, 0.8) });
  body.push(`<rect y="${f(h * 0.88)}" width="${w}" height="${f(h * 0.12)}" fill="${p.silhouette}"/>`);
  for (let i = 0, n = r.int(3, 6); i < n; i++) body.push(palm(r, w * r.range(0.05, 0.95), h * 0.9, h * r.range(0.4, 0.85), p.silhouette));
  void horizon;
  return svg(w, h, defs, body);
};

const temple: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick([...SUNSETS, ...SUNRISES]);
  skyAndSea(r, w, h, p, defs, body, { horizon: h * 0.78, sea: false });
  const ground = h * 0.82;
  body.push(`<rect y="${f(ground)}" width="${w}" height="${f(h - ground)}" fill="${p.silhouette}"/>`);
  if (r.chance(0.6)) {
    body.push(splitGate(w * r.range(0.4, 0.6), ground, h * r.range(0.45, 0.6), p.silhouette, r));
    if (r.chance(0.6)) body.push(meru(w * r.range(0.12, 0.25), ground, h * r.range(0.35, 0.5), p.silhouette, r.int(3, 7)));
  } else {
    body.push(meru(w * r.range(0.35, 0.65), ground, h * r.range(0.55, 0.7), p.silhouette, r.int(5, 9)));
    body.push(meru(w * r.range(0.75, 0.9), ground, h * r.range(0.3, 0.45), p.silhouette, r.int(3, 5)));
  }
  body.push(palm(r, w * r.range(0.85, 0.98), ground, h * r.range(0.5, 0.75), p.silhouette));
  return svg(w, h, defs, body);
};

const yogaDeck: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick(SUNRISES);
  const horizon = h * r.range(0.42, 0.5);
  skyAndSea(r, w, h, p, defs, body, { horizon });
  const deckTop = horizon + h * 0.08;
  const wood = r.pick(['#8a5a3c', '#9b6b47', '#7a4e35', '#a8774f']);
  const [deckDef, deckFill] = linear([wood, '#3e2618']);
  defs.push(deckDef);
  body.push(`<polygon points="${f(w * 0.2)},${f(deckTop)} ${f(w * 0.8)},${f(deckTop)} ${w},${h} 0,${h}" fill="${deckFill}"/>`);
  for (let i = 0; i <= 16; i++) {
    const x0 = w * 0.2 + (w * 0.6 * i) / 16;
    const x1 = (w * i) / 16;
    body.push(`<line x1="${f(x0)}" y1="${f(deckTop)}" x2="${f(x1)}" y2="${h}" stroke="#2b1a10" stroke-width="2" opacity="0.35"/>`);
  }
  // railing
  body.push(`<rect x="${f(w * 0.2)}" y="${f(deckTop - h * 0.06)}" width="${f(w * 0.6)}" height="4" fill="#2b1a10" opacity="0.7"/>`);
  for (let i = 0; i <= 10; i++) body.push(`<rect x="${f(w * 0.2 + (w * 0.6 * i) / 10)}" y="${f(deckTop - h * 0.06)}" width="4" height="${f(h * 0.06)}" fill="#2b1a10" opacity="0.7"/>`);
  const matColors = r.pick([
    ['#7fb7a4', '#e9a6a6', '#b8a6d9', '#f2c57c'],
    ['#5e8c7a', '#d97b66', '#f0e2c8', '#8aa6c1'],
    ['#c9a0dc', '#9cc5a1', '#f7d08a', '#e59f8b'],
  ]);
  const rows = r.int(2, 3);
  for (let row = 0; row < rows; row++) {
    const t0 = (row + 0.3) / (rows + 0.3);
    const t1 = t0 + 0.45 / (rows + 0.3);
    const y0 = deckTop + (h - deckTop) * t0;
    const y1 = deckTop + (h - deckTop) * Math.min(t1, 0.98);
    const cols = r.int(3, 4);
    for (let c = 0; c < cols; c++) {
      const u = (c + 0.5) / cols;
      const halfW0 = (w * (0.3 + 0.2 * t0)) / cols / 2.6;
      const halfW1 = (w * (0.3 + 0.2 * t1)) / cols / 2.6;
      const cx0 = w * (0.2 - 0.2 * t0) + w * (0.6 + 0.4 * t0) * u;
      const cx1 = w * (0.2 - 0.2 * t1) + w * (0.6 + 0.4 * t1) * u;
      body.push(
        `<polygon points="${f(cx0 - halfW0)},${f(y0)} ${f(cx0 + halfW0)},${f(y0)} ${f(cx1 + halfW1)},${f(y1)} ${f(cx1 - halfW1)},${f(y1)}" fill="${matColors[(row + c) % matColors.length]}" opacity="0.92"/>`,
      );
    }
  }
  if (r.chance(0.6)) body.push(palm(r, w * r.range(0.02, 0.12), h, h * 0.85, p.silhouette));
  return svg(w, h, defs, body);
};

const smoothieBowl: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const table = r.pick([['#d9c3a5', '#b89b78'], ['#e8ddd0', '#cdbba6'], ['#c7a27c', '#9c7753']]);
  body.push(`<rect width="${w}" height="${h}" fill="${table[0]}"/>`);
  for (let i = 0; i < 9; i++) body.push(`<rect y="${f((h * i) / 9)}" width="${w}" height="3" fill="${table[1]}" opacity="0.5"/>`);
  const cx = w * r.range(0.4, 0.6);
  const cy = h * r.range(0.45, 0.55);
  const R = h * 0.36;
  body.push(`<circle cx="${f(cx + 14)}" cy="${f(cy + 18)}" r="${f(R * 1.05)}" fill="#000" opacity="0.15"/>`);
  body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 1.05)}" fill="${r.pick(['#f4efe6', '#6b8f71', '#c7d3d4', '#8a6a4f'])}"/>`);
  const base = r.pick([['#8e3b76', '#b14f8f'], ['#d9577a', '#f08aa0'], ['#6fae5d', '#98c97d'], ['#f2a33a', '#f7c46c']] as const);
  const [bDef, bFill] = radial(base[1], base[0], 1, 1);
  defs.push(bDef);
  body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.92)}" fill="${bFill}"/>`);
  for (let i = 0; i < 7; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = r.range(0, R * 0.6);
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    body.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(R * 0.13)}" fill="#f7e9b0"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(R * 0.05)}" fill="#e6cf86"/>`);
  }
  for (let i = 0; i < 5; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = r.range(0, R * 0.7);
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    body.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(R * 0.11)}" fill="#7fb241"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(R * 0.07)}" fill="#b5d96a"/>`);
  }
  for (let i = 0; i < 26; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = r.range(0, R * 0.8);
    body.push(`<circle cx="${f(cx + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d)}" r="${f(R * r.range(0.03, 0.05))}" fill="${r.pick(['#2d1b3d', '#3b1f4f', '#8b1e3f', '#c8325a'])}"/>`);
  }
  for (let i = 0; i < 30; i++) {
    const a = r.range(0, Math.PI * 2);
    const d = r.range(R * 0.3, R * 0.85);
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    body.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(R * 0.06)}" height="${f(R * 0.04)}" rx="3" fill="${r.pick(['#c8924f', '#a8733b', '#f5f0e6'])}" transform="rotate(${f(r.range(0, 180))} ${f(x)} ${f(y)})"/>`);
  }
  // leaves and a spoon on the table
  body.push(`<ellipse cx="${f(w * 0.12)}" cy="${f(h * 0.2)}" rx="${f(w * 0.12)}" ry="${f(h * 0.05)}" fill="#4f7a4a" transform="rotate(-25 ${f(w * 0.12)} ${f(h * 0.2)})"/>`);
  body.push(`<rect x="${f(w * 0.8)}" y="${f(h * 0.55)}" width="${f(w * 0.16)}" height="16" rx="8" fill="#b88a5a" transform="rotate(20 ${f(w * 0.8)} ${f(h * 0.55)})"/>`);
  return svg(w, h, defs, body);
};

const fruit: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  body.push(`<rect width="${w}" height="${h}" fill="${r.pick(['#2f5d50', '#3a6b5b', '#e9e1d3', '#314c63'])}"/>`);
  body.push(`<ellipse cx="${w / 2}" cy="${h / 2}" rx="${f(w * 0.4)}" ry="${f(h * 0.38)}" fill="#f3eee4"/>`);
  const fruits = [
    { fill: '#f26b8a', inner: '#ffffff', seed: '#1b1b1b' }, // dragon fruit
    { fill: '#f59e2b', inner: '#f9c25c', seed: '#2b1d0e' }, // papaya
    { fill: '#f2c230', inner: '#fbe27a', seed: '#f2c230' }, // mango / pineapple
    { fill: '#78b53b', inner: '#b8db6d', seed: '#2b2b1b' }, // kiwi / lime
  ];
  for (let i = 0; i < 16; i++) {
    const fr = r.pick(fruits);
    const a = r.range(0, Math.PI * 2);
    const d = r.range(0, 0.8);
    const x = w / 2 + Math.cos(a) * w * 0.3 * d;
    const y = h / 2 + Math.sin(a) * h * 0.28 * d;
    const s = h * r.range(0.06, 0.1);
    const rot = r.range(0, 360);
    body.push(
      `<g transform="rotate(${f(rot)} ${f(x)} ${f(y)})"><path d="M${f(x - s)},${f(y)} A${f(s)},${f(s)} 0 0 0 ${f(x + s)},${f(y)} Z" fill="${fr.fill}"/><path d="M${f(x - s * 0.8)},${f(y)} A${f(s * 0.8)},${f(s * 0.8)} 0 0 0 ${f(x + s * 0.8)},${f(y)} Z" fill="${fr.inner}"/>` +
        Array.from({ length: 5 }, (_, k) => `<circle cx="${f(x - s * 0.5 + k * s * 0.25)}" cy="${f(y + s * 0.3)}" r="3" fill="${fr.seed}"/>`).join('') +
        '</g>',
    );
  }
  for (let i = 0; i < 3; i++) body.push(frangipani(w * r.range(0.15, 0.85), h * r.range(0.15, 0.85), h * 0.05, r.range(0, 6), '#fffaf0', '#f5c542'));
  return svg(w, h, defs, body);
};

const treatmentRoom: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const wall = r.pick([['#efe2cf', '#d9c0a0'], ['#e9ded6', '#cbb3a3'], ['#f1e7d8', '#d7c4a5']]);
  const [wDef, wFill] = linear(wall);
  defs.push(wDef);
  body.push(`<rect width="${w}" height="${h}" fill="${wFill}"/>`);
  const floorY = h * 0.72;
  body.push(`<rect y="${f(floorY)}" width="${w}" height="${f(h - floorY)}" fill="${r.pick(['#8c6a4f', '#7a5a43', '#a07c5c'])}"/>`);
  // window with garden light
  const wx = w * r.range(0.55, 0.72);
  body.push(`<rect x="${f(wx)}" y="${f(h * 0.12)}" width="${f(w * 0.24)}" height="${f(h * 0.4)}" fill="#bfe0c8"/>`);
  body.push(`<rect x="${f(wx + w * 0.118)}" y="${f(h * 0.12)}" width="6" height="${f(h * 0.4)}" fill="#6b4f3a"/>`);
  for (let i = 0; i < 4; i++) body.push(`<ellipse cx="${f(wx + w * r.range(0.02, 0.22))}" cy="${f(h * r.range(0.2, 0.45))}" rx="${f(w * 0.05)}" ry="${f(h * 0.04)}" fill="#5f9a6b" opacity="0.7"/>`);
  const [lDef, lFill] = linear(['#fff8e6', '#fff8e6'], false);
  defs.push(lDef);
  body.push(`<polygon points="${f(wx)},${f(h * 0.52)} ${f(wx + w * 0.24)},${f(h * 0.52)} ${f(wx - w * 0.05)},${h} ${f(wx - w * 0.35)},${h}" fill="${lFill}" opacity="0.18"/>`);
  // bed
  const bx = w * r.range(0.1, 0.2);
  const bw = w * 0.45;
  const by = h * 0.55;
  body.push(`<rect x="${f(bx + 20)}" y="${f(by + 40)}" width="14" height="${f(floorY - by)}" fill="#5b4130"/><rect x="${f(bx + bw - 34)}" y="${f(by + 40)}" width="14" height="${f(floorY - by)}" fill="#5b4130"/>`);
  body.push(`<rect x="${f(bx)}" y="${f(by)}" width="${f(bw)}" height="${f(h * 0.07)}" rx="18" fill="${r.pick(['#f7f3ec', '#efe6da', '#e2ece6'])}"/>`);
  body.push(`<rect x="${f(bx + bw * 0.45)}" y="${f(by - h * 0.012)}" width="${f(bw * 0.35)}" height="${f(h * 0.03)}" rx="10" fill="${r.pick(['#c9a98b', '#9fb8a5', '#d9b3a3'])}"/>`);
  // rolled towels and candles on a shelf
  const sx = w * 0.08;
  body.push(`<rect x="${f(sx)}" y="${f(h * 0.38)}" width="${f(w * 0.25)}" height="10" fill="#6b4f3a"/>`);
  for (let i = 0; i < 3; i++) {
    const tx = sx + 40 + i * 70;
    body.push(`<circle cx="${f(tx)}" cy="${f(h * 0.38 - 28)}" r="28" fill="#f5efe6"/><circle cx="${f(tx)}" cy="${f(h * 0.38 - 28)}" r="14" fill="none" stroke="#d8cbb8" stroke-width="3"/>`);
  }
  for (let i = 0, n = r.int(3, 5); i < n; i++) {
    const cx = w * r.range(0.7, 0.95);
    const ch = r.range(30, 70);
    const [gDef, gFill] = radial('#ffd27a', '#ffd27a', 0.5, 0);
    defs.push(gDef);
    body.push(`<circle cx="${f(cx)}" cy="${f(floorY - ch - 14)}" r="50" fill="${gFill}"/>`);
    body.push(`<rect x="${f(cx - 12)}" y="${f(floorY - ch)}" width="24" height="${f(ch)}" rx="3" fill="#f7efe0"/>`);
    body.push(`<ellipse cx="${f(cx)}" cy="${f(floorY - ch - 10)}" rx="5" ry="10" fill="#ffb347"/>`);
  }
  body.push(frangipani(bx + bw * 0.2, by + 8, h * 0.025, r.range(0, 6), '#ffffff', '#f5c542'));
  return svg(w, h, defs, body);
};

const ceremony: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const [nDef, nFill] = linear([r.pick(['#0f0c1e', '#140d12', '#0b1624']), r.pick(['#3a1f2b', '#2a1a3a', '#3b2417'])]);
  defs.push(nDef);
  body.push(`<rect width="${w}" height="${h}" fill="${nFill}"/>`);
  const ground = h * 0.78;
  body.push(`<rect y="${f(ground)}" width="${w}" height="${f(h - ground)}" fill="#1a120e"/>`);
  const fx = w * r.range(0.35, 0.65);
  const [gDef, gFill] = radial('#ff9a3c', '#ff6a00', 0.7, 0);
  defs.push(gDef);
  body.push(`<circle cx="${f(fx)}" cy="${f(ground - h * 0.1)}" r="${f(h * 0.5)}" fill="${gFill}"/>`);
  const flame = (scale: number, color: string) => {
    const fw = h * 0.16 * scale;
    const fh = h * 0.42 * scale;
    return `<path d="M${f(fx - fw)},${f(ground)} Q${f(fx - fw * 1.1)},${f(ground - fh * 0.5)} ${f(fx + r.range(-fw * 0.3, fw * 0.3))},${f(ground - fh)} Q${f(fx + fw * 1.1)},${f(ground - fh * 0.5)} ${f(fx + fw)},${f(ground)} Z" fill="${color}"/>`;
  };
  body.push(flame(1, '#e2461d'), flame(0.75, '#f7862a'), flame(0.45, '#ffd36b'));
  for (let i = 0; i < 5; i++) body.push(`<rect x="${f(fx - h * 0.2 + i * h * 0.08)}" y="${f(ground - 8)}" width="${f(h * 0.12)}" height="14" rx="7" fill="#3b2414" transform="rotate(${f(r.range(-20, 20))} ${f(fx)} ${f(ground)})"/>`);
  // sparks
  for (let i = 0; i < 30; i++) body.push(`<circle cx="${f(fx + r.range(-h * 0.25, h * 0.25))}" cy="${f(ground - r.range(h * 0.3, h * 0.7))}" r="${f(r.range(1.5, 3.5))}" fill="#ffc46b" opacity="${f(r.range(0.3, 0.9))}"/>`);
  // offerings (canang sari) along the ground
  for (let i = 0; i < r.int(4, 7); i++) {
    const ox = w * r.range(0.05, 0.95);
    if (Math.abs(ox - fx) < h * 0.3) continue;
    const oy = ground + r.range(20, h * 0.15);
    const s = h * 0.06;
    body.push(`<rect x="${f(ox - s)}" y="${f(oy - s * 0.4)}" width="${f(s * 2)}" height="${f(s * 0.8)}" fill="#7d9a3a"/>`);
    body.push(frangipani(ox - s * 0.5, oy - s * 0.5, s * 0.35, 0, '#ffffff', '#f5c542'));
    body.push(`<circle cx="${f(ox + s * 0.3)}" cy="${f(oy - s * 0.5)}" r="${f(s * 0.25)}" fill="#e0457b"/>`);
    body.push(`<circle cx="${f(ox + s * 0.8)}" cy="${f(oy - s * 0.45)}" r="${f(s * 0.2)}" fill="#f2a33a"/>`);
  }
  // seated circle of people
  for (let i = 0; i < r.int(4, 7); i++) {
    const px = w * r.range(0.05, 0.95);
    if (Math.abs(px - fx) < h * 0.35) continue;
    body.push(seatedFigure(px, ground + 4, h * r.range(0.22, 0.3), '#0a0708'));
  }
  return svg(w, h, defs, body);
};

const riceTerraces: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick(DAYS);
  skyAndSea(r, w, h, p, defs, body, { horizon: h * 0.3, sea: false });
  const greens = r.pick([
    ['#a9c97a', '#8fbf5a', '#74a84a', '#5b913d', '#477a31', '#356324', '#274d1b'],
    ['#c3d98a', '#a3c86b', '#86b357', '#6a9c46', '#538437', '#3e6c2b', '#2d5520'],
  ]);
  const bands = greens.length;
  for (let i = 0; i < bands; i++) {
    const y = h * 0.28 + (h * 0.75 * i) / bands;
    let d = `M0,${f(y)}`;
    for (let x = 0; x <= w; x += 100) d += ` Q${f(x + 50)},${f(y + r.range(-30, 30))} ${f(x + 100)},${f(y + r.range(-10, 10))}`;
    d += ` L${w},${h} L0,${h} Z`;
    body.push(`<path d="${d}" fill="${greens[i]}"/>`);
    body.push(`<path d="${d.split(' L')[0]}" fill="none" stroke="#e8f2c8" stroke-width="3" opacity="0.35"/>`);
  }
  for (let i = 0; i < r.int(2, 4); i++) body.push(palm(r, w * r.range(0.05, 0.95), h * r.range(0.35, 0.5), h * r.range(0.2, 0.3), '#2c4a26'));
  return svg(w, h, defs, body);
};

const beach: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick([...DAYS, ...SUNRISES]);
  const horizon = h * r.range(0.38, 0.48);
  skyAndSea(r, w, h, p, defs, body, { horizon });
  const shore = h * r.range(0.62, 0.72);
  const [sDef, sFill] = linear(['#f1dfc0', '#d8bf96']);
  defs.push(sDef);
  let d = `M0,${f(shore)}`;
  for (let x = 0; x <= w; x += 200) d += ` Q${f(x + 100)},${f(shore + r.range(-25, 25))} ${f(x + 200)},${f(shore + r.range(-8, 8))}`;
  body.push(`<path d="${d} L${w},${h} L0,${h} Z" fill="${sFill}"/>`);
  body.push(`<path d="${d}" fill="none" stroke="#ffffff" stroke-width="10" opacity="0.8"/>`);
  body.push(`<path d="${d}" transform="translate(0,-16)" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.4"/>`);
  if (r.chance(0.6)) {
    const ux = w * r.range(0.6, 0.85);
    const uy = shore + h * 0.08;
    body.push(`<line x1="${f(ux)}" y1="${f(uy - h * 0.2)}" x2="${f(ux)}" y2="${f(uy + h * 0.12)}" stroke="#5b4130" stroke-width="6"/>`);
    body.push(`<path d="M${f(ux - h * 0.16)},${f(uy - h * 0.17)} Q${f(ux)},${f(uy - h * 0.32)} ${f(ux + h * 0.16)},${f(uy - h * 0.17)} Z" fill="${r.pick(['#e86f51', '#f2c14e', '#4fb3bf'])}"/>`);
  }
  body.push(cliffs(r, w, h, horizon + h * 0.1, p.silhouette, r.chance(0.5) ? 'left' : 'right'));
  return svg(w, h, defs, body);
};

const pool: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  body.push(`<rect width="${w}" height="${h}" fill="${r.pick(['#e9e2d4', '#efe8dc', '#ddd5c6'])}"/>`);
  const px = w * 0.08;
  const py = h * r.range(0.2, 0.3);
  const pw = w * 0.84;
  const ph = h * 0.5;
  const [wDef, wFill] = linear(['#5fd0d8', '#1f9bb5']);
  defs.push(wDef);
  body.push(`<rect x="${f(px)}" y="${f(py)}" width="${f(pw)}" height="${f(ph)}" rx="10" fill="${wFill}"/>`);
  for (let i = 0; i < 40; i++) {
    const x = px + r.range(0, pw - 120);
    const y = py + r.range(10, ph - 10);
    body.push(`<path d="M${f(x)},${f(y)} q30,-10 60,0 t60,0" fill="none" stroke="#e8ffff" stroke-width="${f(r.range(2, 4))}" opacity="${f(r.range(0.25, 0.6))}"/>`);
  }
  // loungers
  for (let i = 0; i < r.int(3, 5); i++) {
    const lx = px + (pw * (i + 0.3)) / 5;
    const ly = py + ph + h * 0.05;
    body.push(`<rect x="${f(lx)}" y="${f(ly)}" width="${f(w * 0.1)}" height="${f(h * 0.16)}" rx="10" fill="#fbfaf6" stroke="#b9a88e" stroke-width="4"/>`);
    body.push(`<rect x="${f(lx + 10)}" y="${f(ly + 10)}" width="${f(w * 0.1 - 20)}" height="${f(h * 0.04)}" rx="8" fill="${r.pick(['#e9a6a6', '#9cc5a1', '#f2c57c', '#8aa6c1'])}"/>`);
  }
  // palm shadow
  body.push(`<g opacity="0.22">${palm(r, w * r.range(0.2, 0.8), h * 1.1, h * 0.9, '#12313a')}</g>`);
  return svg(w, h, defs, body);
};

const meditation: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick([...SUNSETS, ...SUNRISES]);
  const { horizon } = skyAndSea(r, w, h, p, defs, body, { horizon: h * r.range(0.6, 0.7) });
  const ground = h * 0.86;
  body.push(`<rect y="${f(ground)}" width="${w}" height="${f(h - ground)}" fill="${p.silhouette}"/>`);
  const n = r.int(1, 4);
  for (let i = 0; i < n; i++) body.push(seatedFigure(w * ((i + 1) / (n + 1)) + r.range(-40, 40), ground + 2, h * r.range(0.28, 0.36), p.silhouette));
  void horizon;
  return svg(w, h, defs, body);
};

const flowers: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const bg = r.pick([['#234d3a', '#2f6b4f'], ['#1d3f33', '#3b7a5a'], ['#4a6b3a', '#6b8f4e']]);
  const [gDef, gFill] = linear(bg);
  defs.push(gDef);
  body.push(`<rect width="${w}" height="${h}" fill="${gFill}"/>`);
  for (let i = 0; i < 14; i++) {
    const x = r.range(0, w);
    const y = r.range(0, h);
    body.push(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(h * 0.22)}" ry="${f(h * 0.07)}" fill="${r.pick(['#3f7d55', '#2e6444', '#5a9a64'])}" opacity="0.8" transform="rotate(${f(r.range(0, 180))} ${f(x)} ${f(y)})"/>`);
  }
  const petal = r.pick(['#fffaf0', '#ffe4ec', '#fff3d6']);
  for (let i = 0; i < r.int(6, 11); i++) body.push(frangipani(r.range(w * 0.08, w * 0.92), r.range(h * 0.1, h * 0.9), h * r.range(0.06, 0.12), r.range(0, 6), petal, '#f5c542'));
  return svg(w, h, defs, body);
};

const cacao: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  body.push(`<rect width="${w}" height="${h}" fill="${r.pick(['#b98d63', '#a87b55', '#c9a27a'])}"/>`);
  body.push(`<rect x="${f(w * 0.1)}" y="${f(h * 0.15)}" width="${f(w * 0.8)}" height="${f(h * 0.7)}" fill="${r.pick(['#8e3b3b', '#6b4c7a', '#3f6b5a'])}" opacity="0.85"/>`);
  for (let i = 0; i < r.int(3, 5); i++) {
    const cx = w * (0.2 + i * 0.16) + r.range(-20, 20);
    const cy = h * r.range(0.4, 0.65);
    const R = h * 0.09;
    body.push(`<circle cx="${f(cx + 8)}" cy="${f(cy + 10)}" r="${f(R * 1.2)}" fill="#000" opacity="0.2"/>`);
    body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 1.2)}" fill="#efe4d2"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="#5a3420"/><ellipse cx="${f(cx - R * 0.3)}" cy="${f(cy - R * 0.3)}" rx="${f(R * 0.3)}" ry="${f(R * 0.15)}" fill="#8a5a3c"/>`);
  }
  for (let i = 0; i < 2; i++) {
    const x = w * r.range(0.15, 0.85);
    const y = h * (i === 0 ? 0.22 : 0.8);
    body.push(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(h * 0.14)}" ry="${f(h * 0.07)}" fill="${r.pick(['#c0632b', '#d98a2b', '#8e4a2b'])}" transform="rotate(${f(r.range(-30, 30))} ${f(x)} ${f(y)})"/>`);
  }
  body.push(frangipani(w * 0.85, h * 0.3, h * 0.05, 1, '#fff5f0', '#f5c542'));
  return svg(w, h, defs, body);
};

const gong: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const [bDef, bFill] = linear([r.pick(['#1b1420', '#14181f', '#201612']), r.pick(['#3a2a22', '#2b2233'])]);
  defs.push(bDef);
  body.push(`<rect width="${w}" height="${h}" fill="${bFill}"/>`);
  const cx = w * r.range(0.4, 0.6);
  const cy = h * 0.5;
  const R = h * 0.33;
  body.push(`<rect x="${f(cx - R * 1.35)}" y="${f(cy - R * 1.3)}" width="${f(R * 2.7)}" height="${f(h * 0.05)}" fill="#5b3a22"/>`);
  body.push(`<rect x="${f(cx - R * 1.3)}" y="${f(cy - R * 1.3)}" width="${f(h * 0.04)}" height="${f(h)}" fill="#5b3a22"/><rect x="${f(cx + R * 1.3 - h * 0.04)}" y="${f(cy - R * 1.3)}" width="${f(h * 0.04)}" height="${f(h)}" fill="#5b3a22"/>`);
  body.push(`<line x1="${f(cx - R * 0.4)}" y1="${f(cy - R * 1.25)}" x2="${f(cx - R * 0.3)}" y2="${f(cy - R * 0.95)}" stroke="#c9b38a" stroke-width="3"/><line x1="${f(cx + R * 0.4)}" y1="${f(cy - R * 1.25)}" x2="${f(cx + R * 0.3)}" y2="${f(cy - R * 0.95)}" stroke="#c9b38a" stroke-width="3"/>`);
  const [gDef, gFill] = radial('#f3d27a', '#8a5a1f', 1, 1);
  defs.push(gDef);
  body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="${gFill}"/>`);
  for (let i = 1; i < 6; i++) body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f((R * i) / 6)}" fill="none" stroke="#6b4418" stroke-width="2" opacity="0.3"/>`);
  body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.18)}" fill="#b8862e"/>`);
  const [hDef, hFill] = radial('#ffe9a8', '#ffe9a8', 0.25, 0);
  defs.push(hDef);
  body.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 1.8)}" fill="${hFill}"/>`);
  return svg(w, h, defs, body);
};

/** Abstract portrait for the team: a head and shoulders on a soft gradient, no face. */
const avatar: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const bg = r.pick([['#f3d9c4', '#e2a98a'], ['#d7e6dc', '#9cc5a1'], ['#dfe3f2', '#a9b4d9'], ['#f6e7c1', '#e8b86b'], ['#efd6df', '#d59ab0']]);
  const [gDef, gFill] = linear(bg);
  defs.push(gDef);
  body.push(`<rect width="${w}" height="${h}" fill="${gFill}"/>`);
  const skin = r.pick(['#f1c9a5', '#e0ac84', '#c98d66', '#f5d7bd']);
  const hair = r.pick(['#3b2a20', '#6b4a2f', '#a0743f', '#d8b274', '#2a2a2a']);
  const shirt = r.pick(['#ffffff', '#5e8c7a', '#c9725b', '#3f5a7a', '#e8d9c0']);
  const cx = w / 2;
  body.push(`<path d="M${f(cx - w * 0.38)},${h} Q${f(cx - w * 0.36)},${f(h * 0.7)} ${f(cx)},${f(h * 0.68)} Q${f(cx + w * 0.36)},${f(h * 0.7)} ${f(cx + w * 0.38)},${h} Z" fill="${shirt}"/>`);
  body.push(`<rect x="${f(cx - w * 0.06)}" y="${f(h * 0.56)}" width="${f(w * 0.12)}" height="${f(h * 0.14)}" fill="${skin}"/>`);
  const long = r.chance(0.6);
  if (long) body.push(`<path d="M${f(cx - w * 0.2)},${f(h * 0.4)} Q${f(cx - w * 0.24)},${f(h * 0.72)} ${f(cx - w * 0.1)},${f(h * 0.72)} L${f(cx + w * 0.1)},${f(h * 0.72)} Q${f(cx + w * 0.24)},${f(h * 0.72)} ${f(cx + w * 0.2)},${f(h * 0.4)} Z" fill="${hair}"/>`);
  body.push(`<ellipse cx="${f(cx)}" cy="${f(h * 0.42)}" rx="${f(w * 0.15)}" ry="${f(h * 0.18)}" fill="${skin}"/>`);
  body.push(`<path d="M${f(cx - w * 0.16)},${f(h * 0.42)} Q${f(cx - w * 0.16)},${f(h * 0.2)} ${f(cx)},${f(h * 0.21)} Q${f(cx + w * 0.17)},${f(h * 0.2)} ${f(cx + w * 0.16)},${f(h * 0.42)} Q${f(cx + w * 0.05)},${f(h * 0.3)} ${f(cx - w * 0.16)},${f(h * 0.42)} Z" fill="${hair}"/>`);
  if (r.chance(0.4)) body.push(frangipani(cx + w * 0.13, h * 0.3, w * 0.04, 0.5, '#ffffff', '#f5c542'));
  return svg(w, h, defs, body);
};

/** The landing hero: sunset over the ocean seen from a cliff top, a temple gate and palms in silhouette. */
const hero: Scene = (r, w, h) => {
  const defs: string[] = [];
  const body: string[] = [];
  const p = r.pick(SUNSETS);
  const { horizon } = skyAndSea(r, w, h, p, defs, body, { horizon: h * 0.62 });
  const cliffTop = horizon + h * 0.14;
  body.push(`<path d="M0,${f(cliffTop)} Q${f(w * 0.3)},${f(cliffTop - h * 0.04)} ${f(w * 0.55)},${f(cliffTop + h * 0.03)} L${f(w * 0.62)},${h} L0,${h} Z" fill="${p.silhouette}"/>`);
  body.push(splitGate(w * 0.22, cliffTop - h * 0.01, h * 0.34, p.silhouette, r));
  body.push(palm(r, w * 0.06, h, h * 0.8, p.silhouette));
  body.push(palm(r, w * 0.45, cliffTop + h * 0.02, h * 0.42, p.silhouette));
  body.push(palm(r, w * 0.93, h, h * 0.7, p.silhouette));
  return svg(w, h, defs, body);
};

const SCENES: Record<string, Scene> = {
  hero,
  paikeseloojang: sunset,
  ookean: ocean,
  palmid: palms,
  tempel: temple,
  jooga: yogaDeck,
  smuutikauss: smoothieBowl,
  puuviljad: fruit,
  hooldus: treatmentRoom,
  tseremoonia: ceremony,
  riisiterrassid: riceTerraces,
  rand: beach,
  bassein: pool,
  meditatsioon: meditation,
  lilled: flowers,
  kakao: cacao,
  gong,
  avatar,
};
const LANDSCAPES = ['paikeseloojang', 'ookean', 'palmid', 'tempel', 'rand', 'meditatsioon'] as const;

/** Picks the scene from the file name: the first hyphen-separated word that names one, else a landscape by hash. */
function sceneFor(file: string, fallback?: string): Scene {
  const words = file.replace(/^.*\//, '').replace(/\.[a-z]+$/i, '').split('-');
  const named = words.find((word) => word in SCENES);
  if (named) return SCENES[named]!;
  if (fallback) return SCENES[fallback]!;
  return SCENES[LANDSCAPES[hashString(file) % LANDSCAPES.length]!]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Targets: every image a content entry points at

interface Target {
  /** Absolute path of the JPEG. */
  file: string;
  width: number;
  height: number;
  scene: Scene;
  /** Text drawn over the picture (Open Graph image only). */
  overlay?: { title: string; subtitle: string };
}

function jsonEntries(folder: string): { file: string; data: Record<string, unknown> }[] {
  const dir = join(CONTENT, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ file: join(dir, name), data: JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown> }));
}

function imageTarget(entryFile: string, ref: unknown, width: number, height: number, fallback?: string): Target | undefined {
  if (typeof ref !== 'string' || !/\.jpe?g$/i.test(ref)) return undefined;
  const file = resolve(dirname(entryFile), ref);
  return { file, width, height, scene: sceneFor(relative(ROOT, file), fallback) };
}

function collectTargets(): Target[] {
  const targets: (Target | undefined)[] = [];
  for (const { file, data } of jsonEntries('gallery')) targets.push(imageTarget(file, data.image, 1600, 1067));
  for (const { file, data } of jsonEntries('videos')) targets.push(imageTarget(file, data.thumbnail, 1280, 720));
  for (const { file, data } of jsonEntries('team')) targets.push(imageTarget(file, data.image, 600, 600, 'avatar'));
  for (const { file, data } of jsonEntries('settings')) {
    const heroEntry = data.hero as { image?: unknown } | undefined;
    targets.push(imageTarget(file, heroEntry?.image, 1600, 1067, 'hero'));
  }
  targets.push({
    file: join(ROOT, 'public', 'og-image.jpg'),
    width: 1200,
    height: 630,
    scene: hero,
    overlay: { title: 'Uus algus', subtitle: '10-päevane heaoluretriit Uluwatus, Balil' },
  });
  return targets.filter((target): target is Target => target !== undefined);
}

function withOverlay(source: string, w: number, h: number, overlay: Target['overlay']): string {
  if (!overlay) return source;
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text =
    `<rect width="${w}" height="${h}" fill="#000" opacity="0.28"/>` +
    `<text x="${w / 2}" y="${f(h * 0.45)}" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="${f(h * 0.16)}" font-weight="bold" fill="#fffaf0">${escape(overlay.title)}</text>` +
    `<text x="${w / 2}" y="${f(h * 0.58)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${f(h * 0.055)}" fill="#fffaf0">${escape(overlay.subtitle)}</text>`;
  return source.replace(/<\/svg>$/, `${text}</svg>`);
}

async function render(target: Target): Promise<number> {
  uid = 0;
  const rel = relative(ROOT, target.file).split('\\').join('/');
  const source = withOverlay(target.scene(makeRandom(hashString(rel)), target.width, target.height), target.width, target.height, target.overlay);
  let bytes: Buffer | undefined;
  for (const quality of [76, 72, 68, 64, 60]) {
    bytes = await sharp(Buffer.from(source))
      .resize(target.width, target.height)
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toBuffer();
    if (bytes.length < MAX_BYTES) break;
  }
  if (!bytes || bytes.length >= MAX_BYTES) throw new Error(`${rel}: ${bytes?.length} bytes, over the 200 KB limit`);
  mkdirSync(dirname(target.file), { recursive: true });
  writeFileSync(target.file, bytes);
  return bytes.length;
}

async function main() {
  const targets = collectTargets();
  let written = 0;
  let largest = 0;
  for (const target of targets) {
    if (!FORCE && existsSync(target.file)) {
      const size = statSync(target.file).size;
      if (size >= MAX_BYTES) throw new Error(`${relative(ROOT, target.file)}: ${size} bytes, over the 200 KB limit`);
      largest = Math.max(largest, size);
      continue;
    }
    const size = await render(target);
    largest = Math.max(largest, size);
    written++;
  }
  console.log(`${targets.length} images checked, ${written} drawn, largest ${(largest / 1024).toFixed(1)} KB (limit 200 KB)`);
}

await main();
