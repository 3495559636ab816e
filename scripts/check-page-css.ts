// Compares two builds' content pages as a browser draws them: every element's computed style (all properties, and
// those of its ::before and ::after where they have a content, and of a list item's ::marker) in one build against
// the other's, page by page, at 390 and 1280 px, with the mobile menu closed and open and with the page scrolled
// (the top bar turns solid). Made for changes to the pruning of the pages' inlined stylesheet
// (scripts/astro/page-css.mjs, docs/decisions/025-content-lcp.md): build the reference (e.g. the base commit) and
// copy dist/ aside, build the change and copy it aside too, then
//
//   npm run check:page-css -- /tmp/css-old /tmp/css-new [--pages=/,/kkk] [--strict]
//
// Each build is served as the Node host serves dist/ (worker/hosts/node-static.ts, with its _headers and so its
// CSP), without the API: the editions' dates are a fixed sample, the session is "signed out".
// It prints each page's inlined stylesheet size (brotli) in both, how many elements it compared and every
// difference; it exits 1 on any difference, or when a page's stylesheet is over 5 % larger in the second build.
// A custom property set in one build only is a difference when the page or its scripts name it; otherwise (a
// theme variable the other pruning kept for a rule this page has no element for) it changes nothing drawn, since
// whatever reads it is among the standard properties compared, and it is counted apart (--strict: listed, and
// counted as differences).
import { serve, type ServerType } from '@hono/node-server';
import { readFile, readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createStaticHandler } from '../worker/hosts/node-static';
import { routeKeyForFile } from '../worker/hosts/static-headers';
import { isPrunedPage, pageScripts } from './astro/page-css.mjs';
import { requireBrowser } from './find-browser';

const args = process.argv.slice(2);
const strict = args.includes('--strict');
/** `--pages=/,/kkk`: only these (a quicker run while working). */
const only = args.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length).split(',');
const [oldDir = '/tmp/css-old', newDir = '/tmp/css-new'] = args.filter((arg) => !arg.startsWith('--'));
const PSEUDOS = ['', '::before', '::after', '::marker'] as const;
/** How much larger (brotli) a page's stylesheet may be in the second build. */
const SIZE_TOLERANCE = 1.05;

interface State {
  name: string;
  width: number;
  menu: boolean;
  scroll: boolean;
}
const STATES: State[] = [
  { name: '390 top', width: 390, menu: false, scroll: false },
  { name: '390 menu open', width: 390, menu: true, scroll: false },
  { name: '390 scrolled', width: 390, menu: false, scroll: true },
  { name: '390 scrolled, menu open', width: 390, menu: true, scroll: true },
  { name: '1280 top', width: 1280, menu: false, scroll: false },
  { name: '1280 scrolled', width: 1280, menu: false, scroll: true },
];

/** The content pages (those whose stylesheet is pruned) of a build, as URL paths: /, /kkk, /kogemus/kadri-tamm, ... */
async function contentPages(dist: string): Promise<string[]> {
  const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
  const pages: string[] = [];
  for (const file of files) {
    if (isPrunedPage(await readFile(path.join(dist, file), 'utf8'))) pages.push(routeKeyForFile(file));
  }
  return pages;
}

const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
const fileOf = (dist: string, route: string) => path.join(dist, route === '/' ? 'index.html' : `${route.slice(1)}.html`);

async function serveDir(dist: string): Promise<{ server: ServerType; origin: string }> {
  const handler = await createStaticHandler(dist);
  return new Promise((resolve) => {
    const server = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, origin: `http://127.0.0.1:${info.port}` }),
    );
  });
}

interface Snapshot {
  /** One label per element, in document order. */
  labels: string[];
  /** Per element and pseudo (PSEUDOS' order), an index into `styles`. */
  refs: number[][];
  /** The distinct styles, each `prop:value` lines joined. */
  styles: string[];
}

