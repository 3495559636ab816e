// npm run bench:pages — for every page in dist/, the gzipped bytes of the HTML and of the CSS and JavaScript it
// loads (stylesheets, scripts, island components and renderers, and their static imports, each counted once per
// page). Prints a table and flags pages over their JavaScript budget.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeKeyForFile } from '../../worker/hosts/static-headers';

const DIST = path.resolve(process.argv[2] ?? 'dist');
const KB = 1024;
/**
 * JavaScript budgets, gzipped. Content pages ship no framework (issue 3); the booking and contact forms have the
 * issue 4 budget, which React plus react-hook-form cannot meet (docs/decisions/005-form-javascript.md), so those two
 * show OVER on purpose. The sign-in page and the admin app (no budget in the issues) are held to what they need
 * today, so growth shows up here: the admin shell is React, TanStack Query, React Aria's locale provider, the route
 * table and the frame (docs/decisions/006-admin-app-libraries.md); its screens come as chunks, printed below. The
 * guest portal (issue "Guest portal", no budget there) is React, TanStack Query and the forms' wiring, like the admin
 * shell without React Aria; its schemas load on first focus.
 */
const DEFAULT_JS_BUDGET = 10 * KB;
const JS_BUDGETS: Record<string, number> = {
  '/broneering': 85 * KB,
  '/kontakt': 85 * KB,
  '/auth': 95 * KB,
  '/create-main-admin': 95 * KB,
  '/admin-setup': 95 * KB,
  '/dashboard': 106 * KB,
  '/admin': 106 * KB,
  '/email-test': 106 * KB,
  '/minu-broneeringud': 110 * KB,
};

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
 * The admin island: what every admin page loads before any screen (its static module graph), then each screen's
 * own chunk with whatever it needs beyond that. The first screen of /dashboard is the shell plus the dashboard chunk.
 */
async function adminChunks(file: string) {
  const html = await readFile(path.join(DIST, file), 'utf8');
  const island = /<astro-island\b[^>]*component-url=["']([^"']*admin-app[^"']*)["'][^>]*>/i.exec(html);
  if (!island) return null;
  const shell = new Set<string>();
  await moduleGraph(island[1]!, shell);
  for (const m of html.matchAll(/renderer-url=["']([^"']+)["']/gi)) await moduleGraph(m[1]!, shell);
  const screens: { name: string; gz: number }[] = [];
  const seenChunks = new Set<string>();
  for (const url of shell) {
    for (const chunk of await lazyImports(url)) {
      if (seenChunks.has(chunk)) continue;
      seenChunks.add(chunk);
      const graph = new Set<string>();
      await moduleGraph(chunk, graph);
      const own = [...graph].filter((u) => !shell.has(u));
      screens.push({ name: path.posix.basename(chunk).replace(/\.[\w-]+\.js$/, ''), gz: await gzOf(own) });
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
  const modules = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = '', body = ''] = m;
    if (/type\s*=\s*["']application\/(ld\+)?json["']/i.test(attrs)) continue; // data, not code
    const src = attr(attrs, 'src');
    if (src) await moduleGraph(src, modules);
    else if (body.trim()) {
      js += gz(body);
      for (const imp of body.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\/[^"']+)["']/g)) await moduleGraph(imp[1]!, modules);
    }
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(m[0], name);
      if (url) await moduleGraph(url, modules);
    }
  }
  for (const m of modules) js += gz((await readAsset(m))!);
  return { html: gz(html), css, js };
}

const files = (await readdir(DIST, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
const rows = await Promise.all(files.map(async (f) => ({ route: routeKeyForFile(f), ...(await measure(f)) })));
rows.sort((a, b) => a.route.localeCompare(b.route));

const fmt = (n: number) => `${(n / KB).toFixed(1)} KB`.padStart(9);
console.log(`${'route'.padEnd(34)} ${'html gz'.padStart(9)} ${'css gz'.padStart(9)} ${'js gz'.padStart(9)}  js budget`);
let over = 0;
for (const r of rows) {
  const budget = JS_BUDGETS[r.route] ?? DEFAULT_JS_BUDGET;
  const ok = r.js <= budget;
  if (!ok) over++;
  console.log(`${r.route.padEnd(34)} ${fmt(r.html)} ${fmt(r.css)} ${fmt(r.js)}  ${ok ? 'ok' : 'OVER'} (≤ ${budget / KB} KB)`);
}
const admin = await adminChunks('dashboard.html');
if (admin) {
  const first = admin.shell + (admin.screens.find((s) => s.name === 'dashboard')?.gz ?? 0);
  console.log(`\nadmin app: shell ${(admin.shell / KB).toFixed(1)} KB gz; first screen (/dashboard) ${(first / KB).toFixed(1)} KB gz`);
  for (const screen of admin.screens.sort((a, b) => a.name.localeCompare(b.name))) {
    console.log(`  screen chunk ${screen.name.padEnd(20)} +${(screen.gz / KB).toFixed(1)} KB gz`);
  }
}
const maxJs = Math.max(...rows.map((r) => r.js));
console.log(`\n${rows.length} pages; largest JS ${(maxJs / KB).toFixed(1)} KB gz; ${over} over budget`);
process.exitCode = over > 0 ? 1 : 0;
