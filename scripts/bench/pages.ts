// npm run bench:pages — for every page in dist/, the gzipped bytes of the HTML and of the CSS and JavaScript it
// loads (stylesheets, scripts, island components and renderers, and their static imports, each counted once per
// page). Prints a table and flags pages over their JavaScript budget; then the admin app's first load per screen
// (its shell and the chunks that screen's route loads), flagged over the screen budget. Exits 1 on any flag.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeKeyForFile } from '../../worker/hosts/static-headers';

const DIST = path.resolve(process.argv[2] ?? 'dist');
const KB = 1024;
/**
 * JavaScript budgets, gzipped (docs/decisions/023-page-javascript.md). Content pages ship no framework (issue 3) and
 * at most 3 KB (issue 26's goal) to a visitor who has not signed in; the account corner's script, which only a
 * browser with the signed-in hint loads (docs/decisions/029-signed-in-hint.md), is printed beside it. /makse, the
 * return from the payment provider, is a step of the payment flow rather than a content page: its plain script
 * checks the payment's state (docs/decisions/024-online-payments.md). /vaba-koht, where a waiting-list offer's e-mail
 * leads (issue 38), is the same kind of step: its plain script shows the offer and confirms it.
 * Issue 26's goals: a form page at most 1.2 × the React floor (React and its renderer, Astro's island loader: about
 * 69 KB), so 83 KB; every admin screen's first load at most 200 KB; the portal no larger than before. The form pages
 * do not reach theirs: react-hook-form's useForm alone is 12.5 KB gz, and the floor, the site's menu script and it
 * come to 83 KB before any form code, so their budget is what they load now and the goal is printed beside it (the
 * validation chunk, zod and the shared schemas, follows on first focus: docs/decisions/005-form-javascript.md).
 * The sign-in and first-admin pages are held to what they need today. The admin pages' own figure is the shell every
 * screen starts from: React, TanStack Query, React Aria's locale provider and press handling, the route table and the
 * frame (docs/decisions/006-admin-app-libraries.md); each screen's chunks come on top, checked below. The guest
 * portal's first view is its bookings list: a booking's page and the forms load when one is opened.
 */
const DEFAULT_JS_BUDGET = 3 * KB;
const JS_BUDGETS: Record<string, { budget: number; goal?: number }> = {
  '/broneering': { budget: 95 * KB, goal: 83 * KB },
  '/kontakt': { budget: 91 * KB, goal: 83 * KB },
  '/tagasiside': { budget: 92 * KB, goal: 83 * KB },
  '/auth': { budget: 95 * KB },
  '/create-main-admin': { budget: 94 * KB },
  '/admin-setup': { budget: 94 * KB },
  '/dashboard': { budget: 105 * KB },
  '/admin': { budget: 105 * KB },
  '/email-test': { budget: 105 * KB },
  '/minu-broneeringud': { budget: 89 * KB },
  '/makse': { budget: 4 * KB },
  '/vaba-koht': { budget: 4.5 * KB },
  // Issue 42: the companion's signing page: its script shows both texts and signs them (no framework).
  '/allkirjasta': { budget: 4 * KB },
};
/** Issue 26: no admin screen's first load (the shell and the chunks its route loads) over this. */
const ADMIN_SCREEN_BUDGET = 200 * KB;

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const fileCache = new Map<string, Buffer | null>();