/** Every element's computed style (and its pseudo-elements'), deduplicated to keep the transfer small. */
function snapshot(pseudos: readonly string[]): Snapshot {
  const styles: string[] = [];
  const index = new Map<string, number>();
  const labels: string[] = [];
  const refs: number[][] = [];
  const label = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
      const siblings = e.parentElement ? [...e.parentElement.children].filter((c) => c.tagName === e!.tagName) : [];
      const nth = siblings.length > 1 ? `:nth-of-type(${siblings.indexOf(e) + 1})` : '';
      parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${nth}`);
      if (e.id) break;
    }
    const cls = el.getAttribute('class');
    return `${parts.join(' > ')}${cls ? ` [class="${cls.length > 80 ? `${cls.slice(0, 80)}...` : cls}"]` : ''}`;
  };
  const read = (cs: CSSStyleDeclaration) => {
    const lines: string[] = [];
    for (let i = 0; i < cs.length; i++) {
      const prop = cs.item(i);
      lines.push(`${prop}:${cs.getPropertyValue(prop)}`);
    }
    return lines.sort().join('\n');
  };
  const ref = (text: string) => {
    let at = index.get(text);
    if (at === undefined) {
      at = styles.length;
      styles.push(text);
      index.set(text, at);
    }
    return at;
  };
  for (const el of document.querySelectorAll('*')) {
    labels.push(label(el));
    const own = getComputedStyle(el);
    refs.push(
      pseudos.map((pseudo) => {
        if (!pseudo) return ref(read(own));
        // A ::marker exists on list items only, a ::before or ::after only with a content: elsewhere the rest of
        // their style draws nothing (and reading all of it for every element took most of the run).
        // (`endsWith('-item')`, not the display's whole name: Tailwind reads this file for class names too.)
        if (pseudo === '::marker' && !own.display.endsWith('-item')) return ref('(no marker)');
        const cs = getComputedStyle(el, pseudo);
        const content = cs.getPropertyValue('content');
        return ref(pseudo !== '::marker' && (content === 'none' || content === 'normal') ? `content:${content}` : read(cs));
      }),
    );
  }
  return { labels, refs, styles };
}

/** Waits until no finite animation is running (the top bar's background fades in over 300 ms). */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const running = () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    for (let round = 0; round < 20 && running().length > 0; round++) await Promise.all(running().map((a) => a.finished.catch(() => {})));
  });
}

/** A sample of GET /api/availability, so the landing page's date list shows dates (the static server has no API). */
const AVAILABILITY = {
  editions: [
    { open: true, startDate: '2027-06-07', badge: '7.–13. juuni 2027', label: 'Suvine retriit', price: { priceCents: 129900 } },
    { open: true, startDate: '2027-08-02', badge: '2.–8. august 2027', label: 'Augusti retriit', price: { priceCents: 139900 } },
  ],
};

/**
 * The page's scripts are done: after-paint scripts started (the account corner's only with the signed-in hint, which
 * this signed-out visitor lacks: "Logi sisse" shows instead), dates filled, payment outcome shown.
 */
function scriptsDone(): boolean {
  const payment = document.querySelector<HTMLElement>('[data-payment-return]');
  const signedOut = document.querySelector<HTMLElement>('[data-auth-show="out"]');
  return (
    !document.querySelector('template[data-after-paint]:not([data-if-cookie])') &&
    (!signedOut || !signedOut.hidden || !!document.documentElement.dataset.auth) &&
    [...document.querySelectorAll('[data-edition-dates]')].every((list) => !!list.querySelector('time')) &&
    (!payment || payment.dataset.state !== 'loading')
  );
}

async function open(browser: Browser, origin: string, route: string, state: State): Promise<Snapshot> {
  const context = await browser.newContext({ viewport: { width: state.width, height: 844 }, deviceScaleFactor: 1 });
  // tsx compiles the functions handed to page.evaluate with esbuild's name-keeping helper, which the page lacks.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  // Nothing leaves the machine (the video facades' players): both builds see the same page.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.route('**/api/availability', (route) => route.fulfill({ json: AVAILABILITY }));
  const response = await page.goto(origin + route, { waitUntil: 'networkidle' });
  if (!response) throw new Error(`${route}: no response`);
  await page.waitForFunction(scriptsDone);
  if (state.scroll) {
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-site-nav]')?.dataset.solid === 'true');
  }
  if (state.menu) {
    await page.click('[data-menu-toggle]');
    await page.waitForFunction(() => document.querySelector('[data-menu-toggle]')?.getAttribute('aria-expanded') === 'true');
  }
  await page.waitForLoadState('networkidle');
  await settle(page);
  const shot = await page.evaluate(snapshot, PSEUDOS);
  await context.close();
  return shot;
}

/** The properties whose values differ between two styles, each `[property, first value, second value]`. */
function diffStyles(a: string, b: string): [string, string, string][] {
  const map = (text: string) => new Map(text.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]));
  const ma = map(a);
  const mb = map(b);
  const out: [string, string, string][] = [];
  for (const prop of new Set([...ma.keys(), ...mb.keys()])) {
    if (ma.get(prop) !== mb.get(prop)) out.push([prop, ma.get(prop) ?? '(none)', mb.get(prop) ?? '(none)']);
  }
  return out;
}

const brotliSize = (text: string) => brotliCompressSync(Buffer.from(text)).length;

interface Difference {
  what: string;
  elements: string[];
}

async function main() {
  const oldPages = await contentPages(oldDir);
  const newPages = await contentPages(newDir);
  const pages = oldPages.filter((p) => newPages.includes(p) && (!only || only.includes(p)));
  const unmatched = [...oldPages, ...newPages].filter((p) => !oldPages.includes(p) || !newPages.includes(p));
  let failures = 0;
  if (unmatched.length > 0) {
    console.log(`Content pages in only one build: ${unmatched.join(', ')}`);
    failures++;
  }

  console.log(`Inlined stylesheet, brotli bytes (${oldDir} → ${newDir}):`);
  for (const route of pages) {
    const [a, b] = await Promise.all([readFile(fileOf(oldDir, route), 'utf8'), readFile(fileOf(newDir, route), 'utf8')]);
    const [sa, sb] = [brotliSize(styleOf(a)), brotliSize(styleOf(b))];
    const over = sb > sa * SIZE_TOLERANCE;
    if (over) failures++;
    console.log(`  ${route.padEnd(26)} ${String(sa).padStart(6)} → ${String(sb).padStart(6)}  (${(((sb - sa) / sa) * 100).toFixed(1)} %)${over ? '  OVER' : ''}`);
  }

  const [oldServer, newServer] = await Promise.all([serveDir(oldDir), serveDir(newDir)]);
  const browser = await chromium.launch({
    executablePath: await requireBrowser(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  let elements = 0;
  let differences = 0;
  let unread = 0;
  const unreadProps = new Set<string>();
  try {
    for (const route of pages) {
      // What the second build's page and its scripts could read a custom property by: its name in their text.
      const html = await readFile(fileOf(newDir, route), 'utf8');
      const pageText = [html.replace(styleOf(html), ''), ...(await pageScripts(newDir, html))].join('\n');
      for (const state of STATES) {
        const [a, b] = await Promise.all([open(browser, oldServer.origin, route, state), open(browser, newServer.origin, route, state)]);
        const where = `${route} (${state.name})`;
        if (a.labels.length !== b.labels.length || a.labels.some((label, i) => label !== b.labels[i])) {
          console.log(`${where}: the documents differ (${a.labels.length} elements, ${b.labels.length} in the second build)`);
          differences++;
          continue;
        }
        const found = new Map<string, Difference>();
        const unreadFound = new Map<string, Difference>();
        for (let i = 0; i < a.labels.length; i++) {
          elements++;
          for (let p = 0; p < PSEUDOS.length; p++) {
            const sa = a.styles[a.refs[i]![p]!]!;
            const sb = b.styles[b.refs[i]![p]!]!;
            if (sa === sb) continue;
            for (const [prop, from, to] of diffStyles(sa, sb)) {
              // A custom property changes nothing drawn by itself (what it feeds is in the standard properties,
              // compared here); it matters only if the page or its scripts read it by name.
              const isUnread = prop.startsWith('--') && !pageText.includes(prop);
              const what = `${PSEUDOS[p] || 'element'} ${prop}: ${from} → ${to}`;
              const group = isUnread ? unreadFound : found;
              const entry = group.get(what) ?? { what, elements: [] };
              entry.elements.push(`${a.labels[i]}${PSEUDOS[p]}`);
              group.set(what, entry);
              if (isUnread) unreadProps.add(prop);
            }
          }
        }
        for (const { what, elements: on } of found.values()) {
          differences += on.length;
          console.log(`${where} DIFFERENCE ${what}\n    on ${on.length}: ${on.join('\n        ')}`);
        }
        for (const { what, elements: on } of unreadFound.values()) {
          unread += on.length;
          if (strict) console.log(`${where} unread custom property ${what} (on ${on.length}, e.g. ${on[0]})`);
        }
        console.log(`  ${where}: ${a.labels.length} elements, ${[...found.values()].reduce((n, d) => n + d.elements.length, 0)} differences`);
      }
    }
  } finally {
    await browser.close();
    oldServer.server.close();
    newServer.server.close();
  }
  console.log(
    `\n${elements} elements compared (${pages.length} pages × ${STATES.length} states; each element with its ${PSEUDOS.slice(1).join(', ')}): ${differences} differences.`,
  );
  if (unread > 0) {
    console.log(
      `Custom properties present in one build only that neither the page nor its scripts name (they change nothing drawn): ${[...unreadProps].sort().join(', ')} (${unread} element-pseudo values${strict ? '; --strict counts them as differences' : ''}).`,
    );
  }
  if (differences > 0 || failures > 0 || (strict && unread > 0)) process.exit(1);
}

await main();
