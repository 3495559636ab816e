// Post-build step: turns each page's Astro <meta> CSP into a header rule in dist/_headers, next to the security
// headers every static file gets. Workers static assets and the Node host both serve from that file.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { metaCspOf, renderHeadersFile, routeKeyForFile, sharedCsp } from '../worker/hosts/static-headers';

const dist = path.resolve(process.argv[2] ?? 'dist');
/** Cloudflare's limit on a header value in `_headers`. */
const MAX_HEADER_VALUE = 2000;
const files = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
const pages = await Promise.all(
  files.map(async (f) => ({ route: routeKeyForFile(f), metaCsp: metaCspOf(await readFile(path.join(dist, f), 'utf8')) })),
);
const missing = pages.filter((p) => !p.metaCsp).map((p) => p.route);
if (missing.length > 0) {
  console.error(`write-static-headers: no CSP <meta> in ${missing.join(', ')} (is security.csp on in astro.config?)`);
  process.exit(1);
}
if (!sharedCsp(pages)) {
  console.warn('write-static-headers: pages have different CSPs; on Workers, 404 pages for unknown paths get none');
}
const file = renderHeadersFile(pages);
// Cloudflare drops a header longer than 2,000 characters (and workerd with it): the site-wide policy would be gone
// from every path. Fail the build instead (a new pruned page adds a style hash: see scripts/astro/page-css.mjs).
const tooLong = file.split('\n').filter((line) => line.trim().length - line.trim().indexOf(':') - 2 > MAX_HEADER_VALUE);
if (tooLong.length > 0) {
  console.error(`write-static-headers: a header value is over ${MAX_HEADER_VALUE} characters, which Cloudflare drops: ${tooLong.map((l) => l.trim().slice(0, 60)).join(' | ')}`);
  process.exit(1);
}
await writeFile(path.join(dist, '_headers'), file);
console.log(`write-static-headers: ${pages.length} pages → dist/_headers`);