async function readAsset(urlPath: string): Promise<Buffer | null> {
  const clean = urlPath.split(/[?#]/)[0] ?? '';
  if (!clean.startsWith('/') || clean.startsWith('//')) return null; // external: not ours to count
  if (!fileCache.has(clean)) fileCache.set(clean, await readFile(path.join(DIST, clean)).catch(() => null));
  return fileCache.get(clean) ?? null;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** A module and everything it imports statically (what the browser must fetch before running it). */
async function moduleGraph(entry: string, seen: Set<string>): Promise<void> {
  if (seen.has(entry)) return;
  const code = await readAsset(entry);
  if (!code) return;
  seen.add(entry);
  const text = code.toString('utf8');
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+|\/[^"']+)["']/g)) {
    const spec = m[1]!;
    await moduleGraph(spec.startsWith('/') ? spec : path.posix.join(path.posix.dirname(entry), spec), seen);
  }
}

/** Lazily loaded chunks a module asks for (`import(\`./list.X.js\`)`): the admin app's screens. */
async function lazyImports(url: string): Promise<string[]> {
  const code = (await readAsset(url))?.toString('utf8') ?? '';
  return [...code.matchAll(/\bimport\(\s*[`"'](\.{1,2}\/[^`"']+)[`"']\s*\)/g)].map((m) => path.posix.join(path.posix.dirname(url), m[1]!));
}

async function gzOf(urls: Iterable<string>): Promise<number> {
  let total = 0;
  for (const u of urls) total += gz((await readAsset(u))!);
  return total;
}

/**
 * The admin island: what every admin page loads before any screen (its static module graph), then each route's
 * screen chunk with whatever it needs beyond that. A screen's first load is the shell plus those; what a screen loads
 * later (a dialog when it opens, a date field's calendar when it is reached for) is not in it. The routes come from
 * the built route table (`path: '/admin/…', …, import('./chunk.js')`); a chunk it does not name is listed by file.
 */
async function adminScreens(file: string) {
  const html = await readFile(path.join(DIST, file), 'utf8');
  const island = /<astro-island\b[^>]*component-url=["']([^"']*admin-app[^"']*)["'][^>]*>/i.exec(html);
  if (!island) return null;
  const shell = new Set<string>();
  await moduleGraph(island[1]!, shell);
  for (const m of html.matchAll(/renderer-url=["']([^"']+)["']/gi)) await moduleGraph(m[1]!, shell);
  const routeOf = new Map<string, string>();
  for (const url of shell) {
    const code = (await readAsset(url))?.toString('utf8') ?? '';
    for (const m of code.matchAll(/\bpath:\s*[`"'](\/[^`"']*)[`"'][^{}]*?\bimport\(\s*[`"'](\.{1,2}\/[^`"']+)[`"']\s*\)/g)) {
      routeOf.set(path.posix.join(path.posix.dirname(url), m[2]!), m[1]!);
    }
  }
  const screens: { name: string; own: number }[] = [];
  const seenChunks = new Set<string>();
  for (const url of shell) {
    for (const chunk of await lazyImports(url)) {
      if (seenChunks.has(chunk)) continue;
      seenChunks.add(chunk);
      const graph = new Set<string>();
      await moduleGraph(chunk, graph);
      const own = [...graph].filter((u) => !shell.has(u));
      screens.push({ name: routeOf.get(chunk) ?? path.posix.basename(chunk), own: await gzOf(own) });
    }
  }
  return { shell: await gzOf(shell), screens };
}

async function measure(file: string) {
  const html = await readFile(path.join(DIST, file), 'utf8');
  let css = 0;
  let js = 0;
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) css += gz(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = m[0];
    if (/rel\s*=\s*["']stylesheet["']/i.test(tag)) {
      const asset = await readAsset(attr(tag, 'href') ?? '');
      if (asset) css += gz(asset);
    }
  }
  // Scripts that wait for a cookie (AfterPaint's ifCookie: the account corner, for a browser that has signed in) are
  // not loaded by a visitor without it: the main figure is that visitor's, the extra is shown beside it.
  const ifCookie = /<template\b[^>]*\bdata-if-cookie=[^>]*>([\s\S]*?)<\/template>/gi;
  const modules = new Set<string>();
  js += await scriptsIn(html.replace(ifCookie, ''), modules);
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(m[0], name);
      if (url) await moduleGraph(url, modules);
    }
  }
  for (const m of modules) js += gz((await readAsset(m))!);
  const withCookie = new Set(modules);
  let ifCookieJs = 0;
  for (const m of html.matchAll(ifCookie)) ifCookieJs += await scriptsIn(m[1]!, withCookie);
  for (const m of withCookie) if (!modules.has(m)) ifCookieJs += gz((await readAsset(m))!);
  return { html: gz(html), css, js, ifCookieJs };
}

/** The gzipped inline scripts in `html`; the modules it loads (and theirs) are added to `modules`. */
async function scriptsIn(html: string, modules: Set<string>): Promise<number> {
  let inline = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = '', body = ''] = m;
    if (/type\s*=\s*["']application\/(ld\+)?json["']/i.test(attrs)) continue; // data, not code
    const src = attr(attrs, 'src');
    if (src) await moduleGraph(src, modules);
    else if (body.trim()) {
      inline += gz(body);
      for (const imp of body.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\/[^"']+)["']/g)) await moduleGraph(imp[1]!, modules);
    }
  }
  return inline;
}

const files = (await readdir(DIST, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
const rows = await Promise.all(files.map(async (f) => ({ route: routeKeyForFile(f), ...(await measure(f)) })));
rows.sort((a, b) => a.route.localeCompare(b.route));

const fmt = (n: number) => `${(n / KB).toFixed(1)} KB`.padStart(9);
console.log(`${'route'.padEnd(34)} ${'html gz'.padStart(9)} ${'css gz'.padStart(9)} ${'js gz'.padStart(9)}  js budget`);
let over = 0;
for (const r of rows) {
  const { budget, goal } = JS_BUDGETS[r.route] ?? { budget: DEFAULT_JS_BUDGET };
  const ok = r.js <= budget;
  if (!ok) over++;
  const note = goal ? `; goal ${goal / KB} KB${r.js > goal ? ', not met' : ''}` : '';
  const signedIn = r.ifCookieJs > 0 ? `; signed in +${(r.ifCookieJs / KB).toFixed(1)} KB` : '';
  console.log(`${r.route.padEnd(34)} ${fmt(r.html)} ${fmt(r.css)} ${fmt(r.js)}  ${ok ? 'ok' : 'OVER'} (≤ ${budget / KB} KB${note}${signedIn})`);
}
const admin = await adminScreens('dashboard.html');
if (admin) {
  console.log(`\nadmin app: shell ${(admin.shell / KB).toFixed(1)} KB gz; each screen's first load (shell + its chunks), budget ${ADMIN_SCREEN_BUDGET / KB} KB:`);
  for (const screen of admin.screens) {
    const first = admin.shell + screen.own;
    const ok = first <= ADMIN_SCREEN_BUDGET;
    if (!ok) over++;
    console.log(`  ${screen.name.padEnd(30)} +${(screen.own / KB).toFixed(1).padStart(5)} KB = ${fmt(first)}  ${ok ? 'ok' : 'OVER'}`);
  }
}
const maxJs = Math.max(...rows.map((r) => r.js));
console.log(`\n${rows.length} pages; largest JS ${(maxJs / KB).toFixed(1)} KB gz; ${over} over budget`);
process.exitCode = over > 0 ? 1 : 0;
